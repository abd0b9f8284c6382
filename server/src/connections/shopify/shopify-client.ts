/**
 * One GraphQL call to a shop's Admin API, with Shopify's rate limit kept and its failures told
 * apart as {@link PlatformError}s.
 *
 * Shopify limits an app by query cost, not by request count: each answer says what the query was
 * estimated to cost (`requestedQueryCost`, which the bucket must hold before the query runs), what
 * it did cost (`actualQueryCost`, the rest refunded) and the bucket's state after it
 * (`throttleStatus`). Before each query the client waits until the bucket, restored at
 * `restoreRate` points a second since the last answer, holds what that kind of query last
 * requested, so a long sync runs at the restore rate without being refused. A refusal all the
 * same (`THROTTLED`, HTTP 200) waits for the same figure and tries again.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import { PlatformError } from '../platform-source';
import type { ShopifyTokens } from './shopify-token';

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

export interface ShopifyClientOptions {
  endpoint: string;
  tokens: ShopifyTokens;
  fetch?: typeof fetch;
  sleep?: Sleep;
  now?: () => number;
  /** In [0, 1): the jitter of the backoff (tests fix it). */
  random?: () => number;
}

/** Tries of one call when Shopify answers 429 or 5xx or cannot be reached; then the run fails. */
export const MAX_TRIES = 5;
/** THROTTLED answers in a row before giving up: each one waited for the bucket already. */
export const MAX_THROTTLED = 10;
const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 30_000;

const defaultSleep: Sleep = async (ms, signal) => {
  try {
    await delay(ms, undefined, { signal });
  } catch (error) {
    // The run's own reason (the sync's stop), not the timer's AbortError.
    if (signal.aborted) throw signal.reason;
    throw error;
  }
};

const costSchema = z.object({
  requestedQueryCost: z.number().nonnegative(),
  actualQueryCost: z.number().nonnegative().nullable(),
  throttleStatus: z.object({
    maximumAvailable: z.number().positive(),
    currentlyAvailable: z.number().nonnegative(),
    restoreRate: z.number().positive(),
  }),
});

const envelopeSchema = z.object({
  data: z.unknown().optional(),
  errors: z
    .array(
      z.object({
        message: z.string(),
        extensions: z.object({ code: z.string().optional() }).loose().optional(),
      }),
    )
    .optional(),
  extensions: z.object({ cost: costSchema.optional() }).loose().optional(),
});

type Cost = z.infer<typeof costSchema>;

/** The first problem zod found, as a path a reader can follow into the answer. */
export function malformed(error: z.ZodError, under?: string): PlatformError {
  const issue = error.issues[0];
  const path = [under, ...(issue?.path ?? [])].filter((p) => p !== undefined).join('.') || '(root)';
  return new PlatformError('malformed', 'shopifyAnswerMalformed', { path });
}

export interface ShopifyClient {
  /** The query's `data`, checked against `schema`. `operation` names the query (and its cost). */
  query<T>(
    operation: string,
    query: string,
    variables: Record<string, unknown>,
    schema: z.ZodType<T>,
    signal: AbortSignal,
  ): Promise<T>;
}

