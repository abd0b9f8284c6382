/**
 * The better-sqlite3 connection behind a Kysely instance, for the few reads that must avoid
 * building an object per row (the CSV export): they run compiled Kysely SQL as array rows, on a
 * reader thread (sqlite-readers.ts) or, without readers, on the writing connection while no
 * transaction holds it.
 */
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { WriterLock } from './sqlite-dialect';
import type { SqliteReaders } from './sqlite-readers';

interface SqliteHandle {
  sqlite: SQLite.Database;
  readers: SqliteReaders | undefined;
  lock: WriterLock;
}

const handles = new WeakMap<object, SqliteHandle>();

export function registerSqlite(
  db: Kysely<never> | object,
  sqlite: SQLite.Database,
  parts: Omit<SqliteHandle, 'sqlite'>,
): void {
  handles.set(db, { sqlite, ...parts });
}

/** The SQLite connection of `db`, or undefined on PostgreSQL. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any area's database type
export const sqliteOf = (db: Kysely<any>): SQLite.Database | undefined => handles.get(db)?.sqlite;

/** Whether `db` is SQLite (its array-row reads are then available: {@link readRaw}). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any area's database type
export const isSqliteHandle = (db: Kysely<any>): boolean => handles.has(db);

/**
 * Runs a compiled read of `db` (SQLite) and answers its rows as arrays. On the writing
 * connection the statement (shared through the connection's statement cache) is put back to
 * object rows before anything else uses it: better-sqlite3 runs it synchronously.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any area's database type
export async function readRaw(db: Kysely<any>, query: { sql: string; parameters: readonly unknown[] }) {
  const handle = handles.get(db);
  if (!handle) throw new Error('readRaw needs a SQLite database');
  if (handle.readers) return (await handle.readers.read(query.sql, query.parameters, true)) as unknown[][];
  return handle.lock.run(() => {
    const statement = handle.sqlite.prepare(query.sql);
    statement.raw(true);
    try {
      return statement.all(...query.parameters) as unknown[][];
    } finally {
      statement.raw(false);
    }
  });
}

/**
 * Runs `fn` on the writing connection of `db` (SQLite) while no transaction holds it: for the
 * checks that must see the file as the writer does. PRAGMA integrity_check on a long-lived
 * reader reported FTS5 checksum mismatches the writer and a new connection did not (FTS5
 * refreshes its cached index structure when a query opens a cursor, which the check does not).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any area's database type
export async function onWriter<T>(db: Kysely<any>, fn: (sqlite: SQLite.Database) => T): Promise<T> {
  const handle = handles.get(db);
  if (!handle) throw new Error('onWriter needs a SQLite database');
  return handle.lock.run(() => fn(handle.sqlite));
}
