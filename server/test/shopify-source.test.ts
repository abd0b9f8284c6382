import { stringify } from 'csv-stringify/sync';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DateTime } from 'luxon';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages';
import { PlatformError, type PlatformSource, type SourcePage } from '../src/connections/platform-source';
import {
  MAX_ORDER_LINES,
  OVERLAP_MS,
  createShopifySource,
  type ShopifySourceOptions,
} from '../src/connections/shopify/shopify-source';
import type { OrderProblem } from '../src/connections/platform-source';
import type { ImportLine } from '../src/order-import/import-line';
import { openShopifyReport } from '../src/order-import/shopify-report';
import {
  FAKE_CLIENT,
  FAKE_TOKEN,
  ShopifyFake,
  generatedOrder,
  type FakeLine,
  type FakeOrder,
  type FakeShopOptions,
} from './fakes/shopify-fake';

const TOKYO = 'Asia/Tokyo';

/** Virtual time shared by the fake's bucket and the source's sleeps: nothing waits for real. */
function virtualClock() {
  let t = Date.parse('2026-06-01T00:00:00Z');
  const sleeps: number[] = [];
  return {
    now: () => t,
    sleeps,
    sleep: async (ms: number, signal: AbortSignal) => {
      signal.throwIfAborted();
      sleeps.push(ms);
      t += ms;
    },
    advance: (ms: number) => {
      t += ms;
    },
  };
}

const fakes: ShopifyFake[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

async function setup(shop: FakeShopOptions = {}, source: Partial<ShopifySourceOptions> = {}) {
  const clock = virtualClock();
  const fake = await new ShopifyFake({ now: clock.now, ...shop }).start();
  fakes.push(fake);
  const problems: OrderProblem[] = [];
  const options: ShopifySourceOptions = {
    shopDomain: 'kura-test.myshopify.com',
    accessToken: FAKE_TOKEN,
    apiBase: fake.url,
    timeZone: TOKYO,
    sleep: clock.sleep,
    now: clock.now,
    random: () => 0.5,
    onProblem: (problem) => problems.push(problem),
    ...source,
  };
  return { fake, clock, problems, source: createShopifySource(options), options };
}

interface Run {
  pages: SourcePage[];
  lines: ImportLine[];
  orders: number;
  cursor: string | null;
}

async function run(source: PlatformSource, cursor: string | null = null, stopAfter = Infinity): Promise<Run> {
  const out: Run = { pages: [], lines: [], orders: 0, cursor };
  for await (const page of source.pages(cursor, new AbortController().signal)) {
    out.pages.push(page);
    out.lines.push(...page.lines);
    out.orders += page.orders;
    out.cursor = page.cursor;
    if (out.pages.length >= stopAfter) break;
  }
  return out;
}

const failure = async (promise: Promise<unknown>): Promise<PlatformError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
};

const skuLines = (id: number) => generatedOrder(id).lines.filter((l) => l.sku !== null).length;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

function order(id: number, fields: Partial<FakeOrder> = {}): FakeOrder {
  return { ...generatedOrder(id), ...fields };
}
const line = (sku: string | null, quantity: number, price: string, taxes: string[] = []): FakeLine => ({
  sku,
  name: sku ? `Product ${sku}` : 'Gift wrap',
  quantity,
  price,
  taxes,
});

