/**
 * The offline cache against a real team server (SQLite, its own port): the first full sync in
 * pages with its progress, each page stored with its cursor (a sync cut off halfway resumes
 * from the last stored page, no gap); the changes after it, removals included; a cursor the
 * server refuses (400, 410) starting a full sync again; the server judged unreachable (stopped,
 * hanging past 5 s, three 5xx) and tried again with the backoff's sequence; the outbox sent in
 * order, surviving a reopen, its conflicts and refusals and the user's answers; and in the
 * composed app, sign-out wiping the user's cache and a start without the server finding it.
 */
import { existsSync, readdirSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DateTime } from 'luxon';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OfflineState } from '#shared/ipc';
import { pruneSyncLog } from '../../server/src/sync/sync.service';
import { client, setupAccounts, type Client, type Json } from '../../server/test/helpers/http';
import { startTestServer, type TestServer } from '../../server/test/helpers/test-server';
import { createDesktopApp } from '../src/services/desktop-app';
import { createMemoryStore } from '../src/services/key-value-store';
import { readMeta, writeMeta } from '../src/services/offline/cache-file';
import {
  createOfflineCache,
  SESSIONS_STORE_KEY,
  type OfflineCache,
} from '../src/services/offline/offline-cache';
import { META } from '../src/services/offline/sync';
import { fakeDesktopDeps, fakeSafeStorage } from './fakes';
import {
  fakeTimer,
  recordingRecords,
  recordOf,
  switchableFetch,
  teamData,
  type FakeTimer,
  type RecordingRecords,
} from './support/offline';

const ZONE = 'Asia/Tokyo';
const daysAgo = (n: number) => DateTime.now().setZone(ZONE).minus({ days: n }).toISODate() as string;

let server: TestServer;
let api: Client;
let admin: { token: string };
let creator: { token: string };
let data: ReturnType<typeof teamData>;

beforeAll(async () => {
  server = await startTestServer({ dialect: 'sqlite', config: { timeZone: ZONE } });
  api = client(server.url);
  const accounts = await setupAccounts(api);
  admin = accounts.admin;
  creator = await accounts.withRole('orderCreator');
  data = teamData(api, admin);
});
afterAll(() => server?.close());

const dirs: string[] = [];
const caches: OfflineCache[] = [];
afterEach(async () => {
  for (const cache of caches.splice(0)) cache.stop();
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

interface Harness {
  cache: OfflineCache;
  net: ReturnType<typeof switchableFetch>;
  timer: FakeTimer;
  records: RecordingRecords;
  emitted: OfflineState[];
  onError: ReturnType<typeof vi.fn>;
  dataDir: string;
  store: ReturnType<typeof createMemoryStore>;
}

async function newDataDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'kura-offline-'));
  dirs.push(dir);
  return dir;
}

/** A cache of `url`'s server for a session, opened and synced once (unless the network is down). */
async function openCache(
  options: {
    dataDir?: string;
    store?: ReturnType<typeof createMemoryStore>;
    records?: RecordingRecords;
    net?: ReturnType<typeof switchableFetch>;
    timer?: FakeTimer;
    token?: string;
    role?: 'admin' | 'orderCreator';
    url?: string;
    pageLimit?: number;
  } = {},
): Promise<Harness> {
  const dataDir = options.dataDir ?? (await newDataDir());
  const store = options.store ?? createMemoryStore();
  const net = options.net ?? switchableFetch();
  const timer = options.timer ?? fakeTimer();
  const records = options.records ?? recordingRecords();
  const emitted: OfflineState[] = [];
  const onError = vi.fn();
  const url = options.url ?? server.url;
  const cache = createOfflineCache({
    dataDir,
    store,
    safeStorage: fakeSafeStorage({ backend: 'gnome_libsecret' }),
    fetch: net.fetch,
    getTeamServer: async () => ({ apiBaseUrl: `${url}/api/v1`, origin: new URL(url).origin }),
    getSession: () => ({ token: options.token ?? creator.token, role: options.role ?? 'orderCreator' }),
    emit: (_event, state) => void emitted.push(state),
    records,
    timer,
    onError,
    pageLimit: options.pageLimit,
  });
  caches.push(cache);
  await cache.refresh();
  await cache.idle();
  return { cache, net, timer, records, emitted, onError, dataDir, store };
}

