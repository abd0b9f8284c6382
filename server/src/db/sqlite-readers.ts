/**
 * Reader threads for a SQLite database file: each opens the file read-only and runs the reads
 * the server sends it, so reads use every core while the writes keep their one connection.
 *
 * Why: better-sqlite3 runs a statement on the thread that calls it. On one connection every
 * request's SQL ran on the server's one thread, one at a time: at a million orders about 72% of
 * an order search's CPU was SQLite's, so the server used one core of the machine, and a slow
 * search (a text in a third of all orders) held up every other request behind it. WAL lets
 * readers run beside the writer; each read sees the last committed state, as a read outside a
 * transaction did before.
 *
 * The thread's code is a string run with `eval` and the driver's path passed in: no second
 * entry file to find at run time, in the team server, the tests or the desktop app's bundle.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const READER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('cache_size = -32768');
const statements = new Map();
function prepare(sql) {
  let statement = statements.get(sql);
  if (statement) statements.delete(sql);
  else {
    statement = db.prepare(sql);
    if (statements.size >= 200) statements.delete(statements.keys().next().value);
  }
  statements.set(sql, statement);
  return statement;
}
parentPort.on('message', ({ id, sql, parameters, raw }) => {
  try {
    const statement = prepare(sql);
    statement.raw(raw);
    try {
      parentPort.postMessage({ id, rows: statement.all(parameters) });
    } finally {
      statement.raw(false);
    }
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error.message, code: error.code } });
  }
});
`;

/**
 * A blob crosses from the thread as a Uint8Array (structured clone); the writing connection
 * answers a Buffer, which callers use as text (the CSV lines kept as blobs): made one again,
 * over the same bytes.
 */
function withBuffers(rows: unknown[]): unknown[] {
  for (const row of rows) {
    if (row === null || typeof row !== 'object') continue;
    const values = row as Record<string, unknown>;
    for (const key in values) {
      const value = values[key];
      if (value instanceof Uint8Array && !Buffer.isBuffer(value)) {
        values[key] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      }
    }
  }
  return rows;
}

interface Pending {
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
}

class Reader {
  readonly worker: Worker;
  readonly pending = new Map<number, Pending>();

  constructor(file: string, driver: string) {
    this.worker = new Worker(READER_CODE, { eval: true, workerData: { file, driver } });
    // An idle reader must not keep the process alive (a CLI run, a test); a busy one must.
    this.worker.unref();
    this.worker.on(
      'message',
      (message: { id: number; rows?: unknown[]; error?: { message: string; code?: string } }) => {
        const waiting = this.pending.get(message.id);
        if (!waiting) return;
        this.pending.delete(message.id);
        if (this.pending.size === 0) this.worker.unref();
        if (message.error) {
          waiting.reject(Object.assign(new Error(message.error.message), { code: message.error.code }));
        } else {
          waiting.resolve(withBuffers(message.rows ?? []));
        }
      },
    );
    this.worker.on('error', (error) => this.failAll(error));
    this.worker.on('exit', (code) =>
      this.failAll(new Error(`a SQLite reader thread stopped (exit code ${code})`)),
    );
  }

  private failAll(error: Error) {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

export class SqliteReaders {
  private readonly readers: Reader[];
  private next = 0;
  private stopped = false;

  constructor(file: string, count: number) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.readers = Array.from({ length: count }, () => new Reader(file, driver));
  }

  /** Runs a read on the least busy reader; `raw` answers rows as arrays. */
  read(sql: string, parameters: readonly unknown[], raw = false): Promise<unknown[]> {
    if (this.stopped) return Promise.reject(new Error('the SQLite readers are stopped'));
    const reader = this.readers.reduce((best, r) => (r.pending.size < best.pending.size ? r : best));
    const id = this.next++;
    return new Promise((resolve, reject) => {
      if (reader.pending.size === 0) reader.worker.ref();
      reader.pending.set(id, { resolve, reject });
      // Kysely and the callers never reuse a parameter list; plain values only (structured clone).
      reader.worker.postMessage({ id, sql, parameters, raw });
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.readers.map((r) => r.worker.terminate()));
  }
}
