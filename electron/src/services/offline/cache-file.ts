/**
 * The offline cache's file: one encrypted SQLite file (AEGIS-256) per team server and user in
 * `<dataDir>/offline/`, named by a hash of the two so no name tells whose it is or where it
 * came from. Each file has its own random 256-bit key, kept in the app's store encrypted by the
 * OS key store (safeStorage); the file never holds it.
 *
 * It is only a cache: a file that does not open (damaged, another key, a newer app's version)
 * is deleted and built again by the next sync. Its outbox is the exception, the one thing in it
 * the server does not have: rows that can still be read are carried into the new file, and a
 * file that cannot be read at all is reported (`onError`), never dropped in silence.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
// The driver (better-sqlite3-multiple-ciphers) is a drop-in for better-sqlite3 whose package
// exports no types that resolve: better-sqlite3's describe it.
import type BetterSqlite3 from 'better-sqlite3';
import type { Database } from 'better-sqlite3';
import type { KeyValueStore } from '../key-value-store';
import { keyStoreIsSecure, type SafeStorage } from '../token-vault';

export type { Database };

/** The cache's schema version (`PRAGMA user_version`): a file above it was made by a newer app. */
export const CACHE_VERSION = 1;

export const OFFLINE_DIR = 'offline';
const KEY_PREFIX = 'offline.key.';

/** Whose cache: a team server (its origin) and a user of it (`_id`). */
export interface CacheOwner {
  server: string;
  userId: string;
}

/** The records' part of the cache file: its tables come from cache-records.ts. */
export interface CacheTables {
  createRecordTables(db: Database): void;
  /** The connection settings the records' reads need, once the file is open. */
  tuneCacheConnection(db: Database): void;
}

export interface CacheFileDeps {
  dataDir: string;
  store: KeyValueStore;
  safeStorage: SafeStorage;
  tables: CacheTables;
  /** A file that could not be read was rebuilt: anything unsent in it is lost. */
  onError?(error: unknown): void;
}

export interface CacheFile {
  db: Database;
  file: string;
  close(): void;
}

let driver: typeof BetterSqlite3 | undefined;
/** Loaded on first use: local mode never needs it. */
function openDriver(file: string): Database {
  driver ??= createRequire(import.meta.url)('better-sqlite3-multiple-ciphers') as typeof BetterSqlite3;
  return new driver(file);
}

/** The file's name: a hash, so the folder shows neither server nor user. */
export function cacheFileName(owner: CacheOwner): string {
  const hash = createHash('sha256').update(`kura-offline\n${owner.server}\n${owner.userId}`).digest('hex');
  return `${hash.slice(0, 40)}.cache`;
}

export function cacheFilePath(dataDir: string, owner: CacheOwner): string {
  return path.join(dataDir, OFFLINE_DIR, cacheFileName(owner));
}

// Keys of this run that could not be kept (no secure key store): the file lasts this run only.
const memoryKeys = new Map<string, string>();

function readKey(deps: CacheFileDeps, name: string): string | undefined {
  const memory = memoryKeys.get(name);
  if (memory) return memory;
  const raw = deps.store.get(KEY_PREFIX + name);
  if (typeof raw !== 'string' || !keyStoreIsSecure(deps.safeStorage)) return undefined;
  try {
    const key = deps.safeStorage.decryptString(Buffer.from(raw, 'base64'));
    return /^[0-9a-f]{64}$/.test(key) ? key : undefined;
  } catch {
    // Another machine's or another OS account's key store: the file cannot be read here.
    return undefined;
  }
}

function newKey(deps: CacheFileDeps, name: string): string {
  const key = randomBytes(32).toString('hex');
  if (keyStoreIsSecure(deps.safeStorage)) {
    deps.store.set(KEY_PREFIX + name, deps.safeStorage.encryptString(key).toString('base64'));
    memoryKeys.delete(name);
  } else {
    // Never written down in plain text: without a key store the cache lives for this run.
    deps.store.delete(KEY_PREFIX + name);
    memoryKeys.set(name, key);
  }
  return key;
}

function deleteFiles(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
}

/** SQLite's answers for a file that is not a database under this key, or a damaged one. */
function isUnreadable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^SQLITE_(NOTADB|CORRUPT|CANTOPEN|IOERR)/.test(code);
}

class NewerCacheError extends Error {
  constructor(readonly version: number) {
    super(`The offline cache file has version ${version}, newer than this app's ${CACHE_VERSION}`);
    this.name = 'NewerCacheError';
  }
}

/**
 * The pages' cipher: AEGIS-256, authenticated encryption like SQLCipher's AES with HMAC-SHA512 and
 * built on the AES round, which every x64 and arm64 desktop does in hardware (the driver picks
 * the instructions at run time). Measured against ChaCha20-Poly1305 in software, the driver's
 * default that the cache used first: writing 53 MB of rows 370 → 223 ms (unencrypted: 226 ms),
 * an index over them 171 → 52 ms; a first full sync of 100,000 orders spent its index builds
 * 2.0 → 1.3 s.
 */
const CIPHER = 'aegis';
/**
 * The ciphers of files an earlier version of the app made: such a file is opened only to carry
 * its outbox into a new one (the rest is only a cache, synced again).
 */
const FORMER_CIPHERS = ['chacha20'] as const;