describe('paging through a shop', () => {
  it('delivers every order once, oldest change first, over several pages, its lines numbered within the run', async () => {
    const { source, fake } = await setup({ generated: 60 }, { pageSize: 10 });
    const result = await run(source);
    expect(result.pages.map((p) => [p.orders, p.more])).toEqual([
      [10, true],
      [10, true],
      [10, true],
      [10, true],
      [10, true],
      [10, false],
    ]);
    expect(result.orders).toBe(60);
    const ids = [...new Set(result.lines.map((l) => l.orderId))];
    expect(ids).toEqual(range(1, 60).map((id) => `#${1000 + id}`));
    expect(result.lines).toHaveLength(range(1, 60).reduce((n, id) => n + skuLines(id), 0));
    expect(result.lines.map((l) => l.row)).toEqual(range(1, result.lines.length));
    // One query per page: every order's line items came with it, and every query within cost.
    expect(fake.requests.map((r) => r.operation)).toEqual(Array(6).fill('ShopifyOrders'));
    expect(fake.requests.every((r) => (r.requestedCost ?? 0) <= 1000)).toBe(true);
  });

  it('makes the lines of an order as the report reader would: its discount shared, its tax, its date in the zone', async () => {
    const { source } = await setup({
      orders: [
        order(1, {
          createdAt: '2026-03-01T15:30:00Z', // 00:30 on 2 March in Tokyo
          discount: '100.0',
          lines: [
            line('A', 1, '333.33', ['50.85']),
            line('B', 2, '333.33', ['40.0', '1.5']),
            line(null, 1, '50.0'),
          ],
        }),
      ],
    });
    const { lines } = await run(source);
    expect(
      lines.map((l) => [l.sku, l.orderQuantity, l.baseOrderPrice, l.discount, l.gst, l.orderDate]),
    ).toEqual([
      ['A', 1, 33333, 3333, 5085, '2026-03-02'],
      ['B', 2, 66666, 6667, 4150, '2026-03-02'],
    ]);
    expect(lines[0]?.customer).toEqual({
      name: 'Buyer 1',
      email: 'buyer1@example.in',
      phone: '+91 98450 00000',
      address: '1 MG Road',
      city: 'Bengaluru',
      state: 'KA',
      country: 'IN',
      postcode: '560001',
    });
  });

  it('pages the line items of an order with more than its page carries, and skips one past the bound', async () => {
    const many = range(1, 230).map((i) => line(`L${i}`, 1, '10.0'));
    const tooMany = range(1, MAX_ORDER_LINES + 1).map((i) => line(`M${i}`, 1, '10.0'));
    const { source, fake, problems } = await setup({
      orders: [order(1, { lines: many, discount: '23.0' }), order(2, { lines: tooMany }), order(3)],
    });
    const { lines, orders } = await run(source);
    expect(orders).toBe(3);
    expect(lines.filter((l) => l.orderId === '#1001').map((l) => l.sku)).toEqual(many.map((l) => l.sku));
    expect(lines.filter((l) => l.orderId === '#1001').reduce((sum, l) => sum + l.discount, 0)).toBe(2300);
    expect(lines.some((l) => l.orderId === '#1002')).toBe(false);
    expect(lines.filter((l) => l.orderId === '#1003')).toHaveLength(skuLines(3));
    expect(problems).toEqual([
      { orderId: '#1002', code: 'shopifyOrderTooLarge', params: { orderId: '#1002', max: MAX_ORDER_LINES } },
    ]);
    expect(fake.requests.filter((r) => r.operation === 'ShopifyOrderLineItems').length).toBeGreaterThan(3);
  });

  it('counts an order without a SKU line among the orders and gives no line for it', async () => {
    const { source, problems } = await setup({
      orders: [order(1, { lines: [line(null, 1, '50.0'), line('', 1, '20.0')] }), order(2)],
    });
    const result = await run(source);
    expect(result.orders).toBe(2);
    expect(new Set(result.lines.map((l) => l.orderId))).toEqual(new Set(['#1002']));
    expect(problems).toEqual([]);
  });

  it('skips an order in another currency, or one the report reader would refuse, and tells why', async () => {
    const { source, problems } = await setup({
      orders: [
        order(1, { currencyCode: 'USD' }),
        order(2, { lines: [line('A', 1, '12.345')] }),
        order(3, { lines: [line('A\u0000', 1, '12.0')] }),
        order(4),
      ],
    });
    const result = await run(source);
    expect(result.orders).toBe(4);
    expect(new Set(result.lines.map((l) => l.orderId))).toEqual(new Set(['#1004']));
    expect(problems).toEqual([
      { orderId: '#1001', code: 'importWrongCurrency', params: { currency: 'USD', platform: 'SHOPIFY' } },
      {
        orderId: '#1002',
        code: 'importBadAmount',
        params: { column: 'originalUnitPriceSet', value: '12.345', currency: 'INR' },
      },
      { orderId: '#1003', code: 'controlCharacter' },
    ]);
  });

  it('delivers a cancelled order as cancelled, its quantities and prices kept as the report reader keeps them', async () => {
    const { source, fake } = await setup({ generated: 4 });
    fake.cancel(2);
    const { lines } = await run(source);
    const cancelled = lines.filter((l) => l.orderId === '#1002');
    expect(cancelled.length).toBe(skuLines(2));
    expect(cancelled.every((l) => l.cancelled && l.orderQuantity > 0 && l.baseOrderPrice > 0)).toBe(true);
    expect(lines.filter((l) => l.orderId !== '#1002').every((l) => !l.cancelled)).toBe(true);
  });
});

