/**
 * The Amazon connection against a fake Amazon (real HTTP servers for Login with Amazon and the
 * Orders API, test/fakes/amazon-fake.ts) on a fake clock: no database, no real waiting. Every
 * wait the source makes is recorded by the clock's `sleep`, so rate limits and backoffs are
 * asserted to the millisecond.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { formatMessage } from '#shared/messages';
import {
  createAmazonSource,
  decodeCursor,
  encodeCursor,
  type AmazonSourceOptions,
} from '../src/connections/amazon/amazon-source';
import { AMAZON_MARKETPLACE_REGION, AMAZON_MARKETPLACES } from '#shared/schemas/connections';
import {
  AMAZON_IN,
  AMAZON_JP,
  AMAZON_MARKETPLACES as MARKETPLACE_REGIONS,
} from '../src/connections/amazon/marketplaces';
import { USAGE_PLANS } from '../src/connections/amazon/sp-api';
import {
  PlatformError,
  type OrderProblem,
  type PlatformSource,
  type SourcePage,
} from '../src/connections/platform-source';
import type { ImportLine } from '../src/order-import/import-line';
import { openAmazonReport } from '../src/order-import/amazon-report';
import {
  FAKE_CREDENTIALS,
  FAKE_REGION_TOKENS,
  fakeClock,
  generateOrder,
  startAmazonFake,
  type AmazonFake,
  type AmazonFakeOptions,
  type FakeClock,
  type FakeOrder,
} from './fakes/amazon-fake';

const JP = AMAZON_JP.id;
const IN = AMAZON_IN.id;
const TIME_ZONE = 'Asia/Kolkata';

const fakes: AmazonFake[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

interface Setup {
  clock: FakeClock;
  fake: AmazonFake;
  source: PlatformSource;
  problems: OrderProblem[];
  make(options?: Partial<AmazonSourceOptions>): PlatformSource;
}

/** A fake Amazon (one instance for both regions) and a source on it, sharing a fake clock. */
async function setup(
  fakeOptions: AmazonFakeOptions = {},
  sourceOptions: Partial<AmazonSourceOptions> = {},
): Promise<Setup> {
  const clock = fakeClock();
  const fake = await startAmazonFake({ now: clock.now, ...fakeOptions });
  fakes.push(fake);
  const problems: OrderProblem[] = [];
  const make = (options: Partial<AmazonSourceOptions> = {}) =>
    createAmazonSource({
      ...FAKE_CREDENTIALS,
      marketplaceIds: [JP, IN],
      endpoints: { fe: fake.url, eu: fake.url },
      lwaTokenUrl: fake.lwaUrl,
      timeZone: TIME_ZONE,
      now: clock.now,
      sleep: clock.sleep,
      random: () => 0.5,
      onProblem: (problem) => problems.push(problem),
      ...sourceOptions,
      ...options,
    });
  return { clock, fake, source: make(), problems, make };
}

/** The run's pages, or its first `limit` pages (the run is then left, as a crash would). */
async function run(
  source: PlatformSource,
  cursor: string | null,
  limit = Infinity,
  signal = new AbortController().signal,
) {
  const pages: SourcePage[] = [];
  for await (const page of source.pages(cursor, signal)) {
    pages.push(page);
    if (pages.length >= limit) break;
  }
  return pages;
}

const withoutRow = ({ row: _row, ...line }: ImportLine) => line;
const linesOf = (pages: SourcePage[]) => pages.flatMap((p) => p.lines.map(withoutRow));
const key = (l: Omit<ImportLine, 'row'>) => `${l.orderId}|${l.sku}|${l.asin}|${l.name}`;
const byKey = (lines: Omit<ImportLine, 'row'>[]) => [...lines].sort((a, b) => (key(a) < key(b) ? -1 : 1));

async function rejection(promise: Promise<unknown>): Promise<PlatformError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}

/** Orders of the generator with one status (all in one marketplace unless `i` says otherwise). */
const ordersWith = (count: number, status: string, from = 0): FakeOrder[] =>
  Array.from({ length: count }, (_, n) => {
    const i = from + n * 4; // i % 4 !== 3: Amazon.co.jp
    const order = generateOrder(i);
    order.order.OrderStatus = status;
    order.items = order.items.slice(0, 1);
    return order;
  });

