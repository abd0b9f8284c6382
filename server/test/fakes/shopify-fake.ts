/**
 * A Shopify shop's GraphQL Admin API over real HTTP (node:http on a free port), for the queries
 * the Shopify source sends: `orders` (UPDATED_AT order, `updated_at:>'…'`, cursors), an order's
 * `lineItems`, and `shop { name }`. It answers as Shopify does: only the fields asked for (an
 * unknown one is a GraphQL error), Relay cursors that name a position in the sort (so an order
 * changed during a run moves to the end and comes again), and the cost bucket (2,000 points,
 * 100 a second) with each query's requested cost worked out from the query text the way Shopify
 * counts (an object 1 point, a connection 2 plus `first` times its nodes), refusing with
 * THROTTLED when the bucket is short and refunding the part of the cost not used.
 *
 * Time is the fake's `now()`: a test passes a virtual clock that the source's `sleep` advances,
 * so throttling is exercised without waiting.
 *
 * Orders are held as small records sorted by updatedAt then id; a generated order's fields are
 * made from its number when a page asks for it, so 100,000 orders cost a few MB.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeLine {
  sku: string | null;
  name: string;
  quantity: number;
  /** Unit price, decimal text as Shopify writes it ("349.0"). */
  price: string;
  /** The line's tax amounts. */
  taxes: string[];
}

export interface FakeAddress {
  name: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  provinceCode: string | null;
  countryCodeV2: string | null;
  zip: string | null;
  phone: string | null;
}

export interface FakeOrder {
  id: number;
  name: string;
  createdAt: string;
  updatedAt: number;
  cancelledAt: string | null;
  currencyCode: string;
  email: string | null;
  phone: string | null;
  discount: string;
  shipping: FakeAddress | null;
  billingName: string | null;
  lines: FakeLine[];
}

interface Entry {
  id: number;
  updatedAt: number;
  /** Null while the order is the generator's. */
  order: FakeOrder | null;
}

export interface FakeRequest {
  operation: string;
  variables: Record<string, unknown>;
  status: number;
  requestedCost?: number;
  throttled?: boolean;
}

type Failure =
  | { kind: 'status'; status: number; headers?: Record<string, string> }
  | { kind: 'malformed-json' }
  | { kind: 'malformed-shape' }
  | { kind: 'access-denied' }
  | { kind: 'reset' };

export const FAKE_TOKEN = 'shpat_fake_token';
/** A Dev Dashboard app's credentials, exchanged at the shop for tokens of a day (client credentials grant). */
export const FAKE_CLIENT = { clientId: 'fake-dev-dashboard-app', clientSecret: 'shpss_fake_secret' };
export const PAGINATION_DEPTH = 25_000;
const BASE_TIME = Date.parse('2026-01-01T00:00:00Z');

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** Paise as Shopify's decimal text: 34900 → "349.0", 34950 → "349.5", 34955 → "349.55". */
export function decimalText(paise: number): string {
  const whole = Math.floor(paise / 100);
  const cents = paise % 100;
  if (cents === 0) return `${whole}.0`;
  return cents % 10 === 0 ? `${whole}.${cents / 10}` : `${whole}.${String(cents).padStart(2, '0')}`;
}

/**
 * Order `id` of the generator: one to three line items (a SKU-less gift wrap on every 17th), 18%
 * tax on each line, a ₹50 discount on every 5th, cancelled every 23rd.
 */
