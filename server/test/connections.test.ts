/**
 * Live sync's connections over HTTP on each database, with a scripted platform source: the
 * routes' contract and access (secrets never in an answer, the database or a log line), a run
 * storing orders and counting them, a cancellation after import giving stock back, mapping an
 * unmatched SKU applying its waiting lines, the platform refusing the credentials stopping the
 * connection, three failures making it failing, and, on PostgreSQL, two servers on one database
 * asked to sync at once running one run.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/app';
import type { ServerConfig } from '../src/config';
import type { SourceFactory } from '../src/connections/connections.service';
import {
  PlatformError,
  type ConnectionKind,
  type PlatformSource,
  type SourcePage,
} from '../src/connections/platform-source';
import type { ImportLine } from '../src/order-import/import-line';
import { withJanCheckDigit } from '#shared/domain/jan';
import { FAKE_CREDENTIALS, FAKE_REGION_TOKENS, startAmazonFake, type AmazonFake } from './fakes/amazon-fake';
import { FAKE_CLIENT, FAKE_TOKEN, startShopifyFake, type ShopifyFake } from './fakes/shopify-fake';
import { client, createProduct, setupAccounts, type Client } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

const TOKEN = 'shpat_live_secret_0123456789abcdef';
const NEW_TOKEN = 'shpat_rotated_secret_fedcba9876543210';
const AMAZON_SECRET = 'amzn-client-secret-ABCDEF';
const AMAZON_REFRESH = 'Atzr|refresh-token-XYZ';
const JP = 'A1VC38T7YXB528';
const IN = 'A21TJRUUN4KGV';

let rowCounter = 0;
export function line(orderId: string, sku: string, fields: Partial<ImportLine> = {}): ImportLine {
  rowCounter += 1;
  return {
    row: rowCounter,
    platformCode: 'SHOPIFY',
    orderId,
    orderDate: '2026-11-20',
    sku,
    asin: '',
    name: `Product ${sku}`,
    orderQuantity: 1,
    currency: 'INR',
    baseOrderPrice: 150000,
    discount: 0,
    gst: 0,
    cancelled: false,
    customer: null,
    ...fields,
  };
}

/**
 * A platform as a script: `pages` are what the platform has after each cursor (cursor n = the
 * pages from n on); `failures` are thrown, one per run, before the page they name; `gate` holds
 * the first page until it is opened.
 */
class Script {
  pages: ImportLine[][] = [];
  failures: { before: number; error: Error }[] = [];
  testError: Error | null = null;
  gate: Promise<void> | null = null;
  seen: { settings: unknown; secrets: Record<string, string> }[] = [];
  fetchedFrom: (string | null)[] = [];

  factory: SourceFactory = (kind, settings, secrets) => {
    this.seen.push({ settings, secrets });
    return scriptedSource(this, kind);
  };
}

function scriptedSource(script: Script, kind: ConnectionKind): PlatformSource {
  return {
    kind,
    async *pages(cursor: string | null): AsyncIterable<SourcePage> {
      script.fetchedFrom.push(cursor);
      if (script.gate) await script.gate;
      for (let i = cursor ? Number(cursor) : 0; i < script.pages.length; i += 1) {
        const failure = script.failures.findIndex((f) => f.before === i);
        if (failure >= 0) throw script.failures.splice(failure, 1)[0]?.error;
        const lines = script.pages[i] as ImportLine[];
        yield {
          lines,
          orders: new Set(lines.map((l) => l.orderId)).size,
          cursor: String(i + 1),
          more: i + 1 < script.pages.length,
        };
      }
    },
    async test() {
      if (script.testError) throw script.testError;
    },
  };
}

/** Every line a logger wrote, as text. */
function capturingLogger(config: Partial<ServerConfig>): { logger: FastifyBaseLogger; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const options = loggerOptions({ logLevel: 'trace', ...config } as ServerConfig) as pino.LoggerOptions;
  return { logger: pino(options, stream) as unknown as FastifyBaseLogger, text: () => chunks.join('') };
}

async function waitForRun(api: Client, token: string, kind: string, runId: string) {
  for (let i = 0; i < 400; i += 1) {
    const runs = await api.get(`/api/v1/connections/${kind}/runs`, { token });
    const run = runs.body.data.find((r: { runId: string }) => r.runId === runId);
    if (run && run.status !== 'running') return run;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`run ${runId} did not finish`);
}

