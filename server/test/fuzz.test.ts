/**
 * Hostile input over every route the app registers (its own route table, so later areas are
 * covered without editing this file): NUL and control characters, huge and fractional numbers,
 * prototype keys, deep objects and wrong types in path ids, query strings and JSON bodies, as
 * an admin and as an order creator, on each database. No answer may be a 5xx, a refused (4xx)
 * request may not write anything, and afterwards the database is intact and every list
 * still answers 200.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccess } from '../src/http/access';
import { client, setupAccounts, type Client } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

/** Time spent fuzzing per dialect. */
const BUDGET_MS = 15_000;

const hostileText = fc.oneof(
  fc.constantFrom(
    'a\u0000b',
    '\u0000',
    '\u0007bell',
    'x'.repeat(150),
    '%c0%ae%c0%ae',
    '../../etc/passwd',
    '__proto__',
    'constructor',
    'toString',
    '',
    ' ',
    '1e308',
    '-1',
    '2147483648',
    '9007199254740993',
    '0.1',
    'NaN',
    'true',
    '2026-02-30',
    '\u{1F600}',
    '\uD800',
  ),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 10 }),
);

const hostileNumber = fc.oneof(
  fc.constantFrom(
    1e308,
    -1e308,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31),
    2 ** 53 + 2,
    -1,
    0,
    0.1,
    1200.5,
    19.999,
    1e-7,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

const leaf = fc.oneof(hostileText, hostileNumber, fc.boolean(), fc.constant(null));

/** A nesting of `depth` arrays and objects around a value. */
const deep = fc.tuple(fc.integer({ min: 20, max: 400 }), leaf).map(([depth, value]) => {
  let v: unknown = value;
  for (let i = 0; i < depth; i += 1) v = i % 2 ? [v] : { a: v };
  return v;
});

const FIELDS = [
  'name',
  'title',
  'type',
  'value',
  'activeStatus',
  'purchasePrice',
  'inStockQuantity',
  'amazonStockQuantity',
  'lowStockLevel',
  'quantity',
  'expectedPrice',
  'note',
  'link',
  'janCode',
  'skuCode',
  'nameJa',
  'shelfNumber',
  'releaseDate',
  'categoryId',
  'manufacturerId',
  'supplierIds',
  'availablePlatforms',
  'role',
  'active',
  'resolved',
  'remark',
  'body',
  'email',
  'password',
  'fullname',
  'username',
  'token',
  // OTZ orders.
  'paypalTransactionId',
  'items',
  'amount',
  'price',
  'currency',
  'orderDate',
  '_id',
  'orderId',
  'orderQuantity',
  'baseOrderPrice',
  'shipmentStatus',
  'ids',
  'customer',
  // Shipments.
  'shipmentId',
  'shippingDate',
  'shippingMethod',
  'totalShippingFee',
  'shipmentTrackingLink',
  'orderIds',
  'customId',
  'totalCustomFee',
  'receivedDate',
  // Exchange rates.
  'rate',
  // Simulations and platform fees.
  'exchangeRate',
  'shippingCost',
  'customsDuty',
  'commission',
  'closingFee',
  'handling',
  'target',
  'commissionPercent',
  '__proto__',
  'constructor',
  'toString',
];

const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), leaf, { maxKeys: 3 }) },
  { weight: 1, arbitrary: deep },
);

