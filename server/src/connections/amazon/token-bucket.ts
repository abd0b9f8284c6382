/**
 * SP-API limits each operation with a token bucket (a rate of requests per second refilling up to
 * a burst). Keeping our own bucket per operation keeps requests under the limit instead of
 * learning it from 429s; the answer's `x-amzn-RateLimit-Limit` gives the rate actually applied
 * to this seller and app (Orders has dynamic usage plans), and replaces the documented default.
 */
import type { Timing } from './retry';

export class TokenBucket {
  #rate: number;
  readonly #burst: number;
  #tokens: number;
  #at: number;

  constructor(
    rate: number,
    burst: number,
    private readonly timing: Timing,
  ) {
    this.#rate = rate;
    this.#burst = burst;
    // A new bucket is taken to be full: Amazon's is, unless another run just spent it, and then
    // its 429 empties ours (drain).
    this.#tokens = burst;
    this.#at = timing.now();
  }

  get rate(): number {
    return this.#rate;
  }

  /** Waits until a request may be sent, and counts it. */
  async take(signal: AbortSignal): Promise<void> {
    for (;;) {
      this.#refill();
      if (this.#tokens >= 1) {
        this.#tokens -= 1;
        return;
      }
      await this.timing.sleep(Math.ceil(((1 - this.#tokens) / this.#rate) * 1000), signal);
    }
  }

  /** Amazon answered 429: its bucket is empty whatever ours counted. */
  drain(): void {
    this.#refill();
    this.#tokens = 0;
  }

  /** Takes the rate from an answer's `x-amzn-RateLimit-Limit` (requests per second), if it has one. */
  adapt(header: string | null): void {
    if (header === null) return;
    const rate = Number(header.trim());
    if (!Number.isFinite(rate) || rate <= 0 || header.trim() === '') return;
    this.#refill();
    this.#rate = rate;
  }

  #refill(): void {
    const now = this.timing.now();
    const elapsed = Math.max(0, now - this.#at) / 1000;
    this.#tokens = Math.min(this.#burst, this.#tokens + elapsed * this.#rate);
    this.#at = now;
  }
}
