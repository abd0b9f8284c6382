/**
 * The share of the rows of the order search's two SQLite trigram indexes that hold each trigram:
 * a search asks the index for the part of its text cheapest to look up and checks the whole
 * text on the rows found (`cheapestPart` in order-search.repository.ts).
 *
 * Read from a sample (the newest rows: what staff search for most) and read again every few
 * minutes. It only steers how a text is looked up: stale or missing figures make a search slower,
 * never wrong. PostgreSQL's trigram index skips through its common posting lists itself.
 */
import { sql, type Kysely } from 'kysely';
import { perDatabase } from '../db/cache-kit';
import type { Database } from '../db/database';
import { isPostgres } from '../db/dialect';
import type { SearchTrigrams, TrigramShares } from './order-search.repository';

const SAMPLE_ROWS = 20_000;
const REFRESH_MS = 10 * 60_000;

const UNKNOWN: TrigramShares = { shares: new Map(), floor: 0 };
const NONE: SearchTrigrams = { orderIds: UNKNOWN, customers: UNKNOWN };

interface Known {
  trigrams: SearchTrigrams;
  readAt: number;
  reading?: Promise<void>;
}
const knownOf = perDatabase((): Known => ({ trigrams: NONE, readAt: 0 }));

/**
 * The share of `texts` holding each of their trigrams (lower-cased, by characters, counted once
 * per text); a trigram not among them is taken to be in half a text of the sample.
 */
export function trigramShares(texts: readonly string[]): TrigramShares {
  const rows = new Map<string, number>();
  for (const text of texts) {
    const chars = [...text.toLowerCase()];
    const seen = new Set<string>();
    for (let i = 0; i + 3 <= chars.length; i++) seen.add(chars.slice(i, i + 3).join(''));
    for (const gram of seen) rows.set(gram, (rows.get(gram) ?? 0) + 1);
  }
  const total = Math.max(1, texts.length);
  return {
    shares: new Map([...rows].map(([gram, n]) => [gram, n / total])),
    floor: 0.5 / total,
  };
}

async function read(db: Kysely<Database>): Promise<SearchTrigrams> {
  const sample = async (table: 'orders_fts' | 'orders_customer_fts', column: string) =>
    (
      await sql<{ text: string }>`select ${sql.ref(column)} as text from ${sql.table(table)}
        order by rowid desc limit ${SAMPLE_ROWS}`.execute(db)
    ).rows.map((r) => r.text);
  return {
    orderIds: trigramShares(await sample('orders_fts', 'order_id')),
    customers: trigramShares(await sample('orders_customer_fts', 'customer')),
  };
}

/**
 * The trigram shares as last read (none on PostgreSQL). The first search of a process waits for
 * the first reading (a few milliseconds); later ones never wait: an old reading is renewed in
 * the background.
 */
export async function searchTrigrams(db: Kysely<Database>): Promise<SearchTrigrams> {
  if (isPostgres(db)) return NONE;
  const known = knownOf(db);
  const stale = Date.now() - known.readAt > REFRESH_MS;
  if (stale && !known.reading) {
    const entry = known;
    entry.reading = read(db)
      .then((trigrams) => {
        entry.trigrams = trigrams;
        entry.readAt = Date.now();
      })
      .catch(() => {
        // Figures for speed only: try again at the next search.
      })
      .finally(() => {
        entry.reading = undefined;
      });
  }
  if (known.readAt === 0 && known.reading) await known.reading;
  return known.trigrams;
}