/** The same orders as Amazon's All Orders report (tab-separated, one row per item). */
function allOrdersReport(orders: FakeOrder[]): string {
  const header = [
    'amazon-order-id',
    'merchant-order-id',
    'purchase-date',
    'last-updated-date',
    'order-status',
    'fulfillment-channel',
    'sales-channel',
    'product-name',
    'sku',
    'asin',
    'item-status',
    'quantity',
    'currency',
    'item-price',
    'item-tax',
    'shipping-price',
    'item-promotion-discount',
    'ship-city',
    'ship-state',
    'ship-postal-code',
    'ship-country',
  ];
  const amount = (money: unknown) => (money as { Amount: string } | undefined)?.Amount ?? '';
  const rows = orders.flatMap(({ order, items }) => {
    const address = (order.ShippingAddress ?? {}) as Record<string, string>;
    // The report spells the status "Cancelled" and writes promotions as negative amounts.
    const status = order.OrderStatus === 'Canceled' ? 'Cancelled' : order.OrderStatus;
    return items.map((item) => {
      const discount = amount(item.PromotionDiscount);
      return [
        order.AmazonOrderId,
        '',
        order.PurchaseDate,
        order.LastUpdateDate,
        status,
        'Merchant',
        String(order.SalesChannel),
        String(item.Title),
        String(item.SellerSKU ?? ''),
        item.ASIN,
        status,
        String(item.QuantityOrdered),
        status === 'Cancelled' ? '' : (order.OrderTotal as { CurrencyCode: string }).CurrencyCode,
        amount(item.ItemPrice),
        amount(item.ItemTax),
        amount(item.ShippingPrice),
        discount && Number(discount) !== 0 ? `-${discount}` : discount,
        address.City ?? '',
        address.StateOrRegion ?? '',
        address.PostalCode ?? '',
        address.CountryCode ?? '',
      ].join('\t');
    });
  });
  return [header.join('\t'), ...rows].join('\n') + '\n';
}

async function readReport(text: string): Promise<Omit<ImportLine, 'row'>[]> {
  const bytes = new TextEncoder().encode(text);
  const report = await openAmazonReport(
    {
      chunks: (async function* () {
        yield bytes;
      })(),
      limit: bytes.length + 1,
    },
    TIME_ZONE,
  );
  const lines: Omit<ImportLine, 'row'>[] = [];
  for await (const item of report.items) {
    if (item.kind !== 'line') throw new Error(`report row refused: ${JSON.stringify(item)}`);
    lines.push(withoutRow(item.line));
  }
  await report.close();
  return lines;
}