describe('the same orders as the Shopify export', () => {
  const HEADER = [
    'Name',
    'Email',
    'Currency',
    'Discount Amount',
    'Created at',
    'Lineitem quantity',
    'Lineitem name',
    'Lineitem price',
    'Lineitem sku',
    'Billing Name',
    'Shipping Name',
    'Shipping Address1',
    'Shipping Address2',
    'Shipping City',
    'Shipping Zip',
    'Shipping Province',
    'Shipping Country',
    'Shipping Phone',
    'Phone',
    'Cancelled at',
  ];
  const inKolkata = (iso: string | null) =>
    iso === null ? '' : DateTime.fromISO(iso).setZone('Asia/Kolkata').toFormat('yyyy-MM-dd HH:mm:ss ZZZ');

  /** The export's rows of an order, as Shopify writes them: its fields on the first row only. */
  function csvRows(o: FakeOrder): string[][] {
    return o.lines.map((l, i) => {
      const s = o.shipping;
      const first = i === 0;
      const f = (value: string | null | undefined) => (first ? (value ?? '') : '');
      return [
        o.name,
        f(o.email),
        f(o.currencyCode),
        f(o.discount),
        f(inKolkata(o.createdAt)),
        String(l.quantity),
        l.name,
        l.price,
        l.sku ?? '',
        f(o.billingName),
        f(s?.name),
        f(s?.address1),
        f(s?.address2),
        f(s?.city),
        f(s?.zip),
        f(s?.provinceCode),
        f(s?.countryCodeV2),
        f(s?.phone),
        f(o.phone),
        f(inKolkata(o.cancelledAt)),
      ];
    });
  }

  async function readExport(orders: FakeOrder[]): Promise<ImportLine[]> {
    const text = stringify([HEADER, ...orders.flatMap(csvRows)]);
    async function* chunks() {
      yield new Uint8Array(Buffer.from(text, 'utf8'));
    }
    const report = await openShopifyReport({ chunks: chunks(), limit: 1e9 }, TOKYO);
    const lines: ImportLine[] = [];
    for await (const item of report.items) {
      if (item.kind === 'line') lines.push(item.line);
      else if (item.kind === 'error') throw new Error(`row ${item.error.row}: ${item.error.message}`);
    }
    return lines;
  }

  it('gives every line the report reader gives, field for field (the discount shares above all)', async () => {
    const orders: FakeOrder[] = [
      // 100 rupees over 333.33, 666.66 and 333.34: remainders decide the last paise.
      order(1, {
        discount: '100.0',
        lines: [line('A', 1, '333.33'), line('B', 2, '333.33'), line('C', 1, '333.34')],
      }),
      // A discount over lines of which one has no SKU: shared over the SKU lines only.
      order(2, {
        discount: '0.07',
        lines: [line('A', 3, '0.01'), line(null, 1, '99.0'), line('B', 1, '0.02')],
      }),
      // Cancelled, billing name only, the second address line, created near midnight.
      order(3, {
        createdAt: '2026-03-01T14:59:59Z',
        cancelledAt: '2026-03-02T01:00:00Z',
        discount: '10.0',
        billingName: 'Billing Only',
        shipping: {
          name: null,
          address1: '5 Park Street',
          address2: 'Flat 2',
          city: 'Kolkata',
          provinceCode: 'WB',
          countryCodeV2: 'IN',
          zip: '700016',
          phone: null,
        },
        phone: '+91 33 0000 0000',
        lines: [line('X', 1, '999.99'), line('Y', 7, '1.0')],
      }),
      // No address at all, equal weights.
      order(4, {
        shipping: null,
        email: null,
        discount: '0.05',
        lines: [line('P', 1, '5.0'), line('Q', 1, '5.0')],
      }),
      ...range(5, 40).map((id) => generatedOrder(id)),
    ];
    const { source } = await setup({ orders });
    const live = (await run(source)).lines;
    const reported = await readExport(orders);
    // The export has no tax per line: the report reader leaves gst at 0, the API gives it.
    const comparable = ({ row: _row, gst: _gst, ...rest }: ImportLine) => rest;
    expect(live.map(comparable)).toEqual(reported.map(comparable));
    expect(live.length).toBeGreaterThan(40);
    expect(live.filter((l) => l.orderId === '#1001').map((l) => l.discount)).toEqual([2500, 5000, 2500]);
    expect(live.filter((l) => l.orderId === '#1002').map((l) => l.discount)).toEqual([4, 3]);
  });
});

