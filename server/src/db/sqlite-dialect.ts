/**
 * Kysely on SQLite with one writing connection and reader threads (sqlite-readers.ts):
 * - A transaction, and any statement that writes, runs on the one connection of this thread,
 *   one holder at a time (the writer lock): a statement run there while another request's
 *   transaction is open would join that transaction.
 * - A read outside a transaction runs on a reader thread and sees the last committed state.
 *   Kysely is told the dialect has many connections, so reads are not queued behind the
 *   writer: each acquisition is a connection object of its own, and only a transaction or a
 *   write takes the lock.
 * - Transactions begin IMMEDIATE: they take SQLite's write lock at once instead of at their
 *   first write, so another process writing the same file waits (busy_timeout) rather than
 *   failing a transaction halfway. Within this process the writer lock already queues them;
 *   together that is why row locks are a no-op on SQLite (db/locking.ts).
 *
 * Whether a statement writes is SQLite's answer (`readonly` of the prepared statement, from
 * the connection's statement cache), not a guess from its text.
 */
import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import type { SqliteReaders } from './sqlite-readers';

/** A queue of one: whoever holds it runs on the writing connection. */
export class WriterLock {
  private tail: Promise<void> = Promise.resolve();

  /** Waits for the lock; the answer releases it. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const turn = this.tail.then(() => release);
    this.tail = this.tail.then(() => held);
    return turn;
  }

  async run<T>(fn: () => T | Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

class ConcurrentSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

function runOnWriter(sqlite: SQLite.Database, { sql, parameters }: CompiledQuery): QueryResult<unknown> {
  const statement = sqlite.prepare(sql);
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return {
    insertId: lastInsertRowid != null ? BigInt(lastInsertRowid) : undefined,
    numAffectedRows: changes != null ? BigInt(changes) : undefined,
    rows: [],
  };
}

class RoutedConnection implements DatabaseConnection {
  /** The writer lock's release while this connection holds a transaction. */
  release: (() => void) | undefined;

  constructor(private readonly driver: KuraSqliteDriver) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { sqlite, readers, lock } = this.driver;
    if (this.release) return runOnWriter(sqlite, query) as QueryResult<R>;
    if (readers) {
      const statement = sqlite.prepare(query.sql);
      if (statement.reader && statement.readonly) {
        return { rows: (await readers.read(query.sql, query.parameters)) as R[] };
      }
    }
    return lock.run(() => runOnWriter(sqlite, query) as QueryResult<R>);
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { sqlite, lock } = this.driver;
    const release = this.release ? undefined : await lock.acquire();
    try {
      for (const row of sqlite.prepare(query.sql).iterate(query.parameters)) yield { rows: [row as R] };
    } finally {
      release?.();
    }
  }
}

class KuraSqliteDriver implements Driver {
  constructor(
    readonly sqlite: SQLite.Database,
    readonly readers: SqliteReaders | undefined,
    readonly lock: WriterLock,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this);
  }

  async beginTransaction(connection: RoutedConnection): Promise<void> {
    const release = await this.lock.acquire();
    try {
      runOnWriter(this.sqlite, CompiledQuery.raw('begin immediate'));
    } catch (error) {
      release();
      throw error;
    }
    connection.release = release;
  }

  async commitTransaction(connection: RoutedConnection): Promise<void> {
    // A commit that fails keeps the lock: Kysely rolls back next, as the holder.
    runOnWriter(this.sqlite, CompiledQuery.raw('commit'));
    this.end(connection);
  }

  async rollbackTransaction(connection: RoutedConnection): Promise<void> {
    try {
      runOnWriter(this.sqlite, CompiledQuery.raw('rollback'));
    } finally {
      this.end(connection);
    }
  }

  async savepoint(connection: RoutedConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint "${name}"`));
  }

  async rollbackToSavepoint(connection: RoutedConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to "${name}"`));
  }

  async releaseSavepoint(connection: RoutedConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release "${name}"`));
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    await this.readers?.stop();
    this.sqlite.close();
  }

  private end(connection: RoutedConnection) {
    const release = connection.release;
    connection.release = undefined;
    release?.();
  }
}

export class KuraSqliteDialect implements Dialect {
  /** Who runs on the writing connection now: also taken by code reading it directly (sqlite-handle.ts). */
  readonly lock = new WriterLock();

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly readers: SqliteReaders | undefined,
  ) {}

  createAdapter(): DialectAdapter {
    return new ConcurrentSqliteAdapter();
  }

  createDriver(): Driver {
    return new KuraSqliteDriver(this.sqlite, this.readers, this.lock);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own signature
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