const ids = (pages: RecordingRecords['applied'], kind: 'shipments' | 'orders' | 'products') =>
  pages.flatMap((p) => p[kind].map((r) => r._id));
const allIds = (pages: RecordingRecords['applied']) => [
  ...ids(pages, 'shipments'),
  ...ids(pages, 'orders'),
  ...ids(pages, 'products'),
];
const syncCalls = (calls: string[]) => calls.filter((c) => c.startsWith('GET sync/changes'));

/**
 * An HTTP proxy to `target` on a worker thread, noting when each request arrives
 * (process.hrtime, shared by the process's threads) whatever the test's own thread is doing.
 */
async function timingProxy(target: string) {
  const worker = new Worker(
    `const http = require('node:http');
    const { parentPort, workerData } = require('node:worker_threads');
    const arrivals = [];
    const server = http.createServer(async (req, res) => {
      arrivals.push({ path: req.url, at: process.hrtime.bigint() });
      const answer = await fetch(workerData + req.url, { method: req.method, headers: { authorization: req.headers.authorization ?? '' } });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
    parentPort.on('message', (m) => {
      if (m === 'arrivals') parentPort.postMessage(arrivals);
      else server.close(() => parentPort.close());
    });`,
    { eval: true, workerData: target },
  );
  const next = () => new Promise<unknown>((resolve) => worker.once('message', resolve));
  const port = (await next()) as number;
  return {
    url: `http://127.0.0.1:${port}`,
    async arrivals() {
      worker.postMessage('arrivals');
      return (await next()) as { path: string; at: bigint }[];
    },
    async close() {
      worker.postMessage('close');
      await new Promise((resolve) => worker.once('exit', resolve));
    },
  };
}