describe('changes while and between runs', () => {
  it('delivers an order changed between two pages again at the end, in its new state', async () => {
    const { source, fake } = await setup({ generated: 50 }, { pageSize: 10 });
    // Order 3 was delivered on page 1; order 45 is still to come. Both move past every other.
    fake.afterPage(2, () => {
      fake.cancel(3);
      fake.update(45, { discount: '5.0' });
    });
    const result = await run(source);
    const ids = result.lines.map((l) => l.orderId);
    for (const id of range(1, 50)) expect(ids).toContain(`#${1000 + id}`);
    const last3 = result.lines.filter((l) => l.orderId === '#1003').at(-1);
    expect(last3?.cancelled).toBe(true);
    const order45 = result.lines.filter((l) => l.orderId === '#1045');
    expect(order45.reduce((sum, l) => sum + l.discount, 0)).toBe(500);
    // #1045 came once (after its change), #1003 twice.
    expect(new Set(order45.map((l) => l.row)).size).toBe(skuLines(45));
  });

  it('starts the next run two minutes before the last change seen, and finds a change indexed late', async () => {
    const { source, fake, clock } = await setup({ generated: 30 }, { pageSize: 10 });
    const first = await run(source);
    const cursor = JSON.parse(Buffer.from(first.cursor ?? '', 'base64url').toString('utf8'));
    const high = fake.order(30).updatedAt;
    const seconds = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
    expect(cursor).toEqual({
      v: 1,
      since: seconds(high - OVERLAP_MS),
      after: null,
      high: seconds(high),
      paged: 0,
    });
    clock.advance(3_600_000);
    // Changed one minute before the last change the run saw, but indexed after the run.
    fake.add(order(31, { updatedAt: high - 60_000 }));
    // Three minutes before: outside the overlap, as it would be in any run.
    fake.add(order(32, { updatedAt: high - 180_000 }));
    fake.update(7, { discount: '1.0' });
    const second = await run(source, first.cursor);
    expect([...new Set(second.lines.map((l) => l.orderId))]).toEqual(['#1029', '#1031', '#1030', '#1007']);
    // A run that finds nothing new hands back where it started.
    const third = await run(source, second.cursor);
    expect(third.cursor).toBe(second.cursor);
  });

  it('resumes from a mid-run cursor with the rest of the run, no order missed or repeated', async () => {
    const whole = await run((await setup({ generated: 75 }, { pageSize: 10 })).source);
    const { source } = await setup({ generated: 75 }, { pageSize: 10 });
    const head = await run(source, null, 3);
    expect(head.pages.at(-1)?.more).toBe(true);
    const rest = await run(source, head.cursor);
    const strip = (l: ImportLine) => [l.orderId, l.sku, l.discount];
    expect([...head.lines, ...rest.lines].map(strip)).toEqual(whole.lines.map(strip));
    expect(head.orders + rest.orders).toBe(75);
    expect(rest.cursor).toBe(whole.cursor);
  });

  it('refuses a cursor that is not its own', async () => {
    const { source } = await setup({ generated: 1 });
    const garbage = Buffer.from(
      JSON.stringify({ v: 1, since: 'yesterday', after: null, high: null }),
    ).toString('base64url');
    for (const cursor of ['not a cursor', garbage]) {
      const error = await failure(run(source, cursor));
      expect([error.kind, error.code]).toEqual(['malformed', 'shopifyCursorInvalid']);
    }
  });
});

