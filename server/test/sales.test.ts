/**
 * The sales reports on both databases: hand-worked figures (the arithmetic in the comments),
 * the SQL of the kept totals against the JavaScript reference on random orders, the summary
 * against the list's rows, the kept daily totals against a full recomputation after random
 * sequences of every kind of write (and under parallel writes on PostgreSQL), the CSV export,
 * the OTZ sales and the range rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { MAX_QUANTITY, MAX_UNIT_PRICE } from '#shared/constants';
import { withJanCheckDigit } from '#shared/domain/jan';
import { saleYenValues } from '#shared/domain/profit';
import { periodRange } from '#shared/domain/periods';
import { MESSAGES } from '#shared/messages';
import type { Database } from '../src/db/database';
import { seedLarge } from '../src/demo/large';
import {
  exportLinesBothWays,
  flushSalesDays,
  rebuildSalesDaily,
  salesDailyBothWays,
  salesExportBatch,
} from '../src/sales/sales.repository';
import { saleValuesOf } from '../src/sales/sales.sql';
import { client, setupAccounts, type Client, type Json } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

type Account = Awaited<ReturnType<typeof setupAccounts>>['admin'];

let janCounter = 300_000;
const nextJan = () => withJanCheckDigit(`491${String((janCounter += 1)).padStart(9, '0')}`);
let orderCounter = 0;
const nextOrderId = (prefix = '408') => `${prefix}-${String((orderCounter += 1)).padStart(7, '0')}-SALE`;

/** The rates the orders of these months are created with (micro-units: 6 decimals). */
const RATES: [string, number][] = [
  ['2025-01-01', 1_734_512], // 1.734512 yen per rupee
  ['2025-02-01', 1_800_000], // 1.8
  ['2025-03-01', 2_000_000], // 2.0
  ['2025-04-01', 1_500_000], // 1.5
  ['2025-05-01', 1_734_512],
];