describe('Amazon source: orders as import lines', () => {
  it('syncs both marketplaces, each on its region, one page per getOrders page', async () => {
    const clock = fakeClock();
    // Two fakes with the same orders: the Far East one must be asked only for Japan, the
    // Europe one only for India; the Far East one is the LWA of both.
    const fe = await startAmazonFake({ now: clock.now });
    fakes.push(fe);
    const eu = await startAmazonFake({ now: clock.now, lwa: fe });
    fakes.push(eu);
    const source = createAmazonSource({
      ...FAKE_CREDENTIALS,
      marketplaceIds: [JP, IN],
      endpoints: { fe: fe.url, eu: eu.url },
      lwaTokenUrl: fe.lwaUrl,
      timeZone: TIME_ZONE,
      now: clock.now,
      sleep: clock.sleep,
      random: () => 0.5,
    });
    const pages = await run(source, null);

    const all = [...fe.orders.values()];
    const jp = all.filter((o) => o.order.MarketplaceId === JP);
    const india = all.filter((o) => o.order.MarketplaceId === IN);
    expect(all).toHaveLength(10_000);
    // 100 orders a page: 75 pages of Japan's 7,500 orders, then 25 of India's 2,500.
    expect(pages).toHaveLength(100);
    expect(pages.map((p) => p.orders)).toEqual(Array(100).fill(100));
    expect(pages.map((p) => p.more)).toEqual([...Array(99).fill(true), false]);

    const ordersOf = (o: FakeOrder) => (o.order.OrderStatus === 'Pending' ? [] : o.items);
    const lines = pages.flatMap((p) => p.lines);
    expect(lines).toHaveLength(all.flatMap(ordersOf).length);
    expect(lines.map((l) => l.row)).toEqual(lines.map((_, i) => i + 1));
    // Every order that is not pending is delivered, whole and once.
    const count = new Map<string, number>();
    for (const line of lines) count.set(line.orderId, (count.get(line.orderId) ?? 0) + 1);
    for (const order of all) {
      expect(count.get(order.order.AmazonOrderId) ?? 0, order.order.AmazonOrderId).toBe(
        ordersOf(order).length,
      );
    }
    expect(new Set(lines.slice(0, jp.flatMap(ordersOf).length).map((l) => l.platformCode))).toEqual(
      new Set(['AMAZONJP']),
    );
    expect(new Set(lines.slice(jp.flatMap(ordersOf).length).map((l) => l.platformCode))).toEqual(
      new Set(['AMAZONIND']),
    );
    expect(new Set(lines.map((l) => `${l.platformCode} ${l.currency}`))).toEqual(
      new Set(['AMAZONJP JPY', 'AMAZONIND INR']),
    );

    const asked = (fake: AmazonFake, operation: string) =>
      fake.requests.filter((r) => r.operation === operation);
    expect(new Set(asked(fe, 'getOrders').map((r) => r.url.searchParams.get('MarketplaceIds')))).toEqual(
      new Set([JP]),
    );
    expect(new Set(asked(eu, 'getOrders').map((r) => r.url.searchParams.get('MarketplaceIds')))).toEqual(
      new Set([IN]),
    );
    // Items are asked for every order but the pending ones, on its region's endpoint; an order
    // of twelve items takes three pages of five.
    const itemPages = (o: FakeOrder) =>
      o.order.OrderStatus === 'Pending' ? 0 : Math.max(1, Math.ceil(o.items.length / 5));
    expect(asked(fe, 'getOrderItems')).toHaveLength(jp.reduce((n, o) => n + itemPages(o), 0));
    expect(asked(eu, 'getOrderItems')).toHaveLength(india.reduce((n, o) => n + itemPages(o), 0));
    expect(jp.some((o) => o.items.length === 12 && o.order.OrderStatus !== 'Pending')).toBe(true);
    // Every request carried the access token, and the source kept under Amazon's limits.
    expect(
      [...fe.requests, ...eu.requests]
        .filter((r) => r.operation !== 'token')
        .every((r) => r.token?.startsWith('Atza|')),
    ).toBe(true);
    expect(fe.throttledByBucket + eu.throttledByBucket).toBe(0);

    // The last page's cursor is where the next run starts: each marketplace at its highest
    // LastUpdateDate, none marked done.
    const last = decodeCursor(pages.at(-1)?.cursor ?? null);
    const highest = (orders: FakeOrder[]) =>
      new Date(Math.max(...orders.map((o) => Date.parse(o.order.LastUpdateDate)))).toISOString();
    expect(last.markets[JP]).toEqual({ after: '2016-01-01T00:00:00.000Z', highest: highest(jp) });
    expect(last.markets[IN]).toEqual({ after: '2016-01-01T00:00:00.000Z', highest: highest(india) });
  }, 120_000);

  it('makes of an order exactly the lines the All Orders report reader makes of its report', async () => {
    const { fake, source, problems } = await setup({ orders: 1_200 });
    const pages = await run(source, null);
    const orders = [...fake.orders.values()].filter((o) => o.order.OrderStatus !== 'Pending');
    const fromApi = linesOf(pages);
    const fromReport = await readReport(allOrdersReport(orders));
    expect(byKey(fromApi)).toEqual(byKey(fromReport));
    expect(problems).toEqual([]);

    // What the comparison covered: both currencies, promotions, taxes, many-item orders,
    // cancelled orders and customers without restricted data.
    expect(fromApi.some((l) => l.currency === 'INR' && l.discount > 0 && l.gst > 0)).toBe(true);
    expect(fromApi.some((l) => l.currency === 'JPY' && l.discount > 0 && l.gst > 0)).toBe(true);
    expect(
      fromApi.filter((l) => l.orderId === orders.find((o) => o.items.length === 12)?.order.AmazonOrderId),
    ).toHaveLength(12);
    const inr = fromApi.find((l) => l.currency === 'INR' && !l.cancelled);
    const inrOrder = orders.find((o) => o.order.AmazonOrderId === inr?.orderId);
    // Paise from the decimal text, exactly: "503.50" rupees is 50350.
    const price = inrOrder?.items.find((i) => i.SellerSKU === inr?.sku)?.ItemPrice as { Amount: string };
    expect(inr?.baseOrderPrice).toBe(Number(price.Amount.replace('.', '')));
    expect(inr?.customer).toEqual({
      name: '',
      email: '',
      phone: '',
      address: '',
      city: 'Mumbai',
      state: 'Maharashtra',
      country: 'IN',
      postcode: '400001',
    });
  });

  it('gives a cancelled order its lines with quantity 0 and no amounts, and skips pending ones', async () => {
    const { fake, source } = await setup({ orders: 400 });
    const pages = await run(source, null);
    const lines = linesOf(pages);
    const all = [...fake.orders.values()];
    const cancelled = all.filter((o) => o.order.OrderStatus === 'Canceled');
    const pending = all.filter((o) => o.order.OrderStatus === 'Pending');
    expect(cancelled.length).toBeGreaterThan(3);
    expect(pending.length).toBeGreaterThan(3);
    for (const order of cancelled) {
      const its = lines.filter((l) => l.orderId === order.order.AmazonOrderId);
      expect(its).toHaveLength(order.items.length);
      for (const line of its) {
        expect(line).toMatchObject({
          cancelled: true,
          orderQuantity: 0,
          baseOrderPrice: 0,
          discount: 0,
          gst: 0,
        });
      }
    }
    const pendingIds = new Set(pending.map((o) => o.order.AmazonOrderId));
    expect(lines.filter((l) => pendingIds.has(l.orderId))).toEqual([]);
    // Their items are not even asked for; the page still counts them as covered.
    const askedItems = fake.requests
      .filter((r) => r.operation === 'getOrderItems')
      .map((r) => r.url.pathname);
    expect(askedItems.filter((p) => [...pendingIds].some((id) => p.includes(id)))).toEqual([]);
    expect(pages.reduce((n, p) => n + p.orders, 0)).toBe(400);
  });

  it('skips and reports an order of another marketplace, channel or currency, and takes the rest', async () => {
    const { fake, source, problems } = await setup({ orders: 0 });
    const good = generateOrder(1);
    const usd = generateOrder(2);
    usd.order.OrderTotal = { CurrencyCode: 'USD', Amount: '12.00' };
    const mcf = generateOrder(5);
    mcf.order.SalesChannel = 'Non-Amazon';
    const uk = generateOrder(6);
    uk.order.MarketplaceId = 'A1F83G8C2ARO7P';
    uk.listedIn = JP;
    const control = generateOrder(9);
    (control.items[0] as unknown as { SellerSKU: string }).SellerSKU = 'SKU\u0000X';
    for (const order of [good, usd, mcf, uk, control]) fake.add(order);

    const lines = linesOf(await run(source, null));
    expect(new Set(lines.map((l) => l.orderId))).toEqual(new Set([good.order.AmazonOrderId]));
    const byOrder = (a: OrderProblem, b: OrderProblem) => (a.orderId < b.orderId ? -1 : 1);
    const expected: OrderProblem[] = [
      {
        orderId: usd.order.AmazonOrderId,
        code: 'importWrongCurrency',
        params: { currency: 'USD', platform: 'AMAZONJP' },
      },
      { orderId: mcf.order.AmazonOrderId, code: 'importUnknownChannel', params: { channel: 'Non-Amazon' } },
      {
        orderId: uk.order.AmazonOrderId,
        code: 'amazonUnknownMarketplace',
        params: { orderId: uk.order.AmazonOrderId, marketplace: 'A1F83G8C2ARO7P' },
      },
      { orderId: control.order.AmazonOrderId, code: 'controlCharacter' },
    ];
    expect(problems.sort(byOrder)).toEqual(expected.sort(byOrder));
    // A misfiled order's items are not asked for.
    expect(fake.requests.some((r) => r.url.pathname.includes(uk.order.AmazonOrderId))).toBe(false);
  });
});