describe('rate limits and failures', () => {
  it('waits before a query until the bucket covers what the last one asked, and is never refused', async () => {
    const { source, fake, clock } = await setup({ generated: 200, maximumAvailable: 1000, restoreRate: 50 });
    const result = await run(source);
    expect(result.orders).toBe(200);
    expect(fake.requests.some((r) => r.throttled)).toBe(false);
    // 25 orders with 5 line items each ask 953 points and cost about 500: each next page waits
    // for the rest at 50 points a second.
    expect(clock.sleeps.length).toBeGreaterThan(3);
    expect(clock.sleeps.every((ms) => ms > 1000 && ms < 20_000)).toBe(true);
  });

  it('waits and tries again when Shopify answers THROTTLED', async () => {
    const { source, fake, clock } = await setup({ generated: 10 });
    fake.drain(100);
    const result = await run(source);
    expect(result.orders).toBe(10);
    const [throttled, answered] = fake.requests;
    expect(throttled?.throttled).toBe(true);
    expect(answered?.throttled).toBeUndefined();
    // 953 points asked, 100 there, 50 a second restored … at 100 a second: (953 − 100) / 100 s.
    expect(clock.sleeps).toEqual([8530]);
  });

  it('honours Retry-After on a 429', async () => {
    const { source, fake, clock } = await setup({ generated: 3 });
    fake.failNext(2, 429, { 'Retry-After': '7' });
    expect((await run(source)).orders).toBe(3);
    expect(clock.sleeps).toEqual([7000, 7000]);
    expect(fake.requests.map((r) => r.status)).toEqual([429, 429, 200]);
  });

  it('retries a 5xx with backoff and full jitter, and gives up after five tries as a server failure', async () => {
    const { source, fake, clock } = await setup({ generated: 3 });
    fake.failNext(2, 503);
    expect((await run(source)).orders).toBe(3);
    // random() = 0.5: half of 500 ms, then half of 1 s.
    expect(clock.sleeps).toEqual([250, 500]);

    fake.failNext(5, 502);
    clock.sleeps.length = 0;
    const error = await failure(run(source));
    expect([error.kind, error.code, error.status, error.params]).toEqual([
      'server',
      'shopifyServerError',
      502,
      { status: 502 },
    ]);
    expect(clock.sleeps).toEqual([250, 500, 1000, 2000]);
  });

  it('retries a connection cut before the answer, and gives up as a network failure', async () => {
    const { source, fake } = await setup({ generated: 3 });
    fake.resetNext();
    expect((await run(source)).orders).toBe(3);
    for (let i = 0; i < 5; i++) fake.resetNext();
    const error = await failure(run(source));
    expect([error.kind, error.code]).toEqual(['network', 'shopifyUnreachable']);
  });

  it('stops at a refused token with the text that tells the admin what to check', async () => {
    const { source, fake } = await setup({ generated: 3 }, { accessToken: 'shpat_wrong' });
    for (const attempt of [run(source), source.test(new AbortController().signal)]) {
      const error = await failure(attempt);
      expect([error.kind, error.code, error.status]).toEqual(['auth', 'shopifyTokenRefused', 401]);
      expect(error.message).toBe('Shopify refused the token: check that the app has read_orders');
    }
    expect(MESSAGES.shopifyTokenRefused).toBe(
      'Shopify refused the token: check that the app has read_orders',
    );
    // Tried once each: a refused token is not retried.
    expect(fake.requests).toHaveLength(2);
  });

  describe('a Dev Dashboard app (client credentials grant)', () => {
    // Given beside the (unused) admin token of the setup: the client credentials win.
    const credentials = { ...FAKE_CLIENT };

    it('exchanges its client id and secret for a token once, and uses it for every page', async () => {
      const { source, fake } = await setup({ generated: 60 }, { ...credentials, pageSize: 10 });
      const result = await run(source);
      expect(result.orders).toBe(60);
      expect(fake.tokenRequests).toBe(1);
      expect(fake.issued.size).toBe(1);
    });

    it('fetches a new token five minutes before the old one expires, and once when Shopify refuses it', async () => {
      // Tokens of ten minutes: the second is fetched after five.
      const { source, fake, clock } = await setup(
        { generated: 30, tokenLifetimeSeconds: 600 },
        { ...credentials, pageSize: 10 },
      );
      const pages = source.pages(null, new AbortController().signal)[Symbol.asyncIterator]();
      await pages.next();
      expect(fake.tokenRequests).toBe(1);
      clock.advance(5 * 60_000 + 1);
      await pages.next();
      expect(fake.tokenRequests).toBe(2);
      // Revoked under it (an app reinstalled): one new token, and the run goes on.
      fake.revokeIssuedTokens();
      const last = await pages.next();
      expect(last.done).toBe(false);
      expect(fake.tokenRequests).toBe(3);
    });

    it('stops at refused credentials with the text that says where to check them', async () => {
      const { source, fake } = await setup({ generated: 3 }, { ...credentials, clientSecret: 'shpss_wrong' });
      const error = await failure(run(source));
      expect([error.kind, error.code]).toEqual(['auth', 'shopifyClientRefused']);
      expect(error.message).toContain('Dev Dashboard');
      expect(fake.tokenRequests).toBe(1);
      // Granted but without access to orders: no new token would help.
      const granted = await setup({ generated: 3 }, credentials);
      granted.fake.denyNext();
      const denied = await failure(run(granted.source));
      expect([denied.kind, denied.code]).toEqual(['auth', 'shopifyTokenRefused']);
      expect(granted.fake.tokenRequests).toBe(1);
    });
  });

  it('takes ACCESS_DENIED (the app lacks read_orders) as a refused token', async () => {
    const { source, fake } = await setup({ generated: 3 });
    fake.denyNext();
    const error = await failure(run(source));
    expect([error.kind, error.code]).toEqual(['auth', 'shopifyTokenRefused']);
  });

  it('refuses an answer not of Shopify’s shape as malformed, saying where', async () => {
    const { source, fake } = await setup({ generated: 3 });
    fake.malformedNext('shape');
    const shape = await failure(run(source));
    expect([shape.kind, shape.code, shape.params]).toEqual([
      'malformed',
      'shopifyAnswerMalformed',
      { path: 'data.orders.nodes.0.updatedAt' },
    ]);
    fake.malformedNext('json');
    const json = await failure(run(source));
    expect([json.kind, json.code]).toEqual(['malformed', 'shopifyAnswerMalformed']);
  });

  it('tests the connection with the shop’s name', async () => {
    const { source, fake } = await setup();
    await source.test(new AbortController().signal);
    expect(fake.requests.map((r) => [r.operation, r.requestedCost])).toEqual([['ShopifyShop', 1]]);
  });

  it('stops when the signal aborts, also while waiting', async () => {
    const { fake, options } = await setup({ generated: 3 });
    const controller = new AbortController();
    fake.failNext(1, 503);
    const source = createShopifySource({
      ...options,
      sleep: async (_ms, signal) => {
        controller.abort(new Error('stopped'));
        signal.throwIfAborted();
      },
    });
    const pages = source.pages(null, controller.signal)[Symbol.asyncIterator]();
    await expect(pages.next()).rejects.toThrow('stopped');
  });

  it('asks at most what Shopify allows a query at the largest page size, and refuses a larger one', async () => {
    const { source, fake } = await setup({ generated: 100 }, { pageSize: 71 });
    expect((await run(source)).orders).toBe(100);
    const cost = (operation: string) =>
      new Set(fake.requests.filter((r) => r.operation === operation).map((r) => r.requestedCost));
    expect(cost('ShopifyOrders')).toEqual(new Set([997]));
    // One line item a page: an order with more pages its line items on its own.
    expect(cost('ShopifyOrderLineItems')).toEqual(new Set([604]));
    const base = { shopDomain: 'x.myshopify.com', accessToken: 't', timeZone: TOKYO };
    expect(() => createShopifySource({ ...base, pageSize: 72 })).toThrow(RangeError);
  });
});

