/** OTZ orders over HTTP on each database: push, list, search, status rules, stock, parallel changes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '#shared/constants';
import { withJanCheckDigit } from '#shared/domain/jan';
import { MESSAGES } from '#shared/messages';
import { client, setupAccounts, type Client, type Json } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

let counter = 0;
const nextId = () => {
  counter += 1;
  return counter;
};

describe.each(testDialects())('OTZ orders API (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: string;
  let orderCreator: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = client(server.url);
    const accounts = await setupAccounts(api);
    admin = accounts.admin.token;
    orderCreator = (await accounts.withRole('orderCreator')).token;
  });
  afterAll(() => server?.close());

  const get = (path: string, token = admin) => api.get(`/api/v1/${path}`, { token });

  const product = async (name: string, inStockQuantity: number, amazonStockQuantity = 0) => {
    const n = nextId();
    const res = await api.post(
      '/api/v1/products',
      {
        name,
        skuCode: `OTZ-SKU-${dialect}-${n}`,
        janCode: withJanCheckDigit(`49${String(700000000 + n).padStart(10, '0')}`),
        purchasePrice: 100,
        inStockQuantity,
        amazonStockQuantity,
        lowStockLevel: 1,
        activeStatus: true,
      },
      { token: admin },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as Json;
  };

  const stockOf = async (id: string) => (await get(`products/${id}`)).body.data.inStockQuantity as number;

  const body = (items: Json[], overrides: Json = {}) => ({
    paypalTransactionId: `PAYID-${dialect}-${nextId()}`,
    orderDate: '2026-11-20',
    customer: {
      name: 'Aiko Tanaka',
      email: 'aiko@example.com',
      phone: '+81 90 1234 5678',
      address: '1-2-3 Shibuya',
      city: 'Tokyo',
      state: 'Tokyo',
      country: 'JP',
      postcode: '150-0002',
    },
    items,
    currency: 'INR',
    amount: 2469.12,
    ...overrides,
  });

  const push = async (items: Json[], overrides: Json = {}) => {
    const res = await api.post('/api/v1/otz-orders', body(items, overrides), { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as Json;
  };

  const rowCounts = async () => {
    const counts: Record<string, number> = {};
    for (const table of ['otz_orders', 'otz_order_items', 'stock_movements', 'audit_log'] as const) {
      const row = await server.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      counts[table] = Number(row.n);
    }
    return counts;
  };

  /** Puts an order straight into a status (for statuses the API never moves an OTZ order to). */
  const forceStatus = (id: string, status: OrderStatus, stockTaken = 0) =>
    server.app.db
      .updateTable('otz_orders')
      .set({ shipment_status: status, stock_taken: stockTaken })
      .where('id', '=', id)
      .execute();

  it('takes a pushed order with its lines, customer and exact amounts, RECEIVED, audited', async () => {
    const matcha = await product('Matcha Kit Kat', 50);
    const pocky = await product('Pocky Strawberry', 50);
    const order = await push([
      { product: matcha._id, orderQuantity: 2, price: 1234.56 },
      { product: { _id: pocky._id }, orderQuantity: 1, price: 0.01 },
    ]);
    expect(order).toMatchObject({
      orderDate: '2026-11-20',
      shipmentStatus: 'RECEIVED',
      currency: 'INR',
      amount: 2469.12,
      customer: { name: 'Aiko Tanaka', postcode: '150-0002' },
      items: [
        {
          product: { _id: matcha._id, name: 'Matcha Kit Kat', skuCode: matcha.skuCode },
          orderQuantity: 2,
          price: 1234.56,
        },
        { product: { _id: pocky._id, name: 'Pocky Strawberry' }, orderQuantity: 1, price: 0.01 },
      ],
    });
    const stored = await server.app.db
      .selectFrom('otz_orders')
      .select('amount')
      .where('id', '=', order._id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.amount)).toBe(246912);
    expect((await get(`otz-orders/${order._id}`)).body.data).toEqual(order);
    const audit = await get(`audit-logs?entity=otzOrder&entityId=${order._id}`);
    expect(audit.body.data[0]).toMatchObject({ action: 'create' });
    // Nothing is taken from stock until the order is accepted.
    expect(await stockOf(matcha._id)).toBe(50);
  });

  it('refuses the same PayPal transaction twice with 409 Duplicate field, writing nothing', async () => {
    const p = await product('Hi-Chew', 10);
    const first = body([{ product: p._id, orderQuantity: 1, price: 10 }]);
    expect((await api.post('/api/v1/otz-orders', first, { token: admin })).status).toBe(201);
    const before = await rowCounts();
    const again = await api.post('/api/v1/otz-orders', first, { token: admin });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'duplicateField',
      message: MESSAGES.duplicateField,
      errors: [{ field: 'paypalTransactionId' }],
    });
    expect(await rowCounts()).toEqual(before);
  });

  it.each([
    ['no transaction id', { paypalTransactionId: '' }, 'paypalTransactionId'],
    ['no lines', { items: [] }, 'items'],
    ['a line without product', { items: [{ orderQuantity: 1, price: 1 }] }, 'items.0.product'],
    ['a zero quantity', { items: [{ product: 'x', orderQuantity: 0, price: 1 }] }, 'items.0.orderQuantity'],
    [
      'a fractional quantity',
      { items: [{ product: 'x', orderQuantity: 1.5, price: 1 }] },
      'items.0.orderQuantity',
    ],
    [
      'a price with three decimals',
      { items: [{ product: 'x', orderQuantity: 1, price: 1.005 }] },
      'items.0.price',
    ],
    ['yen with decimals', { currency: 'JPY', amount: 100.5 }, 'amount'],
    ['a price as text', { items: [{ product: 'x', orderQuantity: 1, price: '12' }] }, 'items.0.price'],
    ['an unknown currency', { currency: 'USD' }, 'currency'],
    ['a bad date', { orderDate: '2026-02-30' }, 'orderDate'],
    [
      'an unknown product',
      { items: [{ product: 'no-such-product', orderQuantity: 1, price: 1 }] },
      'items.0.product',
    ],
  ])('refuses %s (400) and writes nothing', async (_name, overrides, field) => {
    const p = await product('Valid product', 5);
    const before = await rowCounts();
    const res = await api.post(
      '/api/v1/otz-orders',
      body([{ product: p._id, orderQuantity: 1, price: 10 }], { amount: 10, ...overrides }),
      { token: admin },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect((res.body.errors as Json[]).map((e) => e.field)).toContain(field);
    expect(await rowCounts()).toEqual(before);
  });

  it('is for admins only: an order creator may neither push nor read OTZ orders', async () => {
    const p = await product('Admin only', 5);
    expect(
      (
        await api.post('/api/v1/otz-orders', body([{ product: p._id, orderQuantity: 1, price: 1 }]), {
          token: orderCreator,
        })
      ).status,
    ).toBe(403);
    expect((await get('otz-orders', orderCreator)).status).toBe(403);
    expect((await get('otz-orders/search?searchStr=x', orderCreator)).status).toBe(403);
  });

  it('lists newest first, filters by status and creation time, counts with page=1&limit=1, and searches', async () => {
    const p = await product('Listed', 100);
    const a = await push([{ product: p._id, orderQuantity: 1, price: 1 }], {
      customer: { name: 'Ravi Kumar', email: 'ravi@example.in' },
    });
    const b = await push([{ product: p._id, orderQuantity: 1, price: 1 }]);
    const c = await push([{ product: p._id, orderQuantity: 1, price: 1 }]);
    await forceStatus(c._id, 'PACKED');

    const page = await get('otz-orders?limit=10000');
    expect(page.status).toBe(200);
    const ids = (page.body.data as Json[]).map((o) => o._id);
    expect(ids.indexOf(c._id)).toBeLessThan(ids.indexOf(b._id));
    expect(ids.indexOf(b._id)).toBeLessThan(ids.indexOf(a._id));
    expect(page.body.totalCount).toBe(ids.length);

    const count = await get('otz-orders?page=1&limit=1');
    expect(count.body.data).toHaveLength(1);
    expect(count.body.totalCount).toBe(ids.length);

    const received = await get('otz-orders?shipmentStatus=RECEIVED&limit=10000');
    expect((received.body.data as Json[]).every((o) => o.shipmentStatus === 'RECEIVED')).toBe(true);
    expect((received.body.data as Json[]).map((o) => o._id)).not.toContain(c._id);
    const packed = await get('otz-orders?shipmentStatus=PACKED');
    expect((packed.body.data as Json[]).map((o) => o._id)).toEqual([c._id]);

    // What the new-order poller asks: created after a cursor.
    const after = await get(
      `otz-orders?sort=-createdAt&limit=100&createdAt[gt]=${encodeURIComponent(a.createdAt)}`,
    );
    const newer = (after.body.data as Json[]).map((o) => o._id);
    expect(newer).not.toContain(a._id);
    expect(newer).toEqual(expect.arrayContaining([b._id, c._id]));

    const byId = await get(`otz-orders/search?searchStr=${encodeURIComponent(b.paypalTransactionId)}`);
    expect(byId.body).toMatchObject({ totalcount: 1, data: [{ _id: b._id }] });
    const byName = await get('otz-orders/search?searchStr=ravi%20KUMAR');
    expect((byName.body.data as Json[]).map((o) => o._id)).toEqual([a._id]);
    const byEmail = await get('otz-orders/search?searchStr=VI%40EXAMPLE');
    expect((byEmail.body.data as Json[]).map((o) => o._id)).toEqual([a._id]);
    const japanese = await push([{ product: p._id, orderQuantity: 1, price: 1 }], {
      customer: { name: '山田 花子', email: 'hanako@example.jp' },
    });
    const byKanji = await get(`otz-orders/search?searchStr=${encodeURIComponent('田 花')}`);
    expect((byKanji.body.data as Json[]).map((o) => o._id)).toEqual([japanese._id]);
    // Two characters: transaction ids starting with them.
    const prefix = String(b.paypalTransactionId).slice(0, 2);
    const byPrefix = await get(`otz-orders/search?searchStr=${encodeURIComponent(prefix)}&limit=10000`);
    expect((byPrefix.body.data as Json[]).map((o) => o._id)).toContain(b._id);
    // LIKE's wildcards are text here, not patterns.
    expect((await get('otz-orders/search?searchStr=%25%25%25')).body.totalcount).toBe(0);
    expect((await get('otz-orders/search?searchStr=___')).body.totalcount).toBe(0);
    const byStatus = await get(
      `otz-orders/search?searchStr=${encodeURIComponent(c.paypalTransactionId)}&shipmentStatus=RECEIVED`,
    );
    expect(byStatus.body.totalcount).toBe(0);

    expect((await get('otz-orders?sort=amount')).status).toBe(400);
    expect((await get('otz-orders?platformCode=SHOPIFY')).status).toBe(400);
  });

  describe('status changes follow the orders’ transition table', () => {
    const ALLOWED = new Set([
      'RECEIVED>ACCEPTED',
      'RECEIVED>CANCELLED',
      'ACCEPTED>PACKED',
      'ACCEPTED>CANCELLED',
      'PACKED>CANCELLED',
      // Sent to the buyer one by one, never in a combined shipment.
      'PACKED>COMPLETED',
      'AWAITING>BOOKED',
      'AWAITING>CANCELLED',
      'BOOKED>RECEIVED',
    ]);
    const refusal = (from: OrderStatus, to: OrderStatus) => {
      if (from === 'COMPLETED' || from === 'CANCELLED') return MESSAGES.cannotChangeFinal;
      if (from === 'SHIPPED' || to === 'SHIPPED') return MESSAGES.visitCombine;
      if (to === 'BOOKED') return MESSAGES.onlyAwaiting;
      return MESSAGES.cannotChangeStatus;
    };
    const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));

    it.each(pairs)('%s → %s', async (from, to) => {
      const p = await product(`Pair ${from} ${to}`, 10);
      const order = await push([{ product: p._id, orderQuantity: 2, price: 1 }]);
      const holds = from === 'ACCEPTED' || from === 'PACKED';
      await forceStatus(order._id, from, holds ? 1 : 0);
      const res = await api.put(`/api/v1/otz-orders/${order._id}`, { shipmentStatus: to }, { token: admin });
      const now = (await get(`otz-orders/${order._id}`)).body.data;
      if (ALLOWED.has(`${from}>${to}`)) {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data.shipmentStatus).toBe(to);
        expect(now.shipmentStatus).toBe(to);
      } else {
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(refusal(from, to));
        expect(now.shipmentStatus).toBe(from);
      }
    });
  });

  it('accepting takes each line from stock as a movement naming the order; cancelling gives it back once', async () => {
    const sencha = await product('Sencha', 10);
    const hojicha = await product('Hojicha', 4, 1);
    const order = await push([
      { product: sencha._id, orderQuantity: 2, price: 5 },
      { product: hojicha._id, orderQuantity: 3, price: 5 },
      { product: sencha._id, orderQuantity: 1, price: 5 },
    ]);
    const accept = await api.put(
      `/api/v1/otz-orders/${order._id}`,
      { shipmentStatus: 'ACCEPTED' },
      { token: admin },
    );
    expect(accept.status, JSON.stringify(accept.body)).toBe(200);
    expect(await stockOf(sencha._id)).toBe(7);
    expect(await stockOf(hojicha._id)).toBe(1);
    const movements = await get(`products/${sencha._id}/stock-movements?limit=100`);
    expect((movements.body.data as Json[]).filter((m) => m.orderId === order._id)).toHaveLength(2);
    expect((movements.body.data as Json[]).find((m) => m.orderId === order._id)).toMatchObject({
      reason: 'ORDER_ACCEPTED',
      note: `OTZ ${order.paypalTransactionId}`,
    });

    expect(
      (await api.put(`/api/v1/otz-orders/${order._id}`, { shipmentStatus: 'PACKED' }, { token: admin }))
        .status,
    ).toBe(200);
    expect(await stockOf(sencha._id)).toBe(7);
    expect(
      (await api.put(`/api/v1/otz-orders/${order._id}`, { shipmentStatus: 'CANCELLED' }, { token: admin }))
        .status,
    ).toBe(200);
    expect(await stockOf(sencha._id)).toBe(10);
    expect(await stockOf(hojicha._id)).toBe(4);
    // Cancelled is final: nothing moves again.
    const again = await api.put(
      `/api/v1/otz-orders/${order._id}`,
      { shipmentStatus: 'CANCELLED' },
      { token: admin },
    );
    expect(again.status).toBe(409);
    expect(await stockOf(sencha._id)).toBe(10);
  });

  it('cancelling an order that never took stock gives nothing back', async () => {
    const p = await product('Never taken', 3);
    const order = await push([{ product: p._id, orderQuantity: 2, price: 5 }]);
    expect(
      (await api.put(`/api/v1/otz-orders/${order._id}`, { shipmentStatus: 'CANCELLED' }, { token: admin }))
        .status,
    ).toBe(200);
    expect(await stockOf(p._id)).toBe(3);
  });

  it('refuses to accept more than is in stock (Amazon stock excluded), naming the product, and changes nothing', async () => {
    const p = await product('Scarce Yuzu', 5, 2);
    const order = await push([
      { product: p._id, orderQuantity: 2, price: 5 },
      { product: p._id, orderQuantity: 2, price: 5 },
    ]);
    const before = await rowCounts();
    const res = await api.put(
      `/api/v1/otz-orders/${order._id}`,
      { shipmentStatus: 'ACCEPTED' },
      { token: admin },
    );
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'insufficientStock',
      params: { product: 'Scarce Yuzu', available: 3, requested: 4 },
    });
    expect(await rowCounts()).toEqual(before);
    expect((await get(`otz-orders/${order._id}`)).body.data.shipmentStatus).toBe('RECEIVED');
    expect(await stockOf(p._id)).toBe(5);
  });

  it('refuses anything but a status in PUT, and answers 404 for an unknown order', async () => {
    const p = await product('Strict', 5);
    const order = await push([{ product: p._id, orderQuantity: 1, price: 5 }]);
    expect(
      (
        await api.put(
          `/api/v1/otz-orders/${order._id}`,
          { shipmentStatus: 'ACCEPTED', amount: 1 },
          { token: admin },
        )
      ).status,
    ).toBe(400);
    expect(
      (await api.put(`/api/v1/otz-orders/${order._id}`, { shipmentStatus: 'DONE' }, { token: admin })).status,
    ).toBe(400);
    expect(
      (await api.put('/api/v1/otz-orders/nope', { shipmentStatus: 'ACCEPTED' }, { token: admin })).status,
    ).toBe(404);
  });

  it('20 parallel accepts and cancels of one order take and give back its stock exactly once', async () => {
    const p = await product('Contended', 10);
    const order = await push([{ product: p._id, orderQuantity: 3, price: 5 }]);
    const put = (shipmentStatus: string) =>
      api.put(`/api/v1/otz-orders/${order._id}`, { shipmentStatus }, { token: admin });
    // `stockTaken` says what the order holds: nothing pushed, its stock accepted, nothing cancelled.
    const holds = async () => (await get(`otz-orders/${order._id}`)).body.data.stockTaken as boolean;
    expect(order.stockTaken).toBe(false);
    const accepts = await Promise.all(Array.from({ length: 20 }, () => put('ACCEPTED')));
    expect(accepts.filter((r) => r.status === 200)).toHaveLength(1);
    expect(accepts.filter((r) => r.status === 409)).toHaveLength(19);
    expect(accepts.find((r) => r.status === 200)?.body.data.stockTaken).toBe(true);
    expect(await holds()).toBe(true);
    expect(await stockOf(p._id)).toBe(7);
    const cancels = await Promise.all(Array.from({ length: 20 }, () => put('CANCELLED')));
    expect(cancels.filter((r) => r.status === 200)).toHaveLength(1);
    expect(cancels.find((r) => r.status === 200)?.body.data.stockTaken).toBe(false);
    expect(await holds()).toBe(false);
    expect(await stockOf(p._id)).toBe(10);
    const movements = await get(`products/${p._id}/stock-movements?limit=100`);
    expect(
      (movements.body.data as Json[])
        .filter((m) => m.orderId === order._id)
        .map((m) => m.quantity)
        .sort(),
    ).toEqual([-3, 3]);
  });

  it('parallel accepts of different orders never take more stock than there is', async () => {
    const p = await product('Last few', 5);
    const orders = await Promise.all(
      Array.from({ length: 6 }, () => push([{ product: p._id, orderQuantity: 2, price: 5 }])),
    );
    const results = await Promise.all(
      orders.map((o) =>
        api.put(`/api/v1/otz-orders/${o._id}`, { shipmentStatus: 'ACCEPTED' }, { token: admin }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'insufficientStock')).toBe(
      true,
    );
    expect(await stockOf(p._id)).toBe(1);
  });
});