describe('Amazon source: cursor', () => {
  it('resumes from a mid-run cursor with the rest, without gaps or duplicates', async () => {
    const whole = await setup({ orders: 1_000 });
    const all = await run(whole.source, null);
    // Japan's 750 orders take 8 pages, India's 250 three.
    expect(all.map((p) => p.orders)).toEqual([100, 100, 100, 100, 100, 100, 100, 50, 100, 100, 50]);

    for (const stop of [3, 8, 9]) {
      const again = await setup({ orders: 1_000 });
      const first = await run(again.source, null, stop);
      // A new source, as after a restart, from the last page stored.
      const rest = await run(again.make(), first.at(-1)?.cursor ?? null);
      expect(linesOf([...first, ...rest]), `stopped after page ${stop}`).toEqual(linesOf(all));
      expect(decodeCursor(rest.at(-1)?.cursor ?? null)).toEqual(decodeCursor(all.at(-1)?.cursor ?? null));
      // Stopped at the end of Japan's pages, the resumed run does not ask Japan again.
      const resumedQueries = again.fake.requests
        .filter((r) => r.operation === 'getOrders')
        .slice(stop)
        .map((r) => r.url.searchParams.get('MarketplaceIds'));
      if (stop >= 8) expect(new Set(resumedQueries)).toEqual(new Set([IN]));
    }
  });

  it('starts the next run two minutes before the highest update seen, and delivers an order updated between pages', async () => {
    const { clock, fake, source, make } = await setup({ orders: 1_000 });
    const jp = [...fake.orders.values()]
      .filter((o) => o.order.MarketplaceId === JP && o.order.OrderStatus === 'Shipped')
      .sort((a, b) => Date.parse(a.order.LastUpdateDate) - Date.parse(b.order.LastUpdateDate));
    const early = jp[0]?.order.AmazonOrderId ?? '';
    const late = jp.at(-1)?.order.AmazonOrderId ?? '';
    const cancel = (order: FakeOrder) => {
      order.order.OrderStatus = 'Canceled';
      delete order.order.ShippingAddress;
      for (const item of order.items) {
        item.QuantityOrdered = 0;
        delete item.ItemPrice;
        delete item.ItemTax;
        delete item.PromotionDiscount;
      }
    };
    // After the first page: one order already delivered and one not yet reached are cancelled.
    fake.afterOrdersPage = (page) => {
      if (page !== 1) return;
      fake.update(early, cancel);
      fake.update(late, cancel);
    };
    const first = await run(source, null);
    fake.afterOrdersPage = undefined;
    const firstLines = linesOf(first);
    expect(firstLines.filter((l) => l.orderId === early).every((l) => !l.cancelled)).toBe(true);
    const cursor = decodeCursor(first.at(-1)?.cursor ?? null);

    clock.advance(10 * 60_000);
    const before = fake.requests.length;
    const second = await run(make(), first.at(-1)?.cursor ?? null);
    const queries = fake.requests
      .slice(before)
      .filter((r) => r.operation === 'getOrders' && !r.url.searchParams.has('NextToken'));
    expect(
      queries.map((r) => [
        r.url.searchParams.get('MarketplaceIds'),
        r.url.searchParams.get('LastUpdatedAfter'),
      ]),
    ).toEqual([
      [JP, new Date(Date.parse(cursor.markets[JP]?.highest ?? '') - 2 * 60_000).toISOString()],
      [IN, new Date(Date.parse(cursor.markets[IN]?.highest ?? '') - 2 * 60_000).toISOString()],
    ]);
    const secondLines = linesOf(second);
    for (const id of [early, late]) {
      const lines = secondLines.filter((l) => l.orderId === id);
      expect(lines.length, id).toBeGreaterThan(0);
      expect(lines.every((l) => l.cancelled && l.orderQuantity === 0)).toBe(true);
    }
    // Nothing lost: every order not pending was delivered by one run or the other.
    const delivered = new Set([...firstLines, ...secondLines].map((l) => l.orderId));
    const expected = [...fake.orders.values()]
      .filter((o) => o.order.OrderStatus !== 'Pending')
      .map((o) => o.order.AmazonOrderId);
    expect(expected.filter((id) => !delivered.has(id))).toEqual([]);
    expect(fake.throttledByBucket).toBe(0);
  });

  it('starts a query again when Amazon refuses the NextToken a resumed run holds', async () => {
    const whole = await setup({ orders: 1_000 });
    const all = await run(whole.source, null);
    const again = await setup({ orders: 1_000 });
    const first = await run(again.source, null, 3);
    const cursor = decodeCursor(first.at(-1)?.cursor ?? null);
    expect(cursor.markets[JP]?.next).toBeDefined();
    const stale = encodeCursor({
      ...cursor,
      markets: {
        ...cursor.markets,
        [JP]: { ...cursor.markets[JP], after: cursor.markets[JP]?.after ?? '', next: 'stale' },
      },
    });
    const rest = await run(again.make(), stale);
    // Japan's query asked from its start again: every line comes (the first three pages' a
    // second time), none is missing.
    expect(byKey(linesOf(rest))).toEqual(byKey(linesOf(all)));
  });

  it('refuses a cursor it did not write', async () => {
    const { source } = await setup({ orders: 0 });
    for (const cursor of [
      'not a cursor',
      Buffer.from('{"v":2}').toString('base64url'),
      Buffer.from('{"v":1,"markets":{"x":{"after":"soon"}}}').toString('base64url'),
    ]) {
      const error = await rejection(run(source, cursor));
      expect([error.kind, error.code]).toEqual(['malformed', 'syncCursorInvalid']);
    }
  });
});