describe('a large shop', () => {
  it('passes 100,000 orders through the fake with flat memory', { timeout: 120_000 }, async () => {
    const N = 100_000;
    const { source, fake } = await setup({ generated: N });
    // A full collection before each reading, so the figures are what is kept, not garbage.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    const started = performance.now();
    let orders = 0;
    let pages = 0;
    let peak = before;
    // The generator's orders come in id order: an id not above the highest yet is a repeat.
    let highest = 0;
    let repeats = 0;
    let newLines = 0;
    for await (const page of source.pages(null, new AbortController().signal)) {
      orders += page.orders;
      pages += 1;
      let pageHighest = highest;
      for (const line of page.lines) {
        const id = Number(line.orderId.slice(1)) - 1000;
        if (id > highest) {
          newLines += 1;
          pageHighest = Math.max(pageHighest, id);
        } else if (line.sku === generatedOrder(id).lines[0]?.sku) repeats += 1;
      }
      highest = pageHighest;
      if (pages % 500 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
    const seconds = (performance.now() - started) / 1000;
    gc();
    const after = process.memoryUsage().heapUsed;
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    console.log(
      `100,000 orders: ${pages} pages, ${orders} orders delivered in ${seconds.toFixed(1)} s; heapUsed ` +
        `${mb(before)} MB before, ${mb(peak)} MB peak sampled, ${mb(after)} MB after (both after a full gc)`,
    );
    expect(highest).toBe(N);
    expect(newLines).toBe(range(1, N).reduce((n, id) => n + skuLines(id), 0));
    // Shopify pages no deeper than 25,000: a new search began after every 10,000 orders, from
    // the last order's second, which it gave again (one order: no two share a second here).
    const searches = fake.requests.filter(
      (r) => r.operation === 'ShopifyOrders' && r.variables.after === null,
    );
    expect(searches.length).toBe(11);
    expect(repeats).toBe(searches.length - 1);
    expect(orders).toBe(N + repeats);
    const second = (id: number) =>
      new Date(fake.order(id).updatedAt - 1000).toISOString().replace('.000Z', 'Z');
    expect(searches[1]?.variables.query).toBe(`updated_at:>'${second(10_000)}'`);
  });
});
