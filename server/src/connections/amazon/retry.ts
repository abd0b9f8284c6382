/**
 * How the Amazon connection waits and retries. Time is injected (`now`, `sleep`, `random`) so the
 * tests run a day of Amazon's rate limits without waiting: every wait goes through `sleep`.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { PlatformError } from '../platform-source';

export interface Timing {
  now(): number;
  /** Resolves after `ms`, or rejects with the signal's reason when it is aborted. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /** In [0, 1): the backoff's jitter. */
  random(): number;
}

export const realTiming: Timing = {
  now: () => Date.now(),
  sleep: (ms, signal) => delay(ms, undefined, { signal }),
  random: Math.random,
};

/** Tries of one request, the first included. */
export const MAX_TRIES = 5;
const BACKOFF_BASE_MS = 1_000;
const BACKOFF_CAP_MS = 60_000;
/**
 * A `Retry-After` longer than this is not waited out inside a run: the run fails as throttled
 * and the next one tries again, rather than holding the sync for an hour.
 */
export const MAX_RETRY_AFTER_MS = 5 * 60_000;
/** A request that has not answered by then is a network failure (and tried again). */
export const REQUEST_TIMEOUT_MS = 60_000;

/** Exponential backoff with full jitter: anywhere between 0 and base·2^(try−1), capped. */
export function backoffMs(tried: number, random: () => number): number {
  return Math.floor(random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (tried - 1)));
}

/** `Retry-After` as milliseconds from now: seconds, or an HTTP date. */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The signal of one request: the run's, or the request's own timeout. */
export const requestSignal = (signal: AbortSignal) =>
  AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]);

export interface RetryOptions {
  timing: Timing;
  signal: AbortSignal;
  /**
   * Called on each 429 before waiting, with its `Retry-After` (ms) if it has one: without one,
   * the caller empties its rate bucket, whose refill then paces the retry.
   */
  onThrottled?: (retryAfter: number | undefined) => void;
}

/**
 * Calls `attempt` until it answers with neither a 429, a 5xx nor a network failure, at most
 * {@link MAX_TRIES} times, waiting `Retry-After` when the answer gives one and a jittered
 * backoff otherwise. Any other answer is returned as it is, for the caller to read. A
 * {@link PlatformError} thrown by `attempt` (a refused token) is not retried.
 */
export async function retrying(attempt: () => Promise<Response>, options: RetryOptions) {
  const { timing, signal } = options;
  for (let tried = 1; ; tried += 1) {
    signal.throwIfAborted();
    let response: Response;
    try {
      response = await attempt();
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof PlatformError) throw error;
      if (tried >= MAX_TRIES) throw new PlatformError('network', 'amazonUnreachable');
      await timing.sleep(backoffMs(tried, timing.random), signal);
      continue;
    }
    const { status } = response;
    if (status !== 429 && status < 500) return response;
    // The body is not read: release the connection.
    await response.body?.cancel().catch(() => undefined);
    const after = retryAfterMs(response.headers.get('retry-after'), timing.now());
    if (status === 429) options.onThrottled?.(after);
    const failure =
      status === 429
        ? new PlatformError('throttled', 'amazonThrottled', {}, status)
        : new PlatformError('server', 'amazonServerError', { status }, status);
    if (tried >= MAX_TRIES) throw failure;
    if (after !== undefined && after > MAX_RETRY_AFTER_MS) throw failure;
    await timing.sleep(after ?? backoffMs(tried, timing.random), signal);
  }
}
