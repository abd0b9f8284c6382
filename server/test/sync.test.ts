/**
 * GET /sync/changes on both databases: a full sync's pages add up to its total with no record
 * twice; the changes after it (orders joining and leaving shipments, status changes, a product
 * renamed or deleted, customs saved), each answered as it is now or named as removed; a change
 * made during a full sync delivered after it; on PostgreSQL, a transaction that wrote first and
 * commits last still delivered after the cursor moved past later ones (the xmin rule); cursor and
 * limit validation, and a pruned cursor answering 410.
 */
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withJanCheckDigit } from '#shared/domain/jan';
import { pruneSyncLog } from '../src/sync/sync.service';
import { client, setupAccounts, type Client, type Json } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

type Account = Awaited<ReturnType<typeof setupAccounts>>['admin'];

let janCounter = 700_000;
const nextJan = () => withJanCheckDigit(`491${String((janCounter += 1)).padStart(9, '0')}`);
let counter = 0;
const nextId = (prefix: string) => `${prefix}-${String((counter += 1)).padStart(5, '0')}`;

const ZONE = 'Asia/Tokyo';
const daysAgo = (n: number) => DateTime.now().setZone(ZONE).minus({ days: n }).toISODate() as string;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe.each(testDialects())('sync (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: Account;
  let creator: Account;

  beforeAll(async () => {
    server = await startTestServer({ dialect, config: { timeZone: ZONE } });
    api = client(server.url);
    const accounts = await setupAccounts(api);
    admin = accounts.admin;
    creator = await accounts.withRole('orderCreator');
  });
  afterAll(() => server?.close());

  const as = (account: Account = admin) => ({ token: account.token });

  async function product(name = nextId('Sync product')): Promise<Json> {
    const res = await api.post(
      '/api/v1/products',
      {
        name,
        skuCode: nextId('SYNC-SKU'),
        janCode: nextJan(),
        purchasePrice: 300,
        inStockQuantity: 100_000,
        amazonStockQuantity: 0,
        availablePlatforms: [{ code: 'AMAZONIND', asin: 'B0SYNC0001' }],
      },
      as(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  }

  async function order(productId: string, orderDate: string, status: 'RECEIVED' | 'PACKED' = 'PACKED') {
    const res = await api.post(
      '/api/v1/orders',
      {
        product: productId,
        platformCode: 'AMAZONIND',
        currency: 'INR',
        orderId: nextId('403-SYNC'),
        orderDate,
        orderQuantity: 1,
        baseOrderPrice: 1000,
        discount: 0,
      },
      as(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.data._id as string;
    if (status === 'PACKED') {
      for (const step of ['ACCEPTED', 'PACKED']) {
        const moved = await api.put(`/api/v1/orders/${id}`, { shipmentStatus: step }, as());
        expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      }
    }
    return id;
  }

  async function ship(orderIds: string[], shippingDate = daysAgo(2)): Promise<Json> {
    const res = await api.post(
      '/api/v1/shipments',
      {
        shipmentId: nextId('SHP-SYNC'),
        shippingDate,
        totalShippingFee: 1000,
        shipmentTrackingLink: 'https://tracking.example/sync',
        orderIds,
      },
      as(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  }

  const sync = async (query = '', account: Account = creator) => {
    const res = await api.get(`/api/v1/sync/changes${query ? `?${query}` : ''}`, as(account));
    return res;
  };

  /** Renames a product through the product form's call, the rest of it as stored. */
  async function rename(id: string, name: string) {
    const current = (await api.get(`/api/v1/products/${id}`, as())).body.data;
    const renamed = await api.put(
      `/api/v1/products/${id}`,
      {
        name,
        skuCode: current.skuCode,
        janCode: current.janCode,
        purchasePrice: current.purchasePrice,
        amazonStockQuantity: current.amazonStockQuantity,
        availablePlatforms: current.availablePlatforms,
      },
      as(),
    );
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  }

  /** Every page of a full sync at `limit`, with the change cursor it ends on. */
  async function fullSync(limit: number, between?: (page: number) => Promise<void>) {
    // The full sync hands over a change cursor at the head when it began: a transaction of any
    // database of the cluster still open then (another test file's) holds that head below this
    // file's writes, which would come again as changes.
    await settled();
    const pages: Json[] = [];
    let res = await sync(`limit=${limit}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    pages.push(res.body);
    while (JSON.parse(Buffer.from(res.body.cursor, 'base64url').toString()).k === 'full') {
      await between?.(pages.length);
      res = await sync(`cursor=${res.body.cursor}&limit=${limit}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      pages.push(res.body);
    }
    return { pages, cursor: res.body.cursor as string, more: res.body.more as boolean };
  }

  /** Calls with the cursor until `more` is false; answers the pages and the last cursor. */
  /**
   * On PostgreSQL a change is delivered once every transaction older than it has ended, in the
   * whole cluster (the xmin rule): other test files write beside this one, so wait until every
   * transaction begun before now is over, as a client's next sync would find it.
   */
  async function settled() {
    if (dialect !== 'postgres') return;
    const now = await sql<{ x: string }>`select pg_snapshot_xmax(pg_current_snapshot())::text as x`.execute(
      server.app.db,
    );
    const fence = BigInt(now.rows[0]!.x);
    for (let i = 0; i < 500; i += 1) {
      const at = await sql<{ x: string }>`select pg_snapshot_xmin(pg_current_snapshot())::text as x`.execute(
        server.app.db,
      );
      if (BigInt(at.rows[0]!.x) >= fence) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('a transaction of the cluster stayed open for 10 s');
  }

  async function drain(cursor: string, limit = 500) {
    await settled();
    const pages: Json[] = [];
    for (;;) {
      const res = await sync(`cursor=${cursor}&limit=${limit}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      pages.push(res.body.data);
      cursor = res.body.cursor;
      if (!res.body.more) return { pages, cursor, data: merge(pages) };
    }
  }

  /** The pages' records, each kind by id (the last state wins) and removals as sets. */
  function merge(pages: Json[]) {
    const out = {
      shipments: new Map<string, Json>(),
      orders: new Map<string, Json>(),
      products: new Map<string, Json>(),
      removed: { shipments: new Set<string>(), orders: new Set<string>(), products: new Set<string>() },
    };
    for (const page of pages) {
      for (const kind of ['shipments', 'orders', 'products'] as const) {
        for (const record of page[kind]) out[kind].set(record._id, record);
        for (const id of page.removed[kind]) out.removed[kind].add(id);
      }
    }
    return out;
  }

  let cursor = '';
  let recentPacked = '';
  let oldPacked = '';
  let shipment: Json;
  let productA: Json;
  let productB: Json;

  it('a full sync in pages adds up to its total, each record once, the set only', async () => {
    productA = await product();
    productB = await product();
    const outside = await product();
    recentPacked = await order(productA._id, daysAgo(5));
    oldPacked = await order(productB._id, daysAgo(120));
    const shipped = [await order(productA._id, daysAgo(3)), await order(productB._id, daysAgo(200))];
    shipment = await ship([...shipped, oldPacked]);
    await order(productA._id, daysAgo(10), 'RECEIVED');
    await order(outside._id, daysAgo(150), 'RECEIVED'); // too old and in no shipment
    await ship([await order(outside._id, daysAgo(400))], daysAgo(380)); // shipped too long ago

    const whole = await fullSync(2000);
    expect(whole.pages).toHaveLength(1);
    const all = merge(whole.pages.map((p) => p.data));
    expect([...all.shipments.keys()]).toEqual([shipment._id]);
    // 2 recent + 2 in the shipment + the old one in the shipment = 5 orders; 2 products.
    expect(all.orders.size).toBe(5);
    expect(new Set(all.products.keys())).toEqual(new Set([productA._id, productB._id]));
    expect(whole.pages[0].total).toBe(1 + 5 + 2);
    expect(all.shipments.get(shipment._id)).toMatchObject({
      shipmentId: shipment.shipmentId,
      status: 'SHIPPED',
    });

    const paged = await fullSync(3);
    const seen = paged.pages.flatMap((p) => [...p.data.shipments, ...p.data.orders, ...p.data.products]);
    expect(paged.pages.length).toBe(3);
    for (const page of paged.pages) expect(page.total).toBe(8);
    // The orders first, then the shipments, then the products: a client builds the orders'
    // indexes while the rest arrives.
    const sent = paged.pages.flatMap((p) =>
      (['orders', 'shipments', 'products'] as const).flatMap((kind) => p.data[kind].map(() => kind)),
    );
    expect(sent).toEqual([...Array(5).fill('orders'), 'shipments', 'products', 'products']);
    expect(seen.length).toBe(8);
    expect(new Set(seen.map((r: Json) => r._id)).size).toBe(8);
    expect(paged.more).toBe(false);
    cursor = paged.cursor;
    const idle = await drain(cursor);
    expect(idle.pages).toHaveLength(1);
    expect(idle.data.orders.size + idle.data.shipments.size + idle.data.products.size).toBe(0);
    cursor = idle.cursor;
  });

  it('sends an order added to a shipment, with the shipment and its product', async () => {
    const added = await order(productA._id, daysAgo(1));
    cursor = (await drain(cursor)).cursor; // the order's creation
    const res = await api.post(`/api/v1/shipments/${shipment._id}/orders`, { orderIds: [added] }, as());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { data, cursor: next } = await drain(cursor);
    cursor = next;
    expect(data.orders.get(added)).toMatchObject({
      shipmentId: shipment.shipmentId,
      shipmentStatus: 'SHIPPED',
    });
    // A page names a shipment's orders by id: their records come once, as orders.
    expect(data.shipments.get(shipment._id)?.orderIds).toContain(added);
    expect(data.shipments.get(shipment._id)?.shippedOrders).toBeUndefined();
    expect(data.products.has(productA._id)).toBe(true);
  });

  it("names an order's product by id when asked (orderProduct=id), in full pages and change pages alike", async () => {
    const records = await fullSync(2000);
    const asRecords = merge(records.pages.map((p) => p.data));
    let res = await sync('limit=2000&orderProduct=id');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byId = new Map<string, Json>(res.body.data.orders.map((o: Json) => [o._id, o]));
    expect(byId.size).toBe(asRecords.orders.size);
    for (const [id, full] of asRecords.orders) {
      const { product, ...rest } = full;
      // Everything else as the orders API gives it; the product by id alone.
      expect(byId.get(id)).toEqual({ ...rest, productId: product?._id ?? null });
    }
    // The changes come the same way: a renamed product's orders name it by id.
    await rename(productA._id, 'Renamed by id');
    res = await sync(`cursor=${cursor}&orderProduct=id`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.products.map((p: Json) => p.name)).toContain('Renamed by id');
    expect(res.body.data.orders.length).toBeGreaterThan(0);
    for (const order of res.body.data.orders) {
      expect(order).not.toHaveProperty('product');
      expect(order.productId).toEqual(expect.any(String));
    }
    cursor = (await drain(cursor)).cursor;
    expect((await sync('orderProduct=product')).status).toBe(400);
  });

  it('an order taken out of a shipment: removed when older than 90 days, sent without shipment when recent', async () => {
    const out = await api.request('DELETE', `/api/v1/shipments/${shipment._id}/orders/${oldPacked}`, as());
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    let { data, cursor: next } = await drain(cursor);
    expect(data.removed.orders.has(oldPacked)).toBe(true);
    expect(data.orders.has(oldPacked)).toBe(false);
    expect(data.shipments.get(shipment._id)?.orderIds).not.toContain(oldPacked);

    const recent = shipment.shippedOrders.find((o: Json) => o.orderDate === daysAgo(3))._id as string;
    const res = await api.request('DELETE', `/api/v1/shipments/${shipment._id}/orders/${recent}`, as());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ({ data, cursor: next } = await drain(next));
    expect(data.orders.get(recent)).toMatchObject({ shipmentId: null, shipmentStatus: 'PACKED' });
    expect(data.removed.orders.has(recent)).toBe(false);
    cursor = next;
  });

  it('sends a status change and a product rename (with the orders naming it)', async () => {
    const moved = await api.put(`/api/v1/orders/${recentPacked}`, { shipmentStatus: 'CANCELLED' }, as());
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    let { data, cursor: next } = await drain(cursor);
    expect(data.orders.get(recentPacked)?.shipmentStatus).toBe('CANCELLED');

    await rename(productB._id, 'Renamed for sync');
    ({ data, cursor: next } = await drain(next));
    expect(data.products.get(productB._id)?.name).toBe('Renamed for sync');
    const named = [...data.orders.values()].filter((o) => o.product?._id === productB._id);
    expect(named.length).toBeGreaterThan(0);
    for (const o of named) expect(o.product.name).toBe('Renamed for sync');
    cursor = next;
  });

  it("sends the products showing a renamed category's name", async () => {
    const category = await api.post('/api/v1/categories', { name: nextId('Sync tea') }, as());
    expect(category.status, JSON.stringify(category.body)).toBe(201);
    const categoryId = category.body.data._id as string;
    const current = (await api.get(`/api/v1/products/${productA._id}`, as())).body.data;
    const put = await api.put(
      `/api/v1/products/${productA._id}`,
      {
        name: current.name,
        skuCode: current.skuCode,
        janCode: current.janCode,
        purchasePrice: current.purchasePrice,
        amazonStockQuantity: current.amazonStockQuantity,
        availablePlatforms: current.availablePlatforms,
        categoryId,
      },
      as(),
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    cursor = (await drain(cursor)).cursor;
    const renamed = await api.put(`/api/v1/categories/${categoryId}`, { name: 'Sync tea, renamed' }, as());
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const { data, cursor: next } = await drain(cursor);
    expect(data.products.get(productA._id)?.category).toEqual({ _id: categoryId, name: 'Sync tea, renamed' });
    cursor = next;
  });

  it('names a deleted product as removed', async () => {
    // The API deletes no product; a product with no order can still go (a seed, an admin in SQL).
    const gone = await product();
    const db = server.app.db;
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('stock_movements').where('product_id', '=', gone._id).execute();
      await trx.deleteFrom('products').where('id', '=', gone._id).execute();
    });
    const { data, cursor: next } = await drain(cursor);
    expect(data.removed.products.has(gone._id)).toBe(true);
    expect(data.products.has(gone._id)).toBe(false);
    cursor = next;
  });

  it("sends a shipment's saved customs with its completed orders", async () => {
    const res = await api.put(
      `/api/v1/shipments/${shipment._id}`,
      { customId: 'CUS-SYNC', totalCustomFee: 900, receivedDate: daysAgo(0) },
      as(creator),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { data, cursor: next } = await drain(cursor);
    expect(data.shipments.get(shipment._id)).toMatchObject({ status: 'RECEIVED', customId: 'CUS-SYNC' });
    for (const o of res.body.data.shippedOrders) {
      expect(data.orders.get(o._id)?.shipmentStatus).toBe('COMPLETED');
    }
    cursor = next;
  });

  it('delivers a change made during a full sync after it', async () => {
    let changed = '';
    const run = await fullSync(2, async (page) => {
      if (page === 1) changed = await order(productA._id, daysAgo(0), 'RECEIVED');
    });
    const after = await drain(run.cursor);
    expect(after.data.orders.get(changed)).toMatchObject({ shipmentStatus: 'RECEIVED' });
  });

  it('pages the changes by limit with no note lost', async () => {
    const ids = [];
    for (let i = 0; i < 5; i += 1) ids.push(await order(productA._id, daysAgo(0), 'RECEIVED'));
    const { pages, data, cursor: next } = await drain(cursor, 2);
    expect(pages.length).toBeGreaterThan(2);
    for (const id of ids) expect(data.orders.has(id)).toBe(true);
    cursor = next;
  });

  it.runIf(dialect === 'postgres')(
    'a transaction that wrote first and commits last is still delivered (xmin rule)',
    async () => {
      const db = server.app.db;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let written!: () => void;
      const hasWritten = new Promise<void>((resolve) => (written = resolve));
      const slow = db.transaction().execute(async (trx) => {
        await sql`update products set name = 'Written first, committed last' where id = ${productA._id}`.execute(
          trx,
        );
        written();
        await held;
      });
      await hasWritten;
      // Another transaction writes after it and commits first; a sync call reads meanwhile.
      const fast = await order(productB._id, daysAgo(0), 'RECEIVED');
      const first = await sync(`cursor=${cursor}`);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const firstProducts = first.body.data.products.map((p: Json) => p.name);
      expect(firstProducts).not.toContain('Written first, committed last');
      release();
      await slow;
      const { data } = await drain(first.body.cursor);
      const firstOrders = new Set(first.body.data.orders.map((o: Json) => o._id));
      expect(firstOrders.has(fast) || data.orders.has(fast)).toBe(true);
      expect(data.products.get(productA._id)?.name).toBe('Written first, committed last');
    },
  );

  it('refuses bad cursors and limits with the API error shape', async () => {
    for (const bad of [
      'garbage!!',
      'bm90IGpzb24',
      b64({ v: 2, k: 'changes', f: { t: '0', s: 0 } }),
      b64({ v: 2, k: 'full', p: 'users', a: '', n: 1, f: { t: '0', s: 0 } }),
      // A full cursor of the first version went shipments first: followed now it would skip orders.
      b64({ v: 1, k: 'full', p: 'shipments', a: '', n: 1, f: { t: '0', s: 0 } }),
      b64({ v: 1, k: 'changes', f: { t: '0', s: -1 } }),
      b64({ v: 1, k: 'changes', f: { t: '99999999999999999999999', s: 0 } }),
      // Past the log's head: a cursor this server never gave.
      b64({ v: 1, k: 'changes', f: { t: dialect === 'postgres' ? '999999999999' : '0', s: 999_999_999 } }),
      'x'.repeat(2000),
    ]) {
      const res = await sync(`cursor=${bad}`);
      expect(res.status, `${bad}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.code).toBe('syncCursorInvalid');
    }
    for (const limit of ['0', '2001', 'abc', '-1', '1.5']) {
      const res = await sync(`limit=${limit}`);
      expect(res.status, limit).toBe(400);
      expect(res.body).toMatchObject({ code: 'queryRange', params: { field: 'limit', min: 1, max: 2000 } });
    }
    expect((await sync('limit=2000')).status).toBe(200);
    expect((await api.get('/api/v1/sync/changes')).status).toBe(401);
  });

  it('answers 410 to a cursor older than the pruned notes', async () => {
    await order(productA._id, daysAgo(0), 'RECEIVED');
    // Pruning as if 36 days had passed takes every note; the cursor before them has lost some.
    const pruned = await pruneSyncLog(server.app.db, new Date(Date.now() + 36 * 24 * 60 * 60 * 1000));
    expect(pruned).toBeGreaterThan(0);
    const res = await sync(`cursor=${cursor}`);
    expect(res.status, JSON.stringify(res.body)).toBe(410);
    expect(res.body.code).toBe('syncCursorExpired');
    // A new full sync works and ends on a cursor that is valid.
    const fresh = await fullSync(500);
    expect((await sync(`cursor=${fresh.cursor}`)).status).toBe(200);
  });
});
