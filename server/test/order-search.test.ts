/**
 * The order search and the kept order counts against references computed here, on a seeded
 * data set (4,000 order lines over three years, customers on own-shop orders):
 * - every search (order id fragments, product words, SKU fragments, customers' emails, a JAN,
 *   a text matching nothing) under every kind of filter, sort and page answers exactly the
 *   orders, total and order a scan of all orders in JavaScript gives; both ways of reading a
 *   page (looking the matches up, walking the sort index) are among the requests;
 * - the kept counts equal a count of the orders after writes of every kind, and after parallel
 *   status changes over the same keys on PostgreSQL, where they are applied at commit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type CompiledQuery } from 'kysely';
import { withJanCheckDigit } from '#shared/domain/jan';
import { setQueryTap } from '../src/db/connect';
import { seedLarge } from '../src/demo/large';
import { Random } from '../src/demo/random';
import { orderCountsBothWays } from '../src/orders/order-counts.repository';
import { checkInvariants } from './helpers/invariants';
import { client, createProduct, setupAccounts, type Client, type Json } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

/** A product of its own (SKU and JAN unique), with stock for the orders accepted below. */
const uniqueProduct = (n: number) => ({
  name: `Count check ${n}`,
  skuCode: `COUNT-${n}`,
  janCode: withJanCheckDigit(`49000000${String(n).padStart(4, '0')}`),
  inStockQuantity: 1000,
});

