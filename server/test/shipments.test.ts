/**
 * The shipments API on both databases: exact fee shares (shipping fee by quantity, custom fee
 * by declared value, paise included), the order of orders deciding ties, adding and taking out
 * orders, every refusal writing nothing, customs saved once (also under 10 parallel saves) and
 * corrected by an admin, 10 parallel creations over overlapping orders, and the list, its
 * filters and search.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withJanCheckDigit } from '#shared/domain/jan';
import { MESSAGES, formatMessage } from '#shared/messages';
import { client, setupAccounts, type Client, type Json } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

type Account = Awaited<ReturnType<typeof setupAccounts>>['admin'];

let janCounter = 300_000;
const nextJan = () => withJanCheckDigit(`491${String((janCounter += 1)).padStart(9, '0')}`);
let counter = 0;
const nextId = (prefix: string) => `${prefix}-${String((counter += 1)).padStart(5, '0')}`;

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
/** Rupees to paise exactly, for sums of shares (the API speaks rupees with up to 2 decimals). */
const paise = (rupees: number) => Math.round(rupees * 100);

describe.each(testDialects())('shipments (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: Account;
  let creator: Account;
  let productId = '';

  beforeAll(async () => {
    server = await startTestServer({ dialect, config: { timeZone: 'Asia/Tokyo' } });
    api = client(server.url);
    const accounts = await setupAccounts(api);
    admin = accounts.admin;
    creator = await accounts.withRole('orderCreator');
    const res = await api.post(
      '/api/v1/products',
      {
        name: 'Shipment Matcha',
        skuCode: 'SHIP-MATCHA',
        janCode: nextJan(),
        purchasePrice: 300,
        inStockQuantity: 100_000,
        amazonStockQuantity: 0,
        availablePlatforms: [{ code: 'AMAZONIND', asin: 'B0SHIP0001' }],
      },
      as(admin),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    productId = res.body.data._id;
  });
  afterAll(() => server?.close());

  const as = (account: Account) => ({ token: account.token });
  const get = async (path: string, account: Account = admin) => api.get(`/api/v1/${path}`, as(account));

  /** A new order moved to `status` through order management (ACCEPTED, then PACKED). */
  async function order(
    overrides: Json = {},
    status: 'RECEIVED' | 'ACCEPTED' | 'PACKED' = 'PACKED',
  ): Promise<Json> {
    const platformCode = overrides.platformCode ?? 'AMAZONIND';
    const res = await api.post(
      '/api/v1/orders',
      {
        product: productId,
        platformCode,
        currency: platformCode === 'AMAZONJP' ? 'JPY' : 'INR',
        orderId: nextId('403-SHIP'),
        orderDate: '2026-11-20',
        orderQuantity: 1,
        baseOrderPrice: 1000,
        discount: 0,
        ...overrides,
      },
      as(admin),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const steps = { RECEIVED: [], ACCEPTED: ['ACCEPTED'], PACKED: ['ACCEPTED', 'PACKED'] }[status];
    for (const step of steps) {
      const moved = await api.put(`/api/v1/orders/${res.body.data._id}`, { shipmentStatus: step }, as(admin));
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    return (await get(`orders/${res.body.data._id}`)).body.data;
  }

  const shipmentBody = (orderIds: string[], overrides: Json = {}) => ({
    shipmentId: nextId('SHP'),
    shippingDate: '2026-11-25',
    totalShippingFee: 1000,
    shipmentTrackingLink: 'https://tracking.example/abc',
    orderIds,
    ...overrides,
  });

  async function ship(orderIds: string[], overrides: Json = {}): Promise<Json> {
    const res = await api.post('/api/v1/shipments', shipmentBody(orderIds, overrides), as(admin));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  }

  const customs = (overrides: Json = {}) => ({
    customId: 'CUS-1',
    totalCustomFee: 1000,
    receivedDate: '2026-12-05',
    ...overrides,
  });

  const shares = (shipment: Json, field: 'shippingFee' | 'customFee') =>
    shipment.shippedOrders.map((o: Json) => o[field]);

  const shipmentAudits = async (entityId?: string) =>
    (await get(`audit-logs?entity=shipment${entityId ? `&entityId=${entityId}` : ''}&limit=100`)).body;

  /** What a refused request must leave unchanged of an order. */
  const orderState = async (id: string) => {
    const o = (await get(`orders/${id}`)).body.data;
    return {
      status: o.shipmentStatus,
      shipmentId: o.shipmentId,
      shippingFee: o.shippingFee,
      customFee: o.customFee,
      updatedAt: o.updatedAt,
    };
  };

  describe('sharing the shipping fee by quantity', () => {
    it('splits 1,000 yen over quantities 1/2/3 as 167/333/500', async () => {
      const orders = [
        await order({ orderQuantity: 1 }),
        await order({ orderQuantity: 2 }),
        await order({ orderQuantity: 3 }),
      ];
      const shipment = await ship(orders.map((o) => o._id));
      expect(shipment).toMatchObject({
        status: 'SHIPPED',
        totalShippingFee: 1000,
        customId: null,
        totalCustomFee: null,
        receivedDate: null,
        shippingMethod: null,
      });
      expect(shares(shipment, 'shippingFee')).toEqual([167, 333, 500]);
      expect(shipment.shippedOrders.map((o: Json) => o._id)).toEqual(orders.map((o) => o._id));
      // The shares are the orders' own shipping fees, and the orders are SHIPPED in the shipment.
      for (const [i, o] of orders.entries()) {
        const stored = (await get(`orders/${o._id}`)).body.data;
        expect(stored).toMatchObject({
          shipmentStatus: 'SHIPPED',
          shipmentId: shipment.shipmentId,
          shippingFee: [167, 333, 500][i],
        });
      }
      // The order screens find them by the shipment's own id.
      const listed = await get(`orders?shipmentId=${encodeURIComponent(shipment.shipmentId)}`);
      expect(listed.body.totalCount).toBe(3);
      // A share changes with the shipment, never on the order alone (the shares must keep adding up).
      const edit = await api.put(`/api/v1/orders/${orders[0]._id}`, { shippingFee: 5 }, as(admin));
      expect(edit.status).toBe(409);
      expect(edit.body).toMatchObject({ code: 'visitCombine', message: MESSAGES.visitCombine });
      expect((await get(`orders/${orders[0]._id}`)).body.data.shippingFee).toBe(167);
    });

    it('gives a leftover yen to the earlier order as sent, not by id', async () => {
      const orders = [await order(), await order(), await order()];
      const sent = [orders[2]._id, orders[0]._id, orders[1]._id];
      const shipment = await ship(sent, { totalShippingFee: 1 });
      expect(shipment.shippedOrders.map((o: Json) => o._id)).toEqual(sent);
      expect(shares(shipment, 'shippingFee')).toEqual([1, 0, 0]);
      // Read again (list and one), the order stays the one sent.
      const again = (await get(`shipments/${shipment._id}`)).body.data;
      expect(again.shippedOrders.map((o: Json) => o._id)).toEqual(sent);
    });

    it('handles a zero fee and a single order', async () => {
      const zero = await ship([(await order())._id, (await order({ orderQuantity: 4 }))._id], {
        totalShippingFee: 0,
      });
      expect(shares(zero, 'shippingFee')).toEqual([0, 0]);
      const single = await ship([(await order({ orderQuantity: 7 }))._id], { totalShippingFee: 12345 });
      expect(shares(single, 'shippingFee')).toEqual([12345]);
    });

    it('keeps the shipping method and the popup fields of each order', async () => {
      const method = await api.post('/api/v1/shipping-methods', { name: `EMS ${nextId('m')}` }, as(admin));
      expect(method.status).toBe(201);
      const o = await order({
        platformCode: 'SHOPIFY',
        baseOrderPrice: 1999.5,
        discount: 100,
        gst: 18,
        commission: 12.34,
        closingFee: 5,
        customer: { name: 'Asha', city: 'Pune' },
      });
      const shipment = await ship([o._id], { shippingMethod: method.body.data._id, totalShippingFee: 700 });
      expect(shipment.shippingMethod).toEqual({ _id: method.body.data._id, name: method.body.data.name });
      expect(shipment.shippedOrders[0]).toEqual({
        _id: o._id,
        orderId: o.orderId,
        orderDate: '2026-11-20',
        platformCode: 'SHOPIFY',
        orderQuantity: 1,
        product: { _id: productId, name: 'Shipment Matcha' },
        baseOrderPrice: 1999.5,
        gst: 18,
        commission: 12.34,
        closingFee: 5,
        shippingFee: 700,
        customFee: 0,
        discount: 100,
        currency: 'INR',
        shipmentStatus: 'SHIPPED',
        customer: expect.objectContaining({ name: 'Asha', city: 'Pune' }),
      });
    });
  });

  describe('refusing a creation, writing nothing', () => {
    it('answers each refusal as specified and changes no order and no history', async () => {
      const good = await order();
      const jp = await order({ platformCode: 'AMAZONJP', baseOrderPrice: 1000 });
      const received = await order({}, 'RECEIVED');
      const inOther = await order();
      const other = await ship([inOther._id]);
      const watched = [good, jp, received, inOther];
      const before = await Promise.all(watched.map((o) => orderState(o._id)));
      const auditsBefore = (await shipmentAudits()).totalCount;
      const shipmentsBefore = (await get('shipments?limit=1')).body.totalCount;

      const post = (body: Json) => api.post('/api/v1/shipments', body, as(admin));
      const refusals: [string, Json, number, string, Json?][] = [
        [
          'AMAZONJP order',
          shipmentBody([good._id, jp._id]),
          409,
          'shipmentOrderPlatform',
          { orderId: jp.orderId, platform: 'AMAZONJP' },
        ],
        [
          'RECEIVED order',
          shipmentBody([good._id, received._id]),
          409,
          'shipmentOrderNotPacked',
          { orderId: received.orderId, status: 'RECEIVED' },
        ],
        [
          'order already shipped',
          shipmentBody([good._id, inOther._id]),
          409,
          'shipmentOrderInShipment',
          { orderId: inOther.orderId, shipmentId: other.shipmentId },
        ],
        ['unknown order id', shipmentBody([good._id, 'no-such-order']), 400, 'unknownReference'],
        ['no orders', shipmentBody([]), 400, 'selectOrdersToClub'],
        ['orders missing', { ...shipmentBody([]), orderIds: undefined }, 400, 'selectOrdersToClub'],
        [
          'duplicate shipment id',
          shipmentBody([good._id], { shipmentId: other.shipmentId }),
          409,
          'duplicateField',
        ],
        [
          'ftp link',
          shipmentBody([good._id], { shipmentTrackingLink: 'ftp://x.example/a' }),
          400,
          'shipmentRequired',
        ],
        [
          'not a link',
          shipmentBody([good._id], { shipmentTrackingLink: 'tracking 123' }),
          400,
          'shipmentRequired',
        ],
        ['no link', shipmentBody([good._id], { shipmentTrackingLink: undefined }), 400, 'shipmentRequired'],
        ['no shipment id', shipmentBody([good._id], { shipmentId: undefined }), 400, 'shipmentRequired'],
        ['blank shipment id', shipmentBody([good._id], { shipmentId: '   ' }), 400, 'shipmentRequired'],
        ['numeric shipment id', shipmentBody([good._id], { shipmentId: 12 }), 400, 'shipmentRequired'],
        ['no fee', shipmentBody([good._id], { totalShippingFee: undefined }), 400, 'shipmentRequired'],
        ['text fee', shipmentBody([good._id], { totalShippingFee: 'lots' }), 400, 'shipmentRequired'],
        ['yen with decimals', shipmentBody([good._id], { totalShippingFee: 10.5 }), 400, 'tooManyDecimals'],
        ['negative fee', shipmentBody([good._id], { totalShippingFee: -1 }), 400, 'tooSmall'],
        [
          'unknown method',
          shipmentBody([good._id], { shippingMethod: 'no-such-method' }),
          400,
          'unknownReference',
        ],
        ['unknown field', { ...shipmentBody([good._id]), status: 'RECEIVED' }, 400, 'unknownField'],
      ];
      for (const [label, body, status, code, params] of refusals) {
        const res = await post(body);
        expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(status);
        expect(res.body.code, label).toBe(code);
        if (params) {
          expect(res.body.params, label).toEqual(params);
          expect(res.body.message, label).toBe(formatMessage(code as never, params));
        }
      }
      expect((await post(shipmentBody([]))).body.message).toBe(MESSAGES.selectOrdersToClub);
      expect((await post(shipmentBody([good._id], { shipmentId: '' }))).body.message).toBe(
        MESSAGES.shipmentRequired,
      );
      expect((await post(shipmentBody([good._id], { shipmentId: other.shipmentId }))).body.message).toBe(
        MESSAGES.duplicateField,
      );

      expect(await Promise.all(watched.map((o) => orderState(o._id)))).toEqual(before);
      expect((await shipmentAudits()).totalCount).toBe(auditsBefore);
      expect((await get('shipments?limit=1')).body.totalCount).toBe(shipmentsBefore);
    });

    it('refuses a shipment id that orders already carry (history without a shipment)', async () => {
      // Orders seeded as history name shipments that were never entered (SHP-YYYYMM-NN).
      const historic = await order();
      await server.app.db
        .updateTable('orders')
        .set({ shipment_id: 'SHP-HISTORY-1' })
        .where('id', '=', historic._id)
        .execute();
      const res = await api.post(
        '/api/v1/shipments',
        shipmentBody([(await order())._id], { shipmentId: 'SHP-HISTORY-1' }),
        as(admin),
      );
      expect(res.status).toBe(409);
      expect(res.body.errors[0]).toMatchObject({ field: 'shipmentId', code: 'duplicateField' });
    });
  });

  describe('adding and taking out orders before customs', () => {
    it('recomputes the shares each time, keeps the order of orders, and keeps the last order', async () => {
      const [a, b, c] = [await order(), await order(), await order({ orderQuantity: 2 })];
      const created = await ship([a._id, b._id], { totalShippingFee: 100 });
      expect(shares(created, 'shippingFee')).toEqual([50, 50]);

      const added = await api.post(
        `/api/v1/shipments/${created._id}/orders`,
        { orderIds: [c._id] },
        as(admin),
      );
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(added.body.data.shippedOrders.map((o: Json) => o._id)).toEqual([a._id, b._id, c._id]);
      expect(shares(added.body.data, 'shippingFee')).toEqual([25, 25, 50]);
      expect((await get(`orders/${c._id}`)).body.data).toMatchObject({
        shipmentStatus: 'SHIPPED',
        shipmentId: created.shipmentId,
        shippingFee: 50,
      });
      expect(added.body.data.updatedAt > created.updatedAt).toBe(true);

      // Adding refuses what creation refuses, and changes nothing.
      const jp = await order({ platformCode: 'AMAZONJP' });
      const refused = await api.post(
        `/api/v1/shipments/${created._id}/orders`,
        { orderIds: [jp._id] },
        as(admin),
      );
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('shipmentOrderPlatform');
      const again = await api.post(
        `/api/v1/shipments/${created._id}/orders`,
        { orderIds: [a._id] },
        as(admin),
      );
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('shipmentOrderInShipment');
      expect(
        (await api.post(`/api/v1/shipments/${created._id}/orders`, { orderIds: [] }, as(admin))).body.code,
      ).toBe('selectOrdersToClub');

      const removed = await api.request(
        'DELETE',
        `/api/v1/shipments/${created._id}/orders/${a._id}`,
        as(admin),
      );
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
      // 100 yen over quantities 1 and 2: 33.33 and 66.67 → 33 and 67.
      expect(removed.body.data.shippedOrders.map((o: Json) => o._id)).toEqual([b._id, c._id]);
      expect(shares(removed.body.data, 'shippingFee')).toEqual([33, 67]);
      expect((await get(`orders/${a._id}`)).body.data).toMatchObject({
        shipmentStatus: 'PACKED',
        shipmentId: null,
        shippingFee: 0,
      });
      // Out of a shipment, it may go into another.
      expect(shares(await ship([a._id], { totalShippingFee: 9 }), 'shippingFee')).toEqual([9]);

      const notIn = await api.request(
        'DELETE',
        `/api/v1/shipments/${created._id}/orders/${a._id}`,
        as(admin),
      );
      expect(notIn.status).toBe(404);
      expect(
        (await api.request('DELETE', `/api/v1/shipments/${created._id}/orders/${b._id}`, as(admin))).status,
      ).toBe(200);
      const last = await api.request('DELETE', `/api/v1/shipments/${created._id}/orders/${c._id}`, as(admin));
      expect(last.status).toBe(409);
      expect(last.body).toMatchObject({ code: 'shipmentLastOrder', message: MESSAGES.shipmentLastOrder });
      const kept = (await get(`shipments/${created._id}`)).body.data;
      expect(shares(kept, 'shippingFee')).toEqual([100]);

      // Each change is one entry in the shipment's history.
      const history = await shipmentAudits(created._id);
      expect(history.data.map((e: Json) => e.action).sort()).toEqual([
        'create',
        'update',
        'update',
        'update',
      ]);
      expect(history.data.every((e: Json) => e.entityName === created.shipmentId)).toBe(true);

      // After customs, neither is allowed.
      expect((await api.put(`/api/v1/shipments/${created._id}`, customs(), as(admin))).status).toBe(200);
      const late = await order();
      const addLate = await api.post(
        `/api/v1/shipments/${created._id}/orders`,
        { orderIds: [late._id] },
        as(admin),
      );
      expect(addLate.status).toBe(409);
      expect(addLate.body.code).toBe('customsAlreadySaved');
      expect((await orderState(late._id)).status).toBe('PACKED');
      const removeLate = await api.request(
        'DELETE',
        `/api/v1/shipments/${created._id}/orders/${c._id}`,
        as(admin),
      );
      expect(removeLate.status).toBe(409);
      expect(removeLate.body.code).toBe('customsAlreadySaved');
    });
  });

  describe('customs', () => {
    it('moves the shipment to RECEIVED and its orders to COMPLETED, sharing the fee by declared value', async () => {
      // Declared values 1,000 and 2,500 − 500 = 2,000 rupees: 1,000.50 rupees split 333.33 and
      // 666.67 → 333 and 667, and the 50 paise go with the leftover rupee to the second.
      const a = await order({ baseOrderPrice: 1000 });
      const b = await order({ baseOrderPrice: 2500, discount: 500, orderQuantity: 3 });
      const shipment = await ship([a._id, b._id]);
      const res = await api.put(
        `/api/v1/shipments/${shipment._id}`,
        customs({ totalCustomFee: 1000.5, customId: ' CUS-77 ' }),
        as(creator),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({
        status: 'RECEIVED',
        customId: 'CUS-77',
        totalCustomFee: 1000.5,
        receivedDate: '2026-12-05',
      });
      expect(shares(res.body.data, 'customFee')).toEqual([333, 667.5]);
      for (const [id, fee] of [
        [a._id, 333],
        [b._id, 667.5],
      ] as const) {
        expect((await get(`orders/${id}`)).body.data).toMatchObject({
          shipmentStatus: 'COMPLETED',
          customFee: fee,
        });
      }
      const history = await shipmentAudits(shipment._id);
      const saved = history.data.find((e: Json) => e.action === 'update');
      expect(saved.before).toMatchObject({ status: 'SHIPPED', customId: null, totalCustomFee: null });
      expect(saved.after).toMatchObject({ status: 'RECEIVED', customId: 'CUS-77', totalCustomFee: 1000.5 });

      // Twice: 409, nothing changes.
      const twice = await api.put(
        `/api/v1/shipments/${shipment._id}`,
        customs({ totalCustomFee: 5 }),
        as(admin),
      );
      expect(twice.status).toBe(409);
      expect(twice.body).toMatchObject({
        code: 'customsAlreadySaved',
        message: MESSAGES.customsAlreadySaved,
      });
      expect((await get(`shipments/${shipment._id}`)).body.data.totalCustomFee).toBe(1000.5);
    });

    it('gives the paise to the largest share when the rupees split exactly, and splits a discounted order by what was declared', async () => {
      const a = await order({ baseOrderPrice: 1500, discount: 500 });
      const b = await order({ baseOrderPrice: 2000 });
      const c = await order({ baseOrderPrice: 100, discount: 100 });
      const shipment = await ship([a._id, b._id, c._id]);
      const res = await api.put(
        `/api/v1/shipments/${shipment._id}`,
        customs({ totalCustomFee: 300.99 }),
        as(admin),
      );
      expect(res.status).toBe(200);
      // Declared 1,000, 2,000 and 0: 100, 200 and 0 rupees exactly; the 99 paise to the 200.
      expect(shares(res.body.data, 'customFee')).toEqual([100, 200.99, 0]);
      expect(sum(shares(res.body.data, 'customFee').map(paise))).toBe(30099);
    });

    it('refuses invalid customs with the fixed text and writes nothing', async () => {
      const o = await order();
      const shipment = await ship([o._id]);
      const before = await orderState(o._id);
      const audits = (await shipmentAudits(shipment._id)).totalCount;
      const put = (body: Json) => api.put(`/api/v1/shipments/${shipment._id}`, body, as(creator));
      const required: [string, Json][] = [
        ['no custom id', customs({ customId: undefined })],
        ['blank custom id', customs({ customId: '  ' })],
        ['numeric custom id', customs({ customId: 42 })],
        ['null custom id', customs({ customId: null })],
        ['no fee', customs({ totalCustomFee: undefined })],
        ['text fee', customs({ totalCustomFee: '1000' })],
        ['null fee', customs({ totalCustomFee: null })],
        ['no date', customs({ receivedDate: undefined })],
        ['blank date', customs({ receivedDate: '' })],
        ['not a date', customs({ receivedDate: '2026-02-30' })],
        ['numeric date', customs({ receivedDate: 20261205 })],
        ['nothing', {}],
      ];
      for (const [label, body] of required) {
        const res = await put(body);
        expect(res.status, label).toBe(400);
        expect(res.body, label).toMatchObject({ code: 'customsRequired', message: MESSAGES.customsRequired });
        expect(
          res.body.errors.every((e: Json) => e.code === 'customsRequired'),
          `${label}: ${JSON.stringify(res.body.errors)}`,
        ).toBe(true);
      }
      const extra = await put({ ...customs(), status: 'RECEIVED' });
      expect(extra.status).toBe(400);
      expect(extra.body.code).toBe('unknownField');
      const paiseFraction = await put(customs({ totalCustomFee: 10.123 }));
      expect(paiseFraction.status).toBe(400);
      expect(paiseFraction.body.code).toBe('tooManyDecimals');
      expect((await put(customs({ totalCustomFee: -5 }))).status).toBe(400);
      expect(await orderState(o._id)).toEqual(before);
      expect((await get(`shipments/${shipment._id}`)).body.data).toMatchObject({
        status: 'SHIPPED',
        customId: null,
      });
      expect((await shipmentAudits(shipment._id)).totalCount).toBe(audits);
      expect((await api.put('/api/v1/shipments/no-such-shipment', customs(), as(creator))).status).toBe(404);
    });

    it('lets an admin correct saved customs, recomputing the shares with before and after in the history', async () => {
      const a = await order({ baseOrderPrice: 1000 });
      const b = await order({ baseOrderPrice: 3000 });
      const shipment = await ship([a._id, b._id]);
      const early = await api.put(`/api/v1/shipments/${shipment._id}/customs`, customs(), as(admin));
      expect(early.status).toBe(409);
      expect(early.body.code).toBe('customsNotSaved');
      expect(
        (await api.put(`/api/v1/shipments/${shipment._id}`, customs({ totalCustomFee: 400 }), as(creator)))
          .status,
      ).toBe(200);

      // An order creator saves customs but may not correct them (nor create shipments).
      const denied = await api.put(`/api/v1/shipments/${shipment._id}/customs`, customs(), as(creator));
      expect(denied.status).toBe(403);
      expect(
        (await api.post('/api/v1/shipments', shipmentBody([(await order())._id]), as(creator))).status,
      ).toBe(403);

      const fixed = await api.put(
        `/api/v1/shipments/${shipment._id}/customs`,
        customs({ customId: 'CUS-FIXED', totalCustomFee: 801.01, receivedDate: '2026-12-06' }),
        as(admin),
      );
      expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
      // 801 rupees by 1:3 → 200.25 and 600.75 → 200 and 600, the leftover rupee to .75 (the
      // second), and the paisa with it.
      expect(fixed.body.data).toMatchObject({
        status: 'RECEIVED',
        customId: 'CUS-FIXED',
        totalCustomFee: 801.01,
      });
      expect(shares(fixed.body.data, 'customFee')).toEqual([200, 601.01]);
      expect((await get(`orders/${b._id}`)).body.data).toMatchObject({
        shipmentStatus: 'COMPLETED',
        customFee: 601.01,
      });
      const history = await shipmentAudits(shipment._id);
      const correction = history.data.find((e: Json) => e.after?.customId === 'CUS-FIXED');
      expect(correction.action).toBe('update');
      expect(correction.before).toMatchObject({ customId: 'CUS-1', totalCustomFee: 400 });
      expect(correction.after).toMatchObject({ customId: 'CUS-FIXED', totalCustomFee: 801.01 });
      expect(correction.after.shippedOrders).toEqual([
        { orderId: a.orderId, shippingFee: 500, customFee: 200 },
        { orderId: b.orderId, shippingFee: 500, customFee: 601.01 },
      ]);
    });
  });

  describe('under parallel requests', () => {
    it('saves customs once out of 10 parallel saves', async () => {
      const orders = [await order(), await order({ baseOrderPrice: 3000 })];
      const shipment = await ship(orders.map((o) => o._id));
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          api.put(
            `/api/v1/shipments/${shipment._id}`,
            customs({ customId: `CUS-RACE-${i}`, totalCustomFee: 100 + i }),
            as(i % 2 ? creator : admin),
          ),
        ),
      );
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      expect(answers.filter((r) => r.status === 409)).toHaveLength(9);
      expect(
        answers.filter((r) => r.status === 409).every((r) => r.body.code === 'customsAlreadySaved'),
      ).toBe(true);
      const winner = answers.find((r) => r.status === 200)?.body.data;
      const stored = (await get(`shipments/${shipment._id}`)).body.data;
      expect(stored.customId).toBe(winner.customId);
      expect(sum(shares(stored, 'customFee').map(paise))).toBe(paise(stored.totalCustomFee));
      const history = await shipmentAudits(shipment._id);
      expect(history.data.filter((e: Json) => e.action === 'update')).toHaveLength(1);
      for (const o of orders) expect((await orderState(o._id)).status).toBe('COMPLETED');
    });

    it('moves the version with each write, and refuses a save over a version it has not seen', async () => {
      const orders = [await order(), await order(), await order()];
      const shipment = await ship(orders.slice(0, 2).map((o) => o._id));
      expect(shipment.version).toBe(1);
      const added = await api.post(
        `/api/v1/shipments/${shipment._id}/orders`,
        { orderIds: [orders[2]._id] },
        as(admin),
      );
      expect(added.body.data.version).toBe(2);
      const out = await api.request(
        'DELETE',
        `/api/v1/shipments/${shipment._id}/orders/${orders[2]._id}`,
        as(admin),
      );
      expect(out.body.data.version).toBe(3);

      const stale = await api.put(`/api/v1/shipments/${shipment._id}`, customs({ version: 2 }), as(creator));
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({
        code: 'shipmentChanged',
        params: { current: 3, given: 2 },
        details: {
          currentVersion: 3,
          givenVersion: 2,
          shipment: { _id: shipment._id, version: 3, status: 'SHIPPED' },
        },
      });
      expect((await get(`shipments/${shipment._id}`)).body.data).toMatchObject({
        status: 'SHIPPED',
        version: 3,
      });
    });

    it('saves once out of 10 parallel saves of one version; the others see the shipment changed', async () => {
      const shipment = await ship([(await order())._id, (await order())._id]);
      const saves = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          api.put(
            `/api/v1/shipments/${shipment._id}`,
            customs({ customId: `CUS-V-${i}`, totalCustomFee: 100 + i, version: 1 }),
            as(creator),
          ),
        ),
      );
      expect(saves.filter((r) => r.status === 200)).toHaveLength(1);
      const lost = saves.filter((r) => r.status === 409);
      expect(lost).toHaveLength(9);
      for (const r of lost)
        expect(r.body).toMatchObject({ code: 'shipmentChanged', details: { currentVersion: 2 } });

      // Corrections are where a version matters most: without one, each would win in turn.
      const corrections = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          api.put(
            `/api/v1/shipments/${shipment._id}/customs`,
            customs({ customId: `CUS-C-${i}`, totalCustomFee: 200 + i, version: 2 }),
            as(admin),
          ),
        ),
      );
      expect(corrections.filter((r) => r.status === 200)).toHaveLength(1);
      expect(corrections.filter((r) => r.status === 409 && r.body.code === 'shipmentChanged')).toHaveLength(
        9,
      );
      const winner = corrections.find((r) => r.status === 200)?.body.data;
      const stored = (await get(`shipments/${shipment._id}`)).body.data;
      expect(stored).toMatchObject({ customId: winner.customId, version: 3 });
      const history = await shipmentAudits(shipment._id);
      expect(history.data.filter((e: Json) => e.action === 'update')).toHaveLength(2);
    });

    it('puts each order into one shipment at most out of 10 parallel creations over overlapping orders', async () => {
      const orders: Json[] = [];
      for (let i = 0; i < 11; i += 1) orders.push(await order({ orderQuantity: 1 + (i % 3) }));
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, k) =>
          api.post(
            '/api/v1/shipments',
            shipmentBody([orders[k]._id, orders[k + 1]._id], { totalShippingFee: 101 }),
            as(admin),
          ),
        ),
      );
      const won = answers.filter((r) => r.status === 201).map((r) => r.body.data);
      expect(won.length).toBeGreaterThanOrEqual(1);
      expect(answers.filter((r) => r.status !== 201).every((r) => r.status === 409)).toBe(true);
      const claimed = won.flatMap((s: Json) => s.shippedOrders.map((o: Json) => o._id));
      expect(new Set(claimed).size).toBe(claimed.length);
      for (const s of won) {
        const stored = (await get(`shipments/${s._id}`)).body.data;
        expect(stored.shippedOrders).toHaveLength(2);
        expect(sum(shares(stored, 'shippingFee'))).toBe(101);
      }
      for (const o of orders) {
        const state = await orderState(o._id);
        const owner = won.find((s: Json) => s.shippedOrders.some((x: Json) => x._id === o._id));
        expect(state.status).toBe(owner ? 'SHIPPED' : 'PACKED');
        expect(state.shipmentId).toBe(owner ? owner.shipmentId : null);
      }
    });
  });

  describe('the list and search', () => {
    const ids: Record<string, Json> = {};
    // Shipping dates of their own, so other tests' shipments stay out of these ranges.
    const range = 'shippingDate[gte]=2031-01-01&shippingDate[lte]=2031-03-31';

    beforeAll(async () => {
      ids.a = await ship([(await order({ orderId: 'LISTSHIP-ORDER-A' }))._id], {
        shipmentId: 'LISTSHIP-ALPHA',
        shippingDate: '2031-01-10',
        totalShippingFee: 300,
      });
      ids.b = await ship([(await order({ orderId: 'LISTSHIP-ORDER-B' }))._id], {
        shipmentId: 'LISTSHIP-BETA',
        shippingDate: '2031-02-10',
        totalShippingFee: 100,
      });
      ids.c = await ship([(await order({ orderId: 'LISTSHIP-ORDER-C' }))._id], {
        shipmentId: 'LISTSHIP-GAMMA',
        shippingDate: '2031-03-10',
        totalShippingFee: 200,
      });
      const saved = await api.put(
        `/api/v1/shipments/${ids.b._id}`,
        customs({ receivedDate: '2031-04-02' }),
        as(admin),
      );
      expect(saved.status).toBe(200);
      ids.b = saved.body.data;
    });

    const listIds = async (query: string, account: Account = admin) => {
      const res = await get(`shipments?${range}&${query}`, account);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.map((s: Json) => s.shipmentId);
    };

    it('sorts by the latest update by default, and by each sort field', async () => {
      expect(await listIds('')).toEqual(['LISTSHIP-BETA', 'LISTSHIP-GAMMA', 'LISTSHIP-ALPHA']);
      expect(await listIds('sort=shippingDate')).toEqual([
        'LISTSHIP-ALPHA',
        'LISTSHIP-BETA',
        'LISTSHIP-GAMMA',
      ]);
      expect(await listIds('sort=-shipmentId')).toEqual([
        'LISTSHIP-GAMMA',
        'LISTSHIP-BETA',
        'LISTSHIP-ALPHA',
      ]);
      expect(await listIds('sort=totalShippingFee')).toEqual([
        'LISTSHIP-BETA',
        'LISTSHIP-GAMMA',
        'LISTSHIP-ALPHA',
      ]);
      expect(await listIds('sort=createdAt')).toEqual(['LISTSHIP-ALPHA', 'LISTSHIP-BETA', 'LISTSHIP-GAMMA']);
      // Not received yet sorts last both ways.
      expect((await listIds('sort=receivedDate'))[0]).toBe('LISTSHIP-BETA');
      expect((await listIds('sort=-receivedDate'))[0]).toBe('LISTSHIP-BETA');
      const page = await get(`shipments?${range}&page=2&limit=2`);
      expect(page.body.totalCount).toBe(3);
      expect(page.body.data.map((s: Json) => s.shipmentId)).toEqual(['LISTSHIP-ALPHA']);
    });

    it('filters by status, date ranges, shipment id and updatedAt[gt]', async () => {
      expect(await listIds('status=RECEIVED')).toEqual(['LISTSHIP-BETA']);
      expect(await listIds('status=SHIPPED')).toEqual(['LISTSHIP-GAMMA', 'LISTSHIP-ALPHA']);
      const early = await get('shipments?shippingDate[gte]=2031-01-01&shippingDate[lte]=2031-02-10');
      expect(early.body.data.map((s: Json) => s.shipmentId)).toEqual(['LISTSHIP-BETA', 'LISTSHIP-ALPHA']);
      const received = await get('shipments?receivedDate[gte]=2031-04-01&receivedDate[lte]=2031-04-30');
      expect(received.body.data.map((s: Json) => s.shipmentId)).toEqual(['LISTSHIP-BETA']);
      expect(await listIds('shipmentId=LISTSHIP-GAMMA')).toEqual(['LISTSHIP-GAMMA']);
      const since = encodeURIComponent(ids.c.updatedAt);
      expect(await listIds(`updatedAt[gt]=${since}`)).toEqual(['LISTSHIP-BETA']);
      // An order creator reads the list; each shipment carries its orders.
      const asCreator = await get(`shipments?${range}&status=RECEIVED`, creator);
      expect(asCreator.status).toBe(200);
      expect(asCreator.body.data[0].shippedOrders.map((o: Json) => o.orderId)).toEqual(['LISTSHIP-ORDER-B']);
      expect((await get('shipments?status=LOST')).status).toBe(400);
      expect((await get('shipments?colour=red')).body.code).toBe('queryFilter');
    });

    it('searches by shipment id and by order id, within the list filters', async () => {
      const search = async (query: string) => {
        const res = await get(`shipments/search?${query}`, creator);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return { ids: res.body.data.map((s: Json) => s.shipmentId), total: res.body.totalcount };
      };
      expect(await search('searchStr=listship-')).toEqual({
        ids: ['LISTSHIP-BETA', 'LISTSHIP-GAMMA', 'LISTSHIP-ALPHA'],
        total: 3,
      });
      expect((await search('searchStr=AMM')).ids).toEqual(['LISTSHIP-GAMMA']);
      expect((await search('searchStr=ship-be&searchBy=shipmentId')).ids).toEqual(['LISTSHIP-BETA']);
      // Below a trigram: the ids starting with the text.
      expect((await search(`searchStr=LI&${range}`)).ids).toHaveLength(3);
      expect((await search('searchStr=ORDER-C&searchBy=orderId')).ids).toEqual(['LISTSHIP-GAMMA']);
      expect((await search('searchStr=LISTSHIP-ORDER&searchBy=orderId&status=SHIPPED')).ids).toEqual([
        'LISTSHIP-GAMMA',
        'LISTSHIP-ALPHA',
      ]);
      expect((await search('searchStr=ALPHA&searchBy=orderId')).total).toBe(0);
      expect(
        (await search('searchStr=LISTSHIP&shippingDate[gte]=2031-02-01&shippingDate[lte]=2031-03-31')).ids,
      ).toEqual(['LISTSHIP-BETA', 'LISTSHIP-GAMMA']);
      const bad = await get('shipments/search?searchStr=x&searchBy=customer');
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 'queryOneOf', params: { field: 'searchBy' } });
    });

    it('reads one shipment, and answers 404 for an unknown one', async () => {
      const one = await get(`shipments/${ids.a._id}`, creator);
      expect(one.status).toBe(200);
      expect(one.body.data).toMatchObject({ shipmentId: 'LISTSHIP-ALPHA', totalShippingFee: 300 });
      expect((await get('shipments/no-such-shipment')).status).toBe(404);
    });
  });
});