describe.each(testDialects())('sales (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: Account;
  let db: Kysely<Database>;

  beforeAll(async () => {
    server = await startTestServer({ dialect, config: { timeZone: 'Asia/Tokyo' } });
    api = client(server.url);
    admin = (await setupAccounts(api)).admin;
    db = server.app.db as unknown as Kysely<Database>;
    for (const [date, rate] of RATES) {
      const res = await api.put(`/api/v1/currency/rates/${date}`, { rate: rate / 1_000_000 }, auth());
      if (res.status !== 200) throw new Error(`rate ${date}: ${res.status} ${JSON.stringify(res.body)}`);
    }
  });
  afterAll(() => server?.close());

  const auth = () => ({ token: admin.token });
  const get = (path: string) => api.get(`/api/v1/${path}`, auth());
  const put = (path: string, body: unknown) => api.put(`/api/v1/${path}`, body, auth());
  const post = (path: string, body: unknown) => api.post(`/api/v1/${path}`, body, auth());

  const ok = (res: { status: number; body: Json }, status = 200) => {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body;
  };

  async function product(overrides: Json = {}): Promise<Json> {
    janCounter += 1;
    const body = {
      name: `Sales product ${janCounter}`,
      skuCode: `SALE-${janCounter}`,
      janCode: nextJan(),
      purchasePrice: 1000,
      inStockQuantity: 100_000,
      availablePlatforms: [
        { code: 'AMAZONIND', asin: `B0IN${janCounter}` },
        { code: 'AMAZONJP', asin: `B0JP${janCounter}` },
        { code: 'SHOPIFY', asin: `shop-${janCounter}` },
      ],
      ...overrides,
    };
    const created = ok(await post('products', body), 201).data;
    // What an edit sends back (stock moves through the ledger only).
    const { inStockQuantity: _stock, ...editable } = body;
    return { ...created, body: editable };
  }

  async function order(p: Json, fields: Json): Promise<Json> {
    const platformCode = fields.platformCode ?? 'AMAZONIND';
    return ok(
      await post('orders', {
        product: p._id,
        orderId: nextOrderId(platformCode === 'AMAZONJP' ? '249' : '408'),
        orderQuantity: 1,
        currency: platformCode === 'AMAZONJP' ? 'JPY' : 'INR',
        ...fields,
        platformCode,
      }),
      201,
    ).data;
  }

  const setStatus = async (id: string, ...statuses: string[]) => {
    for (const shipmentStatus of statuses) ok(await put(`orders/${id}`, { shipmentStatus }));
  };

  let shipmentCounter = 0;
  /** India orders (PACKED) into a new shipment; customs saved when given. */
  async function ship(ids: string[], totalShippingFee: number, totalCustomFee?: number): Promise<Json> {
    shipmentCounter += 1;
    const shipment = ok(
      await post('shipments', {
        shipmentId: `SALE-SHIP-${dialect}-${shipmentCounter}`,
        shippingDate: '2025-06-01',
        totalShippingFee,
        shipmentTrackingLink: 'https://tracking.example/sales',
        orderIds: ids,
      }),
      201,
    ).data;
    if (totalCustomFee === undefined) return shipment;
    return ok(
      await put(`shipments/${shipment._id}`, {
        customId: `CUS-${shipmentCounter}`,
        totalCustomFee,
        receivedDate: '2025-06-10',
      }),
    ).data;
  }

  /** An India order taken through a shipment of its own (SHIPPED, or COMPLETED with customs). */
  async function shippedIndiaOrder(p: Json, fields: Json, shipping: number, custom?: number) {
    const o = await order(p, fields);
    await setStatus(o._id, 'ACCEPTED', 'PACKED');
    await ship([o._id], shipping, custom);
    return o;
  }

  async function allSales(query: string): Promise<Json[]> {
    const rows: Json[] = [];
    for (let page = 1; ; page += 1) {
      const body = ok(await get(`sales?${query}&page=${page}&limit=50`));
      rows.push(...body.data);
      if (rows.length >= body.totalCount || body.data.length === 0) return rows;
    }
  }

  const summaryOf = async (query: string) => ok(await get(`sales/summary?${query}`)).data;

  /**
   * The cards as the sum of the rows: what a spreadsheet of the table adds up to, over the rows
   * with a yen value (those without one are left out of every card, and counted apart).
   */
  function sumRows(rows: Json[]) {
    const total = {
      noOfOrders: 0,
      salesValue: 0,
      amazonCommission: 0,
      shippingFee: 0,
      customFee: 0,
      totalCostOfGoods: 0,
      profit: 0,
      withoutYenValue: 0,
      withoutPurchasePrice: 0,
    };
    for (const row of rows) {
      const y = row.yen;
      if (y.salesValue === null) {
        total.withoutYenValue += 1;
        continue;
      }
      total.noOfOrders += 1;
      total.salesValue += y.salesValue;
      if (row.platformCode !== 'SHOPIFY') total.amazonCommission += y.commission ?? 0;
      total.shippingFee += y.shippingFee;
      total.customFee += y.customFee ?? 0;
      total.totalCostOfGoods += y.costOfGoods ?? 0;
      total.profit += y.profit ?? 0;
      if (row.purchasePrice === null) total.withoutPurchasePrice += 1;
    }
    return total;
  }

  async function expectKeptEqualsRecomputed() {
    const dirty = await db.selectFrom('sales_daily_dirty').selectAll().execute();
    expect(dirty, 'every write flushes the days it touched in its own transaction').toEqual([]);
    const { kept, computed } = await salesDailyBothWays(db);
    const norm = (rows: Record<string, unknown>[]) =>
      rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v)])));
    expect(norm(kept)).toEqual(norm(computed));
    const lines = await exportLinesBothWays(db);
    expect(norm(lines.kept)).toEqual(norm(lines.computed));
  }

  describe('hand-worked figures', () => {
    it('a JPY order', async () => {
      const p = await product({ purchasePrice: 1200 });
      const o = await order(p, {
        platformCode: 'AMAZONJP',
        orderDate: '2025-01-05',
        orderQuantity: 2,
        baseOrderPrice: 5000,
        commission: 500,
        closingFee: 80,
        shippingFee: 300,
      });
      await setStatus(o._id, 'ACCEPTED', 'PACKED', 'COMPLETED');
      const [row] = await allSales('from=2025-01-05&to=2025-01-05&platformCode=AMAZONJP');
      // Yen throughout: sales 5000; commission 500 + 80 = 580; goods 1200 × 2 = 2400;
      // profit 5000 − 580 − 300 − 2400 = 1720.
      expect(row.yen).toEqual({
        salesValue: 5000,
        commission: 580,
        shippingFee: 300,
        customFee: 0,
        costOfGoods: 2400,
        profit: 1720,
      });
      expect(row).toMatchObject({ _id: o._id, purchasePrice: 1200, profit: 1720, exchangeRate: null });
    });

    it('an INR order with paise, a 6-decimal rate, a shipping and a custom fee share', async () => {
      const p = await product({ purchasePrice: 1500 });
      const o = await shippedIndiaOrder(
        p,
        {
          orderDate: '2025-01-10',
          baseOrderPrice: 1999.5,
          commission: 199.95,
          closingFee: 26,
          gst: 305.01,
        },
        450,
        123.45,
      );
      const [row] = await allSales('from=2025-01-10&to=2025-01-10');
      // Rate 1.734512 (2025-01-01). Sales 1999.50 × 1.734512 = 3468.156744 → 3469.
      // Commission (199.95 + 26.00) × 1.734512 = 391.9129864 → 392.
      // Custom 123.45 × 1.734512 = 214.1255064 → 215. Shipping 450 (yen).
      // Profit (1999.50 − 225.95 − 305.01) × 1.734512 − 450 − 214.1255064 − 1500
      //   = 2547.2182405 − 2164.1255064 = 383.0747461 → 384 (one rounding: the rounded terms
      //   would give 3469 − 392 − … , not the same figure).
      expect(row).toMatchObject({ _id: o._id, exchangeRate: 1.734512, shipmentStatus: 'COMPLETED' });
      expect(row.yen).toEqual({
        salesValue: 3469,
        commission: 392,
        shippingFee: 450,
        customFee: 215,
        costOfGoods: 1500,
        profit: 384,
      });
      expect(row.customFee).toBe(123.45);
    });

    it('a discount', async () => {
      const p = await product({ purchasePrice: 500 });
      await shippedIndiaOrder(
        p,
        { platformCode: 'SHOPIFY', orderDate: '2025-02-03', baseOrderPrice: 1000, discount: 150.25 },
        0,
      );
      const [row] = await allSales('from=2025-02-03&to=2025-02-03&platformCode=SHOPIFY');
      // Rate 1.8. Sales (1000.00 − 150.25) × 1.8 = 1529.55 → 1530.
      // Profit 849.75 × 1.8 − 0 − 500 = 1029.55 → 1030.
      expect(row.yen).toMatchObject({ salesValue: 1530, commission: 0, profit: 1030, costOfGoods: 500 });
    });

    it('a missing purchase price', async () => {
      const p = await product({ purchasePrice: null });
      const o = await order(p, {
        platformCode: 'AMAZONJP',
        orderDate: '2025-02-10',
        baseOrderPrice: 3000,
        commission: 300,
      });
      await setStatus(o._id, 'ACCEPTED', 'PACKED', 'COMPLETED');
      const [row] = await allSales('from=2025-02-10&to=2025-02-10');
      expect(row).toMatchObject({ purchasePrice: null, profit: null });
      expect(row.yen).toMatchObject({ salesValue: 3000, commission: 300, costOfGoods: null, profit: null });
      expect(await summaryOf('from=2025-02-10&to=2025-02-10')).toMatchObject({
        noOfOrders: 1,
        salesValue: 3000,
        amazonCommission: 300,
        totalCostOfGoods: 0,
        profit: 0,
        withoutPurchasePrice: 1,
        withoutYenValue: 0,
      });
    });

    it('an INR order without a rate', async () => {
      const p = await product({ purchasePrice: 700 });
      await shippedIndiaOrder(p, { orderDate: '2024-12-20', baseOrderPrice: 800, commission: 80 }, 900);
      const [row] = await allSales('from=2024-12-20&to=2024-12-20');
      // No rate dated on or before 2024-12-20: only the shipping fee (yen) and the goods cost
      // (yen) are known.
      expect(row).toMatchObject({ exchangeRate: null, profit: null });
      expect(row.yen).toEqual({
        salesValue: null,
        commission: null,
        shippingFee: 900,
        customFee: null,
        costOfGoods: 700,
        profit: null,
      });
      // The cards leave it out of every figure, and say so.
      expect(await summaryOf('from=2024-12-20&to=2024-12-20')).toEqual({
        noOfOrders: 0,
        salesValue: 0,
        amazonCommission: 0,
        shippingFee: 0,
        customFee: 0,
        totalCostOfGoods: 0,
        profit: 0,
        withoutYenValue: 1,
        withoutPurchasePrice: 0,
        from: '2024-12-20',
        to: '2024-12-20',
      });
    });

    it('the cards leave the sales without a rate out of every figure, also while their rate is being set', async () => {
      // Amazon India on a day without a rate (two sales, one without a purchase price) and on a
      // day with one: the cards describe the rated sale only, and count the two apart.
      const p = await product({ purchasePrice: 700 });
      const unpriced = await product({ purchasePrice: null });
      await shippedIndiaOrder(p, { orderDate: '2024-12-24', baseOrderPrice: 800, commission: 80 }, 900);
      await shippedIndiaOrder(unpriced, { orderDate: '2024-12-24', baseOrderPrice: 500 }, 200);
      await shippedIndiaOrder(p, { orderDate: '2025-03-05', baseOrderPrice: 100 }, 20);
      const query = 'from=2024-12-24&to=2025-03-05&platformCode=AMAZONIND';
      const rows = await allSales(query);
      const rated = rows.filter((row) => row.yen.salesValue !== null);
      const summary = await summaryOf(query);
      expect(summary).toEqual({ ...sumRows(rows), from: '2024-12-24', to: '2025-03-05' });
      expect(summary).toMatchObject({
        noOfOrders: rated.length,
        shippingFee: rated.reduce((total, row) => total + row.yen.shippingFee, 0),
        totalCostOfGoods: rated.reduce((total, row) => total + (row.yen.costOfGoods ?? 0), 0),
        withoutYenValue: 2,
        withoutPurchasePrice: rated.filter((row) => row.purchasePrice === null).length,
      });
      // The day alone: nothing but the note.
      expect(await summaryOf('from=2024-12-24&to=2024-12-24')).toMatchObject({
        noOfOrders: 0,
        shippingFee: 0,
        totalCostOfGoods: 0,
        withoutYenValue: 2,
        withoutPurchasePrice: 0,
      });

      // The rate of the day set while the cards are read: each answer is the day before the
      // rate or after it, never its kept totals of one moment and its sales of another.
      const day = 'from=2024-12-24&to=2024-12-24';
      const reads = Array.from({ length: 12 }, () => get(`sales/summary?${day}`));
      const [setRate, ...answers] = await Promise.all([
        put('currency/rates/2024-12-24', { rate: 2 }),
        ...reads,
      ]);
      ok(setRate);
      const after = { noOfOrders: 2, shippingFee: 1100, totalCostOfGoods: 700, withoutYenValue: 0 };
      const before = { noOfOrders: 0, shippingFee: 0, totalCostOfGoods: 0, withoutYenValue: 2 };
      for (const answer of answers) {
        const data = ok(answer).data;
        expect([before, after]).toContainEqual({
          noOfOrders: data.noOfOrders,
          shippingFee: data.shippingFee,
          totalCostOfGoods: data.totalCostOfGoods,
          withoutYenValue: data.withoutYenValue,
        });
      }
      expect(await summaryOf(day)).toMatchObject({ ...after, withoutPurchasePrice: 1 });
      await expectKeptEqualsRecomputed();
    });

    it('a yen value that is exactly whole is not rounded up', async () => {
      const p = await product({ purchasePrice: 50 });
      await shippedIndiaOrder(p, { orderDate: '2025-03-04', baseOrderPrice: 100, commission: 10.5 }, 20);
      const [row] = await allSales('from=2025-03-04&to=2025-03-04');
      // Rate 2.0: 100.00 × 2 = 200 exactly; 10.50 × 2 = 21 exactly; profit 200 − 21 − 20 − 50 = 109.
      expect(row.yen).toMatchObject({ salesValue: 200, commission: 21, profit: 109 });
    });

    it('a negative profit rounds toward +∞', async () => {
      const p = await product({ purchasePrice: 100 });
      await shippedIndiaOrder(p, { orderDate: '2025-04-07', baseOrderPrice: 10.01 }, 0);
      const [row] = await allSales('from=2025-04-07&to=2025-04-07');
      // Rate 1.5: sales 10.01 × 1.5 = 15.015 → 16; profit 15.015 − 100 = −84.985 → −84
      // (up, toward +∞, not −85).
      expect(row.yen).toMatchObject({ salesValue: 16, profit: -84 });
      expect(await summaryOf('from=2025-04-07&to=2025-04-07')).toMatchObject({ profit: -84, salesValue: 16 });
      const days = ok(await get('sales/daily?from=2025-04-01&to=2025-04-30')).data;
      expect(days).toEqual([{ date: '2025-04-07', noOfOrders: 1, salesValue: 16, profit: -84 }]);
    });

    it('the cards of the month add up the rows', async () => {
      const summary = await summaryOf('from=2025-01-01&to=2025-01-31');
      expect(summary).toEqual({
        ...sumRows(await allSales('from=2025-01-01&to=2025-01-31')),
        from: '2025-01-01',
        to: '2025-01-31',
      });
      // 1720 + 384; sales 5000 + 3469; Amazon commission 580 + 392.
      expect(summary).toMatchObject({ noOfOrders: 2, salesValue: 8469, amazonCommission: 972, profit: 2104 });
      await expectKeptEqualsRecomputed();
    });
  });

  describe('the SQL of the kept totals and the JavaScript reference', () => {
    const amount = fc.oneof(
      fc.integer({ min: 0, max: 500_000 }),
      fc.integer({ min: 0, max: 2_147_483_647 }),
      fc.constant(0),
    );
    const orderArb = fc.record({
      currency: fc.constantFrom('JPY', 'INR') as fc.Arbitrary<'JPY' | 'INR'>,
      baseOrderPrice: amount,
      discount: amount,
      commission: amount,
      closingFee: amount,
      gst: amount,
      shippingFee: amount,
      customFee: fc.oneof(fc.constant(0), amount),
      // Up to the bounds the API takes (and amounts past them: the SQL must hold either).
      orderQuantity: fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.constant(MAX_QUANTITY)),
      purchasePrice: fc.option(
        fc.oneof(fc.integer({ min: 0, max: 10_000_000 }), fc.constant(MAX_UNIT_PRICE.JPY)),
        { nil: null },
      ),
      exchangeRate: fc.option(
        fc.oneof(fc.integer({ min: 1, max: 3_000_000 }), fc.integer({ min: 1, max: 2_147_483_647 })),
        { nil: null },
      ),
      day: fc.integer({ min: 1, max: 4 }),
    });

    it('agree on every figure of random orders (negative profits, no rate, no purchase price, paise)', async () => {
      const pool: Json[] = [];
      for (let i = 0; i < 12; i++) pool.push(await product());
      await fc.assert(
        fc.asyncProperty(fc.array(orderArb, { minLength: 1, maxLength: pool.length }), async (orders) => {
          await db.deleteFrom('orders').where('order_date', 'like', '2019-%').execute();
          const ids: string[] = [];
          for (const [i, o] of orders.entries()) {
            const p = pool[i] as Json;
            await db
              .updateTable('products')
              .set({ purchase_price: o.purchasePrice })
              .where('id', '=', p._id)
              .execute();
            const id = crypto.randomUUID();
            ids.push(id);
            const now = new Date().toISOString();
            await db
              .insertInto('orders')
              .values({
                id,
                order_id: id,
                platform_code: o.currency === 'JPY' ? 'AMAZONJP' : i % 2 ? 'SHOPIFY' : 'AMAZONIND',
                product_id: p._id,
                order_date: `2019-01-0${o.day}`,
                order_quantity: o.orderQuantity,
                currency: o.currency,
                base_order_price: o.baseOrderPrice,
                discount: o.discount,
                commission: o.commission,
                closing_fee: o.closingFee,
                gst: o.gst,
                handling_fee: 0,
                shipping_fee: o.shippingFee,
                custom_fee: o.customFee,
                exchange_rate: o.exchangeRate,
                expected_shipping_date: null,
                delivery_date: null,
                is_advance: 0,
                is_booked_advance: 0,
                shipment_status: i % 3 ? 'COMPLETED' : 'SHIPPED',
                shipment_id: null,
                shipment_position: null,
                customer: null,
                stock_taken: 0,
                created_by: null,
                created_at: now,
                updated_at: now,
              } as never)
              .execute();
          }
          const { rows } = await sql<
            Record<string, unknown>
          >`${saleValuesOf(sql`o.order_date like '2019-%'`)}`.execute(db);
          const byId = new Map(rows.map((r) => [r.id as string, r]));
          const num = (v: unknown) => (v === null ? null : Number(v));
          for (const [i, o] of orders.entries()) {
            const expected = saleYenValues({ ...o });
            const row = byId.get(ids[i] as string) as Record<string, unknown>;
            expect({
              salesValue: num(row.sales_value),
              commission: num(row.commission),
              shippingFee: num(row.shipping_fee),
              customFee: num(row.custom_fee),
              costOfGoods: num(row.cost_of_goods),
              profit: num(row.profit),
            }).toEqual(expected);
          }
          // And the kept totals follow (the writes above went around the services: flush them).
          await db.transaction().execute((trx) => flushSalesDays(trx));
          await expectKeptEqualsRecomputed();
        }),
        { numRuns: dialect === 'postgres' ? 15 : 30 },
      );
      await db.deleteFrom('orders').where('order_date', 'like', '2019-%').execute();
      await db.transaction().execute((trx) => flushSalesDays(trx));
      for (const p of pool)
        await db.updateTable('products').set({ purchase_price: 1000 }).where('id', '=', p._id).execute();
      await db.transaction().execute((trx) => flushSalesDays(trx));
    });
  });

  describe('kept totals', () => {
    it('equal a full recomputation after a random sequence of writes, and the summary the rows', async () => {
      const random = fc.sample(fc.integer({ min: 0, max: 1_000_000 }), { numRuns: 400, seed: 42 });
      let r = 0;
      const next = (n: number) => (random[r++ % random.length] as number) % n;
      const days = ['2025-05-01', '2025-05-02', '2025-05-03', '2025-05-04'];
      const products = [
        await product({ purchasePrice: 900 }),
        await product({ purchasePrice: null }),
        await product(),
      ];
      const orders: Json[] = [];
      const shipments: Json[] = [];
      const money = (max = 5000) => Number(`${next(max)}.${String(next(100)).padStart(2, '0')}`);

      const steps: Record<string, () => Promise<void>> = {
        async create() {
          const platformCode = (['AMAZONJP', 'AMAZONIND', 'SHOPIFY'] as const)[next(3)];
          const jp = platformCode === 'AMAZONJP';
          const o = await order(products[next(products.length)], {
            platformCode,
            orderDate: days[next(days.length)],
            orderQuantity: 1 + next(3),
            baseOrderPrice: jp ? next(20000) : money(),
            discount: jp ? next(100) : money(500),
            commission: jp ? next(1000) : money(1000),
            closingFee: jp ? next(100) : money(250),
            gst: jp ? 0 : money(500),
            shippingFee: jp ? next(800) : 0,
          });
          orders.push(o);
        },
        async advance() {
          const o = orders[next(orders.length)];
          if (!o) return;
          const current = ok(await get(`orders/${o._id}`)).data;
          const path: Record<string, string> = {
            RECEIVED: 'ACCEPTED',
            ACCEPTED: 'PACKED',
            ...(current.platformCode === 'AMAZONJP' ? { PACKED: 'COMPLETED' } : {}),
          };
          const to = path[current.shipmentStatus];
          if (to) await setStatus(o._id, to);
        },
        async cancel() {
          const o = orders[next(orders.length)];
          if (!o) return;
          const current = ok(await get(`orders/${o._id}`)).data;
          if (['RECEIVED', 'ACCEPTED', 'PACKED'].includes(current.shipmentStatus))
            await setStatus(o._id, 'CANCELLED');
        },
        async ship() {
          const packed = (
            await allOrders(
              'shipmentStatus=PACKED&platformCode[ne]=AMAZONJP&orderDate[gte]=2025-05-01&orderDate[lte]=2025-05-04',
            )
          ).filter((o: Json) => o.shipmentId === null);
          if (packed.length === 0) return;
          const ids = packed.slice(0, 1 + next(3)).map((o: Json) => o._id);
          shipments.push(await ship(ids, 100 + next(3000)));
        },
        async addToShipment() {
          const open = shipments.filter((s) => s.status === 'SHIPPED');
          const s = open[next(open.length || 1)];
          const packed = (
            await allOrders(
              'shipmentStatus=PACKED&platformCode[ne]=AMAZONJP&orderDate[gte]=2025-05-01&orderDate[lte]=2025-05-04',
            )
          ).filter((o: Json) => o.shipmentId === null);
          if (!s || packed.length === 0) return;
          const updated = ok(await post(`shipments/${s._id}/orders`, { orderIds: [packed[0]._id] })).data;
          Object.assign(s, updated);
        },
        async removeFromShipment() {
          const open = shipments.filter((s) => s.status === 'SHIPPED' && s.shippedOrders.length > 1);
          const s = open[next(open.length || 1)];
          if (!s) return;
          const target = s.shippedOrders[next(s.shippedOrders.length)];
          Object.assign(
            s,
            ok(await api.request('DELETE', `/api/v1/shipments/${s._id}/orders/${target._id}`, auth())).data,
          );
        },
        async customs() {
          const open = shipments.filter((s) => s.status === 'SHIPPED');
          const s = open[next(open.length || 1)];
          if (!s) return;
          Object.assign(
            s,
            ok(
              await put(`shipments/${s._id}`, {
                customId: 'C',
                totalCustomFee: money(),
                receivedDate: '2025-06-01',
              }),
            ).data,
          );
        },
        async correctCustoms() {
          const received = shipments.filter((s) => s.status === 'RECEIVED');
          const s = received[next(received.length || 1)];
          if (!s) return;
          Object.assign(
            s,
            ok(
              await put(`shipments/${s._id}/customs`, {
                customId: 'C2',
                totalCustomFee: money(),
                receivedDate: '2025-06-02',
              }),
            ).data,
          );
        },
        async editFees() {
          const o = orders[next(orders.length)];
          if (!o) return;
          const jp = o.platformCode === 'AMAZONJP';
          const current = ok(await get(`orders/${o._id}`)).data;
          ok(
            await put(`orders/${o._id}`, {
              discount: jp ? next(50) : money(500),
              commission: jp ? next(900) : money(1000),
              closingFee: jp ? next(90) : money(250),
              gst: jp ? 0 : money(500),
              handlingFee: jp ? next(90) : money(250),
              ...(current.shipmentId === null ? { shippingFee: next(700) } : {}),
            }),
          );
        },
        async purchasePrice() {
          const p = products[next(products.length)] as Json;
          const purchasePrice = next(4) === 0 ? null : next(3000);
          ok(await put(`products/${p._id}`, { ...p.body, purchasePrice }));
          p.body = { ...p.body, purchasePrice };
        },
        async renameProduct() {
          // The export shows the product's SKU and the ASIN of each platform.
          const p = products[next(products.length)] as Json;
          const skuCode = `${p.body.skuCode.split('~')[0]}~${r}`;
          const availablePlatforms = p.body.availablePlatforms.map((l: Json) => ({
            ...l,
            asin: `${l.asin.split('~')[0]}~${r}`,
          }));
          ok(await put(`products/${p._id}`, { ...p.body, skuCode, availablePlatforms }));
          p.body = { ...p.body, skuCode, availablePlatforms };
        },
        async reimport() {
          // A report with a new line and, for a stored Amazon Japan line, its cancellation.
          const p = products[0] as Json;
          const stored = orders.filter((o) => o.platformCode === 'AMAZONJP');
          const header =
            'amazon-order-id\tpurchase-date\tsales-channel\tsku\tasin\tquantity\tcurrency\titem-price\torder-status';
          const lines = [
            `R-${dialect}-${r}\t2025-05-02T03:00:00Z\tAmazon.co.jp\t${p.body.skuCode}\t\t1\tJPY\t700\tShipped`,
          ];
          const victim = stored[next(stored.length || 1)];
          if (victim)
            lines.push(
              `${victim.orderId}\t2025-05-02T03:00:00Z\tAmazon.co.jp\t${p.body.skuCode}\t\t0\tJPY\t\tCancelled`,
            );
          const res = await fetch(`${server.url}/api/v1/orders/import?source=amazon`, {
            method: 'POST',
            headers: { authorization: `Token ${admin.token}`, 'content-type': 'text/tab-separated-values' },
            body: [header, ...lines].join('\n'),
          });
          expect(res.status, await res.clone().text()).toBe(200);
        },
        async rate() {
          // An exchange rate edit (PUT currency/rates/{date}): it rewrites the stored rates of the
          // India orders from its date up to the next rate, and refreshes those days.
          const date = days[next(days.length)] as string;
          const rate = (1_500_000 + next(600_000)) / 1_000_000;
          ok(await put(`currency/rates/${date}`, { rate }));
        },
      };
      const names = Object.keys(steps);
      for (let i = 0; i < 12; i++) await steps.create?.();
      // A step that wrote something leaves an audit entry (the rate edit always writes).
      const audited = async () =>
        Number((await sql<{ n: number }>`select count(*) as n from audit_log`.execute(db)).rows[0]?.n);
      const wrote = new Set<string>();
      // Orders need two or three steps to be packed before a shipment takes them: weighted so.
      const weighted = [
        ...names,
        'advance',
        'advance',
        'advance',
        'create',
        'addToShipment',
        'removeFromShipment',
      ];
      for (let i = 0; i < 150; i++) {
        const name = weighted[next(weighted.length)] as string;
        const before = await audited();
        await steps[name]?.();
        if (name === 'rate' || (await audited()) > before) wrote.add(name);
        if (i % 15 === 14) await expectKeptEqualsRecomputed();
      }
      expect([...wrote].sort(), 'every kind of write happened').toEqual([...names].sort());
      await expectKeptEqualsRecomputed();
      for (const query of [
        'from=2025-05-01&to=2025-05-04',
        'from=2025-05-02&to=2025-05-03&platformCode=AMAZONIND',
        'from=2025-05-01&to=2025-05-01&platformCode=AMAZONJP',
        'from=2025-01-01&to=2025-12-31&platformCode=SHOPIFY',
        'from=2024-01-01&to=2026-12-31',
      ]) {
        const [from, to] = [/from=([\d-]+)/.exec(query)?.[1], /to=([\d-]+)/.exec(query)?.[1]];
        expect(await summaryOf(query), query).toEqual({ ...sumRows(await allSales(query)), from, to });
      }
      // A full rebuild (what the seed does) finds the same.
      const before = await salesDailyBothWays(db);
      await rebuildSalesDaily(db);
      expect((await salesDailyBothWays(db)).computed).toEqual(before.computed);
    });

    async function allOrders(query: string): Promise<Json[]> {
      return ok(await get(`orders?${query}&limit=1000`)).data;
    }

    it.runIf(dialect === 'postgres')('lose no update under parallel status changes of one day', async () => {
      const p = await product({ purchasePrice: 10 });
      const created: Json[] = [];
      for (let i = 0; i < 24; i++) {
        const o = await order(p, {
          platformCode: 'AMAZONJP',
          orderDate: '2025-07-07',
          baseOrderPrice: 1000 + i,
          commission: i,
        });
        await setStatus(o._id, 'ACCEPTED', 'PACKED');
        created.push(o);
      }
      // Half completed one by one, in parallel; the other half in parallel bulk changes.
      const single = created.slice(0, 12).map((o) => put(`orders/${o._id}`, { shipmentStatus: 'COMPLETED' }));
      const bulk = [0, 1, 2].map((k) =>
        put('orders/status', {
          ids: created.slice(12 + k * 4, 16 + k * 4).map((o) => o._id),
          shipmentStatus: 'COMPLETED',
        }),
      );
      for (const res of await Promise.all([...single, ...bulk]))
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      await expectKeptEqualsRecomputed();
      expect(await summaryOf('from=2025-07-07&to=2025-07-07&platformCode=AMAZONJP')).toMatchObject({
        noOfOrders: 24,
        // Σ (1000 + i) for i < 24 = 24000 + 276.
        salesValue: 24_276,
      });
      // Parallel purchase price edits and cancellations of other orders of the same day.
      const more: Json[] = [];
      for (let i = 0; i < 6; i++) {
        const o = await order(p, { platformCode: 'AMAZONJP', orderDate: '2025-07-07', baseOrderPrice: 1 });
        await setStatus(o._id, 'ACCEPTED', 'PACKED');
        more.push(o);
      }
      const mixed = [
        ...more.map((o) => put(`orders/${o._id}`, { shipmentStatus: 'COMPLETED' })),
        put(`products/${p._id}`, { ...p.body, purchasePrice: 20 }),
      ];
      for (const res of await Promise.all(mixed)) expect(res.status, JSON.stringify(res.body)).toBe(200);
      await expectKeptEqualsRecomputed();
    });
  });

  describe('export', () => {
    it('writes the header, a BOM, quoted cells and the ASIN of the order’s platform', async () => {
      const p = await product({
        purchasePrice: 10,
        skuCode: 'SKU, "quoted"\nline',
        availablePlatforms: [
          { code: 'AMAZONIND', asin: 'B0INDIA001' },
          { code: 'AMAZONJP', asin: 'B0JAPAN001' },
        ],
      });
      const jp = await order(p, {
        platformCode: 'AMAZONJP',
        orderId: '249-1,2',
        orderDate: '2025-08-02',
        baseOrderPrice: 1200,
        commission: 120,
        closingFee: 30,
        shippingFee: 400,
        handlingFee: 15,
        discount: 50,
      });
      await setStatus(jp._id, 'ACCEPTED', 'PACKED', 'COMPLETED');
      await shippedIndiaOrder(
        p,
        {
          orderId: '408-EXPORT',
          orderDate: '2025-08-01',
          orderQuantity: 3,
          baseOrderPrice: 1234.5,
          commission: 100.05,
          closingFee: 26,
          gst: 222.21,
          handlingFee: 5.5,
          discount: 0.25,
        },
        700,
      );
      const res = await fetch(`${server.url}/api/v1/sales/export?from=2025-08-01&to=2025-08-31`, {
        headers: { authorization: `Token ${admin.token}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="sales-management.csv"');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const sku = '"SKU, ""quoted""\nline"';
      expect(bytes.subarray(3).toString('utf8')).toBe(
        [
          'Date,Order ID,SKU Code,ASIN,JAN Code,Order Quantity,Platform Code,Base Price,Commission,Shipping Fee,Tax,Handling Fee,Discount',
          // Rupees with their paise; commission + closing fee 100.05 + 26.00; shipping in yen.
          `2025-08-01,408-EXPORT,${sku},B0INDIA001,${p.janCode},3,AMAZONIND,1234.50,126.05,700,222.21,5.50,0.25`,
          `2025-08-02,"249-1,2",${sku},B0JAPAN001,${p.janCode},1,AMAZONJP,1200,150,400,0,15,50`,
          '',
        ].join('\r\n'),
      );
      const jpOnly = await fetch(
        `${server.url}/api/v1/sales/export?from=2025-08-01&to=2025-08-31&platformCode=AMAZONJP`,
        {
          headers: { authorization: `Token ${admin.token}` },
        },
      );
      expect((await jpOnly.text()).split('\r\n')).toHaveLength(3);
    });

    it('answers 404 List is empty for a range without sales', async () => {
      const res = await get('sales/export?from=2001-01-01&to=2001-01-31');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'listEmpty', message: MESSAGES.listEmpty });
      expect(res.headers.get('content-disposition')).toBeNull();
    });

    it('streams many rows in keyset batches, in order date order then id', async () => {
      const p = await product();
      const lines = Array.from({ length: 120 }, (_, i) => ({
        product: p._id,
        platformCode: 'AMAZONJP',
        orderId: `249-BULK-${dialect}-${i}`,
        orderDate: `2025-09-${String(1 + (i % 28)).padStart(2, '0')}`,
        orderQuantity: 1,
        currency: 'JPY',
        baseOrderPrice: 100 + i,
      }));
      const created = ok(await post('orders', lines), 201).data as Json[];
      for (const status of ['ACCEPTED', 'PACKED', 'COMPLETED']) {
        ok(await put('orders/status', { ids: created.map((o) => o._id), shipmentStatus: status }));
      }
      const res = await fetch(`${server.url}/api/v1/sales/export?from=2025-09-01&to=2025-09-30`, {
        headers: { authorization: `Token ${admin.token}` },
      });
      const text = await res.text();
      const rows = text.split('\r\n').slice(1, -1);
      expect(rows).toHaveLength(120);
      const dates = rows.map((row) => row.slice(0, 10));
      expect(dates).toEqual([...dates].sort());
      // In batches of 7, each starting after the last key of the one before: the same lines.
      let after: [string, string] | null = null;
      let joined = '';
      for (;;) {
        const batch = await salesExportBatch(db, { from: '2025-09-01', to: '2025-09-30' }, after, 7);
        if (batch.count === 0) break;
        joined += batch.body?.toString() ?? '';
        if (batch.count < 7) break;
        after = batch.last;
      }
      expect(joined).toBe(text.slice(text.indexOf('\r\n') + 2));
    });
  });

  describe('OTZ sales', () => {
    it('reckons each OTZ sale at the rate of its date and the cost of its lines', async () => {
      const a = await product({ purchasePrice: 300 });
      const b = await product({ purchasePrice: null });
      const push = async (body: Json) => ok(await post('otz-orders', body), 201).data;
      const inr = await push({
        paypalTransactionId: `PAYID-${dialect}-1`,
        orderDate: '2025-03-15',
        items: [{ product: a._id, orderQuantity: 2, price: 500.05 }],
        currency: 'INR',
        amount: 1000.1,
      });
      const noCost = await push({
        paypalTransactionId: `PAYID-${dialect}-2`,
        orderDate: '2025-03-16',
        items: [
          { product: a._id, orderQuantity: 1, price: 10 },
          { product: b._id, orderQuantity: 1, price: 10 },
        ],
        currency: 'INR',
        amount: 20,
      });
      const noRate = await push({
        paypalTransactionId: `PAYID-${dialect}-3`,
        orderDate: '2024-11-30',
        items: [{ product: a._id, orderQuantity: 1, price: 10 }],
        currency: 'INR',
        amount: 10,
      });
      // The OTZ workflow in order management stops at PACKED (SHIPPED comes from a shipment):
      // the sales are set as the storefront's fulfilment would leave them.
      await db
        .updateTable('otz_orders')
        .set({ shipment_status: 'COMPLETED' })
        .where('id', 'in', [inr._id, noCost._id])
        .execute();
      await db
        .updateTable('otz_orders')
        .set({ shipment_status: 'SHIPPED' })
        .where('id', '=', noRate._id)
        .execute();
      const list = ok(await get('otz-sales?from=2024-11-01&to=2025-03-31&sort=orderDate'));
      expect(list.totalCount).toBe(3);
      const byId = new Map((list.data as Json[]).map((row) => [row._id, row]));
      // 2025-03-15 at 2.0: 1000.10 × 2 = 2000.2 → 2001; goods 300 × 2 = 600; profit 2000.2 − 600 → 1401.
      expect(byId.get(inr._id)).toMatchObject({ exchangeRate: 2, profit: 1401 });
      expect(byId.get(inr._id).yen).toEqual({
        salesValue: 2001,
        commission: 0,
        shippingFee: 0,
        customFee: 0,
        costOfGoods: 600,
        profit: 1401,
      });
      // A line without a purchase price: no goods cost, no profit; 20 × 2 = 40.
      expect(byId.get(noCost._id).yen).toMatchObject({ salesValue: 40, costOfGoods: null, profit: null });
      expect(byId.get(noRate._id)).toMatchObject({ exchangeRate: null, profit: null });
      expect(ok(await get('otz-sales/summary?from=2024-11-01&to=2025-03-31')).data).toEqual({
        // The sale without a rate is left out of every card (its goods cost, 300, too).
        noOfOrders: 2,
        salesValue: 2041,
        amazonCommission: 0,
        shippingFee: 0,
        customFee: 0,
        totalCostOfGoods: 600,
        profit: 1401,
        withoutYenValue: 1,
        withoutPurchasePrice: 1,
        from: '2024-11-01',
        to: '2025-03-31',
      });
      const searched = ok(await get(`otz-sales?from=2024-11-01&to=2025-03-31&searchStr=PAYID-${dialect}-1`));
      expect(searched.data.map((row: Json) => row._id)).toEqual([inr._id]);
    });
  });

  describe('ranges and lists', () => {
    it('defaults to the current month in the business time zone', async () => {
      const month = periodRange('month', new Date(), 'Asia/Tokyo');
      expect(await summaryOf('')).toMatchObject(month);
      expect(ok(await get('otz-sales/summary')).data).toMatchObject(month);
    });

    it('refuses a range that ends before it starts, and a date that is not one', async () => {
      for (const path of [
        'sales?from=2025-02-01&to=2025-01-01',
        'sales/summary?from=2025-02-01&to=2025-01-01',
      ]) {
        const res = await get(path);
        expect(res.status, path).toBe(400);
        expect(res.body.errors[0].field).toBe('from');
      }
      expect((await get('sales?from=2025-13-01')).status).toBe(400);
      expect((await get('sales/summary?from=yesterday')).status).toBe(400);
      expect((await get('sales?sort=-baseOrderPrice')).status).toBe(400);
    });

    it('searches order id, product name, SKU and JAN, narrows by status and sorts', async () => {
      const p = await product({ name: 'Hojicha latte mix', purchasePrice: 100 });
      const o = await order(p, { platformCode: 'AMAZONJP', orderDate: '2025-10-10', baseOrderPrice: 900 });
      await setStatus(o._id, 'ACCEPTED', 'PACKED', 'COMPLETED');
      const range = 'from=2025-10-01&to=2025-10-31';
      for (const text of ['hojicha', p.skuCode, p.janCode, o.orderId.slice(0, 12)]) {
        const body = ok(await get(`sales?${range}&searchStr=${encodeURIComponent(text)}`));
        expect(
          body.data.map((row: Json) => row._id),
          text,
        ).toEqual([o._id]);
      }
      expect(ok(await get(`sales?${range}&shipmentStatus=SHIPPED`)).totalCount).toBe(0);
      expect(ok(await get(`sales?${range}&shipmentStatus=COMPLETED`)).totalCount).toBe(1);
      const all = ok(await get('sales?from=2025-01-01&to=2025-12-31&limit=1'));
      for (const sort of ['orderId', '-orderId', 'createdAt', '-createdAt', 'orderDate']) {
        const sorted = ok(await get(`sales?from=2025-01-01&to=2025-12-31&sort=${sort}&limit=1000`));
        expect(sorted.data, sort).toHaveLength(all.totalCount);
      }
    });
  });
});

describe.each(testDialects())('sales after a bulk load (%s)', (dialect) => {
  let server: TestServer;
  afterAll(() => server?.close());

  it('leaves the kept totals and the export lines equal to the orders, and every sale index back', async () => {
    server = await startTestServer({ dialect, config: { timeZone: 'Asia/Tokyo' } });
    const db = server.app.db as unknown as Kysely<Database>;
    // Over the deferral threshold: the orders' indexes are dropped and built again around the load.
    await seedLarge(db, {
      products: 150,
      orders: 3000,
      batchSize: 1000,
      deferIndexesAt: 1000,
      timeZone: 'Asia/Tokyo',
    });
    expect(await db.selectFrom('sales_daily_dirty').selectAll().execute()).toEqual([]);
    const norm = (rows: Record<string, unknown>[]) =>
      rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v)])));
    const totals = await salesDailyBothWays(db);
    expect(totals.kept.length).toBeGreaterThan(100);
    expect(norm(totals.kept)).toEqual(norm(totals.computed));
    const lines = await exportLinesBothWays(db);
    expect(lines.kept.length).toBeGreaterThan(1000);
    expect(norm(lines.kept)).toEqual(norm(lines.computed));
    const indexes =
      dialect === 'postgres'
        ? await sql<{
            name: string;
          }>`select indexname as name from pg_indexes where tablename = 'orders'`.execute(db)
        : await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and tbl_name = 'orders'`.execute(db);
    expect(indexes.rows.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'ix_orders__sale_date',
        'ix_orders__sale_platform_date',
        'ix_orders__sale_order_id',
        'ix_orders__sale_created_at',
      ]),
    );
  }, 180_000);
});