export function generatedOrder(id: number): FakeOrder {
  const createdAt = BASE_TIME + id * 60_000;
  const lines: FakeLine[] = [];
  const count = 1 + (id % 3);
  for (let i = 0; i < count; i++) {
    const price = 10_000 + ((id * 7 + i * 13) % 90_000);
    const quantity = 1 + ((id + i) % 4);
    lines.push({
      sku: `SKU-${(id + i) % 500}`,
      name: `Product ${(id + i) % 500}`,
      quantity,
      price: decimalText(price),
      taxes: [decimalText(Math.round((price * quantity * 18) / 118))],
    });
  }
  if (id % 17 === 0) lines.push({ sku: null, name: 'Gift wrap', quantity: 1, price: '50.0', taxes: [] });
  return {
    id,
    name: `#${1000 + id}`,
    createdAt: iso(createdAt),
    updatedAt: createdAt + 30_000,
    cancelledAt: id % 23 === 0 ? iso(createdAt + 45_000) : null,
    currencyCode: 'INR',
    email: `buyer${id}@example.in`,
    phone: null,
    discount: id % 5 === 0 ? '50.0' : '0.0',
    shipping: {
      name: `Buyer ${id}`,
      address1: `${id} MG Road`,
      address2: null,
      city: 'Bengaluru',
      provinceCode: 'KA',
      countryCodeV2: 'IN',
      zip: '560001',
      phone: '+91 98450 00000',
    },
    billingName: null,
    lines,
  };
}

// ---- A small reader of the GraphQL the source sends: operations, variables, fields, arguments.

type Value = string | number | boolean | null | { variable: string } | { enum: string };
interface Field {
  name: string;
  args: Record<string, Value>;
  selections: Field[];
}
interface Operation {
  name: string;
  selections: Field[];
}

class QueryError extends Error {}

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  const pattern =
    /\s+|,|#[^\n]*|("(?:[^"\\]|\\.)*")|(-?\d+(?:\.\d+)?)|([A-Za-z_]\w*)|(\.\.\.|[{}():$!=[\]@])/y;
  let at = 0;
  while (at < text.length) {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match) throw new QueryError(`Parse error at ${at}`);
    const token = match[1] ?? match[2] ?? match[3] ?? match[4];
    if (token !== undefined) tokens.push(token);
    at = pattern.lastIndex;
  }
  return tokens;
}

function parse(text: string): Operation {
  const tokens = tokenize(text);
  let i = 0;
  const peek = () => tokens[i];
  const take = (expected?: string) => {
    const token = tokens[i++];
    if (token === undefined || (expected !== undefined && token !== expected)) {
      throw new QueryError(`Parse error: expected ${expected ?? 'more'}, found ${token ?? 'the end'}`);
    }
    return token;
  };
  const skipType = () => {
    if (peek() === '[') {
      take('[');
      skipType();
      take(']');
    } else take();
    if (peek() === '!') take('!');
  };
  const value = (): Value => {
    const token = take();
    if (token === '$') return { variable: take() };
    if (token.startsWith('"')) return JSON.parse(token) as string;
    if (/^-?\d/.test(token)) return Number(token);
    if (token === 'true' || token === 'false') return token === 'true';
    if (token === 'null') return null;
    return { enum: token };
  };
  const selectionSet = (): Field[] => {
    take('{');
    const fields: Field[] = [];
    while (peek() !== '}') {
      const name = take();
      if (name === '...') throw new QueryError('Fragments are not answered by this fake');
      const args: Record<string, Value> = {};
      if (peek() === '(') {
        take('(');
        while (peek() !== ')') {
          const arg = take();
          take(':');
          args[arg] = value();
        }
        take(')');
      }
      fields.push({ name, args, selections: peek() === '{' ? selectionSet() : [] });
    }
    take('}');
    return fields;
  };
  take('query');
  const name = peek() === '(' || peek() === '{' ? '' : take();
  if (peek() === '(') {
    take('(');
    while (peek() !== ')') {
      take('$');
      take();
      take(':');
      skipType();
      if (peek() === '=') {
        take('=');
        value();
      }
    }
    take(')');
  }
  const selections = selectionSet();
  if (i !== tokens.length) throw new QueryError('Parse error: text after the operation');
  return { name, selections };
}