describe.each(testDialects())('connections (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: { token: string; user: { _id: string } };
  let orderCreator: { token: string };
  const script = new Script();
  const logs = capturingLogger({});
  let sen: string;
  let matcha: string;

  const connection = async (kind: string) =>
    (await api.get('/api/v1/connections', { token: admin.token })).body.data.find(
      (c: { kind: string }) => c.kind === kind,
    );
  const sync = async (kind = 'shopify') => {
    const res = await api.post(`/api/v1/connections/${kind}/sync`, undefined, { token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    return waitForRun(api, admin.token, kind, res.body.runId as string);
  };
  const ordersOf = (orderId: string) =>
    server.app.db
      .selectFrom('orders')
      .select(['order_id', 'product_id', 'shipment_status', 'order_quantity', 'created_by'])
      .where('order_id', '=', orderId)
      .execute();
  const stockOf = async (id: string) =>
    (
      await server.app.db
        .selectFrom('products')
        .select('in_stock_quantity')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).in_stock_quantity;

  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      logger: logs.logger,
      options: { connectionSources: script.factory, connectionSchedule: false },
    });
    api = client(server.url);
    const accounts = await setupAccounts(api);
    admin = accounts.admin;
    orderCreator = await accounts.withRole('orderCreator');
    sen = await createProduct(api, admin, { skuCode: 'SEN-1', inStockQuantity: 10 });
    matcha = await createProduct(api, admin, {
      name: 'Matcha',
      skuCode: 'MAT-1',
      janCode: '4901234567801',
      inStockQuantity: 10,
      availablePlatforms: [{ code: 'AMAZONIND', asin: 'B0MATCHA01' }],
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('is for admins only', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/v1/connections'],
      [
        'PUT',
        '/api/v1/connections/shopify',
        { shopDomain: 'kura.myshopify.com', accessToken: TOKEN, enabled: true },
      ],
      ['POST', '/api/v1/connections/shopify/sync'],
      ['GET', '/api/v1/connections/shopify/runs'],
      ['POST', '/api/v1/connections/shopify/test'],
      ['GET', '/api/v1/connections/shopify/unmatched'],
      ['POST', '/api/v1/connections/shopify/unmatched/map', { sku: 'X', productId: sen }],
    ];
    for (const [method, path, body] of calls) {
      const res = await api.request(method, path, { token: orderCreator.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await api.request(method, path, { body })).status).toBe(401);
    }
  });

  it('saves a connection, keeps its secrets sealed and never answers them', async () => {
    expect((await api.get('/api/v1/connections', { token: admin.token })).body).toEqual({ data: [] });
    const notYet = await api.post('/api/v1/connections/shopify/sync', undefined, { token: admin.token });
    expect(notYet.status).toBe(404);
    expect(notYet.body.code).toBe('connectionNotConfigured');

    const first = await api.put(
      '/api/v1/connections/shopify',
      { shopDomain: 'kura.myshopify.com', enabled: true },
      { token: admin.token },
    );
    expect(first.status).toBe(400);
    expect(first.body).toMatchObject({ code: 'connectionSecretRequired', params: { field: 'accessToken' } });

    for (const bad of [
      { shopDomain: 'kura.example.com', accessToken: TOKEN, enabled: true },
      { shopDomain: 'kura.myshopify.com', accessToken: TOKEN, enabled: true, intervalMinutes: 0 },
      { shopDomain: 'kura.myshopify.com', accessToken: TOKEN, enabled: true, intervalMinutes: 1441 },
    ]) {
      expect((await api.put('/api/v1/connections/shopify', bad, { token: admin.token })).status).toBe(400);
    }

    const saved = await api.put(
      '/api/v1/connections/shopify',
      { shopDomain: 'Kura.myshopify.com', accessToken: TOKEN, enabled: true },
      { token: admin.token },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({
      kind: 'shopify',
      settings: { shopDomain: 'kura.myshopify.com' },
      enabled: true,
      intervalMinutes: 5,
      state: 'idle',
      lastRun: null,
      consecutiveFailures: 0,
      unmatchedWaiting: 0,
      savedBy: { _id: admin.user._id },
    });
    expect(saved.body.data.accessTokenSetAt).toEqual(expect.any(String));

    for (const bad of [
      { clientId: 'amzn1.app', clientSecret: 'a', refreshToken: 'b', marketplaceIds: [], enabled: true },
      {
        clientId: 'amzn1.app',
        clientSecret: 'a',
        refreshToken: 'b',
        marketplaceIds: ['ATVPDKIKX0DER'],
        enabled: true,
      },
    ]) {
      expect((await api.put('/api/v1/connections/amazon', bad, { token: admin.token })).status).toBe(400);
    }
    const noRefresh = await api.put(
      '/api/v1/connections/amazon',
      {
        clientId: 'amzn1.app',
        clientSecret: AMAZON_SECRET,
        marketplaceIds: ['A21TJRUUN4KGV'],
        enabled: false,
      },
      { token: admin.token },
    );
    expect(noRefresh.body).toMatchObject({
      code: 'connectionSecretRequired',
      params: { field: 'refreshToken' },
    });
    const amazon = await api.put(
      '/api/v1/connections/amazon',
      {
        clientId: 'amzn1.app',
        clientSecret: AMAZON_SECRET,
        refreshToken: AMAZON_REFRESH,
        marketplaceIds: ['A1VC38T7YXB528', 'A21TJRUUN4KGV'],
        enabled: false,
        intervalMinutes: 60,
      },
      { token: admin.token },
    );
    expect(amazon.status, JSON.stringify(amazon.body)).toBe(200);
    expect(amazon.body.data).toMatchObject({
      kind: 'amazon',
      settings: { clientId: 'amzn1.app', marketplaceIds: ['A1VC38T7YXB528', 'A21TJRUUN4KGV'] },
      enabled: false,
      intervalMinutes: 60,
    });
    expect(amazon.body.data.clientSecretSetAt).toEqual(expect.any(String));
    expect(amazon.body.data.refreshTokenSetAt).toEqual(expect.any(String));

    // A save without the secret keeps it.
    const kept = await api.put(
      '/api/v1/connections/amazon',
      { clientId: 'amzn1.app', marketplaceIds: ['A21TJRUUN4KGV'], enabled: false },
      { token: admin.token },
    );
    expect(kept.status).toBe(200);
    expect(kept.body.data.refreshTokenSetAt).toBe(amazon.body.data.refreshTokenSetAt);

    const list = await api.get('/api/v1/connections', { token: admin.token });
    expect(list.body.data.map((c: { kind: string }) => c.kind)).toEqual(['amazon', 'shopify']);
    const stored = await server.app.db.selectFrom('connections').select(['kind', 'secrets']).execute();
    const everything = JSON.stringify([saved.body, amazon.body, kept.body, list.body, stored]);
    for (const secret of [TOKEN, AMAZON_SECRET, AMAZON_REFRESH]) expect(everything).not.toContain(secret);

    // The source is given the secrets in clear.
    script.testError = null;
    expect(
      (await api.post('/api/v1/connections/amazon/test', undefined, { token: admin.token })).status,
    ).toBe(200);
    expect(script.seen.at(-1)?.secrets).toEqual({
      clientSecret: AMAZON_SECRET,
      refreshToken: AMAZON_REFRESH,
    });
  });

  it('tests a connection and answers the platform’s message', async () => {
    script.testError = null;
    const ok = await api.post('/api/v1/connections/shopify/test', undefined, { token: admin.token });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true });
    expect(script.seen.at(-1)?.secrets).toEqual({ accessToken: TOKEN });
    script.testError = new PlatformError('auth', 'forbidden', {}, 401);
    const refused = await api.post('/api/v1/connections/shopify/test', undefined, { token: admin.token });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('forbidden');
    script.testError = null;
  });

  it('stores a run’s orders and counts created, updated, unmatched and errors', async () => {
    script.pages = [
      [line('#1001', 'SEN-1', { orderQuantity: 2 }), line('#1002', 'sen-1'), line('#1003', 'UNKNOWN-1')],
      [
        line('#1004', 'MAT-1'),
        line('#1004', 'MAT-1'), // the same line twice in one order: an error, as in a report
        line('#1002', 'SEN-1', { cancelled: true }),
      ],
    ];
    const run = await sync();
    expect(run).toMatchObject({
      status: 'succeeded',
      created: 3,
      updated: 1,
      unmatched: 1,
      errors: 1,
      message: null,
    });
    expect(await ordersOf('#1001')).toMatchObject([
      { product_id: sen, shipment_status: 'RECEIVED', order_quantity: 2, created_by: admin.user._id },
    ]);
    expect(await ordersOf('#1002')).toMatchObject([{ shipment_status: 'CANCELLED' }]);
    expect(await ordersOf('#1004')).toHaveLength(1);
    expect(await ordersOf('#1003')).toEqual([]);
    const shopify = await connection('shopify');
    expect(shopify).toMatchObject({ state: 'idle', unmatchedWaiting: 1, lastRun: { runId: run.runId } });

    // Nothing new: the next run starts at the stored cursor and changes nothing.
    const again = await sync();
    expect(again).toMatchObject({ status: 'succeeded', created: 0, updated: 0, unmatched: 0 });
    expect(script.fetchedFrom.at(-1)).toBe('2');
  });

  it('gives stock back when the platform cancels an accepted order', async () => {
    const [stored] = await server.app.db
      .selectFrom('orders')
      .select('id')
      .where('order_id', '=', '#1001')
      .execute();
    const accepted = await api.put(
      `/api/v1/orders/${stored?.id}`,
      { shipmentStatus: 'ACCEPTED' },
      { token: admin.token },
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(await stockOf(sen)).toBe(8);
    script.pages.push([line('#1001', 'SEN-1', { orderQuantity: 2, cancelled: true })]);
    expect(await sync()).toMatchObject({ status: 'succeeded', created: 0, updated: 1 });
    expect(await ordersOf('#1001')).toMatchObject([{ shipment_status: 'CANCELLED' }]);
    expect(await stockOf(sen)).toBe(10);
  });

  it('maps an unmatched SKU to a product and applies its waiting lines at once', async () => {
    script.pages.push([
      line('#1005', 'UNKNOWN-1', { orderQuantity: 3 }),
      line('#1006', '', { asin: 'B0NOSKU' }),
    ]);
    expect(await sync()).toMatchObject({ created: 0, unmatched: 2 });
    const groups = await api.get('/api/v1/connections/shopify/unmatched', { token: admin.token });
    expect(groups.body.data).toEqual([
      { sku: 'UNKNOWN-1', asin: '', name: 'Product UNKNOWN-1', lines: 2, orders: 2 },
      { sku: '', asin: 'B0NOSKU', name: 'Product ', lines: 1, orders: 1 },
    ]);
    const both = await api.post(
      '/api/v1/connections/shopify/unmatched/map',
      { sku: 'UNKNOWN-1', asin: 'B0NOSKU', productId: sen },
      { token: admin.token },
    );
    expect(both.status).toBe(400);
    const missing = await api.post(
      '/api/v1/connections/shopify/unmatched/map',
      { sku: 'UNKNOWN-1', productId: crypto.randomUUID() },
      { token: admin.token },
    );
    expect(missing.status).toBe(404);

    const mapped = await api.post(
      '/api/v1/connections/shopify/unmatched/map',
      { sku: 'unknown-1', productId: matcha },
      { token: admin.token },
    );
    expect(mapped.status, JSON.stringify(mapped.body)).toBe(200);
    expect(mapped.body).toEqual({ applied: 2, created: 2, updated: 0, errors: 0 });
    expect(await ordersOf('#1003')).toMatchObject([{ product_id: matcha }]);
    expect(await ordersOf('#1005')).toMatchObject([{ product_id: matcha, order_quantity: 3 }]);
    const left = await api.get('/api/v1/connections/shopify/unmatched', { token: admin.token });
    expect(left.body.data.map((g: { asin: string }) => g.asin)).toEqual(['B0NOSKU']);
    expect((await connection('shopify')).unmatchedWaiting).toBe(1);

    // Later lines of the SKU match the remembered product first.
    script.pages.push([line('#1007', 'UNKNOWN-1')]);
    expect(await sync()).toMatchObject({ created: 1, unmatched: 0 });
    expect(await ordersOf('#1007')).toMatchObject([{ product_id: matcha }]);
  });

  it('applies lines left waiting at the next run once a product has their SKU', async () => {
    script.pages.push([line('#1108', 'LATER-1', { orderQuantity: 2 }), line('#1109', 'LATER-2')]);
    expect(await sync()).toMatchObject({ created: 0, unmatched: 2 });
    const later = await createProduct(api, admin, {
      name: 'Hojicha',
      skuCode: 'later-1',
      janCode: '4901234567818',
      inStockQuantity: 5,
    });

    // No new page: the run applies the waiting line the new product matches, and only it.
    const run = await sync();
    expect(run).toMatchObject({ status: 'succeeded', created: 1, updated: 0, unmatched: 0, errors: 0 });
    expect(await ordersOf('#1108')).toMatchObject([{ product_id: later, order_quantity: 2 }]);
    expect(await ordersOf('#1109')).toEqual([]);
    const left = await api.get('/api/v1/connections/shopify/unmatched', { token: admin.token });
    expect(left.body.data.map((g: { sku: string }) => g.sku).sort()).toEqual(['', 'LATER-2']);

    // Applied once: the next run finds nothing more to do.
    expect(await sync()).toMatchObject({ created: 0, updated: 0 });
    expect(await ordersOf('#1108')).toHaveLength(1);
  });

  it('answers the running run’s id to a second request while one runs', async () => {
    let open!: () => void;
    script.gate = new Promise((resolve) => (open = resolve));
    script.pages.push([line('#1008', 'SEN-1')]);
    const [a, b] = await Promise.all([
      api.post('/api/v1/connections/shopify/sync', undefined, { token: admin.token }),
      api.post('/api/v1/connections/shopify/sync', undefined, { token: admin.token }),
    ]);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(b.body.runId).toBe(a.body.runId);
    expect((await connection('shopify')).state).toBe('running');
    open();
    script.gate = null;
    expect(await waitForRun(api, admin.token, 'shopify', a.body.runId)).toMatchObject({ created: 1 });
    expect(await ordersOf('#1008')).toHaveLength(1);
  });

  it('stops the connection when the platform refuses the credentials, until new ones are saved', async () => {
    script.pages.push([line('#1009', 'SEN-1')]);
    script.failures.push({
      before: script.pages.length - 1,
      error: new PlatformError('auth', 'forbidden', {}, 401),
    });
    const run = await sync();
    expect(run).toMatchObject({ status: 'failed', messageCode: 'forbidden' });
    expect(await connection('shopify')).toMatchObject({
      state: 'stopped',
      stateMessageCode: 'forbidden',
      consecutiveFailures: 0,
    });
    const refused = await api.post('/api/v1/connections/shopify/sync', undefined, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('connectionStopped');

    // Saving without a new token keeps it stopped; a new token clears it.
    const same = await api.put(
      '/api/v1/connections/shopify',
      { shopDomain: 'kura.myshopify.com', enabled: true },
      { token: admin.token },
    );
    expect(same.body.data.state).toBe('stopped');
    const fixed = await api.put(
      '/api/v1/connections/shopify',
      { shopDomain: 'kura.myshopify.com', accessToken: NEW_TOKEN, enabled: true },
      { token: admin.token },
    );
    expect(fixed.body.data).toMatchObject({ state: 'idle', stateMessage: null });
    expect(await sync()).toMatchObject({ status: 'succeeded', created: 1 });
    expect(script.seen.at(-1)?.secrets).toEqual({ accessToken: NEW_TOKEN });
  });

  it('is failing after three failed runs in a row, and idle again after a good one', async () => {
    script.pages.push([line('#1010', 'SEN-1')]);
    const at = script.pages.length - 1;
    for (let i = 1; i <= 3; i += 1) {
      script.failures.push({ before: at, error: new PlatformError('server', 'somethingWentWrong', {}, 503) });
      expect(await sync()).toMatchObject({ status: 'failed', messageCode: 'somethingWentWrong' });
      expect(await connection('shopify')).toMatchObject({
        state: i < 3 ? 'idle' : 'failing',
        consecutiveFailures: i,
      });
    }
    expect(await connection('shopify')).toMatchObject({ stateMessageCode: 'somethingWentWrong' });
    // An unexpected error (not the platform's) fails the run too, without its details.
    script.failures.push({ before: at, error: new Error('socket hang up at 10.0.0.1') });
    expect(await sync()).toMatchObject({ status: 'failed', messageCode: 'connectionSyncFailed' });
    expect((await connection('shopify')).consecutiveFailures).toBe(4);
    expect(await sync()).toMatchObject({ status: 'succeeded', created: 1 });
    expect(await connection('shopify')).toMatchObject({ state: 'idle', consecutiveFailures: 0 });
  });

  it('keeps the last 50 runs newest first', async () => {
    const runs = await api.get('/api/v1/connections/shopify/runs', { token: admin.token });
    expect(runs.status).toBe(200);
    const started = runs.body.data.map((r: { startedAt: string }) => r.startedAt);
    expect(started).toEqual([...started].sort().reverse());
    expect(runs.body.data.length).toBeGreaterThan(5);
  });

  it('never writes a secret to the log', () => {
    const text = logs.text();
    expect(text.length).toBeGreaterThan(1000);
    for (const secret of [TOKEN, NEW_TOKEN, AMAZON_SECRET, AMAZON_REFRESH])
      expect(text).not.toContain(secret);
  });
});

