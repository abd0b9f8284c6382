/**
 * The offline cache's bulk load and kept counts, on the cache alone: a full sync stored in bulk
 * (rows only, the indexes, search indexes and day counts built at its end) answers as the same
 * pages stored one by one, records delivered twice or out of order and removals mid-load
 * included; page-by-page upkeep after it keeps the search indexes and the day counts exact; a
 * load cut short goes on in bulk in the next process until it is ended.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withJanCheckDigit } from '#shared/domain/jan';
import type { Order } from '#shared/schemas/order';
import type { Product } from '#shared/schemas/product';
import type { SyncShipment } from '#shared/schemas/sync';
import {
  answerGet,
  applyRecords,
  beginBulkLoad,
  buildStep,
  bulkLoading,
  dropAged,
  endBulkLoad,
  type SyncPage,
} from '../src/services/offline/cache-records';
import {
  openRecordsCache,
  orderProduct,
  orderRecord,
  productRecord,
  shipmentRecord,
  Sqlite,
  syncPage,
} from './support/records';

const ctx = { today: '2026-06-30' };
const stamp = (day: string, minute = 0) => `${day}T00:${String(minute).padStart(2, '0')}:00.000Z`;
const page = syncPage;

function product(i: number, updatedAt = stamp('2026-01-01')): Product {
  const name = ['Matcha Whisk', 'Sencha Tin', 'Hojicha Powder', 'Genmaicha Bags'][i % 4] as string;
  return productRecord({
    _id: `p${i}`,
    name: `${name} ${i}`,
    nameJa: i % 2 ? '抹茶' : null,
    skuCode: `SKU-${i}`,
    janCode: withJanCheckDigit(`490000000${String(100 + i)}`),
    suppliers: [{ _id: `sup${i % 3}`, name: 'S' }],
    createdAt: stamp('2026-01-01'),
    updatedAt,
  });
}

const STATUSES = ['RECEIVED', 'ACCEPTED', 'PACKED', 'CANCELLED'] as const;

function order(i: number, extra: Partial<Order> = {}): Order {
  const day = `2026-06-${String(1 + (i % 28)).padStart(2, '0')}`;
  const india = i % 3 !== 0;
  return orderRecord({
    _id: `o${i}`,
    orderId: india ? `403-${1000000 + i * 7919}` : `249-${2000000 + i * 104729}`,
    orderDate: day,
    platformCode: india ? 'AMAZONIND' : 'AMAZONJP',
    product: orderProduct(`p${i % 10}`),
    currency: india ? 'INR' : 'JPY',
    baseOrderPrice: india ? 100.25 + i : 1200 + i,
    shipmentStatus: STATUSES[i % STATUSES.length] as Order['shipmentStatus'],
    shipmentId: i % 7 === 0 ? `SHP-${i % 3}` : null,
    customer: india
      ? {
          name: `Kabir ${i % 2 ? 'Sharma' : 'IYER'}`,
          email: `Kabir.${i}@Mail.Example`,
          phone: '',
          address: '',
          city: '',
          state: '',
          country: '',
          postcode: '',
        }
      : null,
    createdAt: stamp(day),
    updatedAt: stamp(day),
    ...extra,
  });
}

function shipment(i: number, updatedAt = stamp('2026-06-10')): SyncShipment {
  return shipmentRecord({
    _id: `s${i}`,
    shipmentId: `SHP-${i}`,
    shippingDate: `2026-06-${String(10 + i).padStart(2, '0')}`,
    totalShippingFee: 1000 + i,
    createdAt: stamp('2026-06-10'),
    updatedAt,
  });
}

/** A full sync's pages, as at-least-once delivery may bring them: repeats, an older state after a newer, removals. */
function syncPages(): SyncPage[] {
  const orders = Array.from({ length: 120 }, (_, i) => order(i));
  const renamed = order(5, { orderId: '403-renamed', customer: null, updatedAt: stamp('2026-06-06', 9) });
  return [
    page({ shipments: [shipment(0), shipment(1), shipment(2)] }),
    page({ orders: orders.slice(0, 60) }),
    page({ orders: [...orders.slice(50, 120), renamed] }),
    // An older state of o5 after its newer one: passed over.
    page({
      orders: [order(5)],
      removed: { shipments: ['s2'], orders: ['o7', 'o8', 'missing'], products: [] },
    }),
    page({ products: Array.from({ length: 10 }, (_, i) => product(i)) }),
    page({ products: [product(3, stamp('2026-02-01'))], shipments: [shipment(1, stamp('2026-06-11'))] }),
  ];
}

