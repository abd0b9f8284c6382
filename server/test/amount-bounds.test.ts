/**
 * Quantities and amounts at their bounds (shared/src/constants.ts), over HTTP on each database:
 * products and orders at every bound at once, taken through every status to completion
 * (shipment with the largest fees, customs with the largest custom fee, OTZ orders), then every
 * report over them — each figure equal to the one worked out here with BigInt, and no call
 * answering 5xx. One past each bound is a 400 naming the field with a proper code. Sums past
 * 2^53 come back as their exact digits, and a product's 30-day quantity past 32 bits is kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { MAX_AMOUNT, MAX_QUANTITY, MAX_STOCK, MAX_UNIT_PRICE } from '#shared/constants';
import { withJanCheckDigit } from '#shared/domain/jan';
import { todayIso } from '#shared/domain/periods';
import type { Database } from '../src/db/database';
import { client, setupAccounts, type ApiResponse, type Client, type Json } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

const ZONE = 'Asia/Tokyo';
/** The largest rate the API takes: 2147.483647 yen per rupee, in micro-units. */
const MAX_RATE_MICRO = 2_147_483_647n;
const YEN_MAX = BigInt(MAX_AMOUNT.JPY); // minor units = yen
const PAISE_MAX = BigInt(MAX_AMOUNT.INR) * 100n;

/** ceil(n / d) for d > 0, exactly. */
const ceilDiv = (n: bigint, d: bigint) => (n % d > 0n ? n / d + 1n : n / d);
const SCALE = 100_000_000n; // paise × micro-rate = 10^-8 yen

interface Line {
  currency: 'JPY' | 'INR';
  platform: 'AMAZONJP' | 'AMAZONIND' | 'SHOPIFY';
  b: bigint;
  d: bigint;
  c: bigint;
  cf: bigint;
  g: bigint;
  sh: bigint;
  cu: bigint;
  q: bigint;
  pp: bigint;
}

/** A sale's yen figures, worked out here from its minor units (docs/architecture.md, "Sales"). */
function figures(o: Line, r: bigint) {
  const scaled = (x: bigint, currency: 'JPY' | 'INR') => (currency === 'JPY' ? x * SCALE : x * r);
  const yen = (x: bigint) => ceilDiv(scaled(x, o.currency), SCALE);
  const profit = ceilDiv(
    scaled(o.b - o.d - o.c - o.cf - o.g, o.currency) - o.sh * SCALE - o.cu * r - o.pp * o.q * SCALE,
    SCALE,
  );
  return {
    salesValue: yen(o.b - o.d),
    commission: yen(o.c + o.cf),
    shippingFee: o.sh,
    customFee: o.cu === 0n ? 0n : ceilDiv(o.cu * r, SCALE),
    costOfGoods: o.pp * o.q,
    profit,
  };
}