/** A valid body of each resource, for hostile fields to be mixed into so they reach the service. */
const BASE_BODIES: [RegExp, Record<string, unknown>][] = [
  // Before the orders' patterns: a shipment's orders path contains "orders" too.
  [/shipments\/[^/]+\/orders/, { orderIds: ['fuzz-order'] }],
  [/shipments\/[^/]+/, { customId: 'FZ-CUS', totalCustomFee: 10.5, receivedDate: '2026-12-01' }],
  [
    /shipments/,
    {
      shipmentId: 'FZ-SHIP',
      shippingDate: '2026-11-01',
      totalShippingFee: 100,
      shipmentTrackingLink: 'https://tracking.example/fuzz',
      orderIds: ['fuzz-order'],
    },
  ],
  [/otz-orders\/[^/]+$/, { shipmentStatus: 'ACCEPTED' }],
  [
    /otz-orders/,
    {
      paypalTransactionId: 'FUZZ-PAY',
      orderDate: '2026-11-01',
      items: [{ product: 'fuzz', orderQuantity: 1, price: 1 }],
      currency: 'INR',
      amount: 1,
    },
  ],
  [/handling-fees/, { title: 'Fuzz fee', type: 'amount', value: 10 }],
  [/currency\/rates/, { rate: 1.734512 }],
  [
    /advance-orders/,
    {
      product: 'fuzz-product',
      platformCode: 'AMAZONIND',
      orderId: 'FZ-1',
      orderQuantity: 1,
      currency: 'INR',
      baseOrderPrice: 10,
      deliveryDate: '2026-12-01',
      status: 'BOOKED',
    },
  ],
  [/orders\/status/, { ids: ['fuzz-order'], shipmentStatus: 'ACCEPTED' }],
  [
    /orders/,
    {
      product: 'fuzz-product',
      platformCode: 'AMAZONIND',
      orderId: 'FZ-2',
      orderQuantity: 1,
      currency: 'INR',
      baseOrderPrice: 10,
      discount: 1,
    },
  ],
  [/stock/, { quantity: 1, note: 'fuzz' }],
  [/remarks/, { remark: 'fuzz' }],
  [/products/, { name: 'Fuzz product', skuCode: 'FZ', janCode: '4901234567894' }],
  [/issues/, { title: 'Fuzz request' }],
  [/memos/, { title: 'Fuzz memo', body: 'b' }],
  [/platform-fees/, { commissionPercent: 10, closingFee: 20 }],
  [
    /simulation/,
    {
      name: 'Fuzz simulation',
      platformCode: 'AMAZONIND',
      purchasePrice: 700,
      quantity: 1,
      exchangeRate: 1.7,
      shippingCost: 110,
      customsDuty: 15.5,
      commission: 5,
      closingFee: 61.5,
      target: { type: 'amount', value: 2760 },
    },
  ],
  [/user-preferences/, { _id: 'fuzz.table', value: { a: 1 } }],
  [/categories|manufacturers|suppliers|shipping-methods/, { name: 'Fuzz name' }],
];

const body = (url: string) => {
  const base = BASE_BODIES.find(([pattern]) => pattern.test(url))?.[1] ?? {};
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 4 })
        .map((extra) => ({ ...base, ...extra })),
    },
    { weight: 1, arbitrary: value },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
};

const QUERY_KEYS = [
  'page',
  'limit',
  'size',
  'sort',
  'name',
  'title',
  'activeStatus',
  'createdAt[gte]',
  'updatedAt[lt]',
  'value[gt]',
  'inStockQuantity[lte]',
  'search',
  'q',
  'shipmentStatus',
  'createdAt[gt]',
  'searchStr',
  'orderDate[gte]',
  'date[lte]',
  'platformCode[ne]',
  'start_date',
  'status',
  'shippingDate[gte]',
  'receivedDate[lte]',
  'searchBy',
  'name[zz]',
  // Names of JavaScript built-ins: a codec that looks fields up with `in` answers 500 to these.
  'toString',
  'constructor',
  'hasOwnProperty',
  '__proto__[gt]',
];

const query = fc.dictionary(
  fc.constantFrom(...QUERY_KEYS),
  fc.oneof(hostileText, hostileNumber.map(String), fc.array(hostileText, { minLength: 2, maxLength: 2 })),
  { maxKeys: 3 },
);

/** encodeURIComponent refuses lone surrogates: send the replacement character a browser would. */
const encode = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
};

