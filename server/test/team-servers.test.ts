/**
 * Two team servers on one PostgreSQL database, as behind a load balancer: a write on one is seen
 * by the other's very next list, search and count. Each server keeps caches (totals by
 * `list_versions`, compiled queries, the order search's trigram shares), so every page is read
 * on both servers before the write, warming them, and read again on the other server right
 * after it.
 *
 * PostgreSQL only: SQLite is the desktop's, one process on its file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createProduct, setupAccounts, type Client, type Json } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

const postgres = testDialects().includes('postgres');

describe.skipIf(!postgres)('two team servers on one PostgreSQL database', () => {
  let one: TestServer;
  let two: TestServer;
  let a: Client;
  let b: Client;
  let token: string;
  let sencha: string;
  let hojicha: string;
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    one = await startTestServer({ dialect: 'postgres' });
    two = await startTestServer({ dialect: 'postgres', databaseUrl: one.databaseUrl });
    a = client(one.url);
    b = client(two.url);
    token = (await setupAccounts(a)).admin.token;
    sencha = await createProduct(
      a,
      { token },
      { name: 'Team Sencha', skuCode: 'TEAM-SEN', inStockQuantity: 100 },
    );
    hojicha = await createProduct(
      a,
      { token },
      { name: 'Team Hojicha', skuCode: 'TEAM-HOJ', janCode: '4901234567801', inStockQuantity: 100 },
    );
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  const get = async (api: Client, path: string) => {
    const res = await api.get(`/api/v1${path}`, { token });
    expect(res.status, `${path}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
    return res.body as Json;
  };
  let orderCounter = 0;
  const createOrder = async (api: Client, product: string, platformCode = 'SHOPIFY') => {
    orderCounter += 1;
    const res = await api.post(
      '/api/v1/orders',
      {
        product,
        platformCode,
        orderId: `TORD-${orderCounter}-${Date.now().toString(36)}`,
        orderQuantity: 1,
        currency: platformCode === 'AMAZONJP' ? 'JPY' : 'INR',
        baseOrderPrice: 500,
        orderDate: today,
      },
      { token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { _id: string; orderId: string };
  };
  const setStatus = async (api: Client, id: string, shipmentStatus: string) => {
    const res = await api.put(`/api/v1/orders/${id}`, { shipmentStatus }, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  /** Every page the write may change, read on one server: lists, searches, counts. */
  const pages = (orderId: string, word: string) => [
    '/orders?limit=100',
    '/orders?limit=100&shipmentStatus=RECEIVED',
    '/orders?limit=100&shipmentStatus=ACCEPTED',
    '/orders?limit=100&shipmentStatus=SHIPPED',
    `/orders/search?searchStr=${encodeURIComponent(word)}&limit=100`,
    `/orders/search?searchStr=${encodeURIComponent(word)}&shipmentStatus=ACCEPTED&limit=100`,
    `/orders/search?searchStr=${encodeURIComponent(orderId)}`,
    // A fragment of every order id here: its kept set must take in the new orders.
    '/orders/search?searchStr=TORD-&limit=100',
    `/orders/total?start_date=${today}&end_date=${today}`,
    '/orders/total',
    '/products?limit=100',
    `/products/search?searchString=${encodeURIComponent(word)}&limit=100`,
    '/shipments?limit=100',
    `/shipments/search?searchBy=orderId&searchStr=${encodeURIComponent(orderId)}`,
  ];
  /** Reads every page on both servers, twice: the caches are warm, and kept sets trusted. */
  const warm = async (orderId: string, word: string) => {
    for (const api of [a, b, a, b]) for (const page of pages(orderId, word)) await get(api, page);
  };
  const ids = (body: Json) => (body.data as { _id: string }[]).map((r) => r._id);
  const total = (body: Json) => (body.totalCount ?? body.totalcount) as number;

  it('sees an order created on the other server in its lists, searches and counts', async () => {
    const first = await createOrder(a, sencha);
    await warm(first.orderId, 'Sencha');
    const before = {
      list: total(await get(b, '/orders?limit=100')),
      search: total(await get(b, '/orders/search?searchStr=Sencha&limit=100')),
      fragment: total(await get(b, '/orders/search?searchStr=TORD-&limit=100')),
      totals: await get(b, `/orders/total?start_date=${today}&end_date=${today}`),
      product: (await get(b, '/products?limit=100')).data.find((p: Json) => p._id === sencha),
    };

    const order = await createOrder(a, sencha);

    const list = await get(b, '/orders?limit=100');
    expect(ids(list)).toContain(order._id);
    expect(total(list)).toBe(before.list + 1);
    const received = await get(b, '/orders?limit=100&shipmentStatus=RECEIVED');
    expect(ids(received)).toContain(order._id);
    const search = await get(b, '/orders/search?searchStr=Sencha&limit=100');
    expect(ids(search)).toContain(order._id);
    expect(total(search)).toBe(before.search + 1);
    expect(ids(await get(b, `/orders/search?searchStr=${encodeURIComponent(order.orderId)}`))).toEqual([
      order._id,
    ]);
    const fragment = await get(b, '/orders/search?searchStr=TORD-&limit=100');
    expect(ids(fragment)).toContain(order._id);
    expect(total(fragment)).toBe(before.fragment + 1);
    const totals = await get(b, `/orders/total?start_date=${today}&end_date=${today}`);
    expect(totals.totalCount).toBe(before.totals.totalCount + 1);
    expect(totals.byStatus.RECEIVED).toBe(before.totals.byStatus.RECEIVED + 1);
    // The product's 30-day quantity moved with the order.
    const product = (await get(b, '/products?limit=100')).data.find((p: Json) => p._id === sencha);
    expect(product.monthlyQuantity).toBe(before.product.monthlyQuantity + 1);
    const found = (await get(b, '/products/search?searchString=Sencha&limit=100')).data.find(
      (p: Json) => p._id === sencha,
    );
    expect(found.monthlyQuantity).toBe(product.monthlyQuantity);
  });

  it('sees a status change made on the other server', async () => {
    const order = await createOrder(b, hojicha);
    await warm(order.orderId, 'Hojicha');
    const before = {
      totals: await get(a, `/orders/total?start_date=${today}&end_date=${today}`),
      accepted: total(await get(a, '/orders/search?searchStr=Hojicha&shipmentStatus=ACCEPTED&limit=100')),
      stock: (await get(a, '/products?limit=100')).data.find((p: Json) => p._id === hojicha).inStockQuantity,
    };

    await setStatus(b, order._id, 'ACCEPTED');

    expect(ids(await get(a, '/orders?limit=100&shipmentStatus=ACCEPTED'))).toContain(order._id);
    expect(ids(await get(a, '/orders?limit=100&shipmentStatus=RECEIVED'))).not.toContain(order._id);
    const list = await get(a, '/orders?limit=100');
    expect(list.data.find((o: Json) => o._id === order._id).shipmentStatus).toBe('ACCEPTED');
    const search = await get(a, '/orders/search?searchStr=Hojicha&shipmentStatus=ACCEPTED&limit=100');
    expect(ids(search)).toContain(order._id);
    expect(total(search)).toBe(before.accepted + 1);
    const totals = await get(a, `/orders/total?start_date=${today}&end_date=${today}`);
    expect(totals.byStatus.ACCEPTED).toBe(before.totals.byStatus.ACCEPTED + 1);
    expect(totals.byStatus.RECEIVED).toBe(before.totals.byStatus.RECEIVED - 1);
    expect(totals.totalCount).toBe(before.totals.totalCount);
    // Accepting took the stock, which both lists of products show.
    expect(
      (await get(a, '/products?limit=100')).data.find((p: Json) => p._id === hojicha).inStockQuantity,
    ).toBe(before.stock - 1);
    expect(
      (await get(a, '/products/search?searchString=Hojicha&limit=100')).data.find(
        (p: Json) => p._id === hojicha,
      ).inStockQuantity,
    ).toBe(before.stock - 1);
  });

  it('sees a product renamed on the other server in the product and order searches', async () => {
    const order = await createOrder(a, hojicha);
    await warm(order.orderId, 'Hojicha');
    await warm(order.orderId, 'Genmaicha');
    const before = total(await get(b, '/orders/search?searchStr=Hojicha&limit=100'));
    expect(total(await get(b, '/orders/search?searchStr=Genmaicha&limit=100'))).toBe(0);

    const renamed = await a.put(
      `/api/v1/products/${hojicha}`,
      { name: 'Team Genmaicha', skuCode: 'TEAM-HOJ', janCode: '4901234567801' },
      { token },
    );
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);

    const products = await get(b, '/products/search?searchString=Genmaicha&limit=100');
    expect(ids(products)).toEqual([hojicha]);
    expect(ids(await get(b, '/products/search?searchString=Hojicha&limit=100'))).toEqual([]);
    expect((await get(b, '/products?limit=100')).data.find((p: Json) => p._id === hojicha).name).toBe(
      'Team Genmaicha',
    );
    const orders = await get(b, '/orders/search?searchStr=Genmaicha&limit=100');
    expect(ids(orders)).toContain(order._id);
    expect(total(orders)).toBe(before);
    expect(total(await get(b, '/orders/search?searchStr=Hojicha&limit=100'))).toBe(0);
    expect((await get(b, '/orders?limit=100')).data.find((o: Json) => o._id === order._id).product.name).toBe(
      'Team Genmaicha',
    );
  });

  it('sees an order added to a shipment on the other server', async () => {
    const packed: { _id: string; orderId: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const order = await createOrder(a, sencha, 'AMAZONIND');
      await setStatus(a, order._id, 'ACCEPTED');
      await setStatus(a, order._id, 'PACKED');
      packed.push(order);
    }
    const [inFirst, added] = packed as [{ _id: string; orderId: string }, { _id: string; orderId: string }];
    const created = await a.post(
      '/api/v1/shipments',
      {
        shipmentId: `TEAM-SHIP-${Date.now().toString(36)}`,
        shippingDate: today,
        totalShippingFee: 1000,
        shipmentTrackingLink: 'https://tracking.example/team',
        orderIds: [inFirst._id],
      },
      { token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const shipment = created.body.data as { _id: string; shipmentId: string };
    await warm(added.orderId, 'Sencha');
    const before = {
      totals: await get(a, `/orders/total?start_date=${today}&end_date=${today}`),
      shipped: total(await get(a, '/orders?limit=100&shipmentStatus=SHIPPED')),
    };
    expect(ids(await get(a, `/shipments/search?searchBy=orderId&searchStr=${added.orderId}`))).toEqual([]);

    const res = await b.post(
      `/api/v1/shipments/${shipment._id}/orders`,
      { orderIds: [added._id] },
      { token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const row = (await get(a, '/shipments?limit=100')).data.find((s: Json) => s._id === shipment._id);
    expect(row.shippedOrders.map((o: Json) => o._id)).toEqual([inFirst._id, added._id]);
    expect(ids(await get(a, `/shipments/search?searchBy=orderId&searchStr=${added.orderId}`))).toEqual([
      shipment._id,
    ]);
    const shipped = await get(a, '/orders?limit=100&shipmentStatus=SHIPPED');
    expect(ids(shipped)).toContain(added._id);
    expect(total(shipped)).toBe(before.shipped + 1);
    const order = (await get(a, `/orders/search?searchStr=${encodeURIComponent(added.orderId)}`)).data[0];
    expect(order).toMatchObject({
      _id: added._id,
      shipmentStatus: 'SHIPPED',
      shipmentId: shipment.shipmentId,
    });
    const totals = await get(a, `/orders/total?start_date=${today}&end_date=${today}`);
    expect(totals.byStatus.SHIPPED).toBe(before.totals.byStatus.SHIPPED + 1);
    expect(totals.byStatus.PACKED).toBe(before.totals.byStatus.PACKED - 1);
  });
});
