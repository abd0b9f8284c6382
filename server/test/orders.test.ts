/**
 * The orders API on both databases: creation (one line, several all or none, the messages),
 * the list's filters and sorts, search, totals, edits, every pair of the status transition
 * table (single and bulk), stock taken and given back exactly once (also under 20 parallel
 * accepts and cancels), and who may do what.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ORDER_STATUSES, type OrderStatus } from '#shared/constants';
import { withJanCheckDigit } from '#shared/domain/jan';
import { checkTransition } from '#shared/domain/order-status';
import { MESSAGES, formatMessage } from '#shared/messages';
import { seedLarge } from '../src/demo/large';
import { refreshAllProductSales } from '../src/orders/orders.repository';
import { monthlyWindowStart, orderDateOf, upsertOrderLine } from '../src/orders/orders.service';
import { msUntilNextDay } from '../src/orders/sales-refresh';
import { client, setupAccounts, type Client, type Json } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

type Account = Awaited<ReturnType<typeof setupAccounts>>['admin'];

let janCounter = 100_000;
const nextJan = () => withJanCheckDigit(`490${String((janCounter += 1)).padStart(9, '0')}`);
let orderCounter = 0;
const nextOrderId = (prefix = '408') => `${prefix}-${String((orderCounter += 1)).padStart(7, '0')}-TEST`;

describe.each(testDialects())('orders (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: Account;
  let creator: Account;

  beforeAll(async () => {
    // Tokyo is already the next day at 15:00 UTC: the default order date must follow it.
    server = await startTestServer({ dialect, config: { timeZone: 'Asia/Tokyo' } });
    api = client(server.url);
    const accounts = await setupAccounts(api);
    admin = accounts.admin;
    creator = await accounts.withRole('orderCreator');
  });
  afterAll(() => server?.close());

  const as = (account: Account) => ({ token: account.token });
  const get = async (path: string) => api.get(`/api/v1/${path}`, as(admin));

  async function product(overrides: Json = {}): Promise<Json> {
    const res = await api.post(
      '/api/v1/products',
      {
        name: `Matcha Kit Kat ${janCounter}`,
        skuCode: `KK-${janCounter}`,
        janCode: nextJan(),
        purchasePrice: 300,
        inStockQuantity: 10,
        amazonStockQuantity: 0,
        availablePlatforms: [{ code: 'AMAZONIND', asin: `B0${janCounter}` }],
        ...overrides,
      },
      as(admin),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  }

  const line = (productId: string, overrides: Json = {}) => ({
    product: productId,
    platformCode: 'AMAZONIND',
    orderId: nextOrderId(),
    orderDate: '2026-11-20',
    orderQuantity: 2,
    currency: 'INR',
    baseOrderPrice: 1999.5,
    discount: 100,
    ...overrides,
  });

  async function order(productId: string, overrides: Json = {}): Promise<Json> {
    const res = await api.post('/api/v1/orders', line(productId, overrides), as(admin));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  }

  const setStatus = (id: string, shipmentStatus: string) =>
    api.put(`/api/v1/orders/${id}`, { shipmentStatus }, as(admin));
  const stockOf = async (productId: string) => (await get(`products/${productId}`)).body.data.inStockQuantity;

  /** Puts a new order into `status` the way the app would (advance orders through their route). */
  async function orderIn(status: OrderStatus, productId: string, platformCode = 'AMAZONIND'): Promise<Json> {
    const currency = platformCode === 'AMAZONJP' ? 'JPY' : 'INR';
    if (status === 'AWAITING' || status === 'BOOKED') {
      const created = await order(productId, {
        shipmentStatus: 'AWAITING',
        deliveryDate: '2026-12-24',
        platformCode,
        currency,
        baseOrderPrice: 2000,
      });
      if (status === 'BOOKED') {
        expect(
          (await api.put(`/api/v1/advance-orders/${created._id}`, { status: 'BOOKED' }, as(admin))).status,
        ).toBe(200);
      }
      return created;
    }
    const created = await order(productId, { platformCode, currency, baseOrderPrice: 2000 });
    const path: Record<string, OrderStatus[]> = {
      RECEIVED: [],
      ACCEPTED: ['ACCEPTED'],
      PACKED: ['ACCEPTED', 'PACKED'],
      CANCELLED: ['CANCELLED'],
      COMPLETED: ['ACCEPTED', 'PACKED', 'COMPLETED'],
    };
    // India's orders ship in a shipment and complete when its customs are saved.
    const shipped = status === 'SHIPPED' || (status === 'COMPLETED' && platformCode !== 'AMAZONJP');
    const steps = path[shipped ? 'PACKED' : status];
    if (!steps) throw new Error(`no path to ${status} in order management`);
    for (const step of steps) {
      const res = await setStatus(created._id, step);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    if (shipped) {
      // Only a shipment (Combine Orders) ships an order.
      const res = await api.post(
        '/api/v1/shipments',
        {
          shipmentId: `SHP-${created.orderId}`,
          shippingDate: '2026-11-25',
          totalShippingFee: 1000,
          shipmentTrackingLink: 'https://tracking.example/abc',
          orderIds: [created._id],
        },
        as(admin),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      if (status === 'COMPLETED') {
        const customs = await api.put(
          `/api/v1/shipments/${res.body.data._id}`,
          { customId: `CUS-${created.orderId}`, totalCustomFee: 100, receivedDate: '2026-12-05' },
          as(admin),
        );
        expect(customs.status, JSON.stringify(customs.body)).toBe(200);
      }
    }
    return created;
  }

  describe('creating', () => {
    it('creates one line with exact money, the product it names and the default status', async () => {
      const p = await product();
      const res = await api.post('/api/v1/orders', line(p._id, { product: { ...p } }), as(creator));
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        platformCode: 'AMAZONIND',
        orderQuantity: 2,
        currency: 'INR',
        baseOrderPrice: 1999.5,
        discount: 100,
        commission: 0,
        shipmentStatus: 'RECEIVED',
        isBookedAdvance: false,
        orderDate: '2026-11-20',
        exchangeRate: null,
        customer: null,
        product: {
          _id: p._id,
          name: p.name,
          skuCode: p.skuCode,
          janCode: p.janCode,
          purchasePrice: 300,
          availablePlatforms: [{ code: 'AMAZONIND', asin: p.availablePlatforms[0].asin }],
        },
      });
      // The product's sales columns follow its orders.
      expect((await get(`products/${p._id}`)).body.data.lastOrderDate).toBe('2026-11-20');
    });

    it('shows the product’s listings in platform order, in the list, the search and the line', async () => {
      const p = await product({
        availablePlatforms: [
          { code: 'AMAZONIND', asin: 'B0LISTIND1' },
          { code: 'SHOPIFY', asin: 'SHOP-LIST-1' },
          { code: 'AMAZONJP', asin: 'B0LISTJP01' },
        ],
      });
      const created = await api.post('/api/v1/orders', line(p._id), as(admin));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const expected = [
        { code: 'SHOPIFY', asin: 'SHOP-LIST-1' },
        { code: 'AMAZONJP', asin: 'B0LISTJP01' },
        { code: 'AMAZONIND', asin: 'B0LISTIND1' },
      ];
      expect(created.body.data.product.availablePlatforms).toEqual(expected);
      const listed = await get(`orders?product=${p._id}`);
      expect(listed.body.data.map((o: Json) => o.product.availablePlatforms)).toEqual([expected]);
      const found = await get(`orders/search?searchStr=${encodeURIComponent(p.skuCode)}`);
      expect(found.body.data.map((o: Json) => o.product.availablePlatforms)).toEqual([expected]);

      // The order reads the listings the product has now: one changed, one removed, then none.
      const relist = async (availablePlatforms: Json[]) => {
        const { name, skuCode, janCode, purchasePrice } = p;
        const res = await api.put(
          `/api/v1/products/${p._id}`,
          { name, skuCode, janCode, purchasePrice, availablePlatforms },
          as(admin),
        );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const [listedNow, foundNow, one] = await Promise.all([
          get(`orders?product=${p._id}`),
          get(`orders/search?searchStr=${encodeURIComponent(p.skuCode)}`),
          get(`orders/${created.body.data._id}`),
        ]);
        return [listedNow.body.data[0], foundNow.body.data[0], one.body.data].map(
          (o: Json) => o.product.availablePlatforms,
        );
      };
      const changed = [
        { code: 'AMAZONJP', asin: 'B0LISTJP02' },
        { code: 'AMAZONIND', asin: 'B0LISTIND1' },
      ];
      expect(await relist([changed[1], changed[0]])).toEqual([changed, changed, changed]);
      expect(await relist([])).toEqual([[], [], []]);
    });

    it('creates an array of lines all together, and none when one line is refused', async () => {
      const [a, b] = [await product(), await product()];
      const orderId = nextOrderId();
      const both = await api.post(
        '/api/v1/orders',
        [line(a._id, { orderId }), line(b._id, { orderId })],
        as(creator),
      );
      expect(both.status).toBe(201);
      expect(both.body.data.map((o: Json) => o.product._id)).toEqual([a._id, b._id]);

      const refusedId = nextOrderId();
      const refused = await api.post(
        '/api/v1/orders',
        [line(a._id, { orderId: refusedId }), line('no-such-product', { orderId: refusedId })],
        as(creator),
      );
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0]).toMatchObject({ field: '1.product', code: 'unknownReference' });
      expect((await get(`orders?orderId=${refusedId}`)).body.totalCount).toBe(0);

      // A duplicate inside the array refuses the whole array too.
      const dupId = nextOrderId();
      const dup = await api.post(
        '/api/v1/orders',
        [line(a._id, { orderId: dupId }), line(a._id, { orderId: dupId })],
        as(creator),
      );
      expect(dup.status).toBe(409);
      expect(dup.body).toMatchObject({ code: 'duplicateField', message: MESSAGES.duplicateField });
      expect((await get(`orders?orderId=${dupId}`)).body.totalCount).toBe(0);
    });

    it('refuses the same platform + order id + product twice with 409 Duplicate field', async () => {
      const p = await product();
      const first = await order(p._id);
      const again = await api.post('/api/v1/orders', line(p._id, { orderId: first.orderId }), as(admin));
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'duplicateField', message: MESSAGES.duplicateField });
      // Another platform or another product is another line.
      const other = await product();
      expect(
        (await api.post('/api/v1/orders', line(other._id, { orderId: first.orderId }), as(admin))).status,
      ).toBe(201);
    });

    it('answers the fixed texts for missing or bad fields', async () => {
      const p = await product();
      const cases: [Json, string, string][] = [
        [{ orderId: '' }, 'orderId', MESSAGES.orderIdRequired],
        [{ orderId: undefined }, 'orderId', MESSAGES.orderIdRequired],
        [{ platformCode: undefined }, 'platformCode', MESSAGES.platformRequired],
        [{ product: undefined }, 'product', MESSAGES.productsRequired],
        [{ discount: 'ten' }, 'discount', MESSAGES.enterNumber],
        [{ orderQuantity: 0 }, 'orderQuantity', MESSAGES.invalidQuantity],
        [{ orderQuantity: 'two' }, 'orderQuantity', MESSAGES.invalidQuantity],
        [{ orderQuantity: 1.5 }, 'orderQuantity', MESSAGES.invalidQuantity],
      ];
      for (const [overrides, field, message] of cases) {
        const res = await api.post('/api/v1/orders', line(p._id, overrides), as(creator));
        expect(res.status, JSON.stringify(overrides)).toBe(400);
        expect(res.body.errors.find((e: Json) => e.field === field)?.message, JSON.stringify(overrides)).toBe(
          message,
        );
      }
      const empty = await api.post('/api/v1/orders', [], as(creator));
      expect(empty.status).toBe(400);
    });

    it('refuses a currency other than the platform’s, and yen with decimals', async () => {
      const p = await product();
      const jp = await api.post(
        '/api/v1/orders',
        line(p._id, { platformCode: 'AMAZONJP', currency: 'INR' }),
        as(admin),
      );
      expect(jp.status).toBe(400);
      expect(jp.body).toMatchObject({
        code: 'currencyMismatch',
        message: formatMessage('currencyMismatch', { platform: 'AMAZONJP', currency: 'JPY' }),
      });
      const ind = await api.post('/api/v1/orders', line(p._id, { currency: 'JPY' }), as(admin));
      expect(ind.status).toBe(400);
      const yen = await api.post(
        '/api/v1/orders',
        line(p._id, { platformCode: 'AMAZONJP', currency: 'JPY', baseOrderPrice: 1200.5 }),
        as(admin),
      );
      expect(yen.status).toBe(400);
      expect(yen.body.errors[0]).toMatchObject({ field: 'baseOrderPrice', code: 'tooManyDecimals' });
    });

    it('dates an order without a date today in the business time zone', async () => {
      const p = await product();
      const created = await order(p._id, { orderDate: undefined });
      const tokyo = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
      expect(created.orderDate).toBe(tokyo);
    });

    it('keeps integration fields: fees, customer, expected shipping date', async () => {
      const p = await product();
      const customer = { name: '山田 花子', email: 'hanako@example.jp', city: 'Mumbai' };
      const created = await order(p._id, {
        commission: 12.34,
        closingFee: 5,
        gst: 18,
        handlingFee: 1,
        shippingFee: 800,
        expectedShippingDate: '2026-11-30',
        customer,
      });
      expect(created).toMatchObject({
        commission: 12.34,
        closingFee: 5,
        gst: 18,
        handlingFee: 1,
        shippingFee: 800,
        expectedShippingDate: '2026-11-30',
        customer: { ...customer, phone: '', postcode: '' },
      });
    });
  });

  describe('listing, search and totals', () => {
    let p: Json;
    let q: Json;
    const ids = { a: '', b: '', c: '' };
    beforeAll(async () => {
      p = await product({ name: 'Tokyo Banana Listing', skuCode: 'TB-LIST-1' });
      q = await product({ name: 'Shiroi Koibito Listing', skuCode: 'SK-LIST-1', amazonStockQuantity: 0 });
      ids.a = (await order(p._id, { orderId: 'LIST-A-1', orderDate: '2026-01-05', baseOrderPrice: 100 }))._id;
      ids.b = (
        await order(q._id, {
          orderId: 'LIST-B-2',
          orderDate: '2026-01-06',
          baseOrderPrice: 300,
          platformCode: 'SHOPIFY',
        })
      )._id;
      ids.c = (
        await order(p._id, {
          orderId: 'LIST-C-3',
          orderDate: '2026-01-07',
          baseOrderPrice: 200,
          platformCode: 'AMAZONJP',
          currency: 'JPY',
        })
      )._id;
      expect((await setStatus(ids.c, 'ACCEPTED')).status).toBe(200);
    });
    const inRange = 'orderDate[gte]=2026-01-05&orderDate[lte]=2026-01-07';
    const listIds = async (query: string) => {
      const res = await get(`orders?${inRange}&${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.map((o: Json) => o._id);
    };

    it('sorts by order date, newest first, by default; and by every sort field both ways', async () => {
      expect(await listIds('')).toEqual([ids.c, ids.b, ids.a]);
      expect(await listIds('sort=orderDate')).toEqual([ids.a, ids.b, ids.c]);
      expect(await listIds('sort=orderId')).toEqual([ids.a, ids.b, ids.c]);
      expect(await listIds('sort=-orderId')).toEqual([ids.c, ids.b, ids.a]);
      // Amounts compare within a currency (the platform filter makes one).
      expect(await listIds('sort=baseOrderPrice&platformCode[ne]=AMAZONJP')).toEqual([ids.a, ids.b]);
      expect(await listIds('sort=-baseOrderPrice&platformCode[ne]=AMAZONJP')).toEqual([ids.b, ids.a]);
      expect(await listIds('sort=createdAt')).toEqual([ids.a, ids.b, ids.c]);
      expect((await listIds('sort=-updatedAt'))[0]).toBe(ids.c);
    });

    it('filters by status, platform, platform[ne], date, product, order id, createdAt and updatedAt', async () => {
      expect(await listIds('shipmentStatus=ACCEPTED')).toEqual([ids.c]);
      expect(await listIds('shipmentStatus=RECEIVED&platformCode=SHOPIFY')).toEqual([ids.b]);
      expect(await listIds('platformCode[ne]=AMAZONJP')).toEqual([ids.b, ids.a]);
      expect(await listIds('orderDate[eq]=2026-01-06')).toEqual([ids.b]);
      expect(await listIds('orderDate[lt]=2026-01-06')).toEqual([ids.a]);
      expect(await listIds(`product=${p._id}`)).toEqual([ids.c, ids.a]);
      expect(await listIds('orderId=LIST-B-2')).toEqual([ids.b]);
      const a = (await get(`orders/${ids.a}`)).body.data;
      expect(await listIds(`createdAt[gt]=${encodeURIComponent(a.createdAt)}&sort=createdAt`)).toEqual([
        ids.b,
        ids.c,
      ]);
      // For sync: what changed after a moment, an edit included.
      const c = (await get(`orders/${ids.c}`)).body.data;
      expect(await listIds(`updatedAt[gt]=${encodeURIComponent(c.updatedAt)}`)).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect((await api.put(`/api/v1/orders/${ids.a}`, { commission: 7 }, as(admin))).status).toBe(200);
      expect(await listIds(`updatedAt[gt]=${encodeURIComponent(c.updatedAt)}`)).toEqual([ids.a]);
      expect(await listIds('shipmentId=none')).toEqual([]);
      const bad = await get('orders?sort=discount');
      expect(bad.status).toBe(400);
      const page = await get(`orders?${inRange}&page=2&limit=2`);
      expect(page.body).toMatchObject({ totalCount: 3 });
      expect(page.body.data.map((o: Json) => o._id)).toEqual([ids.a]);
    });

    it('searches order ids, product names, SKUs and JANs, within a status', async () => {
      const search = async (text: string, extra = '') => {
        const res = await api.get(
          `/api/v1/orders/search?searchStr=${encodeURIComponent(text)}${extra}`,
          as(creator),
        );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return { ids: res.body.data.map((o: Json) => o._id), total: res.body.totalcount };
      };
      expect(await search('LIST-B')).toEqual({ ids: [ids.b], total: 1 });
      expect(await search('list-c-3')).toEqual({ ids: [ids.c], total: 1 });
      expect(await search('Tokyo Banana Listing')).toEqual({ ids: [ids.c, ids.a], total: 2 });
      expect(await search('sk-list')).toEqual({ ids: [ids.b], total: 1 });
      expect(await search(p.janCode)).toEqual({ ids: [ids.c, ids.a], total: 2 });
      expect(await search('Tokyo Banana Listing', '&shipmentStatus=ACCEPTED')).toEqual({
        ids: [ids.c],
        total: 1,
      });
      expect((await search('no such thing anywhere')).total).toBe(0);
    });

    it('searches customers by name and email, following an edit of the customer', async () => {
      const customer = (name: string, email: string) => ({
        name,
        email,
        phone: '',
        address: '',
        city: 'Pune',
        state: '',
        country: 'India',
        postcode: '',
      });
      const edit = async (id: string, body: Json) =>
        expect((await api.put(`/api/v1/orders/${id}`, body, as(admin))).status).toBe(200);
      await edit(ids.b, { customer: customer('Meera Nair', 'meera.nair@example.in') });
      const search = async (text: string) =>
        (await get(`orders/search?searchStr=${encodeURIComponent(text)}`)).body.data.map((o: Json) => o._id);
      expect(await search('meera')).toEqual([ids.b]);
      expect(await search('NAIR@EXAMPLE')).toEqual([ids.b]);
      // The city is not searched: it would match half the customers of a city.
      expect(await search('Pune')).toEqual([]);
      await edit(ids.b, { customer: customer('Kabir Das', 'kabir@example.in') });
      expect(await search('meera')).toEqual([]);
      expect(await search('kabir')).toEqual([ids.b]);
      await edit(ids.b, { customer: null });
      expect(await search('kabir')).toEqual([]);
    });

    it('searches within the other filters of the list: platform, order dates, product', async () => {
      const search = async (query: string) => {
        const res = await get(`orders/search?searchStr=Tokyo%20Banana%20Listing&${query}`);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return { ids: res.body.data.map((o: Json) => o._id), total: res.body.totalcount };
      };
      expect(await search('platformCode=AMAZONJP')).toEqual({ ids: [ids.c], total: 1 });
      expect(await search('platformCode[ne]=AMAZONJP')).toEqual({ ids: [ids.a], total: 1 });
      expect(await search('orderDate[lte]=2026-01-06')).toEqual({ ids: [ids.a], total: 1 });
      expect(await search(`product=${p._id}&orderDate[gte]=2026-01-06`)).toEqual({ ids: [ids.c], total: 1 });
      expect(await search('shipmentId=none')).toEqual({ ids: [], total: 0 });
    });

    it('counts orders by status for the tabs over a date range', async () => {
      const res = await get('orders/total?start_date=2026-01-05&end_date=2026-01-07');
      expect(res.status).toBe(200);
      expect(res.body.totalCount).toBe(3);
      expect(res.body.byStatus).toMatchObject({ RECEIVED: 2, ACCEPTED: 1, CANCELLED: 0 });
      expect(Object.keys(res.body.byStatus).sort()).toEqual([...ORDER_STATUSES].sort());
      const narrow = await get('orders/total?start_date=2026-01-06&end_date=2026-01-06');
      expect(narrow.body).toMatchObject({ totalCount: 1, byStatus: { RECEIVED: 1 } });
    });
  });

  describe('status changes', () => {
    // Every pair of statuses, against a table written out here from the rules as stated (not
    // the server's own table): the allowed changes, and for the others their fixed text.
    const ALLOWED: Record<string, string[]> = {
      RECEIVED: ['ACCEPTED', 'CANCELLED'],
      ACCEPTED: ['PACKED', 'CANCELLED'],
      PACKED: ['CANCELLED'],
      AWAITING: ['BOOKED', 'CANCELLED'],
      BOOKED: ['RECEIVED'],
    };
    const expected = (from: string, to: string, platform: string): { ok: true } | { message: string } => {
      if (from === 'COMPLETED' || from === 'CANCELLED') {
        return { message: 'Cannot Change Status Of Cancelled or completed Orders' };
      }
      if (from === 'SHIPPED' || to === 'SHIPPED') {
        return { message: 'Please Visit the Combine Order page to change and Assign Shipping details' };
      }
      if (to === 'BOOKED' && from !== 'AWAITING')
        return { message: 'Only request with Awaiting status can be changed' };
      const allowed = [
        ...(ALLOWED[from] ?? []),
        ...(platform === 'AMAZONJP' && from === 'PACKED' ? ['COMPLETED'] : []),
      ];
      return allowed.includes(to) ? { ok: true } : { message: 'Cannot Change Status Of this Order' };
    };
    const reachable: OrderStatus[] = [
      'RECEIVED',
      'ACCEPTED',
      'PACKED',
      'SHIPPED',
      'COMPLETED',
      'CANCELLED',
      'AWAITING',
      'BOOKED',
    ];
    for (const platform of ['AMAZONIND', 'AMAZONJP'] as const) {
      it(`follows the transition table for every pair (${platform})`, async () => {
        const p = await product({ inStockQuantity: 1000 });
        const mismatches: string[] = [];
        for (const from of reachable) {
          // AMAZONJP orders never go into an India shipment.
          if (from === 'SHIPPED' && platform === 'AMAZONJP') continue;
          for (const to of ORDER_STATUSES) {
            const o = await orderIn(from, p._id, platform);
            const res = await setStatus(o._id, to);
            const want = expected(from, to, platform);
            if ('ok' in want) {
              if (res.status !== 200 || res.body.data.shipmentStatus !== to) {
                mismatches.push(`${from}→${to}: ${res.status} ${JSON.stringify(res.body)}`);
              }
            } else if (res.status !== 409 || res.body.message !== want.message) {
              mismatches.push(`${from}→${to}: ${res.status} ${res.body.message}, want ${want.message}`);
            }
            // The server's table, which the screens offer, agrees.
            if (checkTransition(from, to, platform).ok !== 'ok' in want)
              mismatches.push(`table ${from}→${to}`);
          }
        }
        expect(mismatches).toEqual([]);
        // About 170 requests: room for a loaded machine.
      }, 120_000);
    }

    it('lets AMAZONJP orders complete from PACKED, but not India ones', async () => {
      const p = await product();
      const jp = await orderIn('PACKED', p._id, 'AMAZONJP');
      expect((await setStatus(jp._id, 'COMPLETED')).body.data.shipmentStatus).toBe('COMPLETED');
      const ind = await orderIn('PACKED', p._id, 'AMAZONIND');
      const refused = await setStatus(ind._id, 'COMPLETED');
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'cannotChangeStatus',
        message: MESSAGES.cannotChangeStatus,
      });
      const shipped = await setStatus(ind._id, 'SHIPPED');
      expect(shipped.body).toMatchObject({ code: 'visitCombine', message: MESSAGES.visitCombine });
    });

    it('changes several at once, all or none, with the bulk messages', async () => {
      const p = await product({ inStockQuantity: 100 });
      const [a, b, c] = [await order(p._id), await order(p._id), await order(p._id)];
      const bulk = (ids: string[], shipmentStatus: string) =>
        api.put('/api/v1/orders/status', { ids, shipmentStatus }, as(admin));

      const none = await bulk([], 'ACCEPTED');
      expect(none.status).toBe(409);
      expect(none.body).toMatchObject({
        code: 'selectOrdersToSetStatus',
        message: MESSAGES.selectOrdersToSetStatus,
      });

      const ok = await bulk([a._id, b._id], 'ACCEPTED');
      expect(ok.status).toBe(200);
      expect(ok.body.data.map((o: Json) => o.shipmentStatus)).toEqual(['ACCEPTED', 'ACCEPTED']);
      expect(await stockOf(p._id)).toBe(96);

      const mixed = await bulk([a._id, c._id], 'CANCELLED');
      expect(mixed.status).toBe(409);
      expect(mixed.body).toMatchObject({ code: 'statusMustBeSame', message: MESSAGES.statusMustBeSame });
      expect((await get(`orders/${c._id}`)).body.data.shipmentStatus).toBe('RECEIVED');

      const missing = await bulk([a._id, 'no-such-order'], 'PACKED');
      expect(missing.status).toBe(404);
      expect((await get(`orders/${a._id}`)).body.data.shipmentStatus).toBe('ACCEPTED');

      expect((await bulk([a._id, b._id], 'CANCELLED')).status).toBe(200);
      const final = await bulk([a._id, b._id], 'RECEIVED');
      expect(final.body).toMatchObject({ code: 'cannotChangeFinal', message: MESSAGES.cannotChangeFinal });
      expect(await stockOf(p._id)).toBe(100);
    });

    it('refuses to accept more than is in stock (Amazon stock excluded), changing nothing', async () => {
      const p = await product({ inStockQuantity: 5, amazonStockQuantity: 2, name: 'Pocky Few' });
      const a = await order(p._id, { orderQuantity: 2 });
      const b = await order(p._id, { orderQuantity: 2 });
      const both = await api.put(
        '/api/v1/orders/status',
        { ids: [a._id, b._id], shipmentStatus: 'ACCEPTED' },
        as(admin),
      );
      expect(both.status).toBe(409);
      expect(both.body).toMatchObject({
        code: 'insufficientStock',
        params: { product: 'Pocky Few', available: 3, requested: 4 },
      });
      expect(await stockOf(p._id)).toBe(5);
      expect((await get(`orders/${a._id}`)).body.data.shipmentStatus).toBe('RECEIVED');
      expect((await setStatus(a._id, 'ACCEPTED')).status).toBe(200);
      expect(await stockOf(p._id)).toBe(3);
    });

    it('records each stock movement in the ledger naming its order, and audits the change', async () => {
      const p = await product({ inStockQuantity: 10 });
      const o = await order(p._id, { orderQuantity: 3 });
      await setStatus(o._id, 'ACCEPTED');
      await setStatus(o._id, 'PACKED');
      await setStatus(o._id, 'CANCELLED');
      const movements = (await get(`products/${p._id}/stock-movements?sort=createdAt`)).body.data;
      expect(movements.map((m: Json) => [m.reason, m.quantity, m.orderId])).toEqual([
        ['INITIAL', 10, null],
        ['ORDER_ACCEPTED', -3, o._id],
        ['ORDER_CANCELLED', 3, o._id],
      ]);
      const audit = (await get(`audit-logs?entity=order&entityId=${o._id}&limit=100`)).body.data;
      expect(audit).toHaveLength(4);
      expect(audit.every((e: Json) => (e.after as Json).name === o.orderId)).toBe(true);
    });

    it('edits the editable fields and refuses any other', async () => {
      const p = await product();
      const o = await order(p._id);
      const edit = await api.put(
        `/api/v1/orders/${o._id}`,
        {
          discount: 50.25,
          commission: 10,
          shippingFee: 700,
          expectedShippingDate: '2026-12-01',
          customer: { name: 'Ravi' },
        },
        as(admin),
      );
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      expect(edit.body.data).toMatchObject({
        discount: 50.25,
        commission: 10,
        shippingFee: 700,
        expectedShippingDate: '2026-12-01',
        customer: { name: 'Ravi' },
      });
      for (const body of [{ orderQuantity: 5 }, { baseOrderPrice: 1 }, { shipmentId: 'X' }, {}]) {
        const res = await api.put(`/api/v1/orders/${o._id}`, body, as(admin));
        expect(res.status, JSON.stringify(body)).toBe(400);
      }
      const jp = await order(p._id, { platformCode: 'AMAZONJP', currency: 'JPY', baseOrderPrice: 1000 });
      expect((await api.put(`/api/v1/orders/${jp._id}`, { discount: 1.5 }, as(admin))).status).toBe(400);
      expect((await api.put('/api/v1/orders/no-such-order', { discount: 1 }, as(admin))).status).toBe(404);
    });

    it('takes and returns stock exactly once under 20 parallel accepts and cancels', async () => {
      const p = await product({ inStockQuantity: 50 });
      const orders = await Promise.all(Array.from({ length: 5 }, () => order(p._id, { orderQuantity: 3 })));
      // 20 accepts of 5 orders at once: each order accepted once, stock down by 15.
      const accepts = await Promise.all(
        Array.from({ length: 20 }, (_, i) => setStatus(orders[i % 5]._id, 'ACCEPTED')),
      );
      expect(accepts.filter((r) => r.status === 200)).toHaveLength(5);
      expect(accepts.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
      expect(await stockOf(p._id)).toBe(35);
      // `stockTaken` says what each order holds: none before, all five after, none once cancelled.
      const holding = async () =>
        Promise.all(orders.map(async (o) => (await get(`orders/${o._id}`)).body.data.stockTaken as boolean));
      expect(orders.map((o) => o.stockTaken)).toEqual([false, false, false, false, false]);
      expect(await holding()).toEqual([true, true, true, true, true]);
      expect(accepts.filter((r) => r.status === 200).map((r) => r.body.data.stockTaken)).toEqual([
        true,
        true,
        true,
        true,
        true,
      ]);
      // 20 cancels, mixed with bulk cancels over overlapping orders: stock back exactly once.
      const cancels = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 4 === 0
            ? api.put(
                '/api/v1/orders/status',
                { ids: [orders[0]._id, orders[1]._id], shipmentStatus: 'CANCELLED' },
                as(admin),
              )
            : setStatus(orders[i % 5]._id, 'CANCELLED'),
        ),
      );
      expect(cancels.every((r) => r.status === 200 || r.status === 409)).toBe(true);
      expect(await stockOf(p._id)).toBe(50);
      expect(await holding()).toEqual([false, false, false, false, false]);
      const movements = (await get(`products/${p._id}/stock-movements?limit=100`)).body.data;
      expect(movements.filter((m: Json) => m.reason === 'ORDER_ACCEPTED')).toHaveLength(5);
      expect(movements.filter((m: Json) => m.reason === 'ORDER_CANCELLED')).toHaveLength(5);
    });

    it('never oversells under 20 parallel accepts of orders competing for little stock', async () => {
      const p = await product({ inStockQuantity: 7 });
      const orders = await Promise.all(Array.from({ length: 20 }, () => order(p._id, { orderQuantity: 1 })));
      const answers = await Promise.all(orders.map((o) => setStatus(o._id, 'ACCEPTED')));
      expect(answers.filter((r) => r.status === 200)).toHaveLength(7);
      expect(answers.filter((r) => r.status === 409).every((r) => r.body.code === 'insufficientStock')).toBe(
        true,
      );
      expect(await stockOf(p._id)).toBe(0);
    });
  });

  describe('for the importer', () => {
    it('upserts a line idempotently by platform + order id + product; a cancelled one gives stock back once', async () => {
      const p = await product({ inStockQuantity: 10 });
      const ctx = { timeZone: 'Asia/Tokyo' };
      const line = {
        product: p._id,
        platformCode: 'AMAZONIND' as const,
        orderId: nextOrderId('171'),
        orderDate: orderDateOf('2026-11-23T20:30:00Z', ctx.timeZone),
        orderQuantity: 4,
        currency: 'INR' as const,
        baseOrderPrice: 1000,
        discount: 0,
        isBookedAdvance: false,
        shipmentStatus: 'RECEIVED' as const,
      };
      const upsert = (status: OrderStatus) =>
        server.app.db
          .transaction()
          .execute((trx) => upsertOrderLine(trx, null, { ...line, shipmentStatus: status }, ctx));
      const created = await upsert('RECEIVED');
      expect(created.result).toBe('created');
      // Tokyo was already on the 24th.
      expect(created.order.orderDate).toBe('2026-11-24');
      expect((await upsert('RECEIVED')).result).toBe('unchanged');
      expect((await setStatus(created.order._id, 'ACCEPTED')).status).toBe(200);
      expect(await stockOf(p._id)).toBe(6);
      const cancelled = await upsert('CANCELLED');
      expect(cancelled).toMatchObject({ result: 'updated', order: { shipmentStatus: 'CANCELLED' } });
      expect(await stockOf(p._id)).toBe(10);
      expect((await upsert('CANCELLED')).result).toBe('unchanged');
      expect(await stockOf(p._id)).toBe(10);
      expect((await get(`orders?orderId=${line.orderId}`)).body.totalCount).toBe(1);
    });
  });

  describe('advance orders', () => {
    it('books, cancels and releases by the advance order rules', async () => {
      const p = await product({ inStockQuantity: 10 });
      const created = await api.post(
        '/api/v1/advance-orders',
        {
          product: p._id,
          platformCode: 'SHOPIFY',
          orderId: nextOrderId('#'),
          orderQuantity: 1,
          currency: 'INR',
          baseOrderPrice: 500,
          deliveryDate: '2026-12-24',
        },
        as(admin),
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.data).toMatchObject({ status: 'AWAITING', deliveryDate: '2026-12-24' });
      const id = created.body.data._id;
      const put = (status: string) => api.put(`/api/v1/advance-orders/${id}`, { status }, as(admin));

      const early = await put('RECEIVED');
      expect(early.status).toBe(409);
      expect((await put('BOOKED')).body.data.status).toBe('BOOKED');
      const again = await put('CANCELLED');
      expect(again.body).toMatchObject({ code: 'onlyAwaiting', message: MESSAGES.onlyAwaiting });
      const released = await put('RECEIVED');
      expect(released.status).toBe(200);
      expect(released.body.data.order).toMatchObject({ shipmentStatus: 'RECEIVED', isBookedAdvance: true });
      expect((await put('BOOKED')).body.message).toBe(MESSAGES.onlyAwaiting);

      const list = await get('advance-orders?deliveryDate[gte]=2026-12-24&deliveryDate[lte]=2026-12-24');
      expect(list.body.data.map((a: Json) => a._id)).toContain(id);
      const byId = await get(`advance-orders?orderId=${encodeURIComponent(created.body.data.orderId)}`);
      expect(byId.body.totalCount).toBe(1);
      // A normal order is not an advance order.
      const normal = await order(p._id);
      expect(
        (await api.put(`/api/v1/advance-orders/${normal._id}`, { status: 'BOOKED' }, as(admin))).status,
      ).toBe(404);
    });
  });

  describe('roles', () => {
    it('lets order creators enter and search orders only', async () => {
      const p = await product();
      expect((await api.post('/api/v1/orders', line(p._id), as(creator))).status).toBe(201);
      expect((await api.get('/api/v1/orders/search?searchStr=x', as(creator))).status).toBe(200);
      for (const [method, path] of [
        ['GET', '/api/v1/orders'],
        ['GET', '/api/v1/orders/total'],
        ['PUT', '/api/v1/orders/status'],
        ['GET', '/api/v1/advance-orders'],
      ] as const) {
        expect((await api.request(method, path, as(creator))).status, path).toBe(403);
      }
    });
  });
});

/** The orders table's indexes as the database describes them (name → definition). */
async function orderIndexes(server: TestServer): Promise<Record<string, string>> {
  const rows =
    server.app.dialect === 'postgres'
      ? (
          await sql<{ name: string; definition: string }>`select indexname as name, indexdef as definition
            from pg_indexes where schemaname = current_schema() and tablename = 'orders'`.execute(
            server.app.db,
          )
        ).rows
      : (
          await sql<{ name: string; definition: string }>`select name, coalesce(sql, '') as definition
            from sqlite_master where type = 'index' and tbl_name = 'orders'`.execute(server.app.db)
        ).rows;
  return Object.fromEntries(rows.map((r) => [r.name, r.definition]));
}

describe.each(testDialects())('orders at scale, seeded (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: Account;
  let indexesBefore: Record<string, string>;

  it('recomputes only the products whose 30-day figures are stale, as each new day does', async () => {
    const db = server.app.db;
    const since = monthlyWindowStart('Asia/Tokyo');
    expect(await refreshAllProductSales(db, since)).toBe(0);
    const sold = await db
      .selectFrom('products')
      .select(['id', 'monthly_quantity', 'last_order_date'])
      .where('monthly_quantity', '>', 0)
      .orderBy('id')
      .limit(3)
      .execute();
    expect(sold).toHaveLength(3);
    const ids = sold.map((p) => p.id);
    // Yesterday's figures: what a product still shows when an order leaves the window overnight.
    await db
      .updateTable('products')
      .set({ monthly_quantity: 999 })
      .where('id', 'in', ids.slice(0, 2))
      .execute();
    await db
      .updateTable('products')
      .set({ last_order_date: null })
      .where('id', '=', ids[2] as string)
      .execute();
    expect(await refreshAllProductSales(db, since)).toBe(3);
    const after = await db
      .selectFrom('products')
      .select(['id', 'monthly_quantity', 'last_order_date'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(after).toEqual(sold);
  });

  it('builds every index of the orders table again after a bulk load', async () => {
    expect(Object.keys(indexesBefore).length).toBeGreaterThan(10);
    expect(await orderIndexes(server)).toEqual(indexesBefore);
  });

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = client(server.url);
    admin = (await setupAccounts(api)).admin;
    indexesBefore = await orderIndexes(server);
    // Seeded as a bulk load (indexes dropped, then built again), as a million orders are.
    await seedLarge(server.app.db, {
      products: 300,
      orders: 4000,
      batchSize: 1000,
      deferIndexesAt: 1000,
      timeZone: 'Asia/Tokyo',
    });
  }, 120_000);
  afterAll(() => server?.close());

  const get = async (path: string) => {
    const res = await api.get(`/api/v1/${path}`, { token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('seeds three years of every platform and status, currencies matching platforms', async () => {
    const totals = await get('orders/total');
    expect(totals.totalCount).toBe(4000);
    for (const status of ['RECEIVED', 'ACCEPTED', 'PACKED', 'SHIPPED', 'COMPLETED', 'CANCELLED']) {
      expect(totals.byStatus[status], status).toBeGreaterThan(0);
    }
    for (const platform of ['AMAZONIND', 'AMAZONJP', 'SHOPIFY']) {
      const page = await get(`orders?platformCode=${platform}&limit=200`);
      expect(page.totalCount, platform).toBeGreaterThan(0);
      const currency = platform === 'AMAZONJP' ? 'JPY' : 'INR';
      expect(page.data.every((o: Json) => o.currency === currency)).toBe(true);
    }
    // Japan orders never go into an India shipment.
    expect((await get('orders?platformCode=AMAZONJP&shipmentStatus=SHIPPED')).totalCount).toBe(0);
    const oldest = (await get('orders?sort=orderDate&limit=1')).data[0].orderDate;
    const newest = (await get('orders?limit=1')).data[0].orderDate;
    expect(Date.parse(newest) - Date.parse(oldest)).toBeGreaterThan(2.9 * 365 * 86_400_000);
  });

  it('finds by search exactly the orders the list filters to, and pages without overlap', async () => {
    const first = (await get('orders?limit=1&shipmentStatus=COMPLETED')).data[0];
    const byProduct = await get(`orders?product=${first.product._id}&limit=1000`);
    const byJan = await api.get(`/api/v1/orders/search?searchStr=${first.product.janCode}&limit=1000`, {
      token: admin.token,
    });
    expect(byJan.body.totalcount).toBe(byProduct.totalCount);
    expect(byJan.body.data.map((o: Json) => o._id)).toEqual(byProduct.data.map((o: Json) => o._id));
    const seen = new Set<string>();
    for (let page = 1; page <= 4; page++) {
      for (const o of (await get(`orders?shipmentStatus=COMPLETED&limit=50&page=${page}`)).data) {
        expect(seen.has(o._id)).toBe(false);
        seen.add(o._id);
      }
    }
    expect(seen.size).toBe(200);
  });

  it('answers a search matching most orders by walking the date index, the same page as the list', async () => {
    // Every generated SKU starts GEN-: all 4,000 orders match, so the walk is chosen.
    for (const extra of ['', '&shipmentStatus=COMPLETED', '&page=3']) {
      const search = await api.get(`/api/v1/orders/search?searchStr=gen-&limit=50${extra}`, {
        token: admin.token,
      });
      const list = await get(`orders?limit=50${extra}`);
      expect(search.body.totalcount, extra).toBe(list.totalCount);
      expect(search.body.data.map((o: Json) => o._id)).toEqual(list.data.map((o: Json) => o._id));
    }
  });

  it('keeps the products’ sales columns derived from their orders', async () => {
    const product = (await get('products?sort=-lastOrderDate&limit=1')).data[0];
    const latest = (await get(`orders?product=${product._id}&limit=1`)).data[0];
    expect(product.lastOrderDate).toBe(latest.orderDate);
  });
});

describe('the daily refresh of the products’ 30-day figures', () => {
  it('runs a minute after the next midnight in the business time zone', () => {
    // 23:30 in Tokyo (14:30 UTC): 31 minutes to go.
    expect(msUntilNextDay('Asia/Tokyo', new Date('2026-03-10T14:30:00Z'))).toBe(31 * 60_000);
    // 00:00:30 in Tokyo: this day’s refresh is 30 s ahead.
    expect(msUntilNextDay('Asia/Tokyo', new Date('2026-03-10T15:00:30Z'))).toBe(30_000);
    // Kolkata is UTC+5:30: 23:00 there is 17:30 UTC.
    expect(msUntilNextDay('Asia/Kolkata', new Date('2026-03-10T17:30:00Z'))).toBe(61 * 60_000);
  });
});
