/**
 * The change log keeps {@link SYNC_KEEP_DAYS} days of notes: pruned when the server starts and
 * every day after. Several team-server instances may each run it: the result is the same.
 */
import type { FastifyInstance } from 'fastify';
import type { InFlight } from '../http/in-flight';
import { pruneSyncLog, SYNC_KEEP_DAYS } from './sync.service';

const DAY_MS = 24 * 60 * 60 * 1000;

export function scheduleSyncPrune(app: FastifyInstance, inFlight: InFlight): void {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const run = async () => {
    try {
      const pruned = await inFlight.run(() => pruneSyncLog(app.db));
      if (pruned > 0) app.log.info({ pruned, keptDays: SYNC_KEEP_DAYS }, 'sync: old change notes pruned');
    } catch (err) {
      app.log.error({ err }, 'sync: pruning the change log failed');
    }
    // The process may stop between runs; the timer must not keep it alive.
    if (!closed) timer = setTimeout(() => void run(), DAY_MS).unref();
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(() => void run(), 0).unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
  });
}