/** Opens with the key before anything else reads the file, then the write-ahead log. */
function openKeyed(file: string, key: string, cipher: string = CIPHER): Database {
  const db = openDriver(file);
  try {
    db.pragma(`cipher = '${cipher}'`);
    // A raw 256-bit key (x'…'): no key derivation, which would cost every open for nothing.
    db.pragma(`key = "x'${key}'"`);
    // The first read of the file: a wrong key or garbage fails here with SQLITE_NOTADB.
    db.prepare('select count(*) from sqlite_master').get();
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** The file under an earlier version's cipher, or undefined when none of them opens it. */
function openFormer(file: string, key: string): Database | undefined {
  for (const cipher of FORMER_CIPHERS) {
    try {
      return openKeyed(file, key, cipher);
    } catch (error) {
      if (!isUnreadable(error)) throw error;
    }
  }
  return undefined;
}

const MIGRATIONS: Record<number, (db: Database, tables: CacheTables) => void> = {
  1: (db, tables) => {
    db.exec(`
      create table meta (key text primary key, value text not null) strict;
      create table outbox (
        id integer primary key autoincrement,
        shipment text not null,
        shipment_label text not null,
        custom_id text not null,
        -- The rupee amount as the user entered it (a JSON number's text): exact both ways.
        total_custom_fee text not null,
        received_date text not null,
        version integer not null,
        entered_at text not null,
        state text not null check (state in ('pending', 'conflict', 'refused')),
        -- The admin's correction route (PUT shipments/{id}/customs): kept mine over saved customs.
        correction integer not null default 0,
        theirs text,
        error_code text,
        error_message text
      ) strict;
    `);
    tables.createRecordTables(db);
  },
};

function migrate(db: Database, tables: CacheTables): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > CACHE_VERSION) throw new NewerCacheError(version);
  for (let next = version + 1; next <= CACHE_VERSION; next += 1) {
    db.transaction(() => {
      MIGRATIONS[next]!(db, tables);
      db.pragma(`user_version = ${next}`);
    })();
  }
}

const OUTBOX_COLUMNS = [
  'id',
  'shipment',
  'shipment_label',
  'custom_id',
  'total_custom_fee',
  'received_date',
  'version',
  'entered_at',
  'state',
  'correction',
  'theirs',
  'error_code',
  'error_message',
] as const;

/** The outbox rows of a file about to be rebuilt, or undefined when it has none to read. */
function readOutbox(db: Database): Record<string, unknown>[] | undefined {
  const table = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'outbox'").get();
  if (!table) return undefined;
  return db.prepare(`select ${OUTBOX_COLUMNS.join(', ')} from outbox order by id`).all() as Record<
    string,
    unknown
  >[];
}

function writeOutbox(db: Database, rows: Record<string, unknown>[]): void {
  const insert = db.prepare(
    `insert into outbox (${OUTBOX_COLUMNS.join(', ')}) values (${OUTBOX_COLUMNS.map((c) => `@${c}`).join(', ')})`,
  );
  db.transaction(() => {
    for (const row of rows) insert.run(row);
  })();
}

/**
 * Opens the owner's cache file, creating or migrating it; one that cannot be used is rebuilt
 * (its readable outbox rows carried over).
 */
export function openCacheFile(deps: CacheFileDeps, owner: CacheOwner): CacheFile {
  const name = cacheFileName(owner);
  const file = path.join(deps.dataDir, OFFLINE_DIR, name);
  mkdirSync(path.dirname(file), { recursive: true });
  const existed = existsSync(file);
  let key = readKey(deps, name);
  if (!key) {
    // A file whose key is gone cannot be read by anyone: start over.
    if (existed) {
      deps.onError?.(new Error('The offline cache file had no key here and was rebuilt'));
      deleteFiles(file);
    }
    key = newKey(deps, name);
  }

  let db: Database | undefined;
  let kept: Record<string, unknown>[] | undefined;
  try {
    db = openKeyed(file, key);
    migrate(db, deps.tables);
  } catch (error) {
    if (!(error instanceof NewerCacheError) && !isUnreadable(error)) {
      db?.close();
      throw error;
    }
    // A file of an earlier version's cipher is no error: its outbox is carried over as well.
    if (!db && existed) db = openFormer(file, key);
    if (db) {
      try {
        kept = readOutbox(db);
      } catch (readError) {
        deps.onError?.(readError);
      }
      db.close();
    } else {
      deps.onError?.(
        new Error(`The offline cache file could not be opened and was rebuilt: ${String(error)}`, {
          cause: error,
        }),
      );
    }
    deleteFiles(file);
    key = newKey(deps, name);
    db = openKeyed(file, key);
    migrate(db, deps.tables);
    if (kept?.length) writeOutbox(db, kept);
  }
  const opened = db;
  deps.tables.tuneCacheConnection(opened);
  return { db: opened, file, close: () => opened.open && opened.close() };
}

/** Deletes the owner's cache file (with its log files) and its key. */
export function wipeCacheFile(deps: Pick<CacheFileDeps, 'dataDir' | 'store'>, owner: CacheOwner): void {
  const name = cacheFileName(owner);
  deleteFiles(path.join(deps.dataDir, OFFLINE_DIR, name));
  deps.store.delete(KEY_PREFIX + name);
  memoryKeys.delete(name);
}

export function readMeta(db: Database, key: string): string | undefined {
  const row = db.prepare('select value from meta where key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function writeMeta(db: Database, key: string, value: string | null): void {
  if (value === null) db.prepare('delete from meta where key = ?').run(key);
  else
    db.prepare(
      'insert into meta (key, value) values (?, ?) on conflict (key) do update set value = excluded.value',
    ).run(key, value);
}
