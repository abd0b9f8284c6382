/**
 * What the offline cache's suites share: a clock whose timeouts run only when a test moves it,
 * a stand-in for cache-records.ts that keeps records as JSON in the cache file and records every
 * call, a fetch that can be switched to a dead, hanging or failing server, and a team server's
 * data made over its API.
 */
import { withJanCheckDigit } from '#shared/domain/jan';
import type { SyncChanges } from '#shared/schemas/sync';
import type { Database } from '../../src/services/offline/cache-file';
import type { Fetch, OfflineTimer } from '../../src/services/offline/connectivity';
import type { CacheRecords } from '../../src/services/offline/sync';
import type { Client, Json } from '../../../server/test/helpers/http';

export interface FakeTimer extends OfflineTimer {
  /** Moves the clock, running every timeout that falls due, in order. */
  advance(ms: number): void;
  /** The timeouts waiting, as delays from now. */
  pending(): number[];
}

export function fakeTimer(start = Date.now()): FakeTimer {
  let now = start;
  let seq = 0;
  const waiting = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => now,
    setTimeout(callback, ms) {
      seq += 1;
      waiting.set(seq, { at: now + ms, callback });
      return seq;
    },
    clearTimeout: (handle) => void waiting.delete(handle as number),
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...waiting.entries()]
          .filter(([, t]) => t.at <= end)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        waiting.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = end;
    },
    pending: () => [...waiting.values()].map((t) => t.at - now).sort((a, b) => a - b),
  };
}

export type RecordingRecords = CacheRecords & {
  applied: SyncChanges['data'][];
  /** Each index build step asked for: the table, and how many pages were stored by then. */
  builds: { kind: string; afterPages: number }[];
  aged: string[];
  stored: string[];
};

/** cache-records.ts's contract kept simply: records as JSON by kind and id, answers by path. */
export function recordingRecords(): RecordingRecords {
  const applied: SyncChanges['data'][] = [];
  const builds: RecordingRecords['builds'] = [];
  const aged: string[] = [];
  const stored: string[] = [];
  return {
    applied,
    builds,
    aged,
    stored,
    createRecordTables(db) {
      db.exec(`
        create table rec (kind text not null, id text not null, body text not null, primary key (kind, id)) strict;
        create table answer (path text primary key, body text not null) strict;
      `);
    },
    applyRecords(db, page) {
      applied.push(page);
      const put = db.prepare(
        'insert into rec (kind, id, body) values (?, ?, ?) on conflict (kind, id) do update set body = excluded.body',
      );
      const drop = db.prepare('delete from rec where kind = ? and id = ?');
      for (const kind of ['shipments', 'orders', 'products'] as const) {
        for (const record of page[kind]) put.run(kind, record._id, JSON.stringify(record));
        for (const id of page.removed[kind]) drop.run(kind, id);
      }
    },
    tuneCacheConnection() {},
    // Stored as they come either way; the bulk load's state kept as cache-records keeps it.
    beginBulkLoad(db) {
      db.exec('create table if not exists bulk (on_ integer)');
      db.exec('delete from bulk; insert into bulk values (1)');
    },
    endBulkLoad(db) {
      db.exec('create table if not exists bulk (on_ integer); delete from bulk');
    },
    // Two steps a table, as if it had a search index and one other.
    buildStep(_db, kind) {
      if (builds.filter((b) => b.kind === kind).length >= 2) return false;
      builds.push({ kind, afterPages: applied.length });
      return true;
    },
    bulkLoading(db) {
      db.exec('create table if not exists bulk (on_ integer)');
      return db.prepare('select 1 from bulk').get() !== undefined;
    },
    dropAged(_db, today) {
      aged.push(today);
    },
    answerGet(db, path) {
      const one = /^shipments\/([^/?]+)$/.exec(path);
      if (one) {
        const row = recordOf(db, 'shipments', decodeURIComponent(one[1]!));
        return row ? { status: 200, body: { data: row } } : { status: 404, body: { code: 'notFound' } };
      }
      const answer = db.prepare('select body from answer where path = ?').get(path) as
        { body: string } | undefined;
      if (answer) return { status: 200, body: JSON.parse(answer.body) as unknown };
      return { status: 503, body: { code: 'offline', message: 'Not available offline' } };
    },
    storeAnswer(db, path, body) {
      stored.push(path);
      db.prepare(
        'insert into answer (path, body) values (?, ?) on conflict (path) do update set body = excluded.body',
      ).run(path, JSON.stringify(body));
    },
  };
}

