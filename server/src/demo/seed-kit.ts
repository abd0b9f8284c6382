/** Small helpers the demo seeding steps share: time arithmetic and batched inserts. */
import type { InsertObject, Kysely } from 'kysely';
import type { Database } from '../db/database';

export const DAY_MS = 86_400_000;

/** YYYY-MM-DD of a moment in UTC, for date-only columns. */
export const isoDate = (moment: Date) => moment.toISOString().slice(0, 10);

export const addDays = (moment: Date, days: number) => new Date(moment.getTime() + days * DAY_MS);

// SQLite allows 32,766 bound parameters per statement and PostgreSQL 65,535: stay well below both.
const MAX_PARAMETERS = 16_000;

/**
 * Inserts rows in as few statements as the parameter limits allow. Every row must name the
 * same columns (nulls included): SQLite has no DEFAULT inside a multi-row VALUES list.
 */
export async function insertBatches<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: readonly InsertObject<Database, T>[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(first).length));
  for (let start = 0; start < rows.length; start += size) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + size))
      .execute();
  }
}