const openCache = openRecordsCache;

const store = (db: Database, pages: SyncPage[]) => {
  for (const p of pages) db.transaction(() => applyRecords(db, p))();
};

const PATHS = [
  'orders?sort=orderId&limit=200',
  'orders?shipmentStatus=PACKED&sort=-baseOrderPrice',
  'orders?orderDate[gte]=2026-06-10&platformCode=AMAZONIND',
  'orders/search?searchStr=kabir',
  'orders/search?searchStr=kabir.1&shipmentStatus=ACCEPTED',
  'orders/search?searchStr=iyer&orderDate[lte]=2026-06-15',
  'orders/search?searchStr=403-1',
  'orders/search?searchStr=renamed',
  'orders/search?searchStr=matcha&limit=5&page=2',
  'orders/search?searchStr=sencha&shipmentStatus=RECEIVED',
  'orders/search?searchStr=%E6%8A%B9%E8%8C%B6',
  'orders/search?searchStr=40',
  'orders/total',
  'orders/total?start_date=2026-06-05&end_date=2026-06-20&platformCode=AMAZONJP',
  'orders/total?start_date=2026-06-05&searchStr=genmaicha',
  'orders/total?searchStr=kabir&shipmentId=SHP-0',
  'orders/o5',
  'orders/o7',
  'shipments?sort=shipmentId',
  'shipments/search?searchStr=SHP-1',
  'shipments/search?searchStr=403-10&searchBy=orderId',
  'products?sort=name',
  'products/search?searchString=sku-3',
  'products/search?searchString=bags',
  'products/p3',
];

const answers = (db: Database) => PATHS.map((path) => ({ path, answer: answerGet(db, path, ctx) }));

/** The kept day counts (non-zero) and the same counts made from the orders. */
function dayCounts(db: Database) {
  return {
    kept: db
      .prepare(
        `select order_date, shipment_status, platform_code, n from order_day_counts where n <> 0
        order by 1, 2, 3`,
      )
      .all(),
    counted: db
      .prepare(
        `select order_date, shipment_status, platform_code, count(*) as n from orders
        group by 1, 2, 3 order by 1, 2, 3`,
      )
      .all(),
  };
}