export function recordOf(db: Database, kind: string, id: string): Json {
  const row = db.prepare('select body from rec where kind = ? and id = ?').get(kind, id) as
    { body: string } | undefined;
  return row ? JSON.parse(row.body) : undefined;
}

export type NetMode = 'up' | 'down' | 'hang' | 'serverError';

/**
 * The real fetch, or a server that is gone (a network error), never answers (until the request
 * is aborted) or fails (503). `calls` lists every request as "METHOD path".
 */
export function switchableFetch(): {
  fetch: Fetch;
  mode: NetMode;
  calls: string[];
  /** Resolves at the next request that hangs. */
  nextHang(): Promise<void>;
  /** Answers to give instead of the server's, by "METHOD path". */
  fake: Map<string, () => Response>;
  /** Runs at every request (a test moving its clock as requests take time). */
  onCall?: () => void;
} {
  let hung: (() => void) | undefined;
  const net: ReturnType<typeof switchableFetch> = {
    mode: 'up' as NetMode,
    calls: [] as string[],
    fake: new Map<string, () => Response>(),
    nextHang: () => new Promise<void>((resolve) => (hung = resolve)),
    fetch: (async (url, init) => {
      const { pathname, search } = new URL(url);
      const call = `${init.method ?? 'GET'} ${pathname.replace(/^\/api\/v1\//, '')}${search}`;
      net.calls.push(call);
      net.onCall?.();
      if (net.mode === 'down') throw new TypeError('fetch failed');
      if (net.mode === 'serverError') return Response.json({ code: 'somethingWentWrong' }, { status: 503 });
      if (net.mode === 'hang') {
        hung?.();
        return new Promise<Response>((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      }
      const fake = net.fake.get(call.replace(/\?.*$/, ''));
      if (fake) return fake();
      return fetch(url, init);
    }) as Fetch,
  };
  return net;
}

let counter = 0;
const nextId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`;
let jan = 800_000;

/** A team server's data, made by an admin over the API. */
export function teamData(api: Client, admin: { token: string }) {
  const as = { token: admin.token };
  const ok = (res: { status: number; body: Json }, status = 200) => {
    if (res.status !== status) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  return {
    async product(name = nextId('Offline product')): Promise<string> {
      jan += 1;
      const body = ok(
        await api.post(
          '/api/v1/products',
          {
            name,
            skuCode: nextId('OFF-SKU'),
            janCode: withJanCheckDigit(`492${String(jan).padStart(9, '0')}`),
            purchasePrice: 300,
            inStockQuantity: 100_000,
            amazonStockQuantity: 0,
            availablePlatforms: [{ code: 'AMAZONIND', asin: 'B0OFFLINE1' }],
          },
          as,
        ),
        201,
      );
      return body.data._id as string;
    },
    /** A PACKED Amazon India order (or RECEIVED), `customer` as its buyer's name. */
    async order(product: string, orderDate: string, options: { customer?: string; packed?: boolean } = {}) {
      const body = ok(
        await api.post(
          '/api/v1/orders',
          {
            product,
            platformCode: 'AMAZONIND',
            currency: 'INR',
            orderId: nextId('403-OFF'),
            orderDate,
            orderQuantity: 1,
            baseOrderPrice: 1000,
            discount: 0,
            ...(options.customer ? { customer: { name: options.customer } } : {}),
          },
          as,
        ),
        201,
      );
      const id = body.data._id as string;
      if (options.packed !== false) {
        for (const step of ['ACCEPTED', 'PACKED'])
          ok(await api.put(`/api/v1/orders/${id}`, { shipmentStatus: step }, as));
      }
      return id;
    },
    async ship(orderIds: string[], shippingDate: string): Promise<Json> {
      const body = ok(
        await api.post(
          '/api/v1/shipments',
          {
            shipmentId: nextId('SHP-OFF'),
            shippingDate,
            totalShippingFee: 1000,
            shipmentTrackingLink: 'https://tracking.example/offline',
            orderIds,
          },
          as,
        ),
        201,
      );
      return body.data;
    },
    async addOrders(shipment: string, orderIds: string[]): Promise<Json> {
      return ok(await api.post(`/api/v1/shipments/${shipment}/orders`, { orderIds }, as)).data;
    },
    async takeOut(shipment: string, order: string): Promise<Json> {
      return ok(await api.request('DELETE', `/api/v1/shipments/${shipment}/orders/${order}`, as)).data;
    },
    async setStatus(order: string, shipmentStatus: string): Promise<void> {
      ok(await api.put(`/api/v1/orders/${order}`, { shipmentStatus }, as));
    },
  };
}