function argOf(field: Field, name: string, variables: Record<string, unknown>): unknown {
  const v = field.args[name];
  if (v === undefined) return undefined;
  if (v !== null && typeof v === 'object' && 'variable' in v) return variables[v.variable] ?? null;
  if (v !== null && typeof v === 'object' && 'enum' in v) return v.enum;
  return v;
}

const isConnection = (field: Field) => 'first' in field.args || 'last' in field.args;

/** Shopify's requested cost: an object 1, a scalar 0, a connection 2 + first × its node. */
function requestedCost(fields: Field[], variables: Record<string, unknown>): number {
  let cost = 0;
  for (const field of fields) {
    if (field.selections.length === 0) continue;
    if (isConnection(field)) {
      const first = Number(argOf(field, 'first', variables) ?? 0);
      for (const child of field.selections) {
        if (child.name === 'nodes' || child.name === 'edges')
          cost += first * (1 + requestedCost(child.selections, variables));
        else if (child.selections.length > 0) cost += 1 + requestedCost(child.selections, variables);
      }
      cost += 2;
    } else {
      cost += 1 + requestedCost(field.selections, variables);
    }
  }
  return cost;
}

/** What the answer did cost: the same count over the nodes returned. */
function actualCost(fields: Field[], data: Record<string, unknown> | null): number {
  if (data === null) return 0;
  let cost = 0;
  for (const field of fields) {
    if (field.selections.length === 0) continue;
    const value = data[field.name];
    if (value === null || value === undefined) continue;
    if (isConnection(field)) {
      cost += 2;
      for (const child of field.selections) {
        const part = (value as Record<string, unknown>)[child.name];
        if (child.name === 'nodes') {
          for (const node of part as Record<string, unknown>[])
            cost += 1 + actualCost(child.selections, node);
        } else if (child.selections.length > 0) cost += 1;
      }
    } else if (Array.isArray(value)) {
      cost +=
        1 +
        value.reduce((sum: number, v) => sum + actualCost(field.selections, v as Record<string, unknown>), 0);
    } else {
      cost += 1 + actualCost(field.selections, value as Record<string, unknown>);
    }
  }
  return cost;
}

// ---- The shop.

export interface FakeShopOptions {
  /** Orders made by the generator, ids 1..generated. */
  generated?: number;
  orders?: FakeOrder[];
  now?: () => number;
  accessToken?: string;
  /** Lifetime of the tokens the client credentials grant issues (Shopify: 86,399 s). */
  tokenLifetimeSeconds?: number;
  maximumAvailable?: number;
  restoreRate?: number;
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
function decode<T>(text: string): T {
  try {
    return JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as T;
  } catch {
    throw new QueryError('Invalid cursor');
  }
}

const money = (amount: string) => ({ shopMoney: { amount, currencyCode: 'INR' } });

export class ShopifyFake {
  readonly requests: FakeRequest[] = [];
  readonly accessToken: string;
  /** Tokens issued by the client credentials grant, and until when (the fake's clock). */
  readonly issued = new Map<string, number>();
  tokenRequests = 0;
  readonly tokenLifetimeSeconds: number;
  readonly maximumAvailable: number;
  readonly restoreRate: number;
  now: () => number;
  #entries: Entry[] = [];
  #byId = new Map<number, Entry>();
  #available: number;
  #bucketAt: number;
  #failures: Failure[] = [];
  #afterPage = new Map<number, () => void>();
  #ordersPages = 0;
  #server: Server;
  url = '';

