/**
 * Live sync resumes without gaps or duplicates, as a property (fast-check) on each database:
 * any platform history (pages of order lines, later pages cancelling earlier lines, lines no
 * product matches) synced through any sequence of runs that fail — the platform throwing between
 * pages, a page's transaction throwing before it commits, the process "killed" (its last
 * transaction never commits, its lease left to expire) — each run in a new engine as after a
 * restart, then one run that goes through, ends with exactly the orders and waiting lines of
 * one clean pass over the same history.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionsEngine, type SourceFactory } from '../src/connections/connections.service';
import { PlatformError, type PlatformSource, type SourcePage } from '../src/connections/platform-source';
import { InFlight } from '../src/http/in-flight';
import type { ImportLine } from '../src/order-import/import-line';
import { client, createProduct, setupAccounts } from './helpers/http';
import { TEST_SECRET_KEY, startTestServer, testDialects, type TestServer } from './helpers/test-server';

const SKUS = ['A-1', 'B-1', 'UNKNOWN-9'] as const;
const LEASE_MS = 150;

interface Draft {
  order: number;
  sku: (typeof SKUS)[number];
  cancelled: boolean;
  quantity: number;
}

type Fault =
  | { kind: 'between'; at: number }
  | { kind: 'inside'; at: number }
  | { kind: 'kill-between'; at: number }
  | { kind: 'kill-inside'; at: number };

const draftArb = fc.record({
  order: fc.nat({ max: 5 }),
  sku: fc.constantFrom(...SKUS),
  cancelled: fc.boolean(),
  quantity: fc.integer({ min: 1, max: 3 }),
});
/** Pages of lines, each line once per page (by order and SKU), as a platform pages them. */
const historyArb = fc.array(
  fc.uniqueArray(draftArb, { minLength: 1, maxLength: 4, selector: (d) => `${d.order} ${d.sku}` }),
  { minLength: 1, maxLength: 5 },
);
const faultArb: fc.Arbitrary<Fault> = fc.record({
  kind: fc.constantFrom('between', 'inside', 'kill-between', 'kill-inside'),
  at: fc.nat({ max: 4 }),
}) as fc.Arbitrary<Fault>;

const lineOf = (prefix: string, draft: Draft, row: number): ImportLine => ({
  row,
  platformCode: 'SHOPIFY',
  orderId: `${prefix}-${draft.order}`,
  orderDate: '2026-11-20',
  sku: draft.sku,
  asin: '',
  name: draft.sku,
  orderQuantity: draft.cancelled ? 0 : draft.quantity,
  currency: 'INR',
  baseOrderPrice: draft.cancelled ? 0 : 100000 * draft.quantity,
  discount: 0,
  gst: 0,
  cancelled: draft.cancelled,
  customer: null,
});

/** The platform: the pages after the cursor; `failBefore` throws before that page (once). */
class History {
  pages: ImportLine[][] = [];
  failBefore: number | null = null;

  factory: SourceFactory = (kind) => historySource(this, kind);
}

function historySource(history: History, kind: PlatformSource['kind']): PlatformSource {
  return {
    kind,
    async *pages(cursor: string | null): AsyncIterable<SourcePage> {
      for (let i = cursor ? Number(cursor) : 0; i < history.pages.length; i += 1) {
        if (history.failBefore === i) {
          history.failBefore = null;
          throw new PlatformError('network', 'requestFailed');
        }
        const lines = history.pages[i] as ImportLine[];
        yield { lines, orders: lines.length, cursor: String(i + 1), more: i + 1 < history.pages.length };
      }
    },
    async test() {},
  };
}