describe('the sync', () => {
  it('fills the cache in pages with progress; a sync cut off halfway resumes from the last stored page, no gap', async () => {
    const product = await data.product();
    const orders = [];
    for (let i = 0; i < 4; i += 1) orders.push(await data.order(product, daysAgo(i + 1)));
    await data.ship(orders.slice(0, 2), daysAgo(1));

    // The first run dies on its third page: that page is not stored, nor its cursor.
    const dataDir = await newDataDir();
    const store = createMemoryStore();
    const dying = recordingRecords();
    const apply = dying.applyRecords;
    let calls = 0;
    dying.applyRecords = (db, page) => {
      calls += 1;
      if (calls === 3) throw new Error('killed');
      apply(db, page);
    };
    const first = await openCache({ dataDir, store, records: dying, pageLimit: 2 });
    expect(first.onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'killed' }));
    expect(dying.applied).toHaveLength(2);
    const db = first.cache.file()!.db;
    expect(readMeta(db, META.syncedAt)).toBeUndefined();
    const fullTotal = Number(readMeta(db, META.fullTotal));
    expect(Number(readMeta(db, META.fullDone))).toBe(4);
    first.cache.stop();

    // The next start goes on from the stored cursor, and the two runs hold the set exactly once.
    const timer = fakeTimer();
    const net = switchableFetch();
    net.onCall = () => timer.advance(250);
    const second = await openCache({ dataDir, store, net, timer, pageLimit: 2 });
    expect(syncCalls(net.calls)[0]).toMatch(/^GET sync\/changes\?cursor=.+&limit=2&orderProduct=id$/);
    const seen = [...allIds(dying.applied), ...allIds(second.records.applied)];
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(fullTotal);
    expect(seen).toEqual(expect.arrayContaining([...orders, product]));
    const customerOrder = recordOf(second.cache.file()!.db, 'orders', orders[0]!);
    expect(customerOrder.shipmentStatus).toBe('SHIPPED');

    // The window saw n of m move (every 200 ms at most), then the end with the time it caught up.
    const progress = second.emitted.flatMap((s) => (s.syncing ? [s.syncing] : []));
    expect(progress.length).toBeGreaterThan(1);
    for (const p of progress) expect(p).toMatchObject({ kind: 'full', total: fullTotal });
    expect(progress.at(-1)!.done).toBeGreaterThan(progress[0]!.done);
    const last = second.emitted.at(-1)!;
    expect(last).toMatchObject({ available: true, online: true, syncing: null, retryAt: null });
    expect(last.syncedAt).toBe(new Date(readMeta(second.cache.file()!.db, META.syncedAt)!).toISOString());
    // Aged by the business's day, and the start answers kept for an app started offline.
    expect(second.records.aged.at(-1)).toBe(DateTime.fromMillis(timer.now(), { zone: ZONE }).toISODate());
    expect(second.records.stored).toEqual(['auth/me', 'config', 'user-preferences']);
    expect(second.cache.get('config')).toMatchObject({ status: 200, body: { timeZone: ZONE } });
    // Then every 60 s.
    expect(timer.pending()).toEqual([60_000]);
  });

  it('asks for the next page before it stores this one: the server works while the cache writes', async () => {
    const product = await data.product();
    for (let i = 0; i < 3; i += 1) await data.order(product, daysAgo(i + 1));
    // The requests are timed where they arrive, on a thread of their own: this one is busy storing.
    const proxy = await timingProxy(server.url);
    try {
      const records = recordingRecords();
      const stores: { start: bigint; end: bigint }[] = [];
      const apply = records.applyRecords;
      records.applyRecords = (db, page) => {
        const start = process.hrtime.bigint();
        apply(db, page);
        // A page that takes a while to store, as one of 500 records does.
        while (process.hrtime.bigint() - start < 40_000_000n);
        stores.push({ start, end: process.hrtime.bigint() });
      };
      await openCache({ records, url: proxy.url, pageLimit: 1 });
      const asked = (await proxy.arrivals()).filter((a) => a.path.includes('sync/changes'));
      expect(stores.length).toBeGreaterThan(2);
      // Page n + 1 was asked for while page n was being stored, not after.
      for (let n = 0; n < stores.length - 1; n += 1) expect(asked[n + 1]!.at).toBeLessThan(stores[n]!.end);
    } finally {
      await proxy.close();
    }
  });

  it('brings the changes after it: removals and status changes reach the records', async () => {
    const product = await data.product();
    const old = await data.order(product, daysAgo(120));
    const recent = await data.order(product, daysAgo(2));
    const other = await data.order(product, daysAgo(3));
    const shipment = await data.ship([old, recent, other], daysAgo(2));
    const h = await openCache();
    const db = h.cache.file()!.db;
    expect(recordOf(db, 'orders', old)).toMatchObject({ shipmentId: shipment.shipmentId });

    await data.takeOut(shipment._id, old); // older than 90 days and in no shipment: out of the set
    await data.takeOut(shipment._id, recent); // recent: stays, without its shipment
    await data.setStatus(recent, 'CANCELLED');
    h.records.applied.length = 0;
    await h.cache.syncNow();
    const calls = syncCalls(h.net.calls);
    expect(calls.at(-1)).toMatch(/cursor=/);
    expect(h.records.applied.flatMap((p) => p.removed.orders)).toContain(old);
    expect(recordOf(db, 'orders', old)).toBeUndefined();
    expect(recordOf(db, 'orders', recent)).toMatchObject({ shipmentId: null, shipmentStatus: 'CANCELLED' });
    expect(recordOf(db, 'shipments', shipment._id).orderIds).toEqual([other]);
  });

  it("builds a table's indexes between pages once its records are all in: the orders' while the shipments arrive", async () => {
    const product = await data.product();
    const orders = [];
    for (let i = 0; i < 3; i += 1) orders.push(await data.order(product, daysAgo(i + 1)));
    await data.ship(orders.slice(0, 1), daysAgo(1));
    await data.ship(orders.slice(1, 2), daysAgo(2));

    const { records } = await openCache({ dataDir: await newDataDir(), pageLimit: 1 });
    const pages = records.applied;
    const kindsOf = (page: (typeof pages)[number]) =>
      (['orders', 'shipments', 'products'] as const).filter((kind) => page[kind].length > 0);
    const firstOf = (kind: string) => pages.findIndex((page) => kindsOf(page).includes(kind as never));
    // The server sends the orders, then the shipments, then the products.
    expect(firstOf('orders')).toBe(0);
    expect(firstOf('shipments')).toBeGreaterThan(pages.findLastIndex((page) => page.orders.length > 0));
    expect(firstOf('products')).toBeGreaterThan(firstOf('shipments'));
    // The orders' steps ran after the first page of shipments was stored, one a page, never before.
    const orderBuilds = records.builds.filter((b) => b.kind === 'orders');
    expect(orderBuilds).toHaveLength(2);
    expect(orderBuilds[0]!.afterPages).toBe(firstOf('shipments') + 1);
    expect(orderBuilds[1]!.afterPages).toBe(orderBuilds[0]!.afterPages + 1);
    // The shipments' began once the products came; none ran after the last page.
    const shipmentBuilds = records.builds.filter((b) => b.kind === 'shipments');
    expect(shipmentBuilds[0]?.afterPages).toBeGreaterThan(firstOf('products'));
    for (const build of records.builds) expect(build.afterPages).toBeLessThan(pages.length);
  });

  it('starts a full sync again after a cursor the server refuses (400) or has pruned (410)', async () => {
    const h = await openCache();
    const db = h.cache.file()!.db;
    const setSize = allIds(h.records.applied).length;

    writeMeta(db, META.cursor, 'not-one-of-ours');
    h.records.applied.length = 0;
    h.net.calls.length = 0;
    await h.cache.syncNow();
    expect(syncCalls(h.net.calls).slice(0, 2)).toEqual([
      expect.stringContaining('cursor=not-one-of-ours'),
      expect.stringMatching(/^GET sync\/changes\?limit=\d+&orderProduct=id$/),
    ]);
    expect(allIds(h.records.applied).length).toBe(setSize);

    // A change the cache has not read, then pruned with every note: its cursor lost a note.
    await data.product();
    await pruneSyncLog(server.app.db, new Date(Date.now() + 36 * 24 * 60 * 60 * 1000));
    h.records.applied.length = 0;
    h.net.calls.length = 0;
    await h.cache.syncNow();
    expect(syncCalls(h.net.calls)[1]).toMatch(/^GET sync\/changes\?limit=\d+&orderProduct=id$/);
    expect(allIds(h.records.applied).length).toBeGreaterThanOrEqual(setSize);
    expect(h.onError).not.toHaveBeenCalled();
  });
});

