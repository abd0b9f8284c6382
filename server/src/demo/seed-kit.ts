/** Small helpers the demo seeding steps share: time arithmetic and batched inserts. */
import { sql, type InsertObject, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import { sqliteOf } from '../db/sqlite-handle';

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

/**
 * Runs a bulk load of `table` with its secondary indexes dropped, then builds them again.
 * Inserting a million rows into a table with a dozen indexes on random keys (uuids, order ids,
 * dates spread over years) touches a random page of every index per row, which is most of a
 * large seed's time; building an index afterwards sorts once. The definitions are read back
 * from the database itself, so whatever the migrations made is what is rebuilt. Only for
 * seeding: the table is not protected by its unique indexes while the load runs.
 */
export async function withIndexesDeferred<T>(
  db: Kysely<Database>,
  table: keyof Database & string,
  load: () => Promise<T>,
): Promise<T> {
  const postgres = sqliteOf(db) === undefined;
  const definitions = postgres
    ? (
        await sql<{ name: string; definition: string }>`
          select i.indexname as name, i.indexdef as definition
          from pg_indexes i
          where i.schemaname = current_schema() and i.tablename = ${table}
            and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`.execute(db)
      ).rows
    : (
        await sql<{ name: string; definition: string }>`
          select name, sql as definition from sqlite_master
          where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db)
      ).rows;
  for (const { name } of definitions) await sql`drop index ${sql.id(name)}`.execute(db);
  try {
    return await load();
  } finally {
    for (const { definition } of definitions) await sql.raw(definition).execute(db);
  }
}

/**
 * SQLite settings for a bulk load on this connection: a page cache large enough to hold the
 * indexes being built (the server's is 32 MB) and no sync per transaction (a seed that dies is
 * run again). Returns what puts the server's settings back. No-op on PostgreSQL.
 */
export function sqliteBulkLoad(db: Kysely<Database>): () => void {
  const sqlite = sqliteOf(db);
  if (!sqlite) return () => {};
  const cache = sqlite.pragma('cache_size', { simple: true });
  const synchronous = sqlite.pragma('synchronous', { simple: true });
  sqlite.pragma('cache_size = -1048576');
  sqlite.pragma('synchronous = OFF');
  return () => {
    sqlite.pragma(`cache_size = ${Number(cache)}`);
    sqlite.pragma(`synchronous = ${Number(synchronous)}`);
  };
}