describe.each(testDialects())('live sync resumes (%s)', (dialect) => {
  let server: TestServer;
  const history = new History();
  let cases = 0;

  beforeAll(async () => {
    server = await startTestServer({ dialect, options: { connectionSchedule: false } });
    const api = client(server.url);
    const { admin } = await setupAccounts(api);
    await createProduct(api, admin, { skuCode: 'A-1', janCode: '4901234567894' });
    await createProduct(api, admin, { skuCode: 'B-1', janCode: '4901234567801' });
    const saved = await api.put(
      '/api/v1/connections/shopify',
      { shopDomain: 'kura.myshopify.com', accessToken: 'shpat_x', enabled: true },
      { token: admin.token },
    );
    expect(saved.status).toBe(200);
  });

  afterAll(async () => {
    await server?.close();
  });

  /** A new engine over the server's database, as a restarted process would have. */
  function engine(inside: number | null, kill: boolean): ConnectionsEngine {
    let commits = 0;
    return new ConnectionsEngine({
      db: server.app.db,
      timeZone: 'Asia/Tokyo',
      secretKey: TEST_SECRET_KEY,
      sources: history.factory,
      endpoints: { shopifyApiBase: null, spapiEndpointFe: null, spapiEndpointEu: null, lwaTokenUrl: null },
      log: server.app.log,
      inFlight: new InFlight(),
      leaseMs: LEASE_MS,
      beforeCommit: (stage) => {
        if (stage === 'page' && inside !== null && commits++ === inside) throw new Error('crashed in a page');
        if (stage === 'finish' && kill) throw new Error('killed before the run was recorded');
      },
    });
  }

  async function run(fault: Fault | null): Promise<void> {
    history.failBefore = fault?.kind === 'between' || fault?.kind === 'kill-between' ? fault.at : null;
    const inside = fault?.kind === 'inside' || fault?.kind === 'kill-inside' ? fault.at : null;
    const kill = fault?.kind === 'kill-between' || fault?.kind === 'kill-inside';
    const started = await engine(inside, kill).requestSync('shopify');
    expect(started?.started, 'the lease was free').toBe(true);
    await started?.done;
    history.failBefore = null;
    // A killed process keeps its lease until it expires.
    if (kill) await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 50));
  }

  async function outcome(prefix: string) {
    const orders = await server.app.db
      .selectFrom('orders')
      .select(['order_id', 'product_id', 'shipment_status', 'order_quantity'])
      .where('order_id', 'like', `${prefix}-%`)
      .execute();
    const waiting = await server.app.db
      .selectFrom('connection_unmatched')
      .select(['order_id', 'sku', 'line'])
      .where('order_id', 'like', `${prefix}-%`)
      .execute();
    const strip = (id: string) => id.slice(prefix.length);
    return {
      orders: orders
        .map((o) => `${strip(o.order_id)} ${o.product_id} ${o.shipment_status} ${o.order_quantity}`)
        .sort(),
      waiting: waiting
        .map((w) => `${strip(w.order_id)} ${w.sku} ${(JSON.parse(w.line) as ImportLine).cancelled}`)
        .sort(),
    };
  }

  async function pass(prefix: string, drafts: Draft[][], faults: Fault[]) {
    let row = 0;
    history.pages = drafts.map((page) => page.map((d) => lineOf(prefix, d, (row += 1))));
    await server.app.db.updateTable('connections').set({ cursor: null }).execute();
    for (const fault of faults) await run(fault);
    await run(null);
    const [last] = await server.app.db
      .selectFrom('connection_runs')
      .select(['status', 'message_code'])
      .orderBy('started_at', 'desc')
      .limit(1)
      .execute();
    expect(last).toMatchObject({ status: 'succeeded' });
    return outcome(prefix);
  }

  it('ends with the orders of one clean pass, however runs fail and restart', async () => {
    await fc.assert(
      fc.asyncProperty(historyArb, fc.array(faultArb, { maxLength: 4 }), async (drafts, faults) => {
        cases += 1;
        const clean = await pass(`c${cases}-clean`, drafts, []);
        const chaos = await pass(`c${cases}-chaos`, drafts, faults);
        expect(chaos).toEqual(clean);
        expect(clean.orders.length + clean.waiting.length).toBeGreaterThan(0);
      }),
      { numRuns: 15 },
    );
    // Every run left behind by a kill was closed by the run that took its lease over.
    const running = await server.app.db
      .selectFrom('connection_runs')
      .select('id')
      .where('status', '=', 'running')
      .execute();
    expect(running).toEqual([]);
  }, 180_000);
});