  constructor(options: FakeShopOptions = {}) {
    this.now = options.now ?? Date.now;
    this.accessToken = options.accessToken ?? FAKE_TOKEN;
    this.tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 86_399;
    this.maximumAvailable = options.maximumAvailable ?? 2000;
    this.restoreRate = options.restoreRate ?? 100;
    this.#available = this.maximumAvailable;
    this.#bucketAt = this.now();
    for (let id = 1; id <= (options.generated ?? 0); id++) {
      this.#entries.push({ id, updatedAt: BASE_TIME + id * 60_000 + 30_000, order: null });
    }
    for (const order of options.orders ?? [])
      this.#insert({ id: order.id, updatedAt: order.updatedAt, order });
    for (const entry of this.#entries) this.#byId.set(entry.id, entry);
    this.#server = createServer((req, res) => void this.#handle(req, res));
    this.#server.keepAliveTimeout = 60_000;
  }

  async start(): Promise<this> {
    this.#server.listen(0, '127.0.0.1');
    await once(this.#server, 'listening');
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    this.#server.close();
    await once(this.#server, 'close');
  }

  get orderCount(): number {
    return this.#entries.length;
  }

  order(id: number): FakeOrder {
    const entry = this.#byId.get(id);
    if (!entry) throw new Error(`No order ${id}`);
    return entry.order ?? { ...generatedOrder(id), updatedAt: entry.updatedAt };
  }

  /** Changes an order as staff would: its updatedAt moves to now (past every other order's). */
  update(id: number, change: Partial<Omit<FakeOrder, 'id' | 'updatedAt'>> = {}): FakeOrder {
    const order = { ...this.order(id), ...change };
    const last = this.#entries.at(-1)?.updatedAt ?? 0;
    order.updatedAt = Math.max(this.now(), last + 1000);
    const at = this.#entries.findIndex((e) => e.id === id);
    this.#entries.splice(at, 1);
    const entry = { id, updatedAt: order.updatedAt, order };
    this.#insert(entry);
    this.#byId.set(id, entry);
    return order;
  }

  /** Adds an order as it is, its updatedAt included (a change Shopify's search indexed late). */
  add(order: FakeOrder): void {
    const entry = { id: order.id, updatedAt: order.updatedAt, order };
    this.#insert(entry);
    this.#byId.set(order.id, entry);
  }

  cancel(id: number): FakeOrder {
    return this.update(id, { cancelledAt: iso(this.now()) });
  }

  /** The next `n` requests answer with `status` (and headers: Retry-After). */
  failNext(n: number, status: number, headers?: Record<string, string>): void {
    for (let i = 0; i < n; i++)
      this.#failures.push({ kind: 'status', status, ...(headers ? { headers } : {}) });
  }

  /** The next request answers 200 with a body that is no JSON, or JSON not of Shopify's shape. */
  malformedNext(kind: 'json' | 'shape'): void {
    this.#failures.push({ kind: kind === 'json' ? 'malformed-json' : 'malformed-shape' });
  }

  /** The next request answers ACCESS_DENIED (the app lacks read_orders). */
  denyNext(): void {
    this.#failures.push({ kind: 'access-denied' });
  }

  /** The next request's connection is cut before any answer. */
  resetNext(): void {
    this.#failures.push({ kind: 'reset' });
  }

  /** Runs `fn` once the `n`-th orders page (from 1) has been answered. */
  afterPage(n: number, fn: () => void): void {
    this.#afterPage.set(n, fn);
  }

  /** Empties the bucket, as another app's burst would: the next query waits or is throttled. */
  drain(available = 0): void {
    this.#available = available;
    this.#bucketAt = this.now();
  }

  #insert(entry: Entry): void {
    let lo = 0;
    let hi = this.#entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const e = this.#entries[mid] as Entry;
      if (e.updatedAt < entry.updatedAt || (e.updatedAt === entry.updatedAt && e.id < entry.id)) lo = mid + 1;
      else hi = mid;
    }
    this.#entries.splice(lo, 0, entry);
  }

  /** The index of the first entry after (updatedAt, id). */
  #after(updatedAt: number, id: number): number {
    let lo = 0;
    let hi = this.#entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const e = this.#entries[mid] as Entry;
      if (e.updatedAt < updatedAt || (e.updatedAt === updatedAt && e.id <= id)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  #refill(): void {
    const t = this.now();
    this.#available = Math.min(
      this.maximumAvailable,
      this.#available + ((t - this.#bucketAt) * this.restoreRate) / 1000,
    );
    this.#bucketAt = t;
  }

