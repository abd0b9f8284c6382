/**
 * The offline cache answers reads as the server does: a real server (SQLite) is filled through
 * its API, fully synced into a cache (GET /sync/changes → applyRecords), and a battery of list,
 * search, total and record requests whose answers lie inside the sync set is sent to both; the
 * bodies must be equal. Also: removals drop rows and their search entries, a record applied
 * twice is kept once in its newer state, aging at the window's edges, bad queries answered with
 * the server's very error body, and other paths answered offline. The sync set is stored twice,
 * page by page and in a bulk load (beginBulkLoad … endBulkLoad), and both caches must answer as
 * the server does.
 */
import type { Database } from 'better-sqlite3';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_CURRENCY, type Platform } from '#shared/constants';
import { withJanCheckDigit } from '#shared/domain/jan';
import type { Order } from '#shared/schemas/order';
import type { Product } from '#shared/schemas/product';
import type { SyncChanges, SyncShipment } from '#shared/schemas/sync';
import { client, setupAccounts, type Client, type Json } from '../../server/test/helpers/http';
import { startTestServer, type TestServer } from '../../server/test/helpers/test-server';
import {
  answerGet,
  applyRecords,
  beginBulkLoad,
  dropAged,
  endBulkLoad,
  storeAnswer,
} from '../src/services/offline/cache-records';
import {
  openRecordsCache,
  orderProduct,
  orderRecord,
  productRecord,
  shipmentRecord,
  syncPage,
} from './support/records';

const ZONE = 'Asia/Tokyo';
const today = DateTime.now().setZone(ZONE).toISODate() as string;
const daysAgo = (n: number) => DateTime.fromISO(today).minus({ days: n }).toISODate() as string;
const ordersFrom = daysAgo(90);

const openCache = () => openRecordsCache();
const emptyPage = () => syncPage();

