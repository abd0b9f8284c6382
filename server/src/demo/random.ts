/**
 * A seeded pseudo-random generator for the demo data set: the same seed gives the same business
 * on every machine, so screenshots, tests and bug reports agree. Never use it for secrets.
 *
 * The generator is sfc32 (small, fast, passes PractRand); its 128-bit state comes from the
 * SHA-256 of the seed text. Each seeding step takes its own stream with `fork(label)`, so a
 * step added later (orders, shipments) never shifts the data of the steps before it.
 */
import { createHash } from 'node:crypto';
import { DAY_MS } from './seed-kit';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(readonly seed: string) {
    const digest = createHash('sha256').update(seed).digest();
    this.a = digest.readUInt32LE(0);
    this.b = digest.readUInt32LE(4);
    this.c = digest.readUInt32LE(8);
    this.d = digest.readUInt32LE(12);
  }

  /** An independent stream, reproducible from this one's seed and the label alone. */
  fork(label: string): Random {
    return new Random(`${this.seed}/${label}`);
  }

  /** A float in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4_294_967_296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick() from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by relative weight, e.g. `[['AMAZONIND', 5], ['SHOPIFY', 2]]`. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [item, weight] of entries) {
      roll -= weight;
      if (roll < 0) return item;
    }
    const last = entries.at(-1);
    if (!last) throw new Error('weighted() from an empty list');
    return last[0];
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  /** `count` distinct items in random order (fewer if the list is shorter). */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, count);
  }

  digits(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += String(Math.floor(this.next() * 10));
    return out;
  }

  /** Uppercase letters and digits, as in ASINs and tracking numbers. */
  alphanumeric(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += ALPHANUMERIC[Math.floor(this.next() * ALPHANUMERIC.length)];
    return out;
  }

  /** A version-4-shaped UUID drawn from this stream, so demo ids are reproducible too. */
  uuid(): string {
    const bytes = new Uint8Array(16);
    for (let i = 0; i < 16; i++) bytes[i] = Math.floor(this.next() * 256);
    bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
    bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
    const hex = Buffer.from(bytes).toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /** A moment in [from, to), to the second. */
  timeBetween(from: Date, to: Date): Date {
    const span = Math.max(0, to.getTime() - from.getTime());
    return new Date(Math.floor((from.getTime() + this.next() * span) / 1000) * 1000);
  }

  /** A moment between `maxDays` and `minDays` days before `now`. */
  daysAgo(now: Date, minDays: number, maxDays: number): Date {
    return this.timeBetween(
      new Date(now.getTime() - maxDays * DAY_MS),
      new Date(now.getTime() - minDays * DAY_MS),
    );
  }
}

export const createRandom = (seed: string) => new Random(seed);