describe.each(testDialects())('connections through the platform clients, against fakes (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: { token: string };
  let shop: ShopifyFake;
  let amazon: AmazonFake;

  beforeAll(async () => {
    shop = await startShopifyFake({ generated: 6 });
    amazon = await startAmazonFake({ orders: 12 });
    server = await startTestServer({
      dialect,
      config: {
        platformEndpoints: {
          shopifyApiBase: shop.url,
          spapiEndpointFe: amazon.url,
          spapiEndpointEu: amazon.url,
          lwaTokenUrl: amazon.lwaUrl,
        },
      },
      options: { connectionSchedule: false },
    });
    api = client(server.url);
    admin = (await setupAccounts(api)).admin;
    // Kura knows some of the platforms' SKUs: the others wait for a product.
    for (const n of [1, 2, 3]) {
      await createProduct(api, admin, {
        name: `Matcha ${n}`,
        skuCode: `SKU-${n}`,
        janCode: withJanCheckDigit(`49000001000${n}`),
        availablePlatforms: [],
      });
    }
    const jp = [...amazon.orders.values()].find(
      (o) => o.order.MarketplaceId === 'A1VC38T7YXB528' && o.order.OrderStatus === 'Shipped',
    )!;
    await createProduct(api, admin, {
      name: 'Hojicha',
      skuCode: jp.items[0]!.SellerSKU,
      janCode: withJanCheckDigit('490000020000'),
      availablePlatforms: [],
    });
  });

  afterAll(async () => {
    await server?.close();
    await shop?.close();
    await amazon?.close();
  });

  const syncRun = async (kind: string) => {
    const res = await api.post(`/api/v1/connections/${kind}/sync`, undefined, { token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    return waitForRun(api, admin.token, kind, res.body.runId as string);
  };
  const platformOrders = (platform: string) =>
    server.app.db
      .selectFrom('orders')
      .select(['order_id', 'base_order_price', 'currency'])
      .where('platform_code', '=', platform as never)
      .execute();

  it("syncs the shop's orders through Shopify's GraphQL Admin API; a refused token stops it with Shopify's reason", async () => {
    const saved = await api.put(
      '/api/v1/connections/shopify',
      { shopDomain: 'kura-test.myshopify.com', accessToken: FAKE_TOKEN, enabled: true },
      { token: admin.token },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const test = await api.post('/api/v1/connections/shopify/test', undefined, { token: admin.token });
    expect(test.status, JSON.stringify(test.body)).toBe(200);

    const run = await syncRun('shopify');
    expect(run, JSON.stringify(run)).toMatchObject({ status: 'succeeded', errors: 0 });
    expect(run.created).toBeGreaterThan(0);
    expect(run.unmatched).toBeGreaterThan(0);
    const orders = await platformOrders('SHOPIFY');
    expect(orders.length).toBe(run.created);
    expect(orders.map((o) => o.order_id)).toContain('#1001');
    expect(new Set(orders.map((o) => o.currency))).toEqual(new Set(['INR']));
    expect(shop.requests.length).toBeGreaterThan(0);

    // A second run finds nothing new: the cursor moved on, the upsert absorbs the overlap.
    const again = await syncRun('shopify');
    expect(again).toMatchObject({ status: 'succeeded', created: 0 });
    expect((await platformOrders('SHOPIFY')).length).toBe(orders.length);

    await api.put(
      '/api/v1/connections/shopify',
      { shopDomain: 'kura-test.myshopify.com', accessToken: 'shpat_revoked', enabled: true },
      { token: admin.token },
    );
    const refused = await syncRun('shopify');
    expect(refused).toMatchObject({
      status: 'failed',
      messageCode: 'shopifyTokenRefused',
      message: 'Shopify refused the token: check that the app has read_orders',
    });
    const list = await api.get('/api/v1/connections', { token: admin.token });
    expect(list.body.data.find((c: { kind: string }) => c.kind === 'shopify')).toMatchObject({
      state: 'stopped',
      stateMessageCode: 'shopifyTokenRefused',
    });

    // A Dev Dashboard app instead: its client id and secret, exchanged at the shop for tokens.
    const noSecret = await api.put(
      '/api/v1/connections/shopify',
      { shopDomain: 'kura-test.myshopify.com', clientId: FAKE_CLIENT.clientId, enabled: true },
      { token: admin.token },
    );
    expect(noSecret.status).toBe(400);
    expect(noSecret.body).toMatchObject({
      code: 'connectionSecretRequired',
      params: { field: 'clientSecret' },
    });
    const switched = await api.put(
      '/api/v1/connections/shopify',
      { shopDomain: 'kura-test.myshopify.com', ...FAKE_CLIENT, enabled: true },
      { token: admin.token },
    );
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    expect(switched.body.data).toMatchObject({
      settings: { shopDomain: 'kura-test.myshopify.com', clientId: FAKE_CLIENT.clientId },
      state: 'idle',
    });
    expect(switched.body.data.clientSecretSetAt).toEqual(expect.any(String));
    expect(switched.body.data.accessTokenSetAt).toBeUndefined();
    expect(JSON.stringify(switched.body)).not.toContain(FAKE_CLIENT.clientSecret);
    const granted = await syncRun('shopify');
    expect(granted).toMatchObject({ status: 'succeeded', created: 0 });
    expect(shop.tokenRequests).toBe(1);
  });

  it('syncs Amazon.co.jp through the Selling Partner API with a token from Login with Amazon', async () => {
    const saved = await api.put(
      '/api/v1/connections/amazon',
      { ...FAKE_CREDENTIALS, marketplaceIds: ['A1VC38T7YXB528'], enabled: true },
      { token: admin.token },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const test = await api.post('/api/v1/connections/amazon/test', undefined, { token: admin.token });
    expect(test.status, JSON.stringify(test.body)).toBe(200);

    const run = await syncRun('amazon');
    expect(run, JSON.stringify(run)).toMatchObject({ status: 'succeeded' });
    expect(run.created).toBeGreaterThan(0);
    const orders = await platformOrders('AMAZONJP');
    expect(orders.length).toBe(run.created);
    expect(new Set(orders.map((o) => o.currency))).toEqual(new Set(['JPY']));
    // India was not chosen: none of its orders came in.
    expect(await platformOrders('AMAZONIND')).toEqual([]);
    expect(amazon.requests.some((r) => r.operation === 'token')).toBe(true);
  });
});

describe.each(testDialects())(
  'the Amazon connection with a refresh token per region, against the fake (%s)',
  (dialect) => {
    let server: TestServer;
    let api: Client;
    let admin: { token: string };
    let amazon: AmazonFake;
    const logs = capturingLogger({});
    const REVOKED_INDIA = 'Atzr|revoked-india-account';
    const base = { clientId: FAKE_CREDENTIALS.clientId, marketplaceIds: [JP, IN], enabled: true };

    beforeAll(async () => {
      amazon = await startAmazonFake({ orders: 16 });
      server = await startTestServer({
        dialect,
        logger: logs.logger,
        config: {
          platformEndpoints: {
            // Each region's own endpoint: it refuses an access token of the other region's account.
            shopifyApiBase: null,
            spapiEndpointFe: amazon.regionUrl.fe,
            spapiEndpointEu: amazon.regionUrl.eu,
            lwaTokenUrl: amazon.lwaUrl,
          },
        },
        options: { connectionSchedule: false },
      });
      api = client(server.url);
      admin = (await setupAccounts(api)).admin;
      // Every SKU of the fake's orders is a product: every order that is not pending comes in.
      const skus = new Set(
        [...amazon.orders.values()].flatMap((o) => o.items.map((i) => String(i.SellerSKU))),
      );
      let n = 0;
      for (const sku of skus) {
        n += 1;
        await createProduct(api, admin, {
          name: `Tea ${sku}`,
          skuCode: sku,
          janCode: withJanCheckDigit(`4900003${String(n).padStart(5, '0')}`),
          inStockQuantity: 1000,
          availablePlatforms: [],
        });
      }
    });

    afterAll(async () => {
      await server?.close();
      await amazon?.close();
    });

    const put = (body: Record<string, unknown>) =>
      api.put('/api/v1/connections/amazon', { ...base, ...body }, { token: admin.token });
    const amazonConnection = async () =>
      (await api.get('/api/v1/connections', { token: admin.token })).body.data.find(
        (c: { kind: string }) => c.kind === 'amazon',
      );
    const syncRun = async () => {
      const res = await api.post('/api/v1/connections/amazon/sync', undefined, { token: admin.token });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      return waitForRun(api, admin.token, 'amazon', res.body.runId as string);
    };
    const storedOrderIds = async (platform: string) =>
      new Set(
        (
          await server.app.db
            .selectFrom('orders')
            .select('order_id')
            .where('platform_code', '=', platform as never)
            .execute()
        ).map((o) => o.order_id),
      );
    const fakeOrderIds = (marketplace: string) =>
      new Set(
        [...amazon.orders.values()]
          .filter((o) => o.order.MarketplaceId === marketplace && o.order.OrderStatus !== 'Pending')
          .map((o) => o.order.AmazonOrderId),
      );

    it('refuses a chosen marketplace without a refresh token for its region, naming it', async () => {
      const noIndia = await put({
        clientSecret: FAKE_CREDENTIALS.clientSecret,
        refreshTokens: { fe: FAKE_REGION_TOKENS.fe },
      });
      expect(noIndia.status).toBe(400);
      expect(noIndia.body).toMatchObject({
        code: 'amazonRegionTokenMissing',
        params: { marketplace: 'Amazon.in' },
        message:
          'Amazon.in needs a refresh token: enter the one of its selling account, or a refresh token for all marketplaces',
        errors: [{ field: 'refreshTokens.eu', code: 'amazonRegionTokenMissing' }],
      });
      // No token at all: the shared one is asked for, as before regions had their own.
      const none = await put({ clientSecret: FAKE_CREDENTIALS.clientSecret });
      expect(none.body).toMatchObject({
        code: 'connectionSecretRequired',
        params: { field: 'refreshToken' },
      });
      // A region that is not a region.
      const unknown = await put({
        clientSecret: FAKE_CREDENTIALS.clientSecret,
        refreshTokens: { fe: FAKE_REGION_TOKENS.fe, na: 'Atzr|x' },
      });
      expect(unknown.status).toBe(400);
      expect(await amazonConnection()).toBeUndefined();
    });

    it('saves two region tokens, never answers them, and answers when each was set', async () => {
      const saved = await put({
        clientSecret: FAKE_CREDENTIALS.clientSecret,
        refreshTokens: FAKE_REGION_TOKENS,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data.refreshTokenSetAt).toBeUndefined();
      expect(saved.body.data.regionTokensSetAt).toEqual({ fe: expect.any(String), eu: expect.any(String) });
      // The contract of outside scripts: a save without refreshTokens keeps them.
      const kept = await put({ intervalMinutes: 30 });
      expect(kept.status, JSON.stringify(kept.body)).toBe(200);
      expect(kept.body.data.regionTokensSetAt).toEqual(saved.body.data.regionTokensSetAt);
      const listed = await amazonConnection();
      expect(listed.regionTokensSetAt).toEqual(saved.body.data.regionTokensSetAt);
      const stored = await server.app.db.selectFrom('connections').select(['secrets']).execute();
      const everything = JSON.stringify([saved.body, kept.body, listed, stored]) + logs.text();
      for (const secret of [...Object.values(FAKE_REGION_TOKENS), FAKE_CREDENTIALS.clientSecret])
        expect(everything).not.toContain(secret);
    });

    it("syncs both marketplaces, each with its own region's token, and stores both marketplaces' orders", async () => {
      const test = await api.post('/api/v1/connections/amazon/test', undefined, { token: admin.token });
      expect(test.status, JSON.stringify(test.body)).toBe(200);
      const run = await syncRun();
      expect(run, JSON.stringify(run)).toMatchObject({ status: 'succeeded', errors: 0, unmatched: 0 });
      const [japan, india] = [fakeOrderIds(JP), fakeOrderIds(IN)];
      expect(india.size).toBeGreaterThan(0);
      expect(await storedOrderIds('AMAZONJP')).toEqual(japan);
      expect(await storedOrderIds('AMAZONIND')).toEqual(india);
      // Each region's endpoint was asked, and refuses the other region's account's tokens.
      expect(amazon.requests.some((r) => r.region === 'fe' && r.operation === 'getOrders')).toBe(true);
      expect(amazon.requests.some((r) => r.region === 'eu' && r.operation === 'getOrders')).toBe(true);
    });

    it('stops the whole connection when the India token is refused, naming Amazon.in, until it is saved again', async () => {
      const saved = await put({ refreshTokens: { eu: REVOKED_INDIA } });
      expect(saved.status).toBe(200);
      const tested = await api.post('/api/v1/connections/amazon/test', undefined, { token: admin.token });
      expect(tested.status).toBe(400);
      expect(tested.body).toMatchObject({
        code: 'amazonRegionRefreshTokenRefused',
        params: { marketplace: 'Amazon.in' },
      });
      const message =
        'Amazon refused the refresh token of Amazon.in: authorize the app again with that account in Seller Central and enter its new refresh token';
      const run = await syncRun();
      expect(run).toMatchObject({
        status: 'failed',
        messageCode: 'amazonRegionRefreshTokenRefused',
        message,
      });
      expect(await amazonConnection()).toMatchObject({
        state: 'stopped',
        stateMessageCode: 'amazonRegionRefreshTokenRefused',
        stateMessage: message,
      });
      // Stopped means stopped for Japan too: nothing runs until credentials are saved.
      const refused = await api.post('/api/v1/connections/amazon/sync', undefined, { token: admin.token });
      expect([refused.status, refused.body.code]).toEqual([409, 'connectionStopped']);
    });

    it("forgets India's own token: not without a shared one; with one, India falls back to it and the stop clears", async () => {
      const without = await put({ refreshTokens: { eu: null } });
      expect(without.status).toBe(400);
      expect(without.body).toMatchObject({
        code: 'amazonRegionTokenMissing',
        params: { marketplace: 'Amazon.in' },
      });
      expect((await amazonConnection()).state).toBe('stopped');

      // The shared token is the Japan account's: India falls back to it, and India's endpoint
      // refuses it. Japan keeps its own.
      const fallback = await put({ refreshToken: FAKE_REGION_TOKENS.fe, refreshTokens: { eu: null } });
      expect(fallback.status, JSON.stringify(fallback.body)).toBe(200);
      expect(fallback.body.data.regionTokensSetAt).toEqual({ fe: expect.any(String) });
      expect(fallback.body.data.refreshTokenSetAt).toEqual(expect.any(String));
      expect(fallback.body.data.state).toBe('idle');
      const wrongAccount = await syncRun();
      expect(wrongAccount).toMatchObject({
        status: 'failed',
        messageCode: 'amazonRegionAccessRefused',
        message:
          "Amazon refused access to Amazon.in: check that the refresh token is that account's and the app's roles (Orders)",
      });

      // A shared token of an account of both regions: India syncs with it.
      const shared = await put({ refreshToken: FAKE_CREDENTIALS.refreshToken });
      expect(shared.body.data.state).toBe('idle');
      const before = amazon.requests.length;
      const run = await syncRun();
      expect(run, JSON.stringify(run)).toMatchObject({ status: 'succeeded' });
      expect(
        amazon.requests.slice(before).some((r) => r.region === 'eu' && r.operation === 'getOrders'),
      ).toBe(true);
    });

    it('keeps both region tokens when two admins save one each at once', async () => {
      for (let round = 0; round < 5; round += 1) {
        const started = new Date().toISOString();
        const [fe, eu] = await Promise.all([
          put({ refreshTokens: { fe: FAKE_REGION_TOKENS.fe } }),
          put({ refreshTokens: { eu: FAKE_REGION_TOKENS.eu } }),
        ]);
        expect([fe.status, eu.status]).toEqual([200, 200]);
        const { regionTokensSetAt } = await amazonConnection();
        expect(
          regionTokensSetAt.fe >= started && regionTokensSetAt.eu >= started,
          JSON.stringify(regionTokensSetAt),
        ).toBe(true);
      }
      // A shared token of no account is of no use while both regions have their own: the run
      // succeeding proves the stored region tokens are the ones saved.
      await put({ refreshToken: 'Atzr|of-no-account' });
      const run = await syncRun();
      expect(run, JSON.stringify(run)).toMatchObject({ status: 'succeeded' });
    });
  },
);

describe.skipIf(!testDialects().includes('postgres'))('two servers on one PostgreSQL', () => {
  let first: TestServer;
  let second: TestServer;
  const scripts = [new Script(), new Script()];

  beforeAll(async () => {
    first = await startTestServer({
      dialect: 'postgres',
      options: { connectionSources: scripts[0]?.factory, connectionSchedule: false },
    });
    second = await startTestServer({
      dialect: 'postgres',
      databaseUrl: first.databaseUrl,
      options: { connectionSources: scripts[1]?.factory, connectionSchedule: false },
    });
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('run one sync when both are asked at once, and store no order twice', async () => {
    const api = client(first.url);
    const other = client(second.url);
    const { admin } = await setupAccounts(api);
    await createProduct(api, admin, { skuCode: 'SEN-1' });
    await api.put(
      '/api/v1/connections/shopify',
      { shopDomain: 'kura.myshopify.com', accessToken: TOKEN, enabled: true },
      { token: admin.token },
    );
    for (let round = 0; round < 5; round += 1) {
      const gates: (() => void)[] = [];
      for (const script of scripts) {
        script.pages.push([line(`#2${round}01`, 'SEN-1'), line(`#2${round}02`, 'SEN-1')]);
        script.gate = new Promise((resolve) => gates.push(resolve));
      }
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          (i % 2 ? other : api).post('/api/v1/connections/shopify/sync', undefined, { token: admin.token }),
        ),
      );
      for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(202);
      const ids = new Set(answers.map((a) => a.body.runId));
      expect(ids.size, `round ${round}`).toBe(1);
      for (const open of gates) open();
      const run = await waitForRun(api, admin.token, 'shopify', [...ids][0] as string);
      expect(run).toMatchObject({ status: 'succeeded', created: 2 });
      for (const script of scripts) script.gate = null;
    }
    const runs = await first.app.db.selectFrom('connection_runs').select(['id', 'status']).execute();
    expect(runs).toHaveLength(5);
    const lines = await first.app.db.selectFrom('orders').select(['order_id', 'product_id']).execute();
    expect(lines).toHaveLength(10);
    expect(new Set(lines.map((l) => l.order_id)).size).toBe(10);
  });
});

describe.each(testDialects())('the live sync schedule (%s)', (dialect) => {
  let server: TestServer;
  const script = new Script();

  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      options: { connectionSources: script.factory, connectionSchedule: { tickMs: 50 } },
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('runs each enabled connection when it is due, once per interval', async () => {
    const api = client(server.url);
    const { admin } = await setupAccounts(api);
    await createProduct(api, admin, { skuCode: 'SEN-1' });
    script.pages = [[line('#3001', 'SEN-1')]];
    await api.put(
      '/api/v1/connections/shopify',
      { shopDomain: 'kura.myshopify.com', accessToken: TOKEN, enabled: true, intervalMinutes: 1 },
      { token: admin.token },
    );
    await api.put(
      '/api/v1/connections/amazon',
      {
        clientId: 'amzn1.app',
        clientSecret: AMAZON_SECRET,
        refreshToken: AMAZON_REFRESH,
        marketplaceIds: ['A21TJRUUN4KGV'],
        enabled: false,
      },
      { token: admin.token },
    );
    const runs = async (kind: string) =>
      (await api.get(`/api/v1/connections/${kind}/runs`, { token: admin.token })).body.data as {
        status: string;
      }[];
    for (let i = 0; i < 200 && (await runs('shopify')).length === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Ten ticks later: still the one run (due again a minute after it started), none for the
    // disabled connection.
    expect(await runs('shopify')).toMatchObject([{ status: 'succeeded' }]);
    expect(await runs('amazon')).toEqual([]);
    expect(
      await server.app.db.selectFrom('orders').select('order_id').where('order_id', '=', '#3001').execute(),
    ).toHaveLength(1);
  });
});
