/**
 * Opens the database named by DATABASE_URL: PostgreSQL for `postgres://` / `postgresql://`,
 * otherwise a SQLite file path (or `:memory:`).
 */
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type CompiledQuery, type LogEvent } from 'kysely';
import pg from 'pg';
import { statementNameOf } from './compiled';
import type { Database } from './database';
import { KuraSqliteDialect } from './sqlite-dialect';
import { registerSqlite } from './sqlite-handle';
import { SqliteReaders } from './sqlite-readers';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  destroy(): Promise<void>;
}

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//i.test(url);

/**
 * How PostgreSQL's wide numbers reach JavaScript:
 * - int8 (count(*), sum() of int columns, the bigint columns) becomes a number while it is a
 *   safe integer, as both dialects return it; beyond 2^53 (a sum over many sales can get
 *   there) it stays its exact decimal text rather than a rounded number, and an answer writes
 *   it as those digits (`exactInteger`, http/responses.ts).
 * - numeric stays its exact decimal text: it is only ever a money or rate value, and a
 *   float would round it. Money columns are integers (minor units) on both dialects anyway.
 */
export const parseInt8 = (text: string): number | string => {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : text;
};
pg.types.setTypeParser(pg.types.builtins.INT8, parseInt8);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (text) => text);

let queryTap: ((query: CompiledQuery, db: Kysely<Database>) => void) | undefined;

/**
 * Sees every query every database of this process runs, with the database that ran it: the
 * query-plan test uses it to EXPLAIN what a request really executes. Undefined to stop.
 */
export function setQueryTap(tap: typeof queryTap): void {
  queryTap = tap;
}

function tapped(make: (log: (event: LogEvent) => void) => Kysely<Database>): Kysely<Database> {
  const db: Kysely<Database> = make((event) => {
    if (event.level === 'query') queryTap?.(event.query, db);
  });
  return db;
}

/**
 * A connection that runs the texts of db/compiled.ts as named prepared statements: parsed and
 * planned once per connection, then only bound and run. Everything else runs as it comes.
 * Behind a connection pooler in transaction mode (PgBouncer), its prepared-statement support
 * must be on (`max_prepared_statements`).
 */
class PreparingClient extends pg.Client {
  // pg's query() has a dozen overloads; Kysely calls query(text, parameters) and gets a promise.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- passed through unchanged
  override query(config: any, values?: any, callback?: any): any {
    const name = typeof config === 'string' ? statementNameOf(config) : undefined;
    return name
      ? super.query({ name, text: config, values: values as unknown[] }, callback)
      : super.query(config, values, callback);
  }
}

/**
 * SQLite reader threads by default: one per core, at most four. `KURA_SQLITE_READERS=0` runs
 * every read on the writing connection, as before there were readers.
 */
const readerThreads = Math.min(4, Number(process.env.KURA_SQLITE_READERS ?? availableParallelism()));

export function createDatabase(databaseUrl: string): DatabaseHandle {
  if (isPostgresUrl(databaseUrl)) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, Client: PreparingClient });
    // An idle connection the server ends (a restart, a failover, an administrator) emits
    // 'error' on the pool; unheard, that kills the process. The pool drops the connection and
    // opens a new one for the next query, so there is nothing to do but say so.
    pool.on('error', (err) =>
      console.warn(`kura: an idle PostgreSQL connection was closed (${err.message})`),
    );
    const db = tapped((log) => new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log }));
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }

  const file = databaseUrl === ':memory:' ? databaseUrl : resolve(databaseUrl);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  cacheStatements(sqlite);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // Another process (a second app instance, a backup tool) may hold the write lock briefly.
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // Pages kept in memory, at most 32 MB (SQLite's default is 2 MB): the export and a page of
  // the list then read their index and record pages from the cache, not from the file through
  // a system call each (at 50,000 products, most of an export's time). Grows only as pages are read.
  sqlite.pragma('cache_size = -32768');
  // Reads on threads of their own, one per core (at most four); none for a database in memory,
  // which another connection cannot open.
  const readers =
    file === ':memory:' || readerThreads === 0 ? undefined : new SqliteReaders(file, readerThreads);
  const dialect = new KuraSqliteDialect(sqlite, readers);
  const db = tapped((log) => new Kysely<Database>({ dialect, log }));
  registerSqlite(db, sqlite, { readers, lock: dialect.lock });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

// Kysely prepares every query anew; parsing and planning a list query costs more than running it.
const STATEMENT_CACHE = 200;

/**
 * Reuses prepared statements by SQL text (a list runs the same few shapes with new parameters).
 * SQLite re-prepares a cached statement by itself after a schema change. Safe because Kysely
 * never iterates a statement while running another on the same connection (its SQLite driver
 * runs one query at a time), and batches exports instead of streaming.
 */
function cacheStatements(sqlite: SQLite.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, SQLite.Statement>();
  sqlite.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (statement) {
      // Most recently used last, so the first key is the one to evict.
      cache.delete(source);
    } else {
      statement = prepare(source);
      if (cache.size >= STATEMENT_CACHE) cache.delete(cache.keys().next().value as string);
    }
    cache.set(source, statement);
    return statement;
  }) as typeof sqlite.prepare;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: Dialect;
  }
}