describe('offline cache bulk load', () => {
  it('answers as the same pages stored one by one', () => {
    const oneByOne = openCache();
    store(oneByOne, syncPages());
    const bulk = openCache();
    const synchronous = () => bulk.pragma('synchronous', { simple: true });
    bulk.pragma('synchronous = FULL');
    beginBulkLoad(bulk);
    expect(bulkLoading(bulk)).toBe(true);
    expect(synchronous()).toBe(0);
    store(bulk, syncPages());
    endBulkLoad(bulk);
    expect(bulkLoading(bulk)).toBe(false);
    // The connection's own setting is back.
    expect(synchronous()).toBe(2);

    const expected = answers(oneByOne);
    expect(answers(bulk)).toEqual(expected);
    // The answers hold something: the repeats, the older state and the removals were applied.
    const found = (path: string) => (answerGet(bulk, path, ctx).body as { totalcount: number }).totalcount;
    expect(found('orders/search?searchStr=kabir')).toBeGreaterThan(50);
    expect(found('orders/search?searchStr=renamed')).toBe(1);
    expect(found('orders/search?searchStr=shp-2')).toBe(0);
    expect(answerGet(bulk, 'orders/o7', ctx).status).toBe(404);
    expect(bulk.prepare('select count(*) from orders').pluck().get()).toBe(118);
    const counts = dayCounts(bulk);
    expect(counts.kept).toEqual(counts.counted);
    expect(counts.kept.length).toBeGreaterThan(20);
  });

  it("builds a table's indexes in steps between pages, and again for rows stored after them", () => {
    const oneByOne = openCache();
    store(oneByOne, syncPages());
    const bulk = openCache();
    beginBulkLoad(bulk);
    const [shipments, firstOrders, moreOrders, ...rest] = syncPages();
    store(bulk, [firstOrders!]);
    // Every step of the orders, each in its own transaction, while the load goes on.
    let steps = 0;
    while (buildStep(bulk, 'orders')) steps += 1;
    expect(steps).toBeGreaterThan(5);
    expect(
      bulk.prepare("select count(*) from sqlite_master where name = 'ix_orders__order_id'").pluck().get(),
    ).toBe(1);
    expect(buildStep(bulk, 'orders')).toBe(false);
    // More orders after their steps ran (a server sending the tables in another order): the
    // search indexes and counts lack them until their steps run again, at the latest at the end.
    store(bulk, [shipments!, moreOrders!]);
    expect(buildStep(bulk, 'orders')).toBe(true);
    store(bulk, rest);
    expect(buildStep(bulk, 'shipments')).toBe(true);
    endBulkLoad(bulk);
    expect(buildStep(bulk, 'orders')).toBe(false);

    expect(answers(bulk)).toEqual(answers(oneByOne));
    const counts = dayCounts(bulk);
    expect(counts.kept).toEqual(counts.counted);
    for (const fts of ['orders_fts', 'orders_customer_fts', 'shipments_fts', 'products_fts']) {
      expect(
        () => bulk.exec(`insert into ${fts} (${fts}, rank) values ('integrity-check', 1)`),
        fts,
      ).not.toThrow();
    }
  });

  it('loads a file through a rollback journal and gives it back its write-ahead log', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kura-bulk-'));
    const db = openCache(join(dir, 'cache.sqlite'));
    try {
      const journal = () => db.pragma('journal_mode', { simple: true });
      db.pragma('journal_mode = WAL');
      beginBulkLoad(db);
      // Pages appended under WAL would be written twice (the log, then the checkpoint).
      expect(journal()).toBe('delete');
      store(db, syncPages());
      endBulkLoad(db);
      expect(journal()).toBe('wal');
      expect(db.prepare('select count(*) from orders').pluck().get()).toBe(118);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the search indexes and day counts exact page by page after a bulk load', () => {
    const db = openCache();
    beginBulkLoad(db);
    store(db, syncPages());
    endBulkLoad(db);
    const total = (path: string) => (answerGet(db, path, ctx).body as { totalcount: number }).totalcount;
    const before = total('orders/search?searchStr=kabir.11@');
    expect(before).toBe(1);

    store(db, [
      page({
        orders: [
          // A new order id and no customer any more; another moved to a new day and status.
          order(11, { orderId: '249-moved', customer: null, updatedAt: stamp('2026-06-12', 30) }),
          order(12, {
            orderDate: '2026-06-27',
            shipmentStatus: 'CANCELLED',
            updatedAt: stamp('2026-06-13', 30),
          }),
          order(500),
        ],
        products: [{ ...product(1, stamp('2026-03-01')), name: 'Kukicha Twig 1' }],
        removed: { shipments: [], orders: ['o13'], products: [] },
      }),
    ]);
    expect(total('orders/search?searchStr=kabir.11@')).toBe(0);
    expect(total('orders/search?searchStr=249-moved')).toBe(1);
    expect(total('orders/search?searchStr=kabir.500@')).toBe(1);
    expect(total('orders/search?searchStr=kabir.13@')).toBe(0);
    expect(total('products/search?searchString=kukicha')).toBe(1);
    expect(total('products/search?searchString=whisk 1')).toBe(0);
    const counts = dayCounts(db);
    expect(counts.kept).toEqual(counts.counted);

    dropAged(db, '2026-09-20');
    const aged = dayCounts(db);
    expect(aged.kept).toEqual(aged.counted);
    // The FTS5 indexes hold no entry for a row gone: an integrity check reads each against its row.
    for (const fts of ['orders_fts', 'orders_customer_fts', 'shipments_fts', 'products_fts']) {
      expect(
        () => db.exec(`insert into ${fts} (${fts}, rank) values ('integrity-check', 1)`),
        fts,
      ).not.toThrow();
    }
  });

  it('goes on in bulk after a load cut short, until it is ended', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kura-cache-bulk-'));
    try {
      const file = join(dir, 'cache.sqlite');
      const first = openCache(file);
      beginBulkLoad(first);
      store(first, syncPages().slice(0, 3));
      first.close();

      const next = new Sqlite(file);
      expect(bulkLoading(next)).toBe(true);
      store(next, syncPages().slice(3));
      endBulkLoad(next);
      expect(bulkLoading(next)).toBe(false);
      const oneByOne = openCache();
      store(oneByOne, syncPages());
      expect(answers(next)).toEqual(answers(oneByOne));
      next.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