describe('Amazon source: tokens', () => {
  it('keeps an access token until a minute before it expires, then asks for a new one', async () => {
    const { clock, fake, source } = await setup({ orders: 0 }, { marketplaceIds: [JP] });
    const signal = new AbortController().signal;
    await source.test(signal);
    expect(fake.tokenRequests).toBe(1);
    // An hour's token, 61 s before it expires: still kept; 59 s before: renewed.
    clock.advance(3_600_000 - 61_000);
    await source.test(signal);
    expect(fake.tokenRequests).toBe(1);
    clock.advance(2_000);
    await source.test(signal);
    expect(fake.tokenRequests).toBe(2);
    const used = fake.requests.filter((r) => r.operation === 'getOrders').map((r) => r.token);
    expect(used).toEqual(['Atza|kura-fake-1', 'Atza|kura-fake-1', 'Atza|kura-fake-2']);
  });

  it.each([403, 401] as const)(
    'renews a token Amazon calls expired (%i) once, and goes on',
    async (status) => {
      const { fake, source } = await setup({ orders: 300, expiredStatus: status });
      let expired = false;
      fake.afterOrdersPage = () => {
        if (expired) return;
        expired = true;
        fake.expireTokens();
      };
      const pages = await run(source, null);
      expect(pages.reduce((n, p) => n + p.orders, 0)).toBe(300);
      expect(fake.tokenRequests).toBe(2);
    },
  );

  it("refuses with 'auth' when Amazon refuses a token just fetched", async () => {
    const { fake, source } = await setup({ orders: 0 }, { marketplaceIds: [JP] });
    fake.denyAccess = true;
    const error = await rejection(source.test(new AbortController().signal));
    expect([error.kind, error.code, error.status]).toEqual(['auth', 'amazonAccessRefused', 403]);
    expect(error.message).toBe("Amazon refused access: check the app's authorization and roles (Orders)");
    expect(fake.tokenRequests).toBe(1);
    // With a kept token, it is renewed once before giving up.
    fake.denyAccess = false;
    await source.test(new AbortController().signal);
    fake.denyAccess = true;
    await rejection(source.test(new AbortController().signal));
    expect(fake.tokenRequests).toBe(2);
  });

  it("refuses a wrong client secret or refresh token with 'auth', naming the credential", async () => {
    const { make } = await setup({ orders: 0 });
    const secret = await rejection(make({ clientSecret: 'wrong' }).test(new AbortController().signal));
    expect([secret.kind, secret.code, secret.status]).toEqual(['auth', 'amazonClientRefused', 401]);
    expect(secret.message).toBe(
      "Amazon refused the app's credentials: check the LWA client identifier and client secret",
    );
    const refresh = await rejection(run(make({ refreshToken: 'Atzr|revoked' }), null));
    expect([refresh.kind, refresh.code]).toEqual(['auth', 'amazonRefreshTokenRefused']);
    expect(refresh.message).toBe(formatMessage('amazonRefreshTokenRefused'));
  });
});