describe('online or not', () => {
  it('a network error: offline at once, tried again after 2, 4, 8, 16, 32, 60, 60 s; back online it syncs', async () => {
    const h = await openCache();
    h.net.mode = 'down';
    const before = h.timer.now();
    const state = await h.cache.syncNow();
    expect(state).toMatchObject({ available: true, online: false });
    expect(state.retryAt).toBe(new Date(before + 2_000).toISOString());
    const delays = [h.timer.pending()[0]];
    for (let i = 0; i < 6; i += 1) {
      h.timer.advance(h.timer.pending()[0]!);
      await h.cache.idle();
      delays.push(h.timer.pending()[0]);
      expect(h.timer.pending()).toHaveLength(1);
    }
    expect(delays).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
    expect(h.cache.state().online).toBe(false);

    // "Sync now" tries at once, without waiting for the backoff.
    const tried = h.net.calls.length;
    await h.cache.syncNow();
    expect(h.net.calls.length).toBe(tried + 1);

    h.net.mode = 'up';
    h.net.calls.length = 0;
    h.timer.advance(h.timer.pending()[0]!);
    await h.cache.idle();
    expect(h.cache.state()).toMatchObject({ online: true, retryAt: null });
    expect(syncCalls(h.net.calls)).toHaveLength(1);
    expect(h.timer.pending()).toEqual([60_000]);
    expect(h.emitted.some((s) => !s.online) && h.emitted.at(-1)!.online).toBe(true);
  });

  it('a server that does not answer within 5 s is offline', async () => {
    const h = await openCache();
    h.net.mode = 'hang';
    const hung = h.net.nextHang();
    const trying = h.cache.syncNow();
    await hung;
    h.timer.advance(4_999);
    await Promise.resolve();
    expect(h.cache.state().online).toBe(true);
    h.timer.advance(1);
    const state = await trying;
    expect(state.online).toBe(false);
    expect(h.timer.pending()).toEqual([2_000]);
  });

  it('a server error makes it offline only at the third in a row', async () => {
    const h = await openCache();
    h.net.mode = 'serverError';
    expect((await h.cache.syncNow()).online).toBe(true);
    h.timer.advance(h.timer.pending()[0]!);
    await h.cache.idle();
    expect(h.cache.state().online).toBe(true);
    h.timer.advance(h.timer.pending()[0]!);
    await h.cache.idle();
    expect(h.cache.state()).toMatchObject({ online: false });
    expect(h.net.calls.filter((c) => c === 'GET auth/me').length).toBeGreaterThanOrEqual(3);
  });

  it('a stopped server: offline, the customs kept; started again, online and the outbox sent', async () => {
    const product = await data.product();
    const shipment = await data.ship([await data.order(product, daysAgo(2))], daysAgo(1));
    // A second server on the same database: this one is stopped and started again.
    let second = await startTestServer({ dialect: 'sqlite', databaseUrl: server.databaseUrl });
    const url = second.url;
    const h = await openCache({ url });
    expect(h.cache.state().available).toBe(true);
    await second.close();

    const state = await h.cache.syncNow();
    expect(state.online).toBe(false);
    h.cache.outboxAdd({
      shipment: shipment._id,
      customs: {
        customId: 'CUS-BACK',
        totalCustomFee: 2500.25,
        receivedDate: daysAgo(0),
        version: shipment.version,
      },
    });
    expect(h.cache.state().outbox).toEqual({ pending: 1, conflicts: 0 });

    second = await startTestServer({
      dialect: 'sqlite',
      databaseUrl: server.databaseUrl,
      config: { port: Number(new URL(url).port) },
    });
    try {
      h.timer.advance(h.timer.pending()[0]!);
      await h.cache.idle();
      expect(h.cache.state()).toMatchObject({ online: true, outbox: { pending: 0, conflicts: 0 } });
      const saved = (await api.get(`/api/v1/shipments/${shipment._id}`, admin)).body.data;
      expect(saved).toMatchObject({ status: 'RECEIVED', customId: 'CUS-BACK', totalCustomFee: 2500.25 });
      expect(recordOf(h.cache.file()!.db, 'shipments', shipment._id)).toMatchObject({ status: 'RECEIVED' });
    } finally {
      await second.close();
    }
  });
});