describe.each(testDialects())('order search against a reference (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let token: string;
  let orders: Json[];

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = client(server.url);
    token = (await setupAccounts(api)).admin.token;
    await seedLarge(server.app.db, { products: 300, orders: 4000, batchSize: 1000, timeZone: 'Asia/Tokyo' });
    // A product whose name holds an order id fragment, sold in orders whose ids hold it too:
    // they match both ways and must be counted once.
    const overlap = await createProduct(
      api,
      { token },
      { ...uniqueProduct(9), name: 'Gift set 249-7 edition' },
    );
    const lines = [1, 2, 3, 4, 5].map((i) => ({
      orderId: `249-7${i}00000-000000${i}`,
      platformCode: 'AMAZONJP',
      currency: 'JPY',
      product: overlap,
      baseOrderPrice: 1000,
      discount: 0,
      orderQuantity: 1,
      shipmentStatus: 'RECEIVED',
      orderDate: `2025-0${i}-10`,
    }));
    const made = await api.post('/api/v1/orders', lines, { token });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const all = await api.get('/api/v1/orders?limit=10000', { token });
    orders = all.body.data;
    expect(orders).toHaveLength(4005);
  }, 120_000);
  afterAll(() => server?.close());

  const matches = (order: Json, text: string) => {
    const t = text.toLowerCase();
    if (/^(\d{8}|\d{13})$/.test(text) && orders.some((o) => o.product?.janCode === text)) {
      return order.product?.janCode === text;
    }
    const fields = [
      order.orderId,
      order.customer ? `${order.customer.name ?? ''} ${order.customer.email ?? ''}` : '',
      order.product?.name,
      order.product?.skuCode,
      order.product?.janCode,
    ];
    return fields.some((f) => typeof f === 'string' && f.toLowerCase().includes(t));
  };

  type Filters = { status?: string; platform?: string; from?: string; to?: string; notJp?: boolean };
  const within = (order: Json, f: Filters) =>
    (!f.status || order.shipmentStatus === f.status) &&
    (!f.platform || order.platformCode === f.platform) &&
    (!f.notJp || order.platformCode !== 'AMAZONJP') &&
    (!f.from || order.orderDate >= f.from) &&
    (!f.to || order.orderDate <= f.to);
  const query = (f: Filters) =>
    [
      f.status && `shipmentStatus=${f.status}`,
      f.platform && `platformCode=${f.platform}`,
      f.notJp && 'platformCode[ne]=AMAZONJP',
      f.from && `orderDate[gte]=${f.from}`,
      f.to && `orderDate[lte]=${f.to}`,
    ]
      .filter(Boolean)
      .join('&');
  const sorted = (list: Json[], sort: string) => {
    const desc = sort.startsWith('-');
    const key = (o: Json) => (sort.endsWith('createdAt') ? o.createdAt : o.orderDate);
    return [...list].sort((a, b) => {
      const c = key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
      return desc ? -c : c;
    });
  };

  it('answers every text, filter, sort and page as a scan of every order does', async () => {
    const stream = new Random(`order-search/${dialect}/1`);
    const next = () => stream.next();
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
    const withCustomer = orders.filter((o) => o.customer?.email);
    const texts = [
      'zzqx',
      orders[0].product.janCode,
      ...Array.from({ length: 8 }, () => {
        const id = pick(orders).orderId as string;
        const length = 3 + Math.floor(next() * 6);
        const start = Math.floor(next() * Math.max(1, id.length - length));
        return id.slice(start, start + length);
      }),
      ...Array.from({ length: 6 }, () => {
        const words = (pick(orders).product.name as string).split(' ').filter((w) => w.length >= 3);
        return pick(words);
      }),
      ...Array.from({ length: 3 }, () => (pick(orders).product.skuCode as string).slice(0, 6)),
      ...Array.from({ length: 3 }, () => (pick(withCustomer).customer.email as string).slice(0, 7)),
      'gen-',
      '249-7',
    ];
    const filterSets: Filters[] = [
      {},
      { status: 'COMPLETED' },
      { status: 'RECEIVED' },
      { platform: 'SHOPIFY' },
      { status: 'PACKED', notJp: true },
      { from: '2025-01-01', to: '2025-12-31' },
      { status: 'COMPLETED', platform: 'AMAZONIND', from: '2024-06-01' },
    ];
    const ways = new Set<string>();
    let tapped: CompiledQuery[] = [];
    setQueryTap((q, db) => {
      if (db === server.app.db) tapped.push(q);
    });
    try {
      for (const text of texts) {
        for (const f of filterSets) {
          const expected = orders.filter((o) => within(o, f) && matches(o, text));
          for (const sort of ['-orderDate', 'orderDate', '-createdAt']) {
            for (const page of [1, 2]) {
              if (page === 2 && expected.length <= 50) continue;
              tapped = [];
              const path = `/api/v1/orders/search?searchStr=${encodeURIComponent(text)}&page=${page}&limit=50&sort=${sort}&${query(f)}`;
              const res = await api.get(path, { token });
              expect(res.status, path).toBe(200);
              const want = sorted(expected, sort).slice((page - 1) * 50, page * 50);
              expect(res.body.totalcount, path).toBe(expected.length);
              expect(
                res.body.data.map((o: Json) => o._id),
                path,
              ).toEqual(want.map((o) => o._id));
              const keys = tapped.find((q) => /"list_key"/.test(q.sql))?.sql ?? '';
              if (keys) ways.add(/cross join|= any\(array/i.test(keys) ? 'lookup' : 'walk');
            }
          }
        }
      }
    } finally {
      setQueryTap(undefined);
    }
    expect([...ways].sort()).toEqual(['lookup', 'walk']);
  }, 240_000);

  it('counts the status tabs under every filter the list applies, search text included, as a scan does', async () => {
    const stream = new Random(`order-search/${dialect}/tabs`);
    const pick = <T>(list: readonly T[]) => list[Math.floor(stream.next() * list.length)] as T;
    const withShipment = orders.find((o) => o.shipmentId);
    const product = pick(orders).product;
    const texts = [
      undefined,
      (pick(orders).orderId as string).slice(2, 7),
      pick((pick(orders).product.name as string).split(' ').filter((w: string) => w.length >= 3)),
      (pick(orders.filter((o) => o.customer?.email)).customer.email as string).slice(0, 6),
      product.janCode as string,
      'zzqx',
    ];
    type TabFilters = {
      from?: string;
      to?: string;
      platform?: string;
      shipmentId?: string;
      product?: string;
    };
    const filterSets: TabFilters[] = [
      {},
      { platform: 'AMAZONJP' },
      { from: '2025-01-01', to: '2025-06-30' },
      { from: '2024-03-01', platform: 'SHOPIFY' },
      { product: product._id },
      { product: product._id, from: '2025-01-01' },
      ...(withShipment ? [{ shipmentId: withShipment.shipmentId as string }] : []),
    ];
    for (const text of texts) {
      for (const f of filterSets) {
        const params = new URLSearchParams({
          ...(f.from ? { start_date: f.from } : {}),
          ...(f.to ? { end_date: f.to } : {}),
          ...(f.platform ? { platformCode: f.platform } : {}),
          ...(f.shipmentId ? { shipmentId: f.shipmentId } : {}),
          ...(f.product ? { product: f.product } : {}),
          ...(text ? { searchStr: text } : {}),
        });
        const path = `/api/v1/orders/total?${params}`;
        const res = await api.get(path, { token });
        expect(res.status, path).toBe(200);
        const counted = orders.filter(
          (o) =>
            within(o, { from: f.from, to: f.to, platform: f.platform }) &&
            (!f.shipmentId || o.shipmentId === f.shipmentId) &&
            (!f.product || o.product?._id === f.product) &&
            (!text || matches(o, text)),
        );
        const byStatus: Record<string, number> = {};
        for (const status of Object.keys(res.body.byStatus)) {
          byStatus[status] = counted.filter((o) => o.shipmentStatus === status).length;
        }
        expect(res.body, path).toEqual({ totalCount: counted.length, byStatus });
        if (text) {
          // The tab's count is the search's total in that tab.
          const status = pick(Object.keys(byStatus));
          const listed = await api.get(
            `/api/v1/orders/search?${params}&shipmentStatus=${status}&limit=1`
              .replace(/start_date=([^&]*)/, 'orderDate[gte]=$1')
              .replace(/end_date=([^&]*)/, 'orderDate[lte]=$1'),
            { token },
          );
          expect(listed.body.totalcount, `${path} ${status}`).toBe(byStatus[status]);
        }
      }
    }
  }, 120_000);

  it('answers lists of one filter shape with new values each time as a scan of every order does', async () => {
    // One shape (status, platform, a date window), new values each request: the plan compiled
    // for the first is reused with the others' values, and the totals come from the kept counts.
    const stream = new Random(`order-search/${dialect}/2`);
    const next = () => stream.next();
    const statuses = ['RECEIVED', 'ACCEPTED', 'PACKED', 'SHIPPED', 'COMPLETED', 'CANCELLED'];
    const platforms = ['AMAZONIND', 'AMAZONJP', 'SHOPIFY'];
    for (let i = 0; i < 30; i++) {
      const f: Filters = {
        status: statuses[Math.floor(next() * statuses.length)],
        platform: platforms[Math.floor(next() * platforms.length)],
        from: `202${4 + Math.floor(next() * 2)}-0${1 + Math.floor(next() * 9)}-01`,
        to: `2026-0${1 + Math.floor(next() * 9)}-15`,
      };
      for (const variant of [f, { ...f, status: undefined }, { ...f, platform: undefined }]) {
        const path = `/api/v1/orders?page=1&limit=50&${query(variant)}`;
        const res = await api.get(path, { token });
        const expected = sorted(
          orders.filter((o) => within(o, variant)),
          '-orderDate',
        );
        expect(res.body.totalCount, path).toBe(expected.length);
        expect(
          res.body.data.map((o: Json) => o._id),
          path,
        ).toEqual(expected.slice(0, 50).map((o) => o._id));
      }
    }
  });

  it('keeps the order counts equal to the orders after writes of every kind', async () => {
    const db = server.app.db;
    const both = async () => {
      const counts = await orderCountsBothWays(db);
      expect(counts.days.kept).toEqual(counts.days.computed);
      expect(counts.products.kept).toEqual(counts.products.computed);
      expect(counts.totals.kept).toEqual(counts.totals.computed);
    };
    await both();
    const product = await createProduct(api, { token }, uniqueProduct(1));
    const created = await api.post(
      '/api/v1/orders',
      [1, 2, 3, 4].map((i) => ({
        orderId: `COUNT-${i}`,
        platformCode: i % 2 ? 'AMAZONIND' : 'SHOPIFY',
        currency: 'INR',
        product,
        baseOrderPrice: 100,
        discount: 0,
        orderQuantity: 1,
        shipmentStatus: 'RECEIVED',
        orderDate: '2025-03-0' + i,
      })),
      { token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const ids = created.body.data.map((o: Json) => o._id);
    await both();
    for (const [to, some] of [
      ['ACCEPTED', ids],
      ['PACKED', ids.slice(0, 3)],
      ['CANCELLED', ids.slice(3)],
    ] as const) {
      const res = await api.put('/api/v1/orders/status', { ids: some, shipmentStatus: to }, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await both();
    }
    const totals = await api.get('/api/v1/orders/total?start_date=2025-03-01&end_date=2025-03-04', { token });
    expect(totals.body.byStatus.PACKED).toBeGreaterThanOrEqual(3);

    // The search keys follow every write too: the statuses above, and a customer and an order
    // id changed underneath (an import or a correction writes them; the API does not).
    const customer = {
      ...{ phone: '+91 90000 00000', address: '1 MG Road', city: 'Pune', state: 'MH', country: 'IN' },
      ...{ postcode: '411001', name: 'Zoë Searchkey', email: 'zoe@example.in' },
    };
    await sql`update orders set customer = ${JSON.stringify(customer)},
      order_id = 'COUNT-RENAMED-1' where id = ${ids[0]}`.execute(db);
    const keys = (await checkInvariants(db, { dialect })).find((c) =>
      c.name.startsWith('the order search keys'),
    );
    expect(keys).toEqual({ name: 'the order search keys hold each order as it is', ok: true });
    for (const [text, status] of [
      ['zoë searchkey', 'PACKED'],
      ['count-renamed', 'PACKED'],
    ] as const) {
      const found = await api.get(
        `/api/v1/orders/search?searchStr=${encodeURIComponent(text)}&shipmentStatus=${status}&limit=10`,
        { token },
      );
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      expect(
        found.body.data.map((o: Json) => o._id),
        text,
      ).toEqual([ids[0]]);
      expect(found.body.totalcount).toBe(1);
    }

    // A product renamed is found by its new name, and its orders counted under it, not the old.
    const current = (await api.get(`/api/v1/products/${product}`, { token })).body.data;
    const { _id, inStockQuantity: _stock, ...fields } = current;
    void _id;
    const renamed = await api.put(
      `/api/v1/products/${product}`,
      { ...fields, name: 'Zephyrine kettle' },
      { token },
    );
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    await both();
    for (const [text, total] of [
      ['zephyrine', 4],
      ['count check 1', 0],
    ] as const) {
      const found = await api.get(`/api/v1/orders/search?searchStr=${encodeURIComponent(text)}&limit=10`, {
        token,
      });
      expect(found.body.totalcount, text).toBe(total);
      const tabs = await api.get(`/api/v1/orders/total?searchStr=${encodeURIComponent(text)}`, { token });
      expect(tabs.body.totalCount, text).toBe(total);
    }
    expect((await checkInvariants(db, { dialect })).filter((c) => !c.ok)).toEqual([]);
  });

  it.runIf(dialect === 'postgres')(
    'keeps them exact under parallel status changes over the same keys, without deadlocks',
    async () => {
      const products = [
        await createProduct(api, { token }, uniqueProduct(2)),
        await createProduct(api, { token }, uniqueProduct(3)),
      ];
      const lines = Array.from({ length: 40 }, (_, i) => ({
        orderId: `PAR-${i}`,
        platformCode: i % 3 === 0 ? 'AMAZONIND' : 'SHOPIFY',
        currency: 'INR',
        product: products[i % 2],
        baseOrderPrice: 50,
        discount: 0,
        orderQuantity: 1,
        shipmentStatus: 'RECEIVED',
        orderDate: `2025-04-0${1 + (i % 3)}`,
      }));
      const created = await api.post('/api/v1/orders', lines, { token });
      expect(created.status).toBe(201);
      const ids: string[] = created.body.data.map((o: Json) => o._id);
      // Interleaved groups: each request changes orders of both products, platforms and days.
      const groups = [0, 1, 2, 3].map((g) => ids.filter((_, i) => i % 4 === g));
      const accepts = await Promise.all(
        groups.map((g) =>
          api.put('/api/v1/orders/status', { ids: g, shipmentStatus: 'ACCEPTED' }, { token }),
        ),
      );
      expect(accepts.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const mixed = await Promise.all(
        groups.map((g, i) =>
          api.put(
            '/api/v1/orders/status',
            { ids: g, shipmentStatus: i % 2 ? 'PACKED' : 'CANCELLED' },
            { token },
          ),
        ),
      );
      expect(mixed.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const counts = await orderCountsBothWays(server.app.db);
      expect(counts.days.kept).toEqual(counts.days.computed);
      expect(counts.products.kept).toEqual(counts.products.computed);
      expect(counts.totals.kept).toEqual(counts.totals.computed);
      const left = await server.app.db
        .selectFrom('order_count_deltas' as never)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(left.n)).toBe(0);
    },
  );
});
