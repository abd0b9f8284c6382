/**
 * GET requests to the Selling Partner API: each waits for its operation's rate bucket, carries an
 * LWA access token, and is retried on 429, 5xx and network failures (retry.ts). Answers are read
 * as `{ payload }` or `{ errors: [{ code, message, details }] }`, the shape of every SP-API
 * answer.
 */
import { z } from 'zod';
import { PlatformError } from '../platform-source';
import { readJson, type LwaTokens } from './lwa';
import { requestSignal, retrying, type Timing } from './retry';
import { TokenBucket } from './token-bucket';

/**
 * The documented default usage plans (requests per second, burst) of the operations the sync
 * calls. Amazon may grant a seller more; its answers say so (`x-amzn-RateLimit-Limit`).
 */
export const USAGE_PLANS = {
  getOrders: { rate: 0.0167, burst: 20 },
  getOrderItems: { rate: 0.5, burst: 30 },
} as const;

export type Operation = keyof typeof USAGE_PLANS;

const errorsAnswer = z.object({
  errors: z.array(z.object({ code: z.string(), message: z.string(), details: z.string().optional() })).min(1),
});

export class SpApi {
  /** By endpoint and operation: limits are a seller's and app's in each selling region. */
  readonly #buckets = new Map<string, TokenBucket>();

  constructor(
    private readonly fetch: typeof globalThis.fetch,
    private readonly timing: Timing,
  ) {}

  #bucket(operation: Operation, url: URL): TokenBucket {
    const key = `${url.origin} ${operation}`;
    let bucket = this.#buckets.get(key);
    if (!bucket) {
      const plan = USAGE_PLANS[operation];
      bucket = new TokenBucket(plan.rate, plan.burst, this.timing);
      this.#buckets.set(key, bucket);
    }
    return bucket;
  }

  /**
   * The answer's JSON of a successful GET. A 401 or 403 with a token from the cache gets one
   * more try with a new token: SP-API tells an expired token in more than one way (403
   * "Unauthorized" with details "The access token you provided has expired", 403 "The security
   * token included in the request is expired", 401), so any refusal of a kept token is taken as
   * its expiry once. Refused with a token just fetched, access itself is refused: the app is not
   * authorized or lacks the Orders role, or the token is another region's account's.
   *
   * `tokens` are those of the refresh token of the url's region; `marketplace`, when given, is
   * named in a refusal (a connection holding one refresh token per region).
   */
  async get(
    operation: Operation,
    url: URL,
    signal: AbortSignal,
    tokens: LwaTokens,
    marketplace?: string,
  ): Promise<unknown> {
    const bucket = this.#bucket(operation, url);
    let renewed = false;
    for (;;) {
      let token = { value: '', fresh: false };
      const response = await retrying(
        async () => {
          await bucket.take(signal);
          token = await tokens.get(signal);
          return this.fetch(url, {
            headers: { 'x-amz-access-token': token.value, accept: 'application/json' },
            signal: requestSignal(signal),
          });
        },
        {
          timing: this.timing,
          signal,
          onThrottled: (retryAfter) => retryAfter === undefined && bucket.drain(),
        },
      );
      bucket.adapt(response.headers.get('x-amzn-ratelimit-limit'));
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel().catch(() => undefined);
        if (!token.fresh && !renewed) {
          renewed = true;
          tokens.invalidate(token.value);
          continue;
        }
        throw marketplace
          ? new PlatformError('auth', 'amazonRegionAccessRefused', { marketplace }, response.status)
          : new PlatformError('auth', 'amazonAccessRefused', {}, response.status);
      }
      const json = await readJson(response, signal);
      if (response.ok && json !== undefined) return json;
      const refused = errorsAnswer.safeParse(json);
      if (response.status >= 400 && refused.success) {
        const [first] = refused.data.errors;
        throw new PlatformError(
          'malformed',
          'amazonRequestRefused',
          { operation, message: first ? `${first.code}: ${first.message}` : String(response.status) },
          response.status,
        );
      }
      throw new PlatformError('malformed', 'amazonMalformed', { operation }, response.status);
    }
  }
}
