/**
 * A stand-in for Amazon: Login with Amazon's token endpoint and the Selling Partner API's Orders
 * operations (getOrders, getOrderItems) as real HTTP servers on a free port, answering in the
 * public reference's shapes: `{ payload }`, `{ errors: [{ code, message, details }] }`,
 * `x-amzn-RateLimit-Limit`. One instance serves both regions: at `url` as one endpoint for both
 * (the Far East and Europe endpoints pointed at it), and at `regionUrl.fe` / `regionUrl.eu` as
 * each region's own, which answers only its marketplaces and refuses an access token of an
 * account of the other region (403 Unauthorized, as SP-API does): its LWA endpoint knows which
 * region's account each refresh token is (`accounts`). Its clock is the tests' fake clock, so rate limits, token lifetimes and the
 * two-minute rule hold without waiting.
 *
 * Orders come from a cheap generator (10,000 by default) and live in memory; switches make it
 * misbehave the ways Amazon does.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { USAGE_PLANS } from '../../src/connections/amazon/sp-api';
import {
  AMAZON_IN,
  AMAZON_JP,
  AMAZON_MARKETPLACES,
  type AmazonMarketplace,
  type AmazonRegion,
} from '../../src/connections/amazon/marketplaces';

type Json = Record<string, unknown>;
type Money = { CurrencyCode: string; Amount: string };

export interface FakeOrder {
  order: Json & {
    AmazonOrderId: string;
    PurchaseDate: string;
    LastUpdateDate: string;
    OrderStatus: string;
    MarketplaceId: string;
  };
  items: (Json & { ASIN: string; OrderItemId: string; QuantityOrdered: number })[];
  /** The marketplace whose queries list it, when not its own `MarketplaceId` (a misfiled order). */
  listedIn?: string;
}

/** A clock that moves only when slept on: every wait is recorded, none is real. */
export interface FakeClock {
  now(): number;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  advance(ms: number): void;
  sleeps: number[];
}

export function fakeClock(start = Date.parse('2026-11-20T00:00:00Z')): FakeClock {
  let now = start;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleeps,
    advance(ms) {
      now += ms;
    },
    async sleep(ms, signal) {
      signal.throwIfAborted();
      sleeps.push(ms);
      now += ms;
      await Promise.resolve();
    },
  };
}

export const FAKE_CREDENTIALS = {
  clientId: 'amzn1.application-oa2-client.kura-test',
  clientSecret: 'amzn1.oa2-cs.v1.kura-test-secret',
  refreshToken: 'Atzr|kura-test-refresh-token',
};

/** Refresh tokens of a seller whose Japan and India accounts authorized the app apart. */
export const FAKE_REGION_TOKENS: Readonly<Record<AmazonRegion, string>> = {
  fe: 'Atzr|kura-test-japan-account',
  eu: 'Atzr|kura-test-india-account',
};

/**
 * The refresh tokens LWA knows, and the regions of the account each authorizes:
 * FAKE_CREDENTIALS' one is an account selling in both (the tests of one token), the others one
 * region's each.
 */