describe('the outbox', () => {
  it('sends in order, survives a reopen, keeps conflicts and refusals for the user, and their answers', async () => {
    const product = await data.product();
    const [s1, s2, s3] = [
      await data.ship([await data.order(product, daysAgo(2))], daysAgo(1)),
      await data.ship([await data.order(product, daysAgo(2))], daysAgo(1)),
      await data.ship([await data.order(product, daysAgo(2))], daysAgo(1)),
    ];
    const extra = await data.order(product, daysAgo(1));
    const dataDir = await newDataDir();
    const store = createMemoryStore();
    const net = switchableFetch();
    const first = await openCache({ dataDir, store, net });
    net.mode = 'down';
    await first.cache.syncNow();
    const customs = (id: string, version: number) => ({
      customId: `CUS-${id}`,
      totalCustomFee: 1000.5,
      receivedDate: daysAgo(0),
      version,
    });
    first.cache.outboxAdd({ shipment: s3._id, customs: customs('A', s3.version) }); // will conflict
    first.cache.outboxAdd({ shipment: s1._id, customs: customs('B', s1.version) }); // goes through
    first.cache.outboxAdd({ shipment: s3._id, customs: customs('C', s3.version) }); // waits behind A
    first.cache.outboxAdd({ shipment: s2._id, customs: customs('D', s2.version) }); // refused
    const entered = first.cache.outboxList();
    expect(entered.map((e) => [e.shipment.shipmentId, e.customs.customId, e.state])).toEqual([
      [s3.shipmentId, 'CUS-A', 'pending'],
      [s1.shipmentId, 'CUS-B', 'pending'],
      [s3.shipmentId, 'CUS-C', 'pending'],
      [s2.shipmentId, 'CUS-D', 'pending'],
    ]);
    expect(first.cache.state().outbox).toEqual({ pending: 4, conflicts: 0 });
    first.cache.stop();

    // Reopened (the app restarted, still without the server): the same entries.
    const second = await openCache({ dataDir, store, net });
    expect(second.cache.outboxList()).toEqual(entered);

    // Meanwhile shipment 3 changes on the server; shipment 2's save is refused.
    const changed = await data.addOrders(s3._id, [extra]);
    expect(changed.version).toBe(s3.version + 1);
    net.fake.set(`PUT shipments/${s2._id}`, () =>
      Response.json({ code: 'invalidRequest', message: 'The request is not valid' }, { status: 400 }),
    );
    net.mode = 'up';
    net.calls.length = 0;
    await second.cache.syncNow();
    expect(net.calls.filter((c) => c.startsWith('PUT'))).toEqual([
      `PUT shipments/${s3._id}`,
      `PUT shipments/${s1._id}`,
      `PUT shipments/${s2._id}`,
    ]);
    let list = second.cache.outboxList();
    expect(list.map((e) => [e.customs.customId, e.state])).toEqual([
      ['CUS-A', 'conflict'],
      ['CUS-C', 'pending'],
      ['CUS-D', 'refused'],
    ]);
    expect(list[0]).toMatchObject({ version: s3.version, theirs: { _id: s3._id, version: s3.version + 1 } });
    expect(list[2]!.error).toEqual({ code: 'invalidRequest', message: 'The request is not valid' });
    expect(second.cache.state().outbox).toEqual({ pending: 3, conflicts: 1 });
    const db = second.cache.file()!.db;
    expect(recordOf(db, 'shipments', s1._id)).toMatchObject({ status: 'RECEIVED', customId: 'CUS-B' });

    // Keep mine: sent over their version; the entry waiting behind it goes next and conflicts
    // with the customs just saved, which only an administrator may correct.
    net.calls.length = 0;
    list = second.cache.outboxResolve({ id: list[0]!.id, keep: 'mine' });
    expect(list[0]).toMatchObject({
      customs: { customId: 'CUS-A' },
      state: 'pending',
      version: s3.version + 1,
    });
    await second.cache.idle();
    expect(net.calls.filter((c) => c.startsWith('PUT'))).toEqual([
      `PUT shipments/${s3._id}`,
      `PUT shipments/${s3._id}`,
    ]);
    const onServer = (await api.get(`/api/v1/shipments/${s3._id}`, admin)).body.data;
    expect(onServer).toMatchObject({ status: 'RECEIVED', customId: 'CUS-A' });
    list = second.cache.outboxList();
    expect(list.map((e) => [e.customs.customId, e.state])).toEqual([
      ['CUS-C', 'conflict'],
      ['CUS-D', 'refused'],
    ]);
    expect(list[0]!.theirs).toMatchObject({
      status: 'RECEIVED',
      customId: 'CUS-A',
      version: onServer.version,
    });
    list = second.cache.outboxResolve({ id: list[0]!.id, keep: 'mine' });
    expect(list[0]).toMatchObject({ state: 'refused', error: { code: 'customsAlreadySaved' } });
    await second.cache.idle();
    expect((await api.get(`/api/v1/shipments/${s3._id}`, admin)).body.data.customId).toBe('CUS-A');

    // Keep theirs: dropped, their shipment stored.
    list = second.cache.outboxResolve({ id: list[0]!.id, keep: 'theirs' });
    list = second.cache.outboxResolve({ id: list[0]!.id, keep: 'theirs' });
    expect(list).toEqual([]);
    expect(recordOf(db, 'shipments', s3._id)).toMatchObject({ status: 'RECEIVED', customId: 'CUS-A' });
    expect(second.cache.state().outbox).toEqual({ pending: 0, conflicts: 0 });
    expect(second.emitted.at(-1)!.outbox).toEqual({ pending: 0, conflicts: 0 });
  });

  it("an administrator's mine over saved customs goes through the correction route", async () => {
    const product = await data.product();
    const shipment = await data.ship([await data.order(product, daysAgo(2))], daysAgo(1));
    const h = await openCache({ token: admin.token, role: 'admin' });
    h.net.mode = 'down';
    await h.cache.syncNow();
    h.cache.outboxAdd({
      shipment: shipment._id,
      customs: {
        customId: 'CUS-MINE',
        totalCustomFee: 700,
        receivedDate: daysAgo(0),
        version: shipment.version,
      },
    });
    const saved = await api.put(
      `/api/v1/shipments/${shipment._id}`,
      { customId: 'CUS-THEIRS', totalCustomFee: 800, receivedDate: daysAgo(0) },
      admin,
    );
    expect(saved.status).toBe(200);
    h.net.mode = 'up';
    await h.cache.syncNow();
    const [entry] = h.cache.outboxList();
    expect(entry).toMatchObject({ state: 'conflict', theirs: { customId: 'CUS-THEIRS' } });
    h.net.calls.length = 0;
    h.cache.outboxResolve({ id: entry!.id, keep: 'mine' });
    await h.cache.idle();
    expect(h.net.calls.filter((c) => c.startsWith('PUT'))).toEqual([`PUT shipments/${shipment._id}/customs`]);
    expect(h.cache.outboxList()).toEqual([]);
    expect((await api.get(`/api/v1/shipments/${shipment._id}`, admin)).body.data).toMatchObject({
      customId: 'CUS-MINE',
      totalCustomFee: 700,
    });
  });
});

