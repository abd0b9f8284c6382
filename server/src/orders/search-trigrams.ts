/**
 * Which trigrams of the order search's two SQLite trigram indexes are common (in more than
 * {@link COMMON_SHARE} of their rows): a search asks the index for the part of its text made of
 * uncommon ones and checks the whole text on the few rows found (order-search.repository.ts).
 *
 * Read from a sample (the newest rows: what staff search for most) and read again every few
 * minutes. It only steers how a text is looked up: stale or missing figures make a search slower,
 * never wrong. PostgreSQL's trigram index skips through its common posting lists itself.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { SearchTrigrams } from './order-search.repository';

const SAMPLE_ROWS = 20_000;
/** A trigram in more rows than this share is common ("249" in a third of all order ids). */
const COMMON_SHARE = 0.03;
const REFRESH_MS = 10 * 60_000;

const NONE: SearchTrigrams = { orderIds: new Set(), customers: new Set() };

interface Known {
  trigrams: SearchTrigrams;
  readAt: number;
  reading?: Promise<void>;
}
const knownBy = new WeakMap<object, Known>();

/** The common trigrams of `texts` (lower-cased, by characters). */
export function commonTrigrams(texts: readonly string[], share = COMMON_SHARE): Set<string> {
  const rows = new Map<string, number>();
  for (const text of texts) {
    const chars = [...text.toLowerCase()];
    const seen = new Set<string>();
    for (let i = 0; i + 3 <= chars.length; i++) seen.add(chars.slice(i, i + 3).join(''));
    for (const gram of seen) rows.set(gram, (rows.get(gram) ?? 0) + 1);
  }
  const floor = Math.max(1, texts.length * share);
  return new Set([...rows].filter(([, n]) => n > floor).map(([gram]) => gram));
}

async function read(db: Kysely<Database>): Promise<SearchTrigrams> {
  const sample = async (table: 'orders_fts' | 'orders_customer_fts', column: string) =>
    (
      await sql<{ text: string }>`select ${sql.ref(column)} as text from ${sql.table(table)}
        order by rowid desc limit ${SAMPLE_ROWS}`.execute(db)
    ).rows.map((r) => r.text);
  return {
    orderIds: commonTrigrams(await sample('orders_fts', 'order_id')),
    customers: commonTrigrams(await sample('orders_customer_fts', 'customer')),
  };
}

/**
 * The common trigrams as last read (none on PostgreSQL). The first search of a process waits for
 * the first reading (a few milliseconds); later ones never wait: an old reading is renewed in
 * the background.
 */
export async function searchTrigrams(db: Kysely<Database>): Promise<SearchTrigrams> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return NONE;
  let known = knownBy.get(db);
  if (!known) {
    known = { trigrams: NONE, readAt: 0 };
    knownBy.set(db, known);
  }
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