describe('Amazon source: throttling and failures', () => {
  it('waits out Retry-After on a 429 and goes on', async () => {
    const { clock, fake, source } = await setup({ orders: 0 }, { marketplaceIds: [JP] });
    fake.failNext(2, { status: 429, retryAfter: '7', operation: 'getOrders' });
    await source.test(new AbortController().signal);
    expect(clock.sleeps).toEqual([7_000, 7_000]);
    expect(fake.requests.filter((r) => r.operation === 'getOrders')).toHaveLength(3);
  });

  it('backs off with jitter on a 429 without Retry-After, and lets the rate bucket refill', async () => {
    const { clock, fake, source } = await setup({ orders: 0 }, { marketplaceIds: [JP] });
    fake.failNext(2, { status: 429, operation: 'getOrders' });
    await source.test(new AbortController().signal);
    // random() = 0.5: half of 1 s, then half of 2 s; after each 429 the bucket is empty and
    // the next request waits for one token at 0.0167 per second.
    const refill = (elapsedMs: number) => Math.ceil(((1 - (elapsedMs / 1000) * 0.0167) / 0.0167) * 1000);
    expect(clock.sleeps).toEqual([500, refill(500), 1_000, refill(1_000)]);
  });

  it("retries a 5xx, then fails as 'server' after five tries", async () => {
    const { clock, fake, source } = await setup({ orders: 0 }, { marketplaceIds: [JP] });
    fake.failNext(2, { status: 503, operation: 'getOrders' });
    await source.test(new AbortController().signal);
    expect(clock.sleeps).toEqual([500, 1_000]);

    clock.sleeps.length = 0;
    const before = fake.requests.length;
    fake.failNext(5, { status: 500, operation: 'getOrders' });
    const error = await rejection(source.test(new AbortController().signal));
    expect([error.kind, error.code, error.params, error.status]).toEqual([
      'server',
      'amazonServerError',
      { status: 500 },
      500,
    ]);
    expect(fake.requests.slice(before)).toHaveLength(5);
    expect(clock.sleeps).toEqual([500, 1_000, 2_000, 4_000]);

    // Throttled five times: 'throttled'.
    fake.failNext(5, { status: 429, retryAfter: '1', operation: 'getOrders' });
    const throttled = await rejection(source.test(new AbortController().signal));
    expect([throttled.kind, throttled.code]).toEqual(['throttled', 'amazonThrottled']);
  });

  it("retries when LWA fails, and fails as 'network' when Amazon cannot be reached", async () => {
    const { fake, source, make } = await setup({ orders: 0 });
    fake.failNext(1, { status: 500, operation: 'token' });
    await source.test(new AbortController().signal);
    expect(fake.tokenRequests).toBe(2);
    const closed = make({ endpoints: { fe: 'http://127.0.0.1:9', eu: 'http://127.0.0.1:9' } });
    const error = await rejection(closed.test(new AbortController().signal));
    expect([error.kind, error.code]).toEqual(['network', 'amazonUnreachable']);
  });

  it("fails as 'malformed' on an answer that is not the documented shape", async () => {
    for (const [operation, body] of [
      ['getOrders', undefined],
      ['getOrders', '{"payload":{"Orders":[{"AmazonOrderId":"1"}]}}'],
      ['getOrderItems', '{"payload":{"AmazonOrderId":"1","OrderItems":"none"}}'],
      ['token', '{"token_type":"bearer"}'],
    ] as const) {
      const { fake, source } = await setup({ orders: 50 });
      fake.malformNext(1, operation, body);
      const error = await rejection(run(source, null));
      expect([error.kind, error.code, error.params], `${operation} ${body}`).toEqual([
        'malformed',
        'amazonMalformed',
        { operation: operation === 'token' ? 'token' : operation },
      ]);
    }
  });

  it('stops when the run is aborted', async () => {
    const { source } = await setup({ orders: 300 });
    const controller = new AbortController();
    const pages: SourcePage[] = [];
    const error = await (async () => {
      for await (const page of source.pages(null, controller.signal)) {
        pages.push(page);
        controller.abort();
      }
    })().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(pages).toHaveLength(1);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('Amazon source: rate limits', () => {
  it('paces getOrders by its bucket: a burst of 20, then one a minute', async () => {
    const { clock, fake, source } = await setup({ orders: 0 }, { marketplaceIds: [JP] });
    // Pending orders: pages without item requests, so only getOrders waits.
    for (const order of ordersWith(2_500, 'Pending')) fake.add(order);
    const pages = await run(source, null);
    expect(pages).toHaveLength(25);
    // Five requests past the burst, each waiting for one token to refill (its fraction of a
    // millisecond carried to the next wait).
    const wait = (1 / USAGE_PLANS.getOrders.rate) * 1000;
    expect(clock.sleeps).toHaveLength(5);
    for (const sleep of clock.sleeps) expect([Math.floor(wait), Math.ceil(wait)]).toContain(sleep);
    const total = clock.sleeps.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(5 * wait);
    expect(total).toBeLessThan(5 * wait + 1);
    expect(fake.throttledByBucket).toBe(0);
  });

  it('paces getOrderItems by its bucket: a burst of 30, then one every two seconds', async () => {
    const { clock, fake, source } = await setup({ orders: 0 }, { marketplaceIds: [JP] });
    for (const order of ordersWith(100, 'Shipped')) fake.add(order);
    const pages = await run(source, null);
    expect(pages.flatMap((p) => p.lines)).toHaveLength(100);
    expect(clock.sleeps).toEqual(Array(70).fill(2_000));
    expect(fake.throttledByBucket).toBe(0);
  });

  it('takes the rate Amazon applies from x-amzn-RateLimit-Limit', async () => {
    const { clock, fake, source } = await setup(
      { orders: 0, rateLimits: { getOrderItems: '5' } },
      { marketplaceIds: [JP] },
    );
    for (const order of ordersWith(100, 'Shipped')) fake.add(order);
    await run(source, null);
    expect(clock.sleeps).toEqual(Array(70).fill(200));
    expect(fake.throttledByBucket).toBe(0);
  });

  it('finds out from a 429 that the bucket was spent by someone else', async () => {
    const { clock, fake, make } = await setup({ orders: 0 }, { marketplaceIds: [JP] });
    for (const order of ordersWith(40, 'Shipped')) fake.add(order);
    // Another run spent the items bucket a moment ago; this source thinks it full.
    await run(make(), null);
    clock.sleeps.length = 0;
    const throttledBefore = fake.throttledByBucket;
    const pages = await run(make(), null);
    expect(pages.flatMap((p) => p.lines)).toHaveLength(40);
    expect(fake.throttledByBucket).toBeGreaterThan(throttledBefore);
  });
});

describe('Amazon source: test connection', () => {
  it('fetches a token and one order updated in the last day, in each marketplace', async () => {
    const { clock, fake, source } = await setup({ orders: 0 });
    await source.test(new AbortController().signal);
    const asked = fake.requests
      .filter((r) => r.operation === 'getOrders')
      .map((r) => Object.fromEntries(r.url.searchParams));
    const since = new Date(clock.now() - 24 * 3_600_000).toISOString();
    expect(asked).toEqual([
      { MarketplaceIds: JP, LastUpdatedAfter: since, MaxResultsPerPage: '1' },
      { MarketplaceIds: IN, LastUpdatedAfter: since, MaxResultsPerPage: '1' },
    ]);
  });
});

describe('Amazon source: a refresh token per region', () => {
  /** The source on each region's own endpoint, which refuses the other region's account. */
  const regional = async (sourceOptions: Partial<AmazonSourceOptions>, orders = 40) => {
    const setupDone = await setup({ orders });
    const { fake, make } = setupDone;
    return { ...setupDone, source: make({ endpoints: fake.regionUrl, ...sourceOptions }) };
  };
  /** The pages a run gave before it failed, and its failure. */
  async function runUntilRefused(source: PlatformSource) {
    const pages: SourcePage[] = [];
    const error = await rejection(
      (async () => {
        for await (const page of source.pages(null, new AbortController().signal)) pages.push(page);
      })(),
    );
    return { pages, error };
  }
  const tokensBy = (fake: AmazonFake, region: 'fe' | 'eu') =>
    new Set(fake.requests.filter((r) => r.region === region && r.operation !== 'token').map((r) => r.token));

  it('keeps the regions as the shared schema names them', () => {
    for (const id of AMAZON_MARKETPLACES)
      expect(MARKETPLACE_REGIONS.get(id)?.region).toBe(AMAZON_MARKETPLACE_REGION[id]);
  });

  it("calls each marketplace with an access token of its own region's refresh token", async () => {
    const { fake, source } = await regional({ refreshToken: undefined, refreshTokens: FAKE_REGION_TOKENS });
    const pages = await run(source, null);
    const expected = [...fake.orders.values()].filter((o) => o.order.OrderStatus !== 'Pending');
    const orderIds = new Set(linesOf(pages).map((l) => l.orderId));
    expect(orderIds).toEqual(new Set(expected.map((o) => o.order.AmazonOrderId)));
    expect([...orderIds].some((id) => id.startsWith('407-'))).toBe(true);
    // One LWA token per refresh token, each used in its region only.
    expect(fake.tokenRequests).toBe(2);
    const [fe, eu] = [tokensBy(fake, 'fe'), tokensBy(fake, 'eu')];
    expect(fe.size).toBe(1);
    expect(eu.size).toBe(1);
    expect([...fe][0]).not.toBe([...eu][0]);
    expect(
      fake.requests
        .filter((r) => r.region === 'fe')
        .every((r) => r.url.searchParams.get('MarketplaceIds') !== IN),
    ).toBe(true);
  });

  it("is refused by a region's endpoint with the other region's token, naming the marketplace", async () => {
    const { source } = await regional({
      refreshToken: undefined,
      refreshTokens: { fe: FAKE_REGION_TOKENS.eu, eu: FAKE_REGION_TOKENS.fe },
    });
    const error = await rejection(run(source, null));
    expect([error.kind, error.code, error.status]).toEqual(['auth', 'amazonRegionAccessRefused', 403]);
    expect(error.message).toBe(
      "Amazon refused access to Amazon.co.jp: check that the refresh token is that account's and the app's roles (Orders)",
    );
  });

  it('uses the shared refresh token for a region without its own', async () => {
    // The shared token is the Japan account's: India has its own.
    const { fake, source } = await regional({
      refreshToken: FAKE_REGION_TOKENS.fe,
      refreshTokens: { eu: FAKE_REGION_TOKENS.eu },
    });
    const pages = await run(source, null);
    expect(linesOf(pages).some((l) => l.platformCode === 'AMAZONJP')).toBe(true);
    expect(linesOf(pages).some((l) => l.platformCode === 'AMAZONIND')).toBe(true);
    expect(fake.tokenRequests).toBe(2);

    // The shared token is India's and Japan has none of its own: Japan falls back to it and
    // its endpoint refuses it.
    const wrong = await regional({ refreshToken: FAKE_REGION_TOKENS.eu, refreshTokens: {} });
    const error = await rejection(wrong.source.test(new AbortController().signal));
    expect([error.code, error.params]).toEqual([
      'amazonRegionAccessRefused',
      { marketplace: 'Amazon.co.jp' },
    ]);

    // One shared token for both: one LWA token serves both regions.
    const shared = await regional({ refreshToken: FAKE_CREDENTIALS.refreshToken });
    await shared.source.test(new AbortController().signal);
    expect(shared.fake.tokenRequests).toBe(1);
  });

  it("stops on the region whose refresh token LWA refuses, naming its marketplace, after the other's pages", async () => {
    const { source } = await regional({
      refreshToken: undefined,
      refreshTokens: { fe: FAKE_REGION_TOKENS.fe, eu: 'Atzr|revoked-india' },
    });
    const { pages, error } = await runUntilRefused(source);
    expect(linesOf(pages).length).toBeGreaterThan(0);
    expect(linesOf(pages).every((l) => l.platformCode === 'AMAZONJP')).toBe(true);
    expect([error.kind, error.code, error.params]).toEqual([
      'auth',
      'amazonRegionRefreshTokenRefused',
      { marketplace: 'Amazon.in' },
    ]);
    expect(error.message).toBe(
      'Amazon refused the refresh token of Amazon.in: authorize the app again with that account in Seller Central and enter its new refresh token',
    );
    // The shared token alone refused keeps the message of one token.
    const one = await regional({ refreshToken: 'Atzr|revoked' });
    const refused = await rejection(run(one.source, null));
    expect(refused.code).toBe('amazonRefreshTokenRefused');
  });

  it('tests every region and reports each one refused', async () => {
    const { fake, source } = await regional(
      { refreshToken: undefined, refreshTokens: { fe: FAKE_REGION_TOKENS.fe, eu: 'Atzr|revoked-india' } },
      0,
    );
    const india = await rejection(source.test(new AbortController().signal));
    expect([india.code, india.params]).toEqual([
      'amazonRegionRefreshTokenRefused',
      { marketplace: 'Amazon.in' },
    ]);
    expect(fake.requests.some((r) => r.region === 'fe' && r.operation === 'getOrders')).toBe(true);

    // Both refused: the answer names each.
    const both = await regional(
      { refreshToken: undefined, refreshTokens: { fe: 'Atzr|revoked-japan', eu: 'Atzr|revoked-india' } },
      0,
    );
    const error = await rejection(both.source.test(new AbortController().signal));
    expect([error.code, error.params]).toEqual([
      'amazonRegionRefreshTokenRefused',
      { marketplace: 'Amazon.co.jp, Amazon.in' },
    ]);
    expect(both.fake.tokenRequests).toBe(2);
  });

  it('refuses a marketplace whose region has no refresh token', async () => {
    const { source } = await regional(
      { refreshToken: undefined, refreshTokens: { fe: FAKE_REGION_TOKENS.fe } },
      0,
    );
    const error = await rejection(source.test(new AbortController().signal));
    expect([error.kind, error.code, error.params]).toEqual([
      'auth',
      'amazonRegionTokenMissing',
      { marketplace: 'Amazon.in' },
    ]);
  });
});
