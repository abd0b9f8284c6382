/**
 * The offline cache's file: encrypted at rest (a customer's name is nowhere in its bytes, the
 * key is kept only through safeStorage), one file per server and user that no other key opens,
 * rebuilt when it is garbage, of a newer version or under a key that does not open it — its
 * readable outbox carried over, an unreadable one reported — and wiped with its key.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStore } from '../src/services/key-value-store';
import {
  CACHE_VERSION,
  cacheFilePath,
  openCacheFile,
  wipeCacheFile,
  type CacheFileDeps,
  type CacheOwner,
} from '../src/services/offline/cache-file';
import { addToOutbox, listOutbox } from '../src/services/offline/outbox';
import { fakeSafeStorage } from './fakes';
import { recordOf, recordingRecords } from './support/offline';

const Driver = createRequire(import.meta.url)('better-sqlite3-multiple-ciphers') as typeof BetterSqlite3;

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

const ADA: CacheOwner = { server: 'https://kura.example', userId: 'user-ada' };
const BEN: CacheOwner = { server: 'https://kura.example', userId: 'user-ben' };
const ADA_ELSEWHERE: CacheOwner = { server: 'https://other.example', userId: 'user-ada' };

const CUSTOMER = 'Priyanka Ramaswamy-Oyelaran';
const shipment = (id: string) => ({
  _id: id,
  shipmentId: `SHP-${id}`,
  customer: { name: CUSTOMER },
});

async function setup(overrides: Partial<CacheFileDeps> = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kura-offline-file-'));
  dirs.push(dataDir);
  const safeStorage = fakeSafeStorage({ backend: 'gnome_libsecret' });
  const deps: CacheFileDeps = {
    dataDir,
    store: createMemoryStore(),
    safeStorage,
    tables: recordingRecords(),
    onError: vi.fn(),
    ...overrides,
  };
  return { deps, safeStorage, dataDir, store: deps.store as ReturnType<typeof createMemoryStore> };
}

function fill(db: BetterSqlite3.Database, id = 's1') {
  recordingRecords().applyRecords(db, {
    shipments: [shipment(id) as never],
    orders: [],
    products: [],
    removed: { shipments: [], orders: [], products: [] },
  });
  addToOutbox(
    db,
    {
      shipment: id,
      customs: { customId: 'CUS-1', totalCustomFee: 1234.5, receivedDate: '2026-11-20', version: 3 },
    },
    `SHP-${id}`,
    '2026-11-27T01:00:00.000Z',
  );
}

const bytesOf = (file: string) =>
  ['', '-wal', '-shm']
    .filter((s) => existsSync(file + s))
    .map((s) => readFileSync(file + s))
    .reduce((a, b) => Buffer.concat([a, b]), Buffer.alloc(0));

describe('the offline cache file', () => {
  it('is encrypted at rest: no record text in its bytes, its key only through safeStorage', async () => {
    const { deps, safeStorage, store } = await setup();
    const cache = openCacheFile(deps, ADA);
    fill(cache.db);
    expect(recordOf(cache.db, 'shipments', 's1').customer.name).toBe(CUSTOMER);
    // Checked with the write-ahead log still holding the pages, and after a checkpoint.
    expect(bytesOf(cache.file).includes(Buffer.from(CUSTOMER))).toBe(false);
    cache.close();
    expect(bytesOf(cache.file).length).toBeGreaterThan(4096);
    expect(bytesOf(cache.file).includes(Buffer.from(CUSTOMER))).toBe(false);
    expect(bytesOf(cache.file).includes(Buffer.from('SQLite format 3'))).toBe(false);

    // The key went through safeStorage and the store holds only its encrypted form.
    expect(safeStorage.encrypted).toHaveLength(1);
    const key = safeStorage.encrypted[0]!;
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(store.dump())).not.toContain(key);

    // Without the key the driver cannot read it; with it, it can.
    const stranger = new Driver(cache.file);
    expect(() => stranger.prepare('select count(*) from sqlite_master').get()).toThrow(/not a database/);
    stranger.close();
    const again = openCacheFile(deps, ADA);
    expect(recordOf(again.db, 'shipments', 's1').customer.name).toBe(CUSTOMER);
    expect(again.db.pragma('user_version', { simple: true })).toBe(CACHE_VERSION);
    again.close();
    expect(deps.onError).not.toHaveBeenCalled();
  });

  it('names files by a hash: another user or another server is another file, and one key never opens the other', async () => {
    const { deps, dataDir } = await setup();
    const files = [ADA, BEN, ADA_ELSEWHERE].map((owner) => {
      const cache = openCacheFile(deps, owner);
      fill(cache.db, owner.userId);
      cache.close();
      return cache.file;
    });
    expect(new Set(files).size).toBe(3);
    for (const file of files) {
      expect(path.basename(file)).toMatch(/^[0-9a-f]{40}\.cache$/);
      expect(file).not.toContain('ada');
      expect(file).not.toContain('kura.example');
    }
    expect(readdirSync(path.join(dataDir, 'offline')).filter((f) => f.endsWith('.cache'))).toHaveLength(3);

    // Ben's key on Ada's file: nothing readable.
    const keys = (deps.safeStorage as ReturnType<typeof fakeSafeStorage>).encrypted;
    expect(new Set(keys).size).toBe(3);
    const ada = new Driver(files[0]!);
    ada.pragma(`cipher = 'aegis'`);
    ada.pragma(`key = "x'${keys[1]}'"`);
    expect(() => ada.prepare('select count(*) from sqlite_master').get()).toThrow(/not a database/);
    ada.close();

    const ben = openCacheFile(deps, BEN);
    expect(recordOf(ben.db, 'shipments', 'user-ben')).toBeDefined();
    expect(recordOf(ben.db, 'shipments', 'user-ada')).toBeUndefined();
    ben.close();
  });

  it('rebuilds a file of garbage bytes and reports that whatever it held is lost', async () => {
    const { deps } = await setup();
    const first = openCacheFile(deps, ADA);
    fill(first.db);
    first.close();
    writeFileSync(first.file, Buffer.alloc(64 * 1024, 0x5c));

    const rebuilt = openCacheFile(deps, ADA);
    expect(rebuilt.db.pragma('user_version', { simple: true })).toBe(CACHE_VERSION);
    expect(recordOf(rebuilt.db, 'shipments', 's1')).toBeUndefined();
    expect(listOutbox(rebuilt.db)).toEqual([]);
    expect(deps.onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringMatching(/rebuilt/) }),
    );
    // Usable as new.
    fill(rebuilt.db);
    expect(listOutbox(rebuilt.db)).toHaveLength(1);
    rebuilt.close();
  });

  it('rebuilds a file of a newer version, carrying its outbox over', async () => {
    const { deps } = await setup();
    const first = openCacheFile(deps, ADA);
    fill(first.db);
    const before = listOutbox(first.db);
    first.db.pragma(`user_version = ${CACHE_VERSION + 1}`);
    first.close();

    const rebuilt = openCacheFile(deps, ADA);
    expect(rebuilt.db.pragma('user_version', { simple: true })).toBe(CACHE_VERSION);
    // The records are gone (the next sync brings them), the customs not sent are not.
    expect(recordOf(rebuilt.db, 'shipments', 's1')).toBeUndefined();
    expect(listOutbox(rebuilt.db)).toEqual(before);
    expect(before[0]).toMatchObject({
      shipment: { _id: 's1', shipmentId: 'SHP-s1' },
      customs: { customId: 'CUS-1', totalCustomFee: 1234.5, receivedDate: '2026-11-20' },
      version: 3,
      state: 'pending',
    });
    rebuilt.close();
  });

  it("carries the outbox of an earlier version's file (ChaCha20) into a new AEGIS one, reporting nothing", async () => {
    const { deps, safeStorage } = await setup();
    const first = openCacheFile(deps, ADA);
    fill(first.db);
    const before = listOutbox(first.db);
    first.close();
    // The file as the app's earlier version wrote it: the same key, the former cipher.
    const key = safeStorage.encrypted[0]!;
    const former = new Driver(first.file);
    former.pragma(`cipher = 'aegis'`);
    former.pragma(`key = "x'${key}'"`);
    former.pragma('journal_mode = DELETE');
    former.pragma(`cipher = 'chacha20'`);
    former.pragma(`rekey = "x'${key}'"`);
    former.close();
    const check = new Driver(first.file);
    check.pragma(`cipher = 'aegis'`);
    check.pragma(`key = "x'${key}'"`);
    expect(() => check.prepare('select count(*) from sqlite_master').get()).toThrow(/not a database/);
    check.close();

    const upgraded = openCacheFile(deps, ADA);
    expect(listOutbox(upgraded.db)).toEqual(before);
    // Only a cache besides: the next sync brings the records again.
    expect(recordOf(upgraded.db, 'shipments', 's1')).toBeUndefined();
    expect(deps.onError).not.toHaveBeenCalled();
    upgraded.close();
    const newKey = safeStorage.encrypted.at(-1)!;
    const reread = new Driver(first.file);
    reread.pragma(`cipher = 'aegis'`);
    reread.pragma(`key = "x'${newKey}'"`);
    expect(reread.prepare('select count(*) as n from outbox').get()).toEqual({ n: 1 });
    reread.close();
  });

  it('rebuilds a file its stored key does not open (another key store) and one whose key is gone', async () => {
    const { deps, store } = await setup();
    const first = openCacheFile(deps, ADA);
    fill(first.db);
    first.close();
    const keyEntry = Object.keys(store.dump()).find((k) => k.startsWith('offline.key.'))!;
    const other = fakeSafeStorage({ backend: 'gnome_libsecret' });
    store.set(keyEntry, other.encryptString('ab'.repeat(32)).toString('base64'));

    const rebuilt = openCacheFile(deps, ADA);
    expect(recordOf(rebuilt.db, 'shipments', 's1')).toBeUndefined();
    expect(deps.onError).toHaveBeenCalledTimes(1);
    fill(rebuilt.db);
    rebuilt.close();

    store.delete(keyEntry);
    const again = openCacheFile(deps, ADA);
    expect(recordOf(again.db, 'shipments', 's1')).toBeUndefined();
    expect(deps.onError).toHaveBeenCalledTimes(2);
    again.close();
  });

  it('never writes a key in plain text: without a key store the file lasts for this run only', async () => {
    const { deps, store } = await setup({ safeStorage: fakeSafeStorage({ backend: 'basic_text' }) });
    const cache = openCacheFile(deps, ADA);
    fill(cache.db);
    cache.close();
    expect(Object.keys(store.dump()).filter((k) => k.startsWith('offline.key.'))).toEqual([]);
    const again = openCacheFile(deps, ADA);
    expect(recordOf(again.db, 'shipments', 's1')).toBeDefined();
    again.close();
    wipeCacheFile(deps, ADA);
  });

  it('wipe deletes the file, its log files and its key', async () => {
    const { deps, store } = await setup();
    const cache = openCacheFile(deps, ADA);
    fill(cache.db);
    const other = openCacheFile(deps, BEN);
    other.close();
    cache.close();
    expect(existsSync(cache.file)).toBe(true);
    wipeCacheFile(deps, ADA);
    for (const suffix of ['', '-wal', '-shm']) expect(existsSync(cache.file + suffix)).toBe(false);
    const keys = Object.keys(store.dump()).filter((k) => k.startsWith('offline.key.'));
    expect(keys).toHaveLength(1);
    expect(existsSync(cacheFilePath(deps.dataDir, BEN))).toBe(true);
  });
});
