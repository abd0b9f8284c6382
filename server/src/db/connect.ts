/**
 * Opens the database named by DATABASE_URL: PostgreSQL for `postgres://` / `postgresql://`,
 * otherwise a SQLite file path (or `:memory:`).
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import type { Database } from './database';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  destroy(): Promise<void>;
}

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//i.test(url);

/**
 * How PostgreSQL's wide numbers reach JavaScript:
 * - int8 (count(*), sum() of int columns) becomes a number while it is a safe integer, which
 *   is always the case for our counts and minor-unit sums, so both dialects return numbers;
 *   beyond 2^53 it stays its exact decimal text rather than a rounded number.
 * - numeric stays its exact decimal text: it is only ever a money or rate value, and a
 *   float would round it. Money columns are integers (minor units) on both dialects anyway.
 */
export const parseInt8 = (text: string): number | string => {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : text;
};
pg.types.setTypeParser(pg.types.builtins.INT8, parseInt8);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (text) => text);

/**
 * SQLite transactions begin IMMEDIATE: they take the write lock at once instead of at their
 * first write, so another process writing the same file waits (busy_timeout) rather than
 * failing a transaction halfway. Within this process Kysely already runs one transaction at a
 * time; together that is why row locks are a no-op on SQLite (db/locking.ts).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.#config);
  }
}

export function createDatabase(databaseUrl: string): DatabaseHandle {
  if (isPostgresUrl(databaseUrl)) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }

  const file = databaseUrl === ':memory:' ? databaseUrl : resolve(databaseUrl);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // Another process (a second app instance, a backup tool) may hold the write lock briefly.
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: Dialect;
  }
}