/** Minor units as the API's major-unit decimal text. */
const major = (minor: bigint, currency: 'JPY' | 'INR') =>
  currency === 'JPY' ? minor.toString() : `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;

let janCounter = 0;

describe.each(testDialects())('amounts at their bounds (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let token: string;
  let db: Kysely<Database>;
  const today = todayIso(new Date(), ZONE);
  const responses: { what: string; status: number; code?: string }[] = [];

  beforeAll(async () => {
    server = await startTestServer({ dialect, config: { timeZone: ZONE } });
    api = client(server.url);
    token = (await setupAccounts(api)).admin.token;
    db = server.app.db as unknown as Kysely<Database>;
    const rate = await api.put('/api/v1/currency/rates/2020-01-01', { rate: 2147.483647 }, { token });
    expect(rate.status, JSON.stringify(rate.body)).toBe(200);
  });
  afterAll(() => server?.close());

  /** Every call of the suite goes through here: none may answer 5xx or an unlabelled code. */
  async function call(method: string, path: string, body?: unknown): Promise<ApiResponse<Json>> {
    const res = await api.request(method, `/api/v1/${path}`, { token, body });
    responses.push({ what: `${method} ${path}`, status: res.status, code: res.body?.code });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
    return res;
  }
  const ok = async (method: string, path: string, body?: unknown, status = 200) => {
    const res = await call(method, path, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(status);
    return res.body;
  };
  /** A 400 whose field error names `field` with `code` (and `max` when given). */
  const refused = async (
    method: string,
    path: string,
    body: unknown,
    field: string,
    code: string,
    max?: string,
  ) => {
    const res = await call(method, path, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(400);
    const error = (res.body.errors as Json[] | undefined)?.find((e) => e.field === field);
    expect(error, `${field} in ${JSON.stringify(res.body)}`).toBeDefined();
    expect(error.code).toBe(code);
    if (max !== undefined) expect(String(error.params?.max)).toBe(max);
    return res.body;
  };

  async function product(fields: Json = {}): Promise<Json> {
    janCounter += 1;
    return (
      await ok(
        'POST',
        'products',
        {
          name: `Bound product ${janCounter}`,
          skuCode: `BOUND-${janCounter}`,
          janCode: withJanCheckDigit(`4950${String(janCounter).padStart(8, '0')}`),
          purchasePrice: MAX_UNIT_PRICE.JPY,
          inStockQuantity: MAX_STOCK,
          lowStockLevel: MAX_STOCK,
          availablePlatforms: [
            { code: 'AMAZONJP', asin: `B0BJP${janCounter}` },
            { code: 'AMAZONIND', asin: `B0BIN${janCounter}` },
          ],
          ...fields,
        },
        201,
      )
    ).data;
  }

  let orderCounter = 0;
  /** An order line at every bound of its currency. */
  function maxLine(productId: string, platformCode: Line['platform'], extra: Json = {}) {
    orderCounter += 1;
    const currency = platformCode === 'AMAZONJP' ? 'JPY' : 'INR';
    const amount = MAX_AMOUNT[currency];
    return {
      product: productId,
      platformCode,
      orderId: `BOUND-${dialect}-${orderCounter}`,
      orderDate: today,
      orderQuantity: MAX_QUANTITY,
      currency,
      baseOrderPrice: amount,
      discount: 0,
      commission: amount,
      closingFee: amount,
      gst: amount,
      handlingFee: amount,
      ...extra,
    };
  }

  describe('every bound at once, through every status and report', () => {
    const lines = new Map<string, Line>();
    let p: Json;
    let otzProducts: Json[];
    let otzId: string;

    beforeAll(async () => {
      p = await product();
      // Three Amazon Japan sales at every bound (one with the largest discount): PACKED → COMPLETED.
      for (const extra of [{}, {}, { discount: MAX_AMOUNT.JPY, shippingFee: MAX_AMOUNT.JPY }]) {
        const body = maxLine(p._id, 'AMAZONJP', extra);
        const order = (await ok('POST', 'orders', body, 201)).data;
        for (const status of ['ACCEPTED', 'PACKED', 'COMPLETED']) {
          await ok('PUT', `orders/${order._id}`, { shipmentStatus: status });
        }
        lines.set(order._id, {
          currency: 'JPY',
          platform: 'AMAZONJP',
          b: YEN_MAX,
          d: body.discount === 0 ? 0n : YEN_MAX,
          c: YEN_MAX,
          cf: YEN_MAX,
          g: YEN_MAX,
          sh: 'shippingFee' in extra ? YEN_MAX : 0n,
          cu: 0n,
          q: BigInt(MAX_QUANTITY),
          pp: BigInt(MAX_UNIT_PRICE.JPY),
        });
      }
      // Three India sales in one shipment with the largest shipping fee, then the largest custom fee.
      const india: string[] = [];
      for (const platform of ['AMAZONIND', 'AMAZONIND', 'SHOPIFY'] as const) {
        const [order] = (await ok('POST', 'orders', [maxLine(p._id, platform)], 201)).data;
        await ok('PUT', 'orders/status', { ids: [order._id], shipmentStatus: 'ACCEPTED' });
        await ok('PUT', 'orders/status', { ids: [order._id], shipmentStatus: 'PACKED' });
        india.push(order._id);
      }
      const shipment = (
        await ok(
          'POST',
          'shipments',
          {
            shipmentId: `BOUND-SHIP-${dialect}`,
            shippingDate: today,
            totalShippingFee: MAX_AMOUNT.JPY,
            shipmentTrackingLink: 'https://tracking.example/bound',
            orderIds: india,
          },
          201,
        )
      ).data;
      const received = (
        await ok('PUT', `shipments/${shipment._id}`, {
          customId: `BOUND-CUS-${dialect}`,
          totalCustomFee: MAX_AMOUNT.INR,
          receivedDate: today,
        })
      ).data;
      expect(received.status).toBe('RECEIVED');
      // Equal quantities and declared values: ¥2,000,000,000 and ₹20,000,000 split in three by
      // largest remainder, the leftover units to the earlier orders.
      const shipping = [666_666_667n, 666_666_667n, 666_666_666n];
      const custom = [666_666_700n, 666_666_700n, 666_666_600n];
      expect(received.shippedOrders.map((o: Json) => [o._id, o.shippingFee, o.customFee])).toEqual(
        india.map((id, i) => [id, Number(shipping[i]), Number(custom[i]) / 100]),
      );
      india.forEach((id, i) =>
        lines.set(id, {
          currency: 'INR',
          platform: i === 2 ? 'SHOPIFY' : 'AMAZONIND',
          b: PAISE_MAX,
          d: 0n,
          c: PAISE_MAX,
          cf: PAISE_MAX,
          g: PAISE_MAX,
          sh: shipping[i] as bigint,
          cu: custom[i] as bigint,
          q: BigInt(MAX_QUANTITY),
          pp: BigInt(MAX_UNIT_PRICE.JPY),
        }),
      );
      // An OTZ order of three lines at the largest quantity and unit price, for the largest amount.
      otzProducts = [await product(), await product(), await product()];
      const otz = (
        await ok(
          'POST',
          'otz-orders',
          {
            paypalTransactionId: `PAYID-BOUND-${dialect}`,
            orderDate: today,
            items: otzProducts.map((o) => ({
              product: o._id,
              orderQuantity: MAX_QUANTITY,
              price: MAX_UNIT_PRICE.INR,
            })),
            currency: 'INR',
            amount: MAX_AMOUNT.INR,
          },
          201,
        )
      ).data;
      otzId = otz._id;
      for (const status of ['ACCEPTED', 'PACKED', 'COMPLETED']) {
        await ok('PUT', `otz-orders/${otzId}`, { shipmentStatus: status });
      }
    });

    const expected = () => {
      const total = {
        noOfOrders: 0n,
        salesValue: 0n,
        amazonCommission: 0n,
        shippingFee: 0n,
        customFee: 0n,
        totalCostOfGoods: 0n,
        profit: 0n,
      };
      for (const line of lines.values()) {
        const f = figures(line, MAX_RATE_MICRO);
        total.noOfOrders += 1n;
        total.salesValue += f.salesValue;
        if (line.platform !== 'SHOPIFY') total.amazonCommission += f.commission;
        total.shippingFee += f.shippingFee;
        total.customFee += f.customFee;
        total.totalCostOfGoods += f.costOfGoods;
        total.profit += f.profit;
      }
      return total;
    };
    const big = (value: unknown) => BigInt(value as number);

    it('the summary and the chart are the exact sums', async () => {
      const summary = (await ok('GET', `sales/summary?from=${today}&to=${today}`)).data;
      const want = expected();
      for (const [key, value] of Object.entries(want)) expect(big(summary[key]), key).toBe(value);
      expect(summary).toMatchObject({ withoutYenValue: 0, withoutPurchasePrice: 0 });
      // The goods cost alone: 6 sales × 10^8 yen × 10^5 units.
      expect(want.totalCostOfGoods).toBe(60_000_000_000_000n);
      const days = (await ok('GET', `sales/daily?from=${today}&to=${today}`)).data;
      expect(days).toHaveLength(1);
      expect(days[0].date).toBe(today);
      expect(big(days[0].noOfOrders)).toBe(want.noOfOrders);
      expect(big(days[0].salesValue)).toBe(want.salesValue);
      expect(big(days[0].profit)).toBe(want.profit);
      for (const platform of ['AMAZONJP', 'AMAZONIND', 'SHOPIFY'] as const) {
        const part = (await ok('GET', `sales/summary?from=${today}&to=${today}&platformCode=${platform}`))
          .data;
        const mine = [...lines.values()].filter((l) => l.platform === platform);
        const sum = (key: keyof ReturnType<typeof figures>) =>
          mine.reduce((s, l) => s + figures(l, MAX_RATE_MICRO)[key], 0n);
        expect(big(part.profit), platform).toBe(sum('profit'));
        expect(big(part.salesValue), platform).toBe(sum('salesValue'));
      }
    });

    it('the sales list shows each sale with its exact figures', async () => {
      const list = await ok('GET', `sales?from=${today}&to=${today}&limit=50`);
      expect(list.totalCount).toBe(lines.size);
      for (const row of list.data as Json[]) {
        const line = lines.get(row._id) as Line;
        const f = figures(line, MAX_RATE_MICRO);
        for (const [key, value] of Object.entries(f))
          expect(big(row.yen[key]), `${row._id} ${key}`).toBe(value);
        expect(big(row.profit)).toBe(f.profit);
        expect(row.orderQuantity).toBe(MAX_QUANTITY);
        expect(row.purchasePrice).toBe(MAX_UNIT_PRICE.JPY);
      }
    });

    it('the export writes every amount exactly', async () => {
      const res = await fetch(`${server.url}/api/v1/sales/export?from=${today}&to=${today}`, {
        headers: { authorization: `Token ${token}` },
      });
      expect(res.status).toBe(200);
      const rows = (await res.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .slice(1);
      expect(rows).toHaveLength(lines.size);
      const byOrderId = new Map<string, Line>();
      const orders = (await ok('GET', `orders?limit=100&orderDate=${today}`)).data as Json[];
      for (const o of orders) if (lines.has(o._id)) byOrderId.set(o.orderId, lines.get(o._id) as Line);
      for (const row of rows) {
        const cells = row.split(',');
        const line = byOrderId.get(cells[1] as string) as Line;
        expect(cells.slice(5, 13), row).toEqual([
          String(MAX_QUANTITY),
          line.platform,
          major(line.b, line.currency),
          major(line.c + line.cf, line.currency),
          line.sh.toString(),
          major(line.g, line.currency),
          major(line.currency === 'JPY' ? YEN_MAX : PAISE_MAX, line.currency),
          major(line.d, line.currency),
        ]);
      }
    });

    it('orders, their totals and the products list keep every figure', async () => {
      const orders = (await ok('GET', `orders?limit=100&orderDate=${today}`)).data as Json[];
      const mine = orders.filter((o) => lines.has(o._id));
      expect(mine).toHaveLength(lines.size);
      for (const o of mine) {
        const line = lines.get(o._id) as Line;
        const amount = MAX_AMOUNT[line.currency];
        expect(o).toMatchObject({
          orderQuantity: MAX_QUANTITY,
          baseOrderPrice: amount,
          commission: amount,
          closingFee: amount,
          gst: amount,
          handlingFee: amount,
          shipmentStatus: 'COMPLETED',
        });
      }
      const totals = await ok('GET', `orders/total?start_date=${today}&end_date=${today}`);
      expect(totals).toMatchObject({ totalCount: 6, byStatus: { COMPLETED: 6 } });
      const listed = (await ok('GET', 'products?limit=100')).data as Json[];
      const row = listed.find((x) => x._id === p._id);
      // Six lines of 10^5 units taken from 10^9, all in the last 30 days.
      expect(row).toMatchObject({
        purchasePrice: MAX_UNIT_PRICE.JPY,
        inStockQuantity: MAX_STOCK - 6 * MAX_QUANTITY,
        lowStockLevel: MAX_STOCK,
        monthlyQuantity: 6 * MAX_QUANTITY,
      });
      const ledger = (await ok('GET', `products/${p._id}/stock-movements?limit=100`)).data as Json[];
      expect(ledger.reduce((s, m) => s + m.quantity, 0)).toBe(MAX_STOCK - 6 * MAX_QUANTITY);
      expect(ledger.filter((m) => m.reason === 'ORDER_ACCEPTED').map((m) => m.quantity)).toEqual(
        Array(6).fill(-MAX_QUANTITY),
      );
    });

    it('OTZ sales: three lines at the largest quantity and unit price', async () => {
      // The rupees paid at the largest rate, rounded up; the goods cost 3 × 10^8 × 10^5 yen.
      const salesValue = ceilDiv(PAISE_MAX * MAX_RATE_MICRO, SCALE);
      const cost = 3n * BigInt(MAX_UNIT_PRICE.JPY) * BigInt(MAX_QUANTITY);
      const summary = (await ok('GET', `otz-sales/summary?from=${today}&to=${today}`)).data;
      expect(big(summary.salesValue)).toBe(salesValue);
      expect(big(summary.totalCostOfGoods)).toBe(cost);
      expect(big(summary.profit)).toBe(salesValue - cost);
      const [row] = (await ok('GET', `otz-sales?from=${today}&to=${today}`)).data;
      expect(row._id).toBe(otzId);
      expect(big(row.yen.costOfGoods)).toBe(cost);
      expect(big(row.profit)).toBe(salesValue - cost);
      for (const o of otzProducts) {
        expect((await ok('GET', `products/${o._id}`)).data.inStockQuantity).toBe(MAX_STOCK - MAX_QUANTITY);
      }
    });

    it('no call answered 5xx or an unlabelled invalidValue', () => {
      expect(responses.filter((r) => r.status >= 500 || r.code === 'invalidValue')).toEqual([]);
    });
  });

  describe('one past each bound is a 400 naming the field', () => {
    let p: Json;
    beforeAll(async () => {
      p = await product();
    });

    it('products and stock', async () => {
      const base = { name: 'Past', skuCode: 'PAST-1', janCode: withJanCheckDigit('495099999999') };
      const post = (fields: Json) => call('POST', 'products', { ...base, ...fields });
      await refused(
        'POST',
        'products',
        { ...base, purchasePrice: MAX_UNIT_PRICE.JPY + 1 },
        'purchasePrice',
        'tooLarge',
        '100000000',
      );
      for (const field of ['inStockQuantity', 'amazonStockQuantity', 'lowStockLevel']) {
        await refused(
          'POST',
          'products',
          { ...base, [field]: MAX_STOCK + 1 },
          field,
          'tooLarge',
          '1000000000',
        );
      }
      expect((await post({ purchasePrice: 2 ** 31 })).status).toBe(400);
      const adjust = (quantity: number) =>
        call('POST', `products/${p._id}/stock-adjustments`, { quantity, note: 'count' });
      await refused(
        'POST',
        `products/${p._id}/stock-adjustments`,
        { quantity: MAX_STOCK + 1, note: 'x' },
        'quantity',
        'tooLarge',
        '1000000000',
      );
      // At the bound already: one more unit is refused, on the adjustment's own field.
      const body = await refused(
        'POST',
        `products/${p._id}/stock-adjustments`,
        { quantity: 1, note: 'x' },
        'quantity',
        'stockQuantityTooLarge',
        '1000000000',
      );
      expect(body.code).toBe('stockQuantityTooLarge');
      expect((await adjust(-1)).status).toBe(201);
      expect((await adjust(1)).status).toBe(201);
    });

    it('orders: quantity, every amount in each currency, edits', async () => {
      const post = (extra: Json) => maxLine(p._id, 'AMAZONIND', extra);
      await refused(
        'POST',
        'orders',
        post({ orderQuantity: MAX_QUANTITY + 1 }),
        'orderQuantity',
        'tooLarge',
        '100000',
      );
      for (const field of ['baseOrderPrice', 'discount', 'commission', 'closingFee', 'gst', 'handlingFee']) {
        await refused(
          'POST',
          'orders',
          post({ [field]: MAX_AMOUNT.INR + 0.01 }),
          field,
          'tooLarge',
          '20000000.00',
        );
        await refused(
          'POST',
          'orders',
          maxLine(p._id, 'AMAZONJP', { [field]: MAX_AMOUNT.JPY + 1 }),
          field,
          'tooLarge',
          '2000000000',
        );
      }
      await refused(
        'POST',
        'orders',
        post({ shippingFee: MAX_AMOUNT.JPY + 1 }),
        'shippingFee',
        'tooLarge',
        '2000000000',
      );
      // In an array, the line's index names it.
      await refused('POST', 'orders', [post({}), post({ gst: 2 ** 31 })], '1.gst', 'tooLarge', '20000000.00');
      await refused(
        'POST',
        'advance-orders',
        { ...post({ orderQuantity: MAX_QUANTITY + 1 }), deliveryDate: today },
        'orderQuantity',
        'tooLarge',
        '100000',
      );
      const [order] = (await ok('POST', 'orders', [post({})], 201)).data;
      await refused(
        'PUT',
        `orders/${order._id}`,
        { gst: MAX_AMOUNT.INR + 0.01 },
        'gst',
        'tooLarge',
        '20000000.00',
      );
      await refused(
        'PUT',
        `orders/${order._id}`,
        { shippingFee: MAX_AMOUNT.JPY + 1 },
        'shippingFee',
        'tooLarge',
        '2000000000',
      );
      expect((await ok('PUT', `orders/${order._id}`, { gst: MAX_AMOUNT.INR })).data.gst).toBe(MAX_AMOUNT.INR);
    });

    it('shipments, OTZ orders, product requests, simulations and imports', async () => {
      const [order] = (await ok('POST', 'orders', [maxLine(p._id, 'SHOPIFY')], 201)).data;
      await ok('PUT', 'orders/status', { ids: [order._id], shipmentStatus: 'ACCEPTED' });
      await ok('PUT', 'orders/status', { ids: [order._id], shipmentStatus: 'PACKED' });
      const shipment = {
        shipmentId: `PAST-SHIP-${dialect}`,
        shippingDate: today,
        shipmentTrackingLink: 'https://tracking.example/past',
        orderIds: [order._id],
      };
      await refused(
        'POST',
        'shipments',
        { ...shipment, totalShippingFee: MAX_AMOUNT.JPY + 1 },
        'totalShippingFee',
        'tooLarge',
        '2000000000',
      );
      const created = (await ok('POST', 'shipments', { ...shipment, totalShippingFee: 1 }, 201)).data;
      const customs = { customId: 'PAST-CUS', receivedDate: today, totalCustomFee: MAX_AMOUNT.INR + 0.01 };
      await refused('PUT', `shipments/${created._id}`, customs, 'totalCustomFee', 'tooLarge', '20000000.00');

      const otz = {
        paypalTransactionId: `PAYID-PAST-${dialect}`,
        orderDate: today,
        items: [{ product: p._id, orderQuantity: 1, price: 1 }],
        currency: 'INR',
        amount: 1,
      };
      const item = (fields: Json) => ({ ...otz, items: [{ ...otz.items[0], ...fields }] });
      await refused(
        'POST',
        'otz-orders',
        item({ orderQuantity: MAX_QUANTITY + 1 }),
        'items.0.orderQuantity',
        'tooLarge',
        '100000',
      );
      await refused(
        'POST',
        'otz-orders',
        item({ price: MAX_UNIT_PRICE.INR + 0.01 }),
        'items.0.price',
        'tooLarge',
        '10000000.00',
      );
      await refused(
        'POST',
        'otz-orders',
        { ...item({ price: MAX_UNIT_PRICE.JPY + 1 }), currency: 'JPY' },
        'items.0.price',
        'tooLarge',
        '100000000',
      );
      await refused(
        'POST',
        'otz-orders',
        { ...otz, amount: MAX_AMOUNT.INR + 0.01 },
        'amount',
        'tooLarge',
        '20000000.00',
      );

      const request = { title: 'A rare tea', quantity: 1, expectedPrice: 1 };
      await refused(
        'POST',
        'issues',
        { ...request, quantity: MAX_QUANTITY + 1 },
        'quantity',
        'tooLarge',
        '100000',
      );
      await refused(
        'POST',
        'issues',
        { ...request, expectedPrice: MAX_UNIT_PRICE.JPY + 1 },
        'expectedPrice',
        'tooLarge',
        '100000000',
      );

      const simulation = {
        name: 'Past',
        platformCode: 'AMAZONIND',
        purchasePrice: MAX_UNIT_PRICE.JPY + 1,
        quantity: 1,
        exchangeRate: 1.7,
        shippingCost: 0,
        customsDuty: 0,
        commission: 0,
        closingFee: 0,
        target: { type: 'amount', value: 0 },
      };
      await refused('POST', 'simulation', simulation, 'purchasePrice', 'tooLarge', '100000000');
      await refused(
        'POST',
        'simulation',
        { ...simulation, purchasePrice: 1, quantity: MAX_QUANTITY + 1 },
        'quantity',
        'tooLarge',
        '100000',
      );

      const csv = [
        'Name,Created at,Lineitem quantity,Lineitem price,Lineitem sku,Currency',
        `#9001,${today} 10:00:00 +0530,${MAX_QUANTITY + 1},1.00,${p.skuCode},INR`,
        `#9002,${today} 10:00:00 +0530,1,${MAX_UNIT_PRICE.INR}.01,${p.skuCode},INR`,
        `#9003,${today} 10:00:00 +0530,3,${MAX_UNIT_PRICE.INR}.00,${p.skuCode},INR`,
      ].join('\n');
      const imported = await fetch(`${server.url}/api/v1/orders/import?source=shopify&dryRun=true`, {
        method: 'POST',
        headers: { authorization: `Token ${token}`, 'content-type': 'text/csv' },
        body: csv,
      });
      expect(imported.status).toBe(200);
      const result = (await imported.json()) as Json;
      expect(result.errors.map((e: Json) => [e.row, e.code, String(e.params.max)])).toEqual([
        [2, 'importTooLarge', '100000'],
        [3, 'importTooLarge', '10000000.00'],
        [4, 'importTooLarge', '20000000.00'],
      ]);
    });
  });

  describe('sums past 32 and 53 bits', () => {
    it("a product's 30-day quantity passes 2^31 and the next order still goes in", async () => {
      const p = await product({ inStockQuantity: 0, lowStockLevel: 0 });
      // 21,475 lines of 10^5 units in the last 30 days (written directly: the API would take
      // minutes): 2,147,500,000 units, past what a 32-bit integer holds.
      const count = Math.ceil(2 ** 31 / MAX_QUANTITY);
      const now = new Date().toISOString();
      const rows = Array.from({ length: count }, (_, i) => ({
        id: `bulk-${dialect}-${i}`,
        order_id: `BULK-${i}`,
        platform_code: 'AMAZONJP',
        product_id: p._id,
        order_date: today,
        order_quantity: MAX_QUANTITY,
        currency: 'JPY',
        base_order_price: 1,
        discount: 0,
        commission: 0,
        closing_fee: 0,
        gst: 0,
        handling_fee: 0,
        shipping_fee: 0,
        custom_fee: 0,
        exchange_rate: null,
        expected_shipping_date: null,
        delivery_date: null,
        is_advance: 0,
        is_booked_advance: 0,
        shipment_status: 'RECEIVED',
        shipment_id: null,
        shipment_position: null,
        customer: null,
        stock_taken: 0,
        created_by: null,
        created_at: now,
        updated_at: now,
      }));
      for (let start = 0; start < rows.length; start += 500) {
        await db
          .insertInto('orders')
          .values(rows.slice(start, start + 500) as never)
          .execute();
      }
      const next = maxLine(p._id, 'AMAZONJP', { orderQuantity: 1 });
      const [order] = (await ok('POST', 'orders', [next], 201)).data;
      expect(order.orderQuantity).toBe(1);
      const after = (await ok('GET', `products/${p._id}`)).data;
      expect(after.monthlyQuantity).toBe(count * MAX_QUANTITY + 1);
      expect(after.monthlyQuantity).toBeGreaterThan(2 ** 31);
    });

    it('the summary and chart of kept days near 2^63 each answer the exact digits', async () => {
      // Three days whose kept totals are each past 2^62: no sum of them fits 64 bits, none of
      // their sums is a safe integer. Written directly: the API would need 460,000 sales a day.
      const days = ['2001-01-01', '2001-01-02', '2001-01-03'];
      const base = 2n ** 62n;
      const kept = days.map((date, i) => ({
        order_date: date,
        platform_code: 'AMAZONJP' as const,
        no_of_orders: 1,
        sales_value: (base + BigInt(i * 1_000_003 + 7)).toString(),
        amazon_commission: 0,
        shipping_fee: (2n ** 53n + 1n + BigInt(i)).toString(),
        custom_fee: 0,
        cost_of_goods: (base + 12_345n).toString(),
        profit: (-(base + BigInt(i) * 999_999_937n + 5n)).toString(),
        without_yen_value: 0,
        without_purchase_price: 0,
      }));
      await db
        .insertInto('sales_daily')
        .values(kept as never)
        .execute();
      const raw = async (path: string) => {
        const res = await fetch(`${server.url}/api/v1/${path}`, {
          headers: { authorization: `Token ${token}` },
        });
        expect(res.status).toBe(200);
        return res.text();
      };
      const digits = (text: string, key: string) => {
        const found = [...text.matchAll(new RegExp(`"${key}":(-?\\d+)[,}]`, 'g'))].map((m) =>
          BigInt(m[1] as string),
        );
        expect(found.length, `${key} in ${text}`).toBeGreaterThan(0);
        return found;
      };
      const sum = (key: keyof (typeof kept)[number]) =>
        kept.reduce((s, k) => s + BigInt(k[key] as string), 0n);
      const summary = await raw('sales/summary?from=2001-01-01&to=2001-01-31');
      expect(digits(summary, 'salesValue')).toEqual([sum('sales_value')]);
      expect(digits(summary, 'shippingFee')).toEqual([sum('shipping_fee')]);
      expect(digits(summary, 'totalCostOfGoods')).toEqual([sum('cost_of_goods')]);
      expect(digits(summary, 'profit')).toEqual([sum('profit')]);
      expect(digits(summary, 'noOfOrders')).toEqual([3n]);
      const chart = await raw('sales/daily?from=2001-01-01&to=2001-01-31');
      expect(digits(chart, 'salesValue')).toEqual(kept.map((k) => BigInt(k.sales_value)));
      expect(digits(chart, 'profit')).toEqual(kept.map((k) => BigInt(k.profit)));
      await sql`delete from sales_daily where order_date like '2001-%'`.execute(db);
    });
  });

  describe('parallel changes at the stock bound (PostgreSQL: a pool of connections)', () => {
    it('ten adjustments of one unit onto 5 units of room: five go in, stock ends at the bound', async () => {
      const p = await product({ inStockQuantity: MAX_STOCK - 5, lowStockLevel: 0 });
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          call('POST', `products/${p._id}/stock-adjustments`, { quantity: 1, note: 'recount' }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 201, 400, 400, 400, 400, 400]);
      for (const r of results.filter((x) => x.status === 400))
        expect(r.body.code).toBe('stockQuantityTooLarge');
      expect((await ok('GET', `products/${p._id}`)).data.inStockQuantity).toBe(MAX_STOCK);
      const ledger = (await ok('GET', `products/${p._id}/stock-movements?limit=100`)).data as Json[];
      expect(ledger.reduce((s, m) => s + m.quantity, 0)).toBe(MAX_STOCK);
    });

    it('three cancellations giving back stock with room for one: one goes through', async () => {
      const p = await product({ lowStockLevel: 0 });
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const [order] = (
          await ok('POST', 'orders', [maxLine(p._id, 'AMAZONIND', { orderQuantity: MAX_QUANTITY })], 201)
        ).data;
        await ok('PUT', `orders/${order._id}`, { shipmentStatus: 'ACCEPTED' });
        ids.push(order._id);
      }
      // Stock raised by hand while the orders hold theirs: room for one order's units.
      await ok(
        'POST',
        `products/${p._id}/stock-adjustments`,
        { quantity: 2 * MAX_QUANTITY, note: 'found' },
        201,
      );
      const results = await Promise.all(
        ids.map((id) => call('PUT', `orders/${id}`, { shipmentStatus: 'CANCELLED' })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      for (const r of results.filter((x) => x.status === 409))
        expect(r.body.code).toBe('stockQuantityTooLarge');
      expect((await ok('GET', `products/${p._id}`)).data.inStockQuantity).toBe(MAX_STOCK);
    });
  });
});