  #cost(requested: number, actual: number | null) {
    return {
      requestedQueryCost: requested,
      actualQueryCost: actual,
      throttleStatus: {
        maximumAvailable: this.maximumAvailable,
        currentlyAvailable: Math.floor(this.#available),
        restoreRate: this.restoreRate,
      },
    };
  }

  /** Revokes every token the client credentials grant issued (as an uninstall would). */
  revokeIssuedTokens(): void {
    this.issued.clear();
  }

  #tokenAccepted(token: unknown): boolean {
    if (token === this.accessToken) return true;
    const until = typeof token === 'string' ? this.issued.get(token) : undefined;
    return until !== undefined && this.now() < until;
  }

  /** POST /admin/oauth/access_token, form-encoded, as the client credentials grant is documented. */
  #grant(text: string, send: (status: number, body: unknown) => void): void {
    this.tokenRequests += 1;
    const form = new URLSearchParams(text);
    if (form.get('grant_type') !== 'client_credentials') {
      send(400, { error: 'unsupported_grant_type' });
      return;
    }
    if (
      form.get('client_id') !== FAKE_CLIENT.clientId ||
      form.get('client_secret') !== FAKE_CLIENT.clientSecret
    ) {
      send(400, { error: 'invalid_client', error_description: 'Client authentication failed' });
      return;
    }
    const token = `shpat_cc_${this.tokenRequests}`;
    this.issued.set(token, this.now() + this.tokenLifetimeSeconds * 1000);
    send(200, {
      access_token: token,
      scope: 'read_orders,read_products',
      expires_in: this.tokenLifetimeSeconds,
    });
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (req.method === 'POST' && req.url === '/admin/oauth/access_token') {
      this.#grant(Buffer.concat(chunks).toString('utf8'), send);
      return;
    }
    let body: { query?: string; variables?: Record<string, unknown>; operationName?: string };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      send(400, { errors: [{ message: 'Invalid JSON in request body' }] });
      return;
    }
    const variables = body.variables ?? {};
    const log: FakeRequest = { operation: body.operationName ?? '', variables, status: 200 };
    this.requests.push(log);
    if (req.method !== 'POST' || !/^\/admin\/api\/\d{4}-\d{2}\/graphql\.json$/.test(req.url ?? '')) {
      log.status = 404;
      send(404, { errors: 'Not Found' });
      return;
    }
    if (!this.#tokenAccepted(req.headers['x-shopify-access-token'])) {
      log.status = 401;
      send(401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
      return;
    }
    const failure = this.#failures.shift();
    if (failure?.kind === 'status') {
      log.status = failure.status;
      send(
        failure.status,
        { errors: failure.status >= 500 ? 'Internal Server Error' : 'Exceeded' },
        failure.headers,
      );
      return;
    }
    if (failure?.kind === 'malformed-json') {
      send(200, '{"data":{"orders":');
      return;
    }
    if (failure?.kind === 'reset') {
      req.socket.destroy();
      return;
    }
    let operation: Operation;
    try {
      operation = parse(body.query ?? '');
    } catch (error) {
      send(200, { errors: [{ message: (error as Error).message, extensions: { code: 'PARSE_ERROR' } }] });
      return;
    }
    if (body.operationName && operation.name !== body.operationName) {
      send(200, { errors: [{ message: `No operation named "${body.operationName}"` }] });
      return;
    }
    const requested = requestedCost(operation.selections, variables);
    log.requestedCost = requested;
    if (requested > 1000) {
      send(200, {
        errors: [
          {
            message: `Query cost is ${requested}, which exceeds the single query max cost limit (1000).`,
            extensions: { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost: 1000 },
          },
        ],
      });
      return;
    }
    this.#refill();
    if (this.#available < requested) {
      log.throttled = true;
      send(200, {
        errors: [
          {
            message: 'Throttled',
            extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
          },
        ],
        extensions: { cost: this.#cost(requested, null) },
      });
      return;
    }
    if (failure?.kind === 'access-denied') {
      send(200, {
        data: null,
        errors: [
          {
            message: 'Access denied for orders field. Required access: `read_orders` access scope.',
            extensions: {
              code: 'ACCESS_DENIED',
              documentation: 'https://shopify.dev/api/usage/access-scopes',
            },
          },
        ],
        extensions: { cost: this.#cost(requested, null) },
      });
      return;
    }
    let data: Record<string, unknown>;
    try {
      data = this.#execute(operation.selections, variables);
    } catch (error) {
      if (!(error instanceof QueryError)) throw error;
      send(200, { errors: [{ message: error.message, extensions: { code: 'BAD_REQUEST' } }] });
      return;
    }
    const actual = actualCost(operation.selections, data);
    this.#available -= actual;
    if (failure?.kind === 'malformed-shape') {
      // A field of the wrong type, as a changed API version would send.
      const orders = data.orders as { nodes: { updatedAt: unknown }[] } | undefined;
      if (orders?.nodes[0]) orders.nodes[0].updatedAt = 12345;
      else data = { unexpected: true };
    }
    send(200, { data, extensions: { cost: this.#cost(requested, actual) } });
    if (operation.selections.some((f) => f.name === 'orders')) {
      this.#ordersPages += 1;
      const hook = this.#afterPage.get(this.#ordersPages);
      if (hook) {
        this.#afterPage.delete(this.#ordersPages);
        hook();
      }
    }
  }

  #execute(fields: Field[], variables: Record<string, unknown>): Record<string, unknown> {
    const data: Record<string, unknown> = {};
    for (const field of fields) {
      if (field.name === 'shop')
        data.shop = project({ name: 'Kura Japan' }, field.selections, 'Shop', variables);
      else if (field.name === 'orders') data.orders = this.#orders(field, variables);
      else if (field.name === 'order') {
        const id = String(argOf(field, 'id', variables));
        const match = /^gid:\/\/shopify\/Order\/(\d+)$/.exec(id);
        const entry = match ? this.#byId.get(Number(match[1])) : undefined;
        data.order = entry ? project(this.#node(entry), field.selections, 'Order', variables) : null;
      } else throw new QueryError(`Field '${field.name}' doesn't exist on type 'QueryRoot'`);
    }
    return data;
  }

  #orders(field: Field, variables: Record<string, unknown>) {
    const first = Number(argOf(field, 'first', variables));
    if (!Number.isInteger(first) || first < 1 || first > 250)
      throw new QueryError('first must be between 1 and 250');
    if (argOf(field, 'sortKey', variables) !== 'UPDATED_AT')
      throw new QueryError('This fake sorts by UPDATED_AT only');
    let start = 0;
    const query = argOf(field, 'query', variables);
    if (query !== null && query !== undefined) {
      const match = /^updated_at:>'([^']+)'$/.exec(String(query));
      if (!match) throw new QueryError(`This fake does not search ${String(query)}`);
      const since = Date.parse(match[1] as string);
      start = this.#after(since, Number.MAX_SAFE_INTEGER);
    }
    const after = argOf(field, 'after', variables);
    if (typeof after === 'string') {
      const [updatedAt, id] = decode<[number, number]>(after);
      const from = Math.max(start, this.#after(updatedAt, id));
      // Shopify pages no deeper than 25,000 objects into a list. (The text is this fake's own.)
      if (from - start + first > PAGINATION_DEPTH) {
        throw new QueryError(`Pagination is limited to ${PAGINATION_DEPTH} objects: narrow the search`);
      }
      start = from;
    }
    const page = this.#entries.slice(start, start + first);
    const last = page.at(-1);
    const result: Record<string, unknown> = {};
    for (const child of field.selections) {
      if (child.name === 'nodes') {
        result.nodes = page.map((entry) => project(this.#node(entry), child.selections, 'Order', variables));
      } else if (child.name === 'pageInfo') {
        result.pageInfo = project(
          {
            hasNextPage: start + first < this.#entries.length,
            hasPreviousPage: start > 0,
            endCursor: last ? encode([last.updatedAt, last.id]) : null,
            startCursor: page[0] ? encode([page[0].updatedAt, page[0].id]) : null,
          },
          child.selections,
          'PageInfo',
          variables,
        );
      } else throw new QueryError(`Field '${child.name}' doesn't exist on type 'OrderConnection'`);
    }
    return result;
  }

  /** An order as the schema's objects, its line items a connection resolved when asked. */
  #node(entry: Entry): Record<string, unknown> {
    const order = entry.order ?? generatedOrder(entry.id);
    const address = order.shipping;
    return {
      __typename: 'Order',
      id: `gid://shopify/Order/${order.id}`,
      name: order.name,
      createdAt: order.createdAt,
      updatedAt: iso(entry.updatedAt),
      cancelledAt: order.cancelledAt,
      currencyCode: order.currencyCode,
      email: order.email,
      phone: order.phone,
      totalDiscountsSet: { shopMoney: { amount: order.discount, currencyCode: order.currencyCode } },
      shippingAddress: address,
      billingAddress: order.billingName === null ? null : { name: order.billingName },
      lineItems: new Connection(
        order.lines.map((line) => ({
          sku: line.sku,
          name: line.name,
          quantity: line.quantity,
          originalUnitPriceSet: { shopMoney: { amount: line.price, currencyCode: order.currencyCode } },
          taxLines: line.taxes.map((amount) => ({ priceSet: money(amount) })),
        })),
      ),
    };
  }
}

/** A list answered as a Relay connection (cursor = the item's index). */
class Connection {
  constructor(readonly items: Record<string, unknown>[]) {}
}

function project(value: unknown, fields: Field[], type: string, variables: Record<string, unknown>): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((v) => project(v, fields, type, variables));
  if (typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    if (!(field.name in source))
      throw new QueryError(`Field '${field.name}' doesn't exist on type '${type}'`);
    const v = source[field.name];
    if (v instanceof Connection) {
      const first = Number(argOf(field, 'first', variables));
      if (!Number.isInteger(first) || first < 1 || first > 250)
        throw new QueryError('first must be between 1 and 250');
      const after = argOf(field, 'after', variables);
      const start = typeof after === 'string' ? decode<number>(after) + 1 : 0;
      const page = v.items.slice(start, start + first);
      const connection: Record<string, unknown> = {};
      for (const child of field.selections) {
        if (child.name === 'nodes')
          connection.nodes = page.map((item) => project(item, child.selections, field.name, variables));
        else if (child.name === 'pageInfo') {
          connection.pageInfo = project(
            {
              hasNextPage: start + first < v.items.length,
              hasPreviousPage: start > 0,
              endCursor: page.length > 0 ? encode(start + page.length - 1) : null,
              startCursor: page.length > 0 ? encode(start) : null,
            },
            child.selections,
            'PageInfo',
            variables,
          );
        } else throw new QueryError(`Field '${child.name}' doesn't exist on a connection`);
      }
      out[field.name] = connection;
    } else if (field.selections.length > 0) {
      out[field.name] = project(v, field.selections, field.name, variables);
    } else {
      if (v !== null && typeof v === 'object')
        throw new QueryError(`Field '${field.name}' must have selections`);
      out[field.name] = v;
    }
  }
  return out;
}

export async function startShopifyFake(options: FakeShopOptions = {}): Promise<ShopifyFake> {
  return new ShopifyFake(options).start();
}
