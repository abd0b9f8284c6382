/**
 * A timer for the pollers' tests: intervals run only when the test fires them (test support, not
 * used by the app).
 */
import type { Timer } from './order-poller';

export function manualTimer() {
  const callbacks = new Map<number, () => void>();
  let next = 1;
  const timer: Timer & { fire(): void; active(): number; lastMs?: number } = {
    setInterval(cb, ms) {
      timer.lastMs = ms;
      callbacks.set(next, cb);
      return next++;
    },
    clearInterval(handle) {
      callbacks.delete(handle as number);
    },
    fire: () => callbacks.forEach((cb) => cb()),
    active: () => callbacks.size,
  };
  return timer;
}
