/**
 * The work still using the database when the server closes: requests whose handlers are running
 * and background jobs. The database is closed once they are done, not under them. A client that
 * gives up (a closed window, a load test stopping) closes its connection, and with it the HTTP
 * server's wait, while its handler goes on: closing the database then failed that handler's next
 * query ("driver has already been destroyed"), halfway through its transaction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

export class InFlight {
  #count = 0;
  #idle: (() => void)[] = [];

  /** Starts one piece of work; the function returned ends it (once, however often called). */
  begin(): () => void {
    this.#count += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.#count -= 1;
      if (this.#count === 0) for (const resolve of this.#idle.splice(0)) resolve();
    };
  }

  /** Runs `work` as one piece of work. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const end = this.begin();
    try {
      return await work();
    } finally {
      end();
    }
  }

  get count(): number {
    return this.#count;
  }

  /** Resolves once no work is running, or after `timeoutMs` (true: it all ended). */
  async idle(timeoutMs: number): Promise<boolean> {
    if (this.#count === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const ended = await Promise.race([
      new Promise<boolean>((resolve) => this.#idle.push(() => resolve(true))),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
    ]);
    clearTimeout(timer);
    return ended;
  }
}

const ends = new WeakMap<FastifyRequest, () => void>();

/**
 * Counts every request from its first hook until its handler has answered: `onSend` runs for
 * every answer, the error handler's too, whether or not the client is still there. A streamed
 * answer (a CSV export) reads the database until the stream closes. Register before any other
 * hook, so a request refused by one (a missing token) is counted too.
 */
export function trackRequests(app: FastifyInstance, inFlight: InFlight): void {
  app.addHook('onRequest', async (request) => {
    ends.set(request, inFlight.begin());
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const end = ends.get(request);
    if (!end) return payload;
    const stream = payload as { pipe?: unknown; once?: (event: string, listener: () => void) => void };
    if (typeof stream?.pipe === 'function' && stream.once) stream.once('close', end);
    else end();
    return payload;
  });
}