export function createShopifyClient(options: ShopifyClientOptions): ShopifyClient {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  /** The bucket as the last answer left it, and when that answer came. */
  let bucket: { available: number; maximum: number; rate: number; at: number } | null = null;
  /** What each kind of query asked for last time: what the bucket must hold before it runs again. */
  const requested = new Map<string, number>();

  /** Milliseconds until the bucket holds `cost` points, restoring from the last answer. */
  function waitFor(cost: number): number {
    if (!bucket) return 0;
    const cover = Math.min(cost, bucket.maximum);
    const available = Math.min(bucket.maximum, bucket.available + (bucket.rate * (now() - bucket.at)) / 1000);
    return available >= cover ? 0 : Math.ceil(((cover - available) / bucket.rate) * 1000);
  }

  function keep(operation: string, cost: Cost | undefined): void {
    if (!cost) return;
    const status = cost.throttleStatus;
    bucket = {
      available: status.currentlyAvailable,
      maximum: status.maximumAvailable,
      rate: status.restoreRate,
      at: now(),
    };
    requested.set(operation, cost.requestedQueryCost);
  }

  /** Full jitter: anywhere between nothing and the doubled ceiling, so retrying clients spread. */
  const backoff = (failures: number) =>
    Math.floor(random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (failures - 1)));

  /** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
  function retryAfter(header: string | null): number | null {
    if (header === null) return null;
    const text = header.trim();
    if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000);
    const date = Date.parse(text);
    return Number.isNaN(date) ? null : Math.max(0, date - now());
  }

  /**
   * One request and its whole answer; null when it could not be had (no connection, a body cut
   * off). Each request gets its own signal, tied to the run's for its duration only: fetch leaves
   * a listener on the signal it is given until that signal is collected, and a run's signal lives
   * for thousands of requests.
   */
  async function exchange(
    body: string,
    signal: AbortSignal,
  ): Promise<{ status: number; retryAfter: string | null; text: string } | null> {
    const token = await options.tokens.token(signal);
    const controller = new AbortController();
    const abort = () => controller.abort(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    try {
      const response = await doFetch(options.endpoint, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'X-Shopify-Access-Token': token,
        },
        body,
        signal: controller.signal,
      });
      if (response.status !== 200) {
        await response.body?.cancel();
        return { status: response.status, retryAfter: response.headers.get('retry-after'), text: '' };
      }
      return { status: 200, retryAfter: null, text: await response.text() };
    } catch {
      if (signal.aborted) throw signal.reason;
      return null;
    } finally {
      signal.removeEventListener('abort', abort);
    }
  }

  async function query<T>(
    operation: string,
    text: string,
    variables: Record<string, unknown>,
    schema: z.ZodType<T>,
    signal: AbortSignal,
  ): Promise<T> {
    const body = JSON.stringify({ operationName: operation, query: text, variables });
    let failures = 0;
    let throttled = 0;
    /** Counts a failed try; throws `error` once the tries are spent, else waits before the next. */
    const retry = async (error: PlatformError, wait?: number | null) => {
      failures += 1;
      if (failures >= MAX_TRIES) throw error;
      await sleep(wait ?? backoff(failures), signal);
    };
    for (;;) {
      signal.throwIfAborted();
      const wait = waitFor(requested.get(operation) ?? 0);
      if (wait > 0) await sleep(wait, signal);
      const answer = await exchange(body, signal);
      if (answer === null) {
        await retry(new PlatformError('network', 'shopifyUnreachable'));
        continue;
      }
      const { status } = answer;
      if (status === 401 || status === 403) {
        // A token of the client credentials grant that expired early: one new one, then refused.
        if (options.tokens.refused()) continue;
        throw new PlatformError('auth', 'shopifyTokenRefused', {}, status);
      }
      if (status === 429) {
        await retry(
          new PlatformError('throttled', 'shopifyThrottled', {}, status),
          retryAfter(answer.retryAfter),
        );
        continue;
      }
      if (status >= 500) {
        await retry(new PlatformError('server', 'shopifyServerError', { status }, status));
        continue;
      }
      if (status !== 200) throw new PlatformError('server', 'shopifyServerError', { status }, status);
      let json: unknown;
      try {
        json = JSON.parse(answer.text);
      } catch {
        throw new PlatformError('malformed', 'shopifyAnswerMalformed', { path: '(body)' });
      }
      const envelope = envelopeSchema.safeParse(json);
      if (!envelope.success) throw malformed(envelope.error);
      const { errors, extensions } = envelope.data;
      keep(operation, extensions?.cost);
      if (errors && errors.length > 0) {
        const codes = errors.map((e) => e.extensions?.code);
        if (codes.includes('THROTTLED')) {
          throttled += 1;
          if (throttled >= MAX_THROTTLED) throw new PlatformError('throttled', 'shopifyThrottled');
          // The bucket figures came with the refusal: wait until they cover the query, at least
          // a second should they be missing.
          await sleep(Math.max(waitFor(requested.get(operation) ?? 0), 1000), signal);
          continue;
        }
        if (codes.includes('ACCESS_DENIED')) throw new PlatformError('auth', 'shopifyTokenRefused');
        if (codes.includes('INTERNAL_SERVER_ERROR')) {
          await retry(new PlatformError('server', 'shopifyServerError', { status }));
          continue;
        }
        throw new PlatformError('server', 'shopifyQueryFailed', { message: errors[0]?.message ?? '' });
      }
      const data = schema.safeParse(envelope.data.data);
      if (!data.success) throw malformed(data.error, 'data');
      return data.data;
    }
  }

  return { query };
}