export const FAKE_ACCOUNTS: Readonly<Record<string, readonly AmazonRegion[]>> = {
  [FAKE_CREDENTIALS.refreshToken]: ['fe', 'eu'],
  [FAKE_REGION_TOKENS.fe]: ['fe'],
  [FAKE_REGION_TOKENS.eu]: ['eu'],
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** Minor units as the decimal text Amazon sends: yen whole, rupees with two decimals. */
const amountText = (minor: number, market: AmazonMarketplace) =>
  market.currency === 'JPY' ? String(minor) : `${Math.floor(minor / 100)}.${pad(minor % 100, 2)}`;
const moneyOf = (minor: number, market: AmazonMarketplace): Money => ({
  CurrencyCode: market.currency,
  Amount: amountText(minor, market),
});

/**
 * Order `i`: three in four on Amazon.co.jp, one in India; one in 50 cancelled, one in 40 pending,
 * one in 97 with twelve items (more than a page of items), the rest one to three items; one in
 * five with a promotion. Orders are five minutes apart from 2026-01-01, each last updated one to
 * seven hours after it was placed.
 */
export function generateOrder(i: number, start = Date.parse('2026-01-01T00:00:00Z')): FakeOrder {
  const market = i % 4 === 3 ? AMAZON_IN : AMAZON_JP;
  const status = i % 50 === 7 ? 'Canceled' : i % 40 === 3 ? 'Pending' : i % 3 === 0 ? 'Unshipped' : 'Shipped';
  const purchased = start + i * 5 * 60_000;
  const count = i % 97 === 11 ? 12 : (i % 3) + 1;
  const items: FakeOrder['items'] = [];
  let total = 0;
  for (let k = 0; k < count; k += 1) {
    const quantity = status === 'Canceled' ? 0 : (k % 3) + 1;
    const unit = market.currency === 'JPY' ? 980 + ((i + k) % 50) * 100 : 49_900 + ((i + k) % 97) * 150;
    const price = unit * quantity;
    const tax = market.currency === 'JPY' ? Math.floor(price / 11) : Math.round((price * 18) / 118);
    const discount = i % 5 === 0 ? Math.min(price, market.currency === 'JPY' ? 100 : 5_000) : 0;
    const priced = status !== 'Canceled' && status !== 'Pending';
    if (priced) total += price;
    items.push({
      ASIN: `B0${pad((i * 131 + k) % 100_000_000, 8)}`,
      SellerSKU: `SKU-${pad((i * 31 + k) % 500, 4)}`,
      OrderItemId: `${pad(i, 8)}${pad(k, 6)}`,
      Title: market === AMAZON_JP ? `抹茶 ${k + 1} 号` : `Matcha tin ${k + 1}`,
      QuantityOrdered: quantity,
      ...(priced
        ? {
            ItemPrice: moneyOf(price, market),
            ItemTax: moneyOf(tax, market),
            PromotionDiscount: moneyOf(discount, market),
            ShippingPrice: moneyOf(market.currency === 'JPY' ? 500 : 9_900, market),
          }
        : {}),
    });
  }
  const address =
    market === AMAZON_JP
      ? { City: '渋谷区', StateOrRegion: '東京都', PostalCode: '150-0001', CountryCode: 'JP' }
      : { City: 'Mumbai', StateOrRegion: 'Maharashtra', PostalCode: '400001', CountryCode: 'IN' };
  return {
    order: {
      AmazonOrderId: `${market === AMAZON_JP ? '503' : '407'}-${pad(1_000_000 + i, 7)}-${pad((i * 7919) % 10_000_000, 7)}`,
      PurchaseDate: new Date(purchased).toISOString().replace('.000Z', 'Z'),
      LastUpdateDate: new Date(purchased + ((i % 7) + 1) * 3_600_000).toISOString().replace('.000Z', 'Z'),
      OrderStatus: status,
      FulfillmentChannel: 'MFN',
      SalesChannel: market.channel,
      MarketplaceId: market.id,
      ...(status === 'Pending' ? {} : { OrderTotal: moneyOf(total, market) }),
      NumberOfItemsShipped: status === 'Shipped' ? count : 0,
      NumberOfItemsUnshipped: status === 'Unshipped' ? count : 0,
      PaymentMethod: 'Other',
      ...(status === 'Pending' || status === 'Canceled' ? {} : { ShippingAddress: address }),
    },
    items,
  };
}

export type FakeOperation = 'token' | 'getOrders' | 'getOrderItems';

export interface FakeFailure {
  status: number;
  /** `Retry-After` in seconds (or any text). */
  retryAfter?: string;
  operation?: FakeOperation;
}

export interface AmazonFakeOptions {
  /** Generated orders (default 10,000); `[]`-like 0 for a fake holding only added ones. */
  orders?: number;
  now?: () => number;
  /** Orders per getOrders page (the API's maximum, 100, unless told). */
  pageSize?: number;
  itemsPageSize?: number;
  /** `x-amzn-RateLimit-Limit` sent by each operation (null: none). Default: the documented rates. */
  rateLimits?: Partial<Record<'getOrders' | 'getOrderItems', string | null>>;
  /** Refuse with 429 what exceeds each operation's bucket, as Amazon does (default true). */
  enforceRates?: boolean;
  tokenLifetimeSeconds?: number;
  /** The status of an expired-token answer: 403 as SP-API answers, or 401. */
  expiredStatus?: 401 | 403;
  /** Another fake whose access tokens this one accepts (two regions, one LWA). */
  lwa?: AmazonFake;
  /** Refresh tokens LWA accepts and their accounts' regions (default FAKE_ACCOUNTS). */
  accounts?: Readonly<Record<string, readonly AmazonRegion[]>>;
}

interface LoggedRequest {
  operation: FakeOperation | 'other';
  /** The region endpoint it came to (`regionUrl`); absent at `url`. */
  region?: AmazonRegion;
  url: URL;
  token: string | undefined;
  at: number;
}

const errorBody = (code: string, message: string, details = '') => ({ errors: [{ code, message, details }] });

export class AmazonFake {
  readonly orders = new Map<string, FakeOrder>();
  readonly requests: LoggedRequest[] = [];
  /** Answers refused by the fake's own rate buckets (a faithful client causes none). */
  throttledByBucket = 0;
  url = '';
  /** Each region's own SP-API endpoint. */
  readonly regionUrl: Record<AmazonRegion, string> = { fe: '', eu: '' };
  /** Called after each getOrders page is answered: a test changes orders between pages here. */
  afterOrdersPage: ((page: number) => void) | undefined;
  /** Every SP-API call refused: the app lacks the role, or the seller revoked it. */
  denyAccess = false;

  readonly #options: Required<Omit<AmazonFakeOptions, 'rateLimits' | 'now' | 'lwa' | 'accounts'>> & {
    rateLimits: Record<'getOrders' | 'getOrderItems', string | null>;
  };
  readonly now: () => number;
  readonly #lwa: AmazonFake | undefined;
  /** Access tokens handed out: when each expires, and its account's regions. */
  readonly #tokens = new Map<string, { expires: number; regions: readonly AmazonRegion[] }>();
  readonly #accounts: Readonly<Record<string, readonly AmazonRegion[]>>;
  #issued = 0;
  #ordersPages = 0;
  #failures: (FakeFailure & { remaining: number })[] = [];
  #malformed: { remaining: number; operation?: FakeOperation; body: string }[] = [];
  #sorted: FakeOrder[] | undefined;
  readonly #buckets = new Map<string, { tokens: number; at: number }>();
  readonly #server = this.#serve();
  readonly #regionServers = { fe: this.#serve('fe'), eu: this.#serve('eu') };

  #serve(region?: AmazonRegion) {
    return createServer((req, res) => {
      this.#handle(req, res, region).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    });
  }

  constructor(options: AmazonFakeOptions = {}) {
    this.now = options.now ?? Date.now;
    this.#lwa = options.lwa;
    this.#accounts = options.accounts ?? FAKE_ACCOUNTS;
    this.#options = {
      orders: options.orders ?? 10_000,
      pageSize: options.pageSize ?? 100,
      itemsPageSize: options.itemsPageSize ?? 5,
      enforceRates: options.enforceRates ?? true,
      tokenLifetimeSeconds: options.tokenLifetimeSeconds ?? 3600,
      expiredStatus: options.expiredStatus ?? 403,
      rateLimits: {
        getOrders: String(USAGE_PLANS.getOrders.rate),
        getOrderItems: String(USAGE_PLANS.getOrderItems.rate),
        ...options.rateLimits,
      },
    };
    for (let i = 0; i < this.#options.orders; i += 1) this.add(generateOrder(i));
  }

  async start(): Promise<this> {
    const listen = async (server: ReturnType<typeof createServer>) => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    };
    this.url = await listen(this.#server);
    this.regionUrl.fe = await listen(this.#regionServers.fe);
    this.regionUrl.eu = await listen(this.#regionServers.eu);
    return this;
  }

  get lwaUrl(): string {
    return `${this.url}/auth/o2/token`;
  }

  async close(): Promise<void> {
    await Promise.all(
      [this.#server, this.#regionServers.fe, this.#regionServers.eu].map((server) => {
        server.closeAllConnections();
        return new Promise<void>((resolve) => server.close(() => resolve()));
      }),
    );
  }

  add(order: FakeOrder): void {
    this.orders.set(order.order.AmazonOrderId, order);
    this.#sorted = undefined;
  }

  /** Changes an order as Amazon would: its LastUpdateDate becomes now. */
  update(orderId: string, change: (order: FakeOrder) => void): void {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    change(order);
    order.order.LastUpdateDate = new Date(this.now()).toISOString();
    this.#sorted = undefined;
  }

  /** Every access token handed out so far expires now. */
  expireTokens(): void {
    for (const token of this.#tokens.values()) token.expires = this.now();
  }

  get tokenRequests(): number {
    return this.requests.filter((r) => r.operation === 'token').length;
  }

  /** The next `count` requests (of `operation`, or any) answer `status`. */
  failNext(count: number, failure: FakeFailure): void {
    this.#failures.push({ ...failure, remaining: count });
  }

  /** The next `count` answers (of `operation`, or any) are 200 with `body`: cut-off JSON unless told. */
  malformNext(
    count: number,
    operation?: FakeOperation,
    body = '{"payload":{"Orders":[{"AmazonOrderId":',
  ): void {
    this.#malformed.push({ remaining: count, ...(operation ? { operation } : {}), body });
  }

  /** Orders by (LastUpdateDate, id): the order getOrders pages them in. */
  #byUpdate(): FakeOrder[] {
    this.#sorted ??= [...this.orders.values()]
      .map((o) => ({ o, at: Date.parse(o.order.LastUpdateDate) }))
      .sort((a, b) => a.at - b.at || (a.o.order.AmazonOrderId < b.o.order.AmazonOrderId ? -1 : 1))
      .map(({ o }) => o);
    return this.#sorted;
  }

  #take<T extends { remaining: number; operation?: FakeOperation }>(list: T[], operation: FakeOperation) {
    const found = list.find(
      (f) => f.remaining > 0 && (f.operation === undefined || f.operation === operation),
    );
    if (found) found.remaining -= 1;
    return found;
  }

  #send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      'x-amzn-RequestId': `req-${this.requests.length}`,
      ...headers,
    });
    res.end(text);
  }

  /** Amazon's own token bucket for an operation, on the fake clock. */
  #allow(operation: 'getOrders' | 'getOrderItems', marketplace: string): boolean {
    if (!this.#options.enforceRates) return true;
    const header = this.#options.rateLimits[operation];
    const rate = header === null ? USAGE_PLANS[operation].rate : Number(header);
    const burst = USAGE_PLANS[operation].burst;
    const now = this.now();
    const key = `${operation} ${marketplace}`;
    const bucket = this.#buckets.get(key) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * rate);
    bucket.at = now;
    this.#buckets.set(key, bucket);
    // A hair under one token is one: the client rounds its wait up to whole milliseconds.
    if (bucket.tokens < 1 - 1e-9) return false;
    bucket.tokens -= 1;
    return true;
  }

  async #handle(req: IncomingMessage, res: ServerResponse, region?: AmazonRegion): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const items = /^\/orders\/v0\/orders\/([^/]+)\/orderItems$/.exec(url.pathname);
    const operation: FakeOperation | 'other' =
      url.pathname === '/auth/o2/token'
        ? 'token'
        : url.pathname === '/orders/v0/orders'
          ? 'getOrders'
          : items
            ? 'getOrderItems'
            : 'other';
    const token = req.headers['x-amz-access-token'];
    this.requests.push({
      operation,
      ...(region ? { region } : {}),
      url,
      token: typeof token === 'string' ? token : undefined,
      at: this.now(),
    });
    if (operation === 'other') return this.#send(res, 404, errorBody('NotFound', 'Resource not found'));

    const failure = this.#take(this.#failures, operation);
    if (failure) {
      const headers: Record<string, string> = failure.retryAfter ? { 'retry-after': failure.retryAfter } : {};
      const body =
        failure.status === 429
          ? errorBody('QuotaExceeded', 'You exceeded your quota for the requested resource.')
          : errorBody('InternalFailure', 'We encountered an internal error. Please try again.');
      return this.#send(res, failure.status, body, headers);
    }
    if (operation === 'token') {
      const malformed = this.#take(this.#malformed, operation);
      return malformed ? this.#send(res, 200, malformed.body) : this.#token(req, res);
    }

    const tokens = (this.#lwa ?? this).#tokens;
    const issued = typeof token === 'string' ? tokens.get(token) : undefined;
    // A region's endpoint refuses an access token of another region's account as it refuses an
    // unknown one: the authorization is not for the selling partner there.
    if (!issued || (region && !issued.regions.includes(region))) {
      return this.#send(
        res,
        403,
        errorBody(
          'Unauthorized',
          'Access to requested resource is denied.',
          'The access token you provided is revoked, malformed or invalid.',
        ),
      );
    }
    if (issued.expires <= this.now()) {
      return this.#send(
        res,
        this.#options.expiredStatus,
        errorBody(
          'Unauthorized',
          'Access to requested resource is denied.',
          'The access token you provided has expired.',
        ),
      );
    }
    if (this.denyAccess)
      return this.#send(res, 403, errorBody('Unauthorized', 'Access to requested resource is denied.'));
    // Limits are per selling region: here, per marketplace (the order's, for its items).
    const marketplace =
      operation === 'getOrders'
        ? (url.searchParams.get('MarketplaceIds') ?? '')
        : (this.orders.get(decodeURIComponent(items?.[1] ?? ''))?.order.MarketplaceId ?? '');
    if (region && marketplace.split(',').some((id) => AMAZON_MARKETPLACES.get(id)?.region !== region)) {
      return operation === 'getOrders'
        ? this.#send(
            res,
            400,
            errorBody('InvalidInput', `Invalid MarketplaceIds for this region: ${marketplace}`),
          )
        : this.#send(res, 404, errorBody('InvalidInput', 'Invalid AmazonOrderId'));
    }
    if (!this.#allow(operation, marketplace)) {
      this.throttledByBucket += 1;
      return this.#send(
        res,
        429,
        errorBody('QuotaExceeded', 'You exceeded your quota for the requested resource.'),
      );
    }
    const limit = this.#options.rateLimits[operation];
    const headers: Record<string, string> = limit === null ? {} : { 'x-amzn-RateLimit-Limit': limit };
    const malformed = this.#take(this.#malformed, operation);
    if (malformed) return this.#send(res, 200, malformed.body, headers);
    if (operation === 'getOrders') {
      const answer = this.#getOrders(url);
      this.#send(res, answer.status, answer.body, headers);
      if (answer.status === 200) {
        this.#ordersPages += 1;
        this.afterOrdersPage?.(this.#ordersPages);
      }
      return;
    }
    const answer = this.#getOrderItems(decodeURIComponent(items?.[1] ?? ''), url);
    this.#send(res, answer.status, answer.body, headers);
  }

  async #token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    const form = new URLSearchParams(text);
    if (req.method !== 'POST' || form.get('grant_type') !== 'refresh_token') {
      return this.#send(res, 400, {
        error_description: 'The authorization grant type is not supported',
        error: 'unsupported_grant_type',
      });
    }
    if (
      form.get('client_id') !== FAKE_CREDENTIALS.clientId ||
      form.get('client_secret') !== FAKE_CREDENTIALS.clientSecret
    ) {
      return this.#send(res, 401, {
        error_description: 'Client authentication failed',
        error: 'invalid_client',
      });
    }
    const refreshToken = form.get('refresh_token') ?? '';
    const regions = Object.hasOwn(this.#accounts, refreshToken) ? this.#accounts[refreshToken] : undefined;
    if (!regions) {
      return this.#send(res, 400, {
        error_description: 'The request has an invalid grant parameter : refresh_token',
        error: 'invalid_grant',
      });
    }
    this.#issued += 1;
    const accessToken = `Atza|kura-fake-${this.#issued}`;
    const lifetime = this.#options.tokenLifetimeSeconds;
    this.#tokens.set(accessToken, { expires: this.now() + lifetime * 1000, regions });
    return this.#send(res, 200, {
      access_token: accessToken,
      refresh_token: refreshToken,
      token_type: 'bearer',
      expires_in: lifetime,
    });
  }

  #getOrders(url: URL): { status: number; body: unknown } {
    const invalid = (message: string) => ({ status: 400, body: errorBody('InvalidInput', message) });
    const ids = (url.searchParams.get('MarketplaceIds') ?? '').split(',').filter(Boolean);
    if (ids.length === 0) return invalid('Missing required parameter MarketplaceIds');
    let query: { m: string[]; a: number; b: number; k?: [number, string]; n: number };
    const nextToken = url.searchParams.get('NextToken');
    if (nextToken) {
      try {
        query = JSON.parse(Buffer.from(nextToken, 'base64url').toString('utf8')) as typeof query;
      } catch {
        return invalid('Invalid NextToken');
      }
    } else {
      const afterText = url.searchParams.get('LastUpdatedAfter');
      if (!afterText) return invalid('Either CreatedAfter or LastUpdatedAfter must be provided');
      const after = Date.parse(afterText);
      if (Number.isNaN(after)) return invalid(`Invalid date: ${afterText}`);
      const latest = this.now() - 2 * 60_000;
      if (after > latest)
        return invalid('LastUpdatedAfter must be at least 2 minutes before the current time');
      const size = Number(url.searchParams.get('MaxResultsPerPage') ?? this.#options.pageSize);
      if (!Number.isInteger(size) || size < 1 || size > 100)
        return invalid('MaxResultsPerPage must be 1 - 100');
      query = { m: ids, a: after, b: latest, n: size };
    }
    const page: FakeOrder[] = [];
    let more = false;
    for (const order of this.#byUpdate()) {
      const at = Date.parse(order.order.LastUpdateDate);
      const listedIn = order.listedIn ?? order.order.MarketplaceId;
      if (at < query.a || at > query.b || !query.m.includes(listedIn)) continue;
      if (query.k && (at < query.k[0] || (at === query.k[0] && order.order.AmazonOrderId <= query.k[1])))
        continue;
      if (page.length === query.n) {
        more = true;
        break;
      }
      page.push(order);
    }
    const last = page.at(-1);
    const next =
      more && last
        ? Buffer.from(
            JSON.stringify({
              ...query,
              k: [Date.parse(last.order.LastUpdateDate), last.order.AmazonOrderId],
            }),
          ).toString('base64url')
        : undefined;
    return {
      status: 200,
      body: {
        payload: {
          Orders: page.map((o) => o.order),
          ...(next ? { NextToken: next } : {}),
          LastUpdatedBefore: new Date(query.b).toISOString(),
        },
      },
    };
  }

  #getOrderItems(orderId: string, url: URL): { status: number; body: unknown } {
    const order = this.orders.get(orderId);
    if (!order) return { status: 404, body: errorBody('InvalidInput', 'Invalid AmazonOrderId', orderId) };
    const token = url.searchParams.get('NextToken');
    const from = token ? Number(Buffer.from(token, 'base64url').toString('utf8')) : 0;
    const size = this.#options.itemsPageSize;
    const more = from + size < order.items.length;
    return {
      status: 200,
      body: {
        payload: {
          AmazonOrderId: orderId,
          OrderItems: order.items.slice(from, from + size),
          ...(more ? { NextToken: Buffer.from(String(from + size)).toString('base64url') } : {}),
        },
      },
    };
  }
}

export async function startAmazonFake(options: AmazonFakeOptions = {}): Promise<AmazonFake> {
  return new AmazonFake(options).start();
}
