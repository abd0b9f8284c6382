/**
 * The better-sqlite3 connection behind a Kysely instance, for the few reads that must avoid
 * building an object per row (the CSV export): they run compiled Kysely SQL on it directly.
 */
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';

const handles = new WeakMap<object, SQLite.Database>();

export function registerSqlite(db: Kysely<never> | object, sqlite: SQLite.Database): void {
  handles.set(db, sqlite);
}

/** The SQLite connection of `db`, or undefined on PostgreSQL. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any area's database type
export const sqliteOf = (db: Kysely<any>): SQLite.Database | undefined => handles.get(db);

/**
 * Runs a compiled read and answers its rows as arrays. Synchronous, like every better-sqlite3
 * call, so no other query can run on the connection in between; the statement (shared through
 * the connection's statement cache) is put back to object rows before anything else uses it.
 */
export function allRaw(sqlite: SQLite.Database, query: { sql: string; parameters: readonly unknown[] }) {
  const statement = sqlite.prepare(query.sql);
  statement.raw(true);
  try {
    return statement.all(...query.parameters) as unknown[][];
  } finally {
    statement.raw(false);
  }
}
