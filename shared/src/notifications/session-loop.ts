/**
 * The life of a poll that serves an administrator's session (the new-order poller, the
 * connections watch): a read at once and every `intervalMs` while an admin is signed in, one read
 * at a time, and on every change of session the loop stopped and its read in flight aborted, so a
 * late answer of the old session is never taken for the new one's.
 */
import type { PollerSession, Timer } from './order-poller';

export interface SessionLoop {
  /** Starts for an admin session, stops for anything else; call after every session change. */
  sync(): void;
  /** Another server: stopped, what `onRestart` forgets forgotten, started again. */
  restart(): void;
  stop(): void;
  isRunning(): boolean;
  /** One read now (the interval calls this); resolves when it is done or skipped. */
  poll(): Promise<void>;
}

export const systemTimer: Timer = {
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

export function createSessionLoop(options: {
  getSession(): PollerSession | null;
  timer: Timer;
  intervalMs: number;
  /** One read for the session's token; `signal` aborts when the session stops. */
  read(token: string, signal: AbortSignal): Promise<void>;
  /** What a stopped session leaves behind to forget (its cursors). */
  onStop?(): void;
  /** What another server makes stale beyond that. */
  onRestart?(): void;
}): SessionLoop {
  const { timer, intervalMs } = options;
  let handle: unknown;
  let token: string | undefined;
  let abort = new AbortController();
  let inFlight: Promise<void> | undefined;

  const adminToken = () => {
    const session = options.getSession();
    return session?.role === 'admin' ? session.token : undefined;
  };

  const poll = (): Promise<void> => {
    if (inFlight || handle === undefined || token === undefined) return inFlight ?? Promise.resolve();
    const current = options.read(token, abort.signal).finally(() => {
      if (inFlight === current) inFlight = undefined;
    });
    inFlight = current;
    return current;
  };

  const stop = () => {
    abort.abort();
    abort = new AbortController();
    inFlight = undefined;
    if (handle !== undefined) timer.clearInterval(handle);
    handle = undefined;
    token = undefined;
    options.onStop?.();
  };

  const start = (sessionToken: string) => {
    token = sessionToken;
    handle = timer.setInterval(() => void poll(), intervalMs);
    void poll();
  };

  return {
    sync() {
      const next = adminToken();
      if (next === token) return;
      stop();
      if (next) start(next);
    },
    restart() {
      stop();
      options.onRestart?.();
      const next = adminToken();
      if (next) start(next);
    },
    stop,
    isRunning: () => handle !== undefined,
    poll,
  };
}