function toQueryString(q: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, v] of Object.entries(q)) {
    for (const one of Array.isArray(v) ? v : [v]) {
      parts.push(`${encode(key)}=${encode(String(one))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Routes that would end the session under test or have nothing to do with input. */
const SKIPPED = [/\/auth\/logout$/, /^\/api\/docs/, /^\/\*?$/];

describe.each(testDialects())('hostile input (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let routes: RouteAccess[];
  const tokens: Record<'admin' | 'orderCreator', string> = { admin: '', orderCreator: '' };
  const ids: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = client(server.url);
    const { admin, withRole } = await setupAccounts(api);
    tokens.admin = admin.token;
    tokens.orderCreator = (await withRole('orderCreator')).token;
    // Real rows, so hostile bodies reach updates of existing data too.
    const created = await Promise.all([
      api.post('/api/v1/categories', { name: 'Fuzz category' }, { token: admin.token }),
      api.post(
        '/api/v1/handling-fees',
        { title: 'Fuzz pct', type: 'percentage', value: 2.5 },
        { token: admin.token },
      ),
      api.post('/api/v1/issues', { title: 'Fuzz issue' }, { token: admin.token }),
      api.post('/api/v1/memos', { title: 'Fuzz memo', body: 'x' }, { token: admin.token }),
      api.post('/api/v1/simulation', BASE_BODIES.find(([pattern]) => pattern.test('/simulation'))?.[1], {
        token: admin.token,
      }),
      api.post(
        '/api/v1/products',
        { name: 'Fuzz base', skuCode: 'FZ-BASE', janCode: '4901234567894', inStockQuantity: 5 },
        { token: admin.token },
      ),
    ]);
    for (const res of created) {
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.data._id as string);
    }
    // A packed order in a shipment, and another still packed, for the shipment routes.
    const as = { token: admin.token };
    const productId = ids[ids.length - 1];
    const packed: string[] = [];
    for (const orderId of ['FZ-SHIPPED', 'FZ-PACKED']) {
      const order = await api.post(
        '/api/v1/orders',
        {
          product: productId,
          platformCode: 'AMAZONIND',
          orderId,
          orderQuantity: 1,
          currency: 'INR',
          baseOrderPrice: 10,
        },
        as,
      );
      expect(order.status, JSON.stringify(order.body)).toBe(201);
      for (const shipmentStatus of ['ACCEPTED', 'PACKED']) {
        expect((await api.put(`/api/v1/orders/${order.body.data._id}`, { shipmentStatus }, as)).status).toBe(
          200,
        );
      }
      packed.push(order.body.data._id as string);
    }
    const shipment = await api.post(
      '/api/v1/shipments',
      {
        shipmentId: 'FZ-SHIP-1',
        shippingDate: '2026-11-01',
        totalShippingFee: 100,
        shipmentTrackingLink: 'https://tracking.example/fuzz',
        orderIds: [packed[0]],
      },
      as,
    );
    expect(shipment.status, JSON.stringify(shipment.body)).toBe(201);
    ids.push(shipment.body.data._id as string, ...packed);
    routes = server.app.routeAccess.filter(
      (r) => r.method !== 'HEAD' && r.url.startsWith('/api/') && !SKIPPED.some((p) => p.test(r.url)),
    );
  });
  afterAll(() => server?.close());

  /** Rows that any write adds or changes: the audit log records every write. */
  const writes = async () => {
    const row = await sql<{ n: number }>`select count(*) as n from audit_log`.execute(server.app.db);
    return Number(row.rows[0]?.n);
  };

  it('never answers 5xx, and a refused request writes nothing', async () => {
    const pathParam = fc.oneof(hostileText, fc.constantFrom(...ids));
    const request = fc.constantFrom(...routes).chain((route) =>
      fc.record({
        route: fc.constant(route),
        params: fc.array(pathParam, { minLength: 4, maxLength: 4 }),
        query,
        body: body(route.url),
        as: fc.constantFrom<'admin' | 'orderCreator'>('admin', 'orderCreator'),
        raw: fc.boolean(),
      }),
    );
    const failures: string[] = [];
    const deadline = Date.now() + BUDGET_MS;
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(request, async ({ route, params, query: q, body: b, as, raw }) => {
        if (Date.now() > deadline) return;
        runs += 1;
        let i = 0;
        const path = route.url.replace(/:\w+|\*/g, () => {
          const p = params[i++ % params.length] ?? '';
          // Now and then the text goes unencoded, as a hand-made URL would.
          return raw ? p.replace(/[/?#\s]/g, '') : encode(p);
        });
        const before = await writes();
        const res = await api.request(route.method, `${path}${toQueryString(q)}`, {
          token: tokens[as],
          body: ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) ? b : undefined,
        });
        const sentBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)
          ? JSON.stringify(b)?.slice(0, 200)
          : '';
        const label = `${route.method} ${path}${toQueryString(q)} ${sentBody} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
        if (res.status >= 500) failures.push(label);
        if (res.status >= 400 && res.status < 500) {
          if ((await writes()) !== before) failures.push(`wrote on refusal: ${label}`);
          expect(typeof res.body?.code, label).toBe('string');
        }
      }),
      { numRuns: 100_000, interruptAfterTimeLimit: BUDGET_MS + 2_000, endOnFailure: true },
    );
    expect(failures).toEqual([]);
    expect(runs).toBeGreaterThan(100);
    console.info(`hostile input (${dialect}): ${runs} requests over ${routes.length} routes`);
  }, 60_000);

  it('leaves the database intact and every list answering', async () => {
    if (dialect === 'sqlite') {
      const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(server.app.db);
      expect(check.rows.map((r) => r.integrity_check)).toEqual(['ok']);
    }
    const lists = routes.filter((r) => r.method === 'GET' && !r.url.includes(':') && !r.url.includes('*'));
    expect(lists.length).toBeGreaterThan(5);
    for (const route of lists) {
      const res = await api.get(route.url, { token: tokens.admin });
      expect(res.status, `${route.url}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
    }
  });
});