describe('offline cache reads against the server', () => {
  let server: TestServer;
  let api: Client;
  let token: string;
  let cache: Database;
  let bulkCache: Database;
  const products: Json[] = [];
  const orderIds: string[] = [];
  const shipments: Json[] = [];
  let orderRecords: Json[] = [];

  const as = () => ({ token });

  beforeAll(async () => {
    server = await startTestServer({ dialect: 'sqlite', config: { timeZone: ZONE } });
    api = client(server.url);
    token = (await setupAccounts(api)).admin.token;

    const names = [
      'Matcha Whisk Kit',
      'Matcha Bowl Kuro',
      'Sencha Tin 100g',
      'Hojicha Powder',
      'Genmaicha Bags',
      'Gyokuro Premium',
      'Kukicha Twig Tea',
      'Bancha Everyday',
    ];
    for (const [i, name] of names.entries()) {
      const res = await api.post(
        '/api/v1/products',
        {
          name,
          skuCode: `TEA-${String(i + 1).padStart(3, '0')}${i % 2 ? 'x' : 'X'}`,
          janCode: withJanCheckDigit(`49012345${String(6000 + i)}`),
          purchasePrice: 300 + i * 50,
          inStockQuantity: 5000,
          amazonStockQuantity: 0,
          lowStockLevel: i === 3 ? 9000 : i,
          shelfNumber: `S-${i % 3}`,
          releaseDate: i % 3 === 0 ? null : daysAgo(400 + i),
          availablePlatforms: [
            { code: 'AMAZONIND', asin: `B0TEA${i}` },
            { code: 'SHOPIFY', asin: `tea-${i}` },
            { code: 'AMAZONJP', asin: `B0JP${i}` },
          ],
        },
        as(),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      products.push(res.body.data);
    }

    const platforms: Platform[] = ['AMAZONIND', 'SHOPIFY', 'AMAZONJP'];
    const first = ['Kabir', 'Asha', 'Ravi', 'Meera', 'Arjun', 'Priya'];
    const lines = [];
    for (let i = 0; i < 72; i++) {
      const platform = platforms[i % 3] as Platform;
      const person = first[i % first.length] as string;
      // Recent orders, then orders older than 90 days (some go into shipments below).
      const age = i < 60 ? (i * 7) % 88 : 100 + i;
      lines.push({
        product: products[(i * 5) % products.length]._id,
        platformCode: platform,
        currency: PLATFORM_CURRENCY[platform],
        orderId:
          platform === 'AMAZONJP'
            ? `249-${String(1000000 + i * 7919).slice(0, 7)}-${String(2000000 + i * 104729).slice(0, 7)}`
            : platform === 'SHOPIFY'
              ? `#${1001 + i}`
              : `403-${String(3000000 + i * 7717).slice(0, 7)}-${String(5000000 + i * 3331).slice(0, 7)}`,
        orderDate: daysAgo(age),
        orderQuantity: 1 + (i % 4),
        baseOrderPrice: platform === 'AMAZONJP' ? 1200 + i * 37 : 450.5 + i * 13,
        discount: 0,
        ...(platform === 'AMAZONJP'
          ? {}
          : {
              customer: {
                name: `${person} ${i % 2 ? 'Sharma' : 'Iyer'}`,
                email: `${person.toLowerCase()}.${i}@shop.example`,
                city: 'Pune',
                country: 'IN',
              },
            }),
      });
    }
    const created = await api.post('/api/v1/orders', lines, as());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    orderRecords = created.body.data;
    orderIds.push(...orderRecords.map((o: Json) => o._id as string));

    const bulk = async (ids: string[], shipmentStatus: string) => {
      const res = await api.put('/api/v1/orders/status', { ids, shipmentStatus }, as());
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    const india = orderRecords.filter((o: Json) => o.platformCode !== 'AMAZONJP');
    const accepted = india.filter((_: Json, i: number) => i % 4 !== 3).map((o: Json) => o._id);
    await bulk(accepted, 'ACCEPTED');
    const packed = accepted.filter((_: string, i: number) => i % 3 !== 2);
    await bulk(packed, 'PACKED');
    await bulk(
      orderRecords
        .filter((o: Json, i: number) => o.platformCode === 'AMAZONJP' && i % 2)
        .map((o: Json) => o._id),
      'ACCEPTED',
    );
    await bulk([india[3]._id, india[7]._id], 'CANCELLED');

    // Three shipments: one holding orders older than 90 days (in the set through it), one with
    // customs saved (RECEIVED, its orders COMPLETED), one shipped last week.
    const old = packed.filter(
      (id: string) => orderRecords.find((o: Json) => o._id === id).orderDate < ordersFrom,
    );
    const recent = packed.filter((id: string) => !old.includes(id));
    const groups = [old, recent.slice(0, 5), recent.slice(5, 9)];
    for (const [i, group] of groups.entries()) {
      expect(group.length).toBeGreaterThan(0);
      const res = await api.post(
        '/api/v1/shipments',
        {
          shipmentId: `SHP-2024-${['OLD', 'AB1', 'CD2'][i]}`,
          shippingDate: daysAgo([30, 20, 5][i] as number),
          totalShippingFee: 3000 + i * 1111,
          shipmentTrackingLink: `https://tracking.example/${i}`,
          orderIds: group,
        },
        as(),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      shipments.push(res.body.data);
    }
    const customs = await api.put(
      `/api/v1/shipments/${shipments[1]._id}`,
      { customId: 'CUS-1', totalCustomFee: 999.99, receivedDate: daysAgo(2) },
      as(),
    );
    expect(customs.status, JSON.stringify(customs.body)).toBe(200);

    cache = openCache();
    await fullSync(api, token, cache, 37);
    bulkCache = openCache();
    beginBulkLoad(bulkCache);
    await fullSync(api, token, bulkCache, 37);
    endBulkLoad(bulkCache);
  }, 120_000);
  afterAll(() => server?.close());

  /** Both answers of one request, the server's and the cache's. */
  async function both(path: string) {
    const res = await api.get(`/api/v1/${path}`, as());
    return {
      server: { status: res.status, body: res.body as unknown },
      cache: answerGet(cache, path, { today }),
    };
  }

  async function expectSame(path: string) {
    const { server: answer, cache: cached } = await both(path);
    expect(cached, path).toEqual(answer);
    expect(answerGet(bulkCache, path, { today }), `${path} (bulk load)`).toEqual(answer);
    return answer;
  }

  it('holds the sync set: every shipment, the orders of the last 90 days or in a shipment, their products', () => {
    const count = (table: string) => cache.prepare(`select count(*) from ${table}`).pluck().get();
    expect(count('shipments')).toBe(3);
    const inShipment = new Set(shipments.flatMap((s: Json) => s.shippedOrders.map((o: Json) => o._id)));
    const expected = orderRecords.filter((o: Json) => o.orderDate >= ordersFrom || inShipment.has(o._id));
    expect(count('orders')).toBe(expected.length);
    expect(count('orders')).toBeLessThan(orderRecords.length);
    expect(count('products')).toBe(products.length);
  });

  it('answers the shipment list and search as the server does', async () => {
    const sorts = [
      'updatedAt',
      'shippingDate',
      'receivedDate',
      'shipmentId',
      'totalShippingFee',
      'createdAt',
    ];
    const paths = [
      'shipments',
      'shipments?page=1&limit=2',
      'shipments?page=2&limit=2',
      'shipments?status=SHIPPED',
      'shipments?status=RECEIVED',
      `shipments?shippingDate[gte]=${daysAgo(25)}`,
      `shipments?shippingDate[lt]=${daysAgo(10)}&sort=shippingDate`,
      `shipments?shipmentId=SHP-2024-AB1`,
      `shipments?receivedDate[gte]=${daysAgo(30)}`,
      ...sorts.flatMap((s) => [`shipments?sort=${s}`, `shipments?sort=-${s}`]),
      'shipments/search?searchStr=AB1',
      'shipments/search?searchStr=shp-2024',
      'shipments/search?searchStr=SH',
      'shipments/search?searchStr=nomatch',
      'shipments/search?searchStr=&status=SHIPPED',
      `shipments/search?searchStr=${encodeURIComponent(shipments[2].shippedOrders[0].orderId.slice(2, 9))}&searchBy=orderId`,
      `shipments/search?searchStr=${encodeURIComponent(shipments[0].shippedOrders[0].orderId)}&searchBy=orderId`,
      'shipments/search?searchStr=40&searchBy=orderId&sort=shipmentId',
      'shipments/search?searchStr=403&searchBy=orderId&status=RECEIVED',
      ...shipments.map((s: Json) => `shipments/${s._id}`),
    ];
    for (const path of paths) await expectSame(path);
    const list = await expectSame('shipments?sort=shipmentId');
    expect((list.body as Json).data).toHaveLength(3);
  });

  it('answers the order list, search and totals as the server does', async () => {
    const inSet = `orderDate[gte]=${ordersFrom}`;
    const sorts = ['orderDate', 'createdAt', 'updatedAt', 'orderId', 'baseOrderPrice'];
    const jan = products[2].janCode as string;
    const email = orderRecords.find((o: Json) => o.customer)?.customer.email as string;
    const searches = [
      '249-10', // an order id fragment
      orderRecords[4].orderId.slice(4, 11), // digits inside an order id
      '#10', // below a trigram: an order id prefix
      email.split('@')[0], // part of a customer's email
      'sharma', // a customer's name
      'matcha', // a product name word
      'Whisk Kit',
      'tea-00', // an SKU fragment
      products[5].skuCode.toLowerCase(), // a whole SKU, another case
      jan, // a complete JAN: that product's orders only
      jan.slice(0, 9), // part of a JAN
      'zzzz-no-match',
    ];
    const paths = [
      `orders?${inSet}`,
      `orders?${inSet}&page=2&limit=7`,
      `orders?${inSet}&shipmentStatus=PACKED`,
      `orders?${inSet}&shipmentStatus=ACCEPTED&shipmentStatus=RECEIVED&platformCode=SHOPIFY`,
      `orders?${inSet}&platformCode[ne]=AMAZONJP`,
      `orders?${inSet}&orderDate[lte]=${daysAgo(30)}`,
      `orders?${inSet}&product=${products[1]._id}`,
      ...shipments.map((s: Json) => `orders?shipmentId=${s.shipmentId}`),
      ...sorts.flatMap((s) => [`orders?${inSet}&sort=${s}`, `orders?${inSet}&sort=-${s}&limit=9&page=2`]),
      ...searches.flatMap((text) => [
        `orders/search?searchStr=${encodeURIComponent(text)}&${inSet}`,
        `orders/search?searchStr=${encodeURIComponent(text)}&${inSet}&shipmentStatus=PACKED&sort=-baseOrderPrice`,
        `orders/search?searchStr=${encodeURIComponent(text)}&${inSet}&platformCode=AMAZONIND&limit=3&page=2`,
        `orders/total?searchStr=${encodeURIComponent(text)}&start_date=${ordersFrom}`,
      ]),
      `orders/search?searchStr=&${inSet}&sort=orderId`,
      `orders/search?searchStr=${encodeURIComponent(' matcha ')}&shipmentId=${shipments[1].shipmentId}`,
      `orders/total?start_date=${ordersFrom}`,
      `orders/total?start_date=${ordersFrom}&end_date=${daysAgo(20)}&platformCode=SHOPIFY`,
      `orders/total?shipmentId=${shipments[0].shipmentId}`,
      `orders/total?start_date=${ordersFrom}&product=${products[3]._id}&searchStr=kabir`,
      ...orderIds.slice(0, 5).map((id) => `orders/${id}`),
    ];
    for (const path of paths) await expectSame(path);
    const found = await expectSame(`orders/search?searchStr=matcha&${inSet}`);
    expect((found.body as Json).totalcount).toBeGreaterThan(0);
  });

  it('answers the product list and search as the server does', async () => {
    const sorts = [
      'name',
      'skuCode',
      'janCode',
      'inStockQuantity',
      'amazonStockQuantity',
      'releaseDate',
      'updatedAt',
      'createdAt',
      'lastOrderDate',
      'monthlyQuantity',
      'lowStockLevel',
    ];
    const paths = [
      'products',
      'products?lowStock=true',
      'products?lowStock=false&sort=name',
      'products?activeStatus=true&limit=3&page=2',
      'products?name=matcha',
      'products?skuCode=tea-003X',
      'products?shelfNumber=S-1',
      'products?inStockQuantity[lt]=100',
      ...sorts.flatMap((s) => [`products?sort=${s}`, `products?sort=-${s}`]),
      'products/search?searchString=matcha',
      'products/search?searchString=TEA-00&sort=skuCode',
      `products/search?searchString=${products[6].janCode}`,
      `products/search?searchString=${products[6].janCode.slice(3, 10)}`,
      'products/search?searchString=ch',
      'products/search?searchString=m',
      'products/search?searchString=nothing-like-it',
      ...products.slice(0, 3).map((p: Json) => `products/${p._id}`),
    ];
    for (const path of paths) await expectSame(path);
  });

  it('answers a bad query with the server’s error body, an unknown id 404, anything else 503 offline', async () => {
    const bad = [
      'orders?sort=nope',
      'orders?page=0',
      'orders?limit=abc',
      'orders?shipmentStatus=NOPE',
      'orders?foo=1',
      'orders?orderDate[gte]=2024-13-01',
      'orders?orderDate[xx]=2024-01-01',
      'shipments/search?searchBy=customer&searchStr=a',
      'shipments?page=1&page=2',
      'products?lowStock=maybe',
      'orders/total?start_date=yesterday',
      'orders/total?platformCode=EBAY',
      'orders/search?searchStr=%01',
      'orders/no-such-order',
      'shipments/no-such-shipment',
      'products/no-such-product',
    ];
    for (const path of bad) {
      const answer = await expectSame(path);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
    }
    for (const path of ['users', 'sales?from=2024-01-01', 'products/csv-products', 'auth/me', 'orders/x/y']) {
      expect(answerGet(cache, path, { today })).toEqual({
        status: 503,
        body: { code: 'offline', message: 'Not available offline' },
      });
    }
  });

  it('gives back a stored answer for the very same path', async () => {
    const me = await api.get('/api/v1/auth/me', as());
    storeAnswer(cache, 'auth/me', me.body);
    expect(answerGet(cache, 'auth/me', { today })).toEqual({ status: 200, body: me.body });
    expect(answerGet(cache, 'auth/me?x=1', { today }).status).toBe(503);
  });
});

/** A plain full sync: every page of GET /sync/changes applied in its own transaction. */
async function fullSync(api: Client, token: string, db: Database, limit: number): Promise<void> {
  let cursor: string | undefined;
  for (;;) {
    // As the app asks: orders name their product by id, the cache answers with its summary.
    const query = `limit=${limit}&orderProduct=id${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await api.get(`/api/v1/sync/changes?${query}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as SyncChanges;
    for (const order of body.data.orders) {
      expect(order).not.toHaveProperty('product');
      expect(order).toHaveProperty('productId');
    }
    db.transaction(() => applyRecords(db, body.data))();
    if (!body.more) return;
    cursor = body.cursor;
  }
}

// ---- records of the real shapes, for the cache alone ----

const stamp = (day: string, minute = 0) => `${day}T00:${String(minute).padStart(2, '0')}:00.000Z`;

function product(id: string, name: string, updatedAt = stamp('2025-01-01')): Product {
  return productRecord({
    _id: id,
    name,
    skuCode: `SKU-${id}`,
    janCode: withJanCheckDigit(`4900000${id.padStart(5, '0').slice(-5)}`),
    createdAt: stamp('2025-01-01'),
    updatedAt,
  });
}

function order(id: string, orderDate: string, productId: string, extra: Partial<Order> = {}): Order {
  return orderRecord({
    _id: id,
    orderId: `403-${id}`,
    orderDate,
    platformCode: 'AMAZONIND',
    product: orderProduct(productId),
    currency: 'INR',
    baseOrderPrice: 100,
    shipmentStatus: 'RECEIVED',
    shipmentId: null,
    customer: {
      name: `Buyer ${id}`,
      email: `buyer-${id}@mail.example`,
      phone: '',
      address: '',
      city: '',
      state: '',
      country: '',
      postcode: '',
    },
    createdAt: stamp(orderDate),
    updatedAt: stamp(orderDate),
    ...extra,
  });
}

function shipment(id: string, shippingDate: string): SyncShipment {
  return shipmentRecord({
    _id: id,
    shipmentId: `SHP-${id}`,
    shippingDate,
    totalShippingFee: 1000,
    createdAt: stamp(shippingDate),
    updatedAt: stamp(shippingDate),
  });
}

const ctx = { today: '2026-06-30' };
const total = (db: Database, path: string) => (answerGet(db, path, ctx).body as Json).totalcount as number;

describe('offline cache records', () => {
  it('drops removed ids, their rows and their search entries', () => {
    const db = openCache();
    applyRecords(db, {
      ...emptyPage(),
      shipments: [shipment('s1', '2026-06-01')],
      orders: [order('o1', '2026-06-01', 'p1', { shipmentId: 'SHP-s1' }), order('o2', '2026-06-02', 'p1')],
      products: [product('p1', 'Matcha Whisk'), product('p2', 'Sencha Tin')],
    });
    expect(total(db, 'orders/search?searchStr=buyer-o1')).toBe(1);
    expect(total(db, 'orders/search?searchStr=403-o1')).toBe(1);
    expect(total(db, 'shipments/search?searchStr=SHP-s1')).toBe(1);
    expect(total(db, 'products/search?searchString=sencha')).toBe(1);

    applyRecords(db, { ...emptyPage(), removed: { shipments: ['s1'], orders: ['o1'], products: ['p2'] } });
    expect(total(db, 'orders/search?searchStr=buyer-o1')).toBe(0);
    expect(total(db, 'orders/search?searchStr=403-o1')).toBe(0);
    expect(total(db, 'orders/search?searchStr=buyer-o2')).toBe(1);
    expect(total(db, 'shipments/search?searchStr=SHP-s1')).toBe(0);
    expect(total(db, 'products/search?searchString=sencha')).toBe(0);
    expect(answerGet(db, 'orders/o1', ctx).status).toBe(404);
    for (const table of ['orders_fts', 'orders_customer_fts', 'orders_search_keys']) {
      expect(db.prepare(`select count(*) from ${table}`).pluck().get(), table).toBe(1);
    }
    for (const table of ['shipments_fts', 'shipments_search_keys']) {
      expect(db.prepare(`select count(*) from ${table}`).pluck().get(), table).toBe(0);
    }
    // Removing what is not there is no error (delivery is at least once).
    applyRecords(db, { ...emptyPage(), removed: { shipments: ['s1'], orders: ['o1'], products: ['p2'] } });
  });

  it('keeps one row per record, in its newer state; an older state does not replace it', () => {
    const db = openCache();
    const first = order('o1', '2026-06-01', 'p1');
    const newer = order('o1', '2026-06-01', 'p1', {
      shipmentStatus: 'ACCEPTED',
      orderId: '403-renamed',
      customer: null,
      updatedAt: stamp('2026-06-01', 5),
    });
    applyRecords(db, { ...emptyPage(), orders: [first], products: [product('p1', 'Matcha')] });
    applyRecords(db, { ...emptyPage(), orders: [newer, newer] });
    applyRecords(db, { ...emptyPage(), orders: [first] });
    expect(db.prepare('select count(*) from orders').pluck().get()).toBe(1);
    expect(answerGet(db, 'orders/o1', ctx).body).toEqual({ data: newer });
    expect(total(db, 'orders/search?searchStr=renamed')).toBe(1);
    expect(total(db, 'orders/search?searchStr=403-o1')).toBe(0);
    expect(total(db, 'orders/search?searchStr=buyer-o1')).toBe(0);
    expect(answerGet(db, 'orders/total', ctx).body).toMatchObject({
      totalCount: 1,
      byStatus: { ACCEPTED: 1 },
    });
    for (const table of ['orders_fts', 'orders_search_keys']) {
      expect(db.prepare(`select count(*) from ${table}`).pluck().get(), table).toBe(1);
    }
    expect(db.prepare('select count(*) from orders_customer_fts').pluck().get()).toBe(0);
  });

  it('ages the set at the server’s window edges', () => {
    const db = openCache();
    // today 2026-06-30: shipments from 2025-06-30 (365 days), orders from 2026-04-01 (90 days).
    applyRecords(db, {
      ...emptyPage(),
      shipments: [shipment('kept', '2025-06-30'), shipment('aged', '2025-06-29')],
      orders: [
        order('recent', '2026-04-01', 'p1'),
        order('old', '2026-03-31', 'p2'),
        order('inKept', '2025-01-01', 'p3', { shipmentId: 'SHP-kept' }),
        order('inAged', '2025-01-01', 'p4', { shipmentId: 'SHP-aged' }),
      ],
      products: ['p1', 'p2', 'p3', 'p4'].map((id) => product(id, `Product ${id}`)),
    });
    dropAged(db, '2026-06-30');
    const ids = (table: string) => db.prepare(`select id from ${table} order by id`).pluck().all();
    expect(ids('shipments')).toEqual(['kept']);
    expect(ids('orders')).toEqual(['inKept', 'recent']);
    expect(ids('products')).toEqual(['p1', 'p3']);
    expect(total(db, 'orders/search?searchStr=buyer-old')).toBe(0);
    expect(total(db, 'products/search?searchString=product p2')).toBe(0);
    expect(db.prepare('select count(*) from products_fts').pluck().get()).toBe(2);
  });
});