describe('in the desktop app', () => {
  function desktopDeps(
    dataDir: string,
    store: ReturnType<typeof createMemoryStore>,
    net = switchableFetch(),
  ) {
    return fakeDesktopDeps(dataDir, {
      appInfo: { version: 't', platform: 'linux' },
      safeStorage: fakeSafeStorage({ backend: 'gnome_libsecret' }),
      store,
      startServer: vi.fn(async () => ({ url: 'http://127.0.0.1:1', close: vi.fn(async () => {}) })),
      fetch: net.fetch,
      offlineTimer: fakeTimer(),
      offlineRecords: recordingRecords(),
    });
  }
  const APP = { url: 'app://kura/index.html' };

  it('local mode has no cache; on a team server sign-in opens one, a start without the server finds it, sign-out wipes it', async () => {
    const dataDir = await newDataDir();
    const store = createMemoryStore();
    const desktop = createDesktopApp(desktopDeps(dataDir, store));
    const call = async (channel: string, payload?: unknown) => {
      const res = await desktop.router.handle(channel, payload, APP);
      if (!res.ok) throw new Error(JSON.stringify(res.error));
      return res.value as Json;
    };
    await call('session:set', { token: creator.token, role: 'orderCreator' });
    await desktop.offline.idle();
    expect(await call('offline:state')).toEqual({
      available: false,
      online: true,
      syncedAt: null,
      syncing: null,
      retryAt: null,
      outbox: { pending: 0, conflicts: 0 },
    });
    expect(await call('cache:get', { path: 'config' })).toMatchObject({
      status: 503,
      body: { code: 'offline' },
    });

    await call('connection:set', { mode: 'team', url: server.url });
    await desktop.offline.idle();
    await call('session:set', { token: creator.token, role: 'orderCreator' });
    await desktop.offline.idle();
    expect(await call('offline:state')).toMatchObject({ available: true, online: true });
    expect((await call('offline:state')).syncedAt).not.toBeNull();
    expect(await call('cache:get', { path: 'config' })).toMatchObject({
      status: 200,
      body: { timeZone: ZONE },
    });
    const offlineDir = path.join(dataDir, 'offline');
    expect(readdirSync(offlineDir)).toContain(path.basename(desktop.offline.file()!.file));
    await desktop.stop();

    // Started again with the server gone: the stored session finds its user's cache.
    const net = switchableFetch();
    net.mode = 'down';
    const restarted = createDesktopApp(desktopDeps(dataDir, store, net));
    restarted.start();
    await vi.waitFor(() => expect(restarted.offline.file()).toBeDefined());
    await restarted.offline.idle();
    const file = restarted.offline.file()!.file;
    const res = await restarted.router.handle('offline:state', undefined, APP);
    expect(res).toMatchObject({ ok: true, value: { available: true, online: false } });
    expect(await restarted.router.handle('cache:get', { path: 'config' }, APP)).toMatchObject({
      ok: true,
      value: { status: 200 },
    });

    // Sign-out: the file, its log files, its key and the session's user are gone.
    expect(await restarted.router.handle('session:clear', undefined, APP)).toEqual({
      ok: true,
      value: undefined,
    });
    for (const suffix of ['', '-wal', '-shm']) expect(existsSync(file + suffix)).toBe(false);
    expect(Object.keys(store.dump()).filter((k) => k.startsWith('offline.key.'))).toEqual([]);
    expect(store.get(SESSIONS_STORE_KEY)).toEqual({});
    expect(restarted.offline.state().available).toBe(false);
    await restarted.stop();
  });
});
