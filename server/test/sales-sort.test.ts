/**
 * The sales list sorted by Order price and by Profit (the kept figures of 026_sale_sort_values):
 * every page, both directions, with a range and a platform, equals a JavaScript sort of the
 * figures the list itself shows (unknown figures last both ways); the kept figures follow every
 * write that moves them, also in parallel on PostgreSQL; and the sort walks an index.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { withJanCheckDigit } from '#shared/domain/jan';
import { salesListSpec } from '#shared/list-specs';
import type { Database } from '../src/db/database';
import { migrations } from '../src/db/migrations';
import { applyFilters, applySort, parseList } from '../src/http/list';
import {
  saleSortValuesBothWays,
  salesFigureColumns,
  salesFigureKeysBase,
} from '../src/sales/sales.repository';
import { client, setupAccounts, type Client, type Json } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';
import { writeTransaction } from '../src/db/write-transaction';
import { checkInvariants } from './helpers/invariants';

let janCounter = 700_000;
const nextJan = () => withJanCheckDigit(`491${String((janCounter += 1)).padStart(9, '0')}`);
let orderCounter = 0;
const nextOrderId = (prefix: string) => `${prefix}-${String((orderCounter += 1)).padStart(7, '0')}-SORT`;

const RANGE = 'from=2024-07-01&to=2024-07-31';
const FIGURE = { profit: (row: Json) => row.yen.profit, orderPrice: (row: Json) => row.yen.salesValue };

/** The list's order: the figure (unknown last both ways), then the id, in the sort's direction. */
function jsSorted(rows: Json[], sort: string): string[] {
  const desc = sort.startsWith('-');
  const figure = FIGURE[sort.replace('-', '') as keyof typeof FIGURE];
  return [...rows]
    .sort((a, b) => {
      const x = figure(a) as number | null;
      const y = figure(b) as number | null;
      if (x === null || y === null) {
        if (x !== y) return x === null ? 1 : -1;
      } else if (x !== y) return desc ? y - x : x - y;
      const byId = a._id < b._id ? -1 : 1;
      return desc ? -byId : byId;
    })
    .map((row) => row._id as string);
}

describe.each(testDialects())('sales sorted by Order price and Profit (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let token = '';
  let db: Kysely<Database>;

  const auth = () => ({ token });
  const get = (path: string) => api.get(`/api/v1/${path}`, auth());
  const put = (path: string, body: unknown) => api.put(`/api/v1/${path}`, body, auth());
  const post = (path: string, body: unknown) => api.post(`/api/v1/${path}`, body, auth());
  const del = (path: string) => api.request('DELETE', `/api/v1/${path}`, auth());
  const ok = (res: { status: number; body: Json }, status = 200) => {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body;
  };

  async function product(purchasePrice: number | null): Promise<Json> {
    janCounter += 1;
    return ok(
      await post('products', {
        name: `Sort product ${janCounter}`,
        skuCode: `SORT-${janCounter}`,
        janCode: nextJan(),
        purchasePrice,
        inStockQuantity: 100_000,
        availablePlatforms: [
          { code: 'AMAZONIND', asin: `B0IN${janCounter}` },
          { code: 'AMAZONJP', asin: `B0JP${janCounter}` },
          { code: 'SHOPIFY', asin: `shop-${janCounter}` },
        ],
      }),
      201,
    ).data;
  }

  async function order(p: Json, fields: Json): Promise<Json> {
    const jp = fields.platformCode === 'AMAZONJP';
    return ok(
      await post('orders', {
        product: p._id,
        orderId: nextOrderId(jp ? '249' : '408'),
        orderQuantity: 1,
        currency: jp ? 'JPY' : 'INR',
        ...fields,
      }),
      201,
    ).data;
  }

  const setStatus = async (id: string, ...statuses: string[]) => {
    for (const shipmentStatus of statuses) ok(await put(`orders/${id}`, { shipmentStatus }));
  };

  let shipments = 0;
  /** A JPY sale COMPLETED, or India orders SHIPPED in a shipment of their own. */
  async function sale(p: Json, fields: Json): Promise<Json> {
    const o = await order(p, fields);
    if (fields.platformCode === 'AMAZONJP') {
      await setStatus(o._id, 'ACCEPTED', 'PACKED', 'COMPLETED');
      return o;
    }
    await setStatus(o._id, 'ACCEPTED', 'PACKED');
    shipments += 1;
    const shipment = ok(
      await post('shipments', {
        shipmentId: `SORT-SHIP-${dialect}-${shipments}`,
        shippingDate: '2024-08-01',
        totalShippingFee: 300 + shipments,
        shipmentTrackingLink: 'https://tracking.example/sort',
        orderIds: [o._id],
      }),
      201,
    ).data;
    return { ...o, shipment };
  }

  async function allSales(query: string, limit = 7): Promise<Json[]> {
    const rows: Json[] = [];
    for (let page = 1; ; page += 1) {
      const body = ok(await get(`sales?${query}&page=${page}&limit=${limit}`));
      rows.push(...body.data);
      if (rows.length >= body.totalCount || body.data.length === 0) return rows;
    }
  }

  async function expectKeptEqualsComputed() {
    const { kept, computed } = await saleSortValuesBothWays(db);
    const norm = (rows: Record<string, unknown>[]) =>
      rows.map((r) =>
        Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? null : String(v)])),
      );
    expect(norm(kept)).toEqual(norm(computed));
  }

  /** Every invariant (the kept daily totals and figures, stock = ledger) holds. */
  async function expectInvariants() {
    const broken = (await checkInvariants(db, { dialect })).filter((c) => !c.ok);
    expect(broken).toEqual([]);
  }

  const saleOrders: Json[] = [];
  let priced: Json;
  let unpriced: Json;

  beforeAll(async () => {
    server = await startTestServer({ dialect, config: { timeZone: 'Asia/Tokyo' } });
    api = client(server.url);
    token = (await setupAccounts(api)).admin.token;
    db = server.app.db as unknown as Kysely<Database>;
    // A rate from 2024-07-10: the India sales of July's first days have none.
    ok(await put('currency/rates/2024-07-10', { rate: 1.734512 }));
    priced = await product(1000);
    unpriced = await product(null);
    const other = await product(35);
    const plan: [Json, Json][] = [];
    for (let i = 0; i < 24; i += 1) {
      const platformCode = (['AMAZONJP', 'AMAZONIND', 'SHOPIFY'] as const)[i % 3];
      const jp = platformCode === 'AMAZONJP';
      const day = String(2 + ((i * 5) % 28)).padStart(2, '0');
      // Equal figures on purpose (every fourth JPY sale the same): the id breaks the ties.
      const base = jp
        ? i % 4 === 0
          ? 5000
          : 800 + i * 397
        : Number(`${40 + i * 13}.${String((i * 7) % 100).padStart(2, '0')}`);
      plan.push([
        [priced, unpriced, other][i % 3 === 0 ? i % 2 : (i + 1) % 3] as Json,
        {
          platformCode,
          orderDate: `2024-07-${day}`,
          baseOrderPrice: base,
          discount: jp ? i % 5 : 1.25,
          commission: jp ? 100 : 4.5,
          shippingFee: jp ? 250 : 0,
        },
      ]);
    }
    // Outside the range: never listed.
    plan.push([priced, { platformCode: 'AMAZONJP', orderDate: '2024-08-02', baseOrderPrice: 1 }]);
    for (const [p, fields] of plan) saleOrders.push(await sale(p, fields));
  });
  afterAll(() => server?.close());

  it('pages equal a JavaScript sort of the shown figures, both ways, with a range and a platform', async () => {
    for (const filter of [
      RANGE,
      `${RANGE}&platformCode=AMAZONIND`,
      `${RANGE}&platformCode=AMAZONJP`,
      'from=2024-07-01&to=2024-07-12&shipmentStatus=SHIPPED',
    ]) {
      const shown = await allSales(`${filter}&sort=orderDate`, 50);
      expect(shown.length, filter).toBeGreaterThan(3);
      for (const sort of ['profit', '-profit', 'orderPrice', '-orderPrice']) {
        const rows = await allSales(`${filter}&sort=${sort}`);
        expect(
          rows.map((r) => r._id),
          `${filter} ${sort}`,
        ).toEqual(jsSorted(shown, sort));
      }
    }
    const all = await allSales(RANGE);
    // Unknown figures are there to sort last: no rate, no purchase price.
    expect(all.some((r) => r.yen.salesValue === null)).toBe(true);
    expect(all.some((r) => r.yen.salesValue !== null && r.yen.profit === null)).toBe(true);
    expect(all.every((r) => r.orderDate <= '2024-07-31')).toBe(true);
    // A search sorts by the figures too.
    const found = await allSales(`${RANGE}&searchStr=SORT-&sort=-profit`);
    expect(found.map((r) => r._id)).toEqual(jsSorted(all, '-profit'));
  });

  it("the walk over a figure's index (a range of many sales) gives the same pages", async () => {
    for (const query of [`${RANGE}&sort=profit`, `${RANGE}&sort=-orderPrice&platformCode=SHOPIFY`]) {
      const parsed = parseList(Object.fromEntries(new URLSearchParams(query)), salesListSpec);
      const walk = applySort(
        applyFilters(
          salesFigureKeysBase(db, { from: '2024-07-01', to: '2024-07-31' }, true),
          parsed,
          salesFigureColumns,
        ).select(sql.ref('k.id').as('id')),
        parsed.sort,
        salesFigureColumns,
      );
      const ids = (await walk.execute()).map((r) => (r as { id: string }).id);
      const listed = await allSales(query);
      expect(ids, query).toEqual(listed.map((r) => r._id));
      // The plan walks the figure's index in order (the filters read from it, no row): no sort step.
      const compiled = walk.compile();
      if (dialect === 'sqlite') {
        const plan = (
          await db.executeQuery<{ detail: string }>(
            CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
          )
        ).rows.map((r) => r.detail);
        expect(plan.join('\n'), query).toMatch(
          /SCAN k USING COVERING INDEX ix_sale_sort_values__(profit|order_price)_(asc|desc)/,
        );
        expect(plan.join('\n'), query).not.toMatch(/TEMP B-TREE/);
      } else {
        const plan = await db.connection().execute(async (conn) => {
          await conn.executeQuery(CompiledQuery.raw('set enable_seqscan = off'));
          await conn.executeQuery(CompiledQuery.raw('set enable_sort = off'));
          try {
            const r = await conn.executeQuery<{ 'QUERY PLAN': string }>(
              CompiledQuery.raw(`explain ${compiled.sql} limit 25`, [...compiled.parameters]),
            );
            return r.rows.map((x) => x['QUERY PLAN']).join('\n');
          } finally {
            await conn.executeQuery(CompiledQuery.raw('reset enable_seqscan'));
            await conn.executeQuery(CompiledQuery.raw('reset enable_sort'));
          }
        });
        expect(plan, query).toMatch(
          /Index Scan( Backward)? using ix_sale_sort_values__(profit|order_price)_(asc|desc)/,
        );
        expect(plan, query).not.toMatch(/(^|->)\s*Sort\s+\(/m);
      }
    }
  });

  it('the kept figures follow a shipment received, a cancellation, a rate set afterwards and a purchase price', async () => {
    await expectKeptEqualsComputed();
    const india = saleOrders.filter((o) => o.shipment);
    // SHIPPED → COMPLETED with a custom fee: the profit moves.
    const received = india[1] as Json;
    ok(
      await put(`shipments/${received.shipment._id}`, {
        customId: `CUS-SORT-${dialect}`,
        totalCustomFee: 40,
        receivedDate: '2024-08-10',
      }),
    );
    // Out of its shipment (of two) and cancelled: no longer a sale.
    const pair = [
      await order(priced, { platformCode: 'SHOPIFY', orderDate: '2024-07-20', baseOrderPrice: 70 }),
      await order(priced, { platformCode: 'SHOPIFY', orderDate: '2024-07-21', baseOrderPrice: 71 }),
    ];
    for (const o of pair) await setStatus(o._id, 'ACCEPTED', 'PACKED');
    const shipment = ok(
      await post('shipments', {
        shipmentId: `SORT-SHIP-${dialect}-pair`,
        shippingDate: '2024-08-01',
        totalShippingFee: 500,
        shipmentTrackingLink: 'https://tracking.example/sort',
        orderIds: pair.map((o) => o._id),
      }),
      201,
    ).data;
    expect((await allSales(RANGE)).map((r) => r._id)).toContain(pair[1]._id);
    await expectKeptEqualsComputed();
    const cancelled = pair[1] as Json;
    ok(await del(`shipments/${shipment._id}/orders/${cancelled._id}`));
    await setStatus(cancelled._id, 'CANCELLED');
    await expectKeptEqualsComputed();
    const before = await allSales(RANGE);
    expect(before.map((r) => r._id)).not.toContain(cancelled._id);
    expect(before.find((r) => r._id === received._id)?.shipmentStatus).toBe('COMPLETED');
    // A rate for the first days: their India sales get figures and move up from the end.
    ok(await put('currency/rates/2024-07-01', { rate: 2.5 }));
    await expectKeptEqualsComputed();
    // The purchase price of the unpriced product: its sales get a profit.
    const current = ok(await get(`products/${unpriced._id}`)).data;
    const { _id, inStockQuantity: _s, ...rest } = current;
    void _id;
    ok(await put(`products/${unpriced._id}`, { ...rest, purchasePrice: 123 }));
    await expectKeptEqualsComputed();
    const after = await allSales(RANGE, 50);
    expect(after.every((r) => r.yen.salesValue !== null && r.yen.profit !== null)).toBe(true);
    for (const sort of ['profit', '-profit', 'orderPrice', '-orderPrice']) {
      expect(
        (await allSales(`${RANGE}&sort=${sort}`)).map((r) => r._id),
        sort,
      ).toEqual(jsSorted(after, sort));
    }
  });

  it('parallel purchase prices, order edits and a rate leave the kept figures equal to the orders', async () => {
    const p = await product(500);
    const jp: Json[] = [];
    for (let i = 0; i < 6; i += 1) {
      jp.push(
        await sale(p, { platformCode: 'AMAZONJP', orderDate: '2024-06-1' + i, baseOrderPrice: 2000 + i }),
      );
    }
    const india = await sale(p, { platformCode: 'AMAZONIND', orderDate: '2024-06-02', baseOrderPrice: 99.5 });
    const current = ok(await get(`products/${p._id}`)).data;
    const { _id, inStockQuantity: _s, ...rest } = current;
    void _id;
    const writes: Promise<{ status: number }>[] = [];
    for (let i = 0; i < 6; i += 1) {
      writes.push(put(`products/${p._id}`, { ...rest, purchasePrice: 600 + i }));
      writes.push(put(`orders/${(jp[i] as Json)._id}`, { discount: 100 + i * 11 }));
    }
    writes.push(put('currency/rates/2024-06-01', { rate: 1.9 }));
    const statuses = (await Promise.all(writes)).map((r) => r.status);
    expect(
      statuses.every((s) => s === 200),
      JSON.stringify(statuses),
    ).toBe(true);
    await expectKeptEqualsComputed();
    const rows = await allSales('from=2024-06-01&to=2024-06-30', 50);
    expect(rows.map((r) => r._id)).toContain(india._id);
    expect((await allSales('from=2024-06-01&to=2024-06-30&sort=-profit')).map((r) => r._id)).toEqual(
      jsSorted(rows, '-profit'),
    );
  });

  it('a purchase price set while a sale of its product is being written reads the sale as committed', async () => {
    const p = await product(500);
    const o = await sale(p, { platformCode: 'AMAZONJP', orderDate: '2024-05-11', baseOrderPrice: 3000 });
    const current = ok(await get(`products/${p._id}`)).data;
    const { _id, inStockQuantity: _s, ...rest } = current;
    void _id;
    let settled = false;
    let pending: Promise<{ status: number }> | undefined;
    await writeTransaction(db, async (trx) => {
      await sql`update orders set discount = discount + 700 where id = ${o._id}`.execute(trx);
      pending = put(`products/${p._id}`, { ...rest, purchasePrice: 650 });
      void pending.then(() => (settled = true));
      // The price's writer reaches the sale's lock and waits there until this commits; without
      // it, it would rewrite the sale's figures from the order as it was (discount 0).
      await new Promise((resolve) => setTimeout(resolve, 400));
      if (dialect === 'postgres') expect(settled).toBe(false);
    });
    expect((await pending)?.status).toBe(200);
    await expectKeptEqualsComputed();
    // 3,000 less 700 discount less 650 bought: the new price and the edited order together.
    const [row] = await allSales('from=2024-05-11&to=2024-05-11');
    expect(row?.yen.profit).toBe(3000 - 700 - 650 - Number(row?.shippingFee ?? 0));
    await expectInvariants();
  });

  it('customs, shipments, stock-moving status changes, purchase prices and rates in parallel: no 5xx, figures exact', async () => {
    const products = [await product(400), await product(800)];
    const writes: (() => Promise<{ status: number; body: Json }>)[] = [];
    const shipped: Json[] = [];
    for (let i = 0; i < 6; i += 1) {
      const p = products[i % 2] as Json;
      shipped.push(
        await sale(p, { platformCode: 'AMAZONIND', orderDate: `2024-04-0${1 + i}`, baseOrderPrice: 90 + i }),
      );
    }
    const waiting: Json[] = [];
    for (let i = 0; i < 8; i += 1) {
      waiting.push(
        await order(products[i % 2] as Json, {
          platformCode: 'AMAZONJP',
          orderDate: `2024-04-1${i}`,
          baseOrderPrice: 1500 + i,
        }),
      );
    }
    for (const [i, o] of waiting.entries()) if (i % 2 === 0) await setStatus(o._id, 'ACCEPTED', 'PACKED');
    const snapshots = await Promise.all(products.map(async (p) => ok(await get(`products/${p._id}`)).data));
    for (let round = 0; round < 4; round += 1) {
      for (const [i, s] of shipped.entries()) {
        writes.push(() =>
          put(`shipments/${s.shipment._id}`, {
            customId: `CUS-PAR-${dialect}-${i}`,
            totalCustomFee: 10 + round + i,
            receivedDate: '2024-05-01',
          }),
        );
      }
      for (const snap of snapshots) {
        const { _id, inStockQuantity: _s, ...rest } = snap;
        writes.push(() => put(`products/${_id}`, { ...rest, purchasePrice: 300 + round * 17 }));
      }
      writes.push(() => put('currency/rates/2024-04-01', { rate: 1.7 + round / 10 }));
    }
    // Stock-moving changes lock the same products: accept the RECEIVED half, cancel some, complete the PACKED.
    writes.push(() =>
      put('orders/status', {
        ids: waiting.filter((_, i) => i % 2 === 1).map((o) => o._id),
        shipmentStatus: 'ACCEPTED',
      }),
    );
    writes.push(() =>
      put('orders/status', {
        ids: waiting.filter((_, i) => i % 4 === 0).map((o) => o._id),
        shipmentStatus: 'COMPLETED',
      }),
    );
    writes.push(() =>
      put('orders/status', {
        ids: waiting.filter((_, i) => i % 4 === 2).map((o) => o._id),
        shipmentStatus: 'CANCELLED',
      }),
    );
    const answers = await Promise.all(writes.map((write) => write()));
    // Customs are saved once per shipment (final): the other rounds' saves are refused.
    const failed = answers.filter(
      (a) => a.status !== 200 && !(a.status === 409 && a.body.code === 'customsAlreadySaved'),
    );
    expect(answers.filter((a) => a.status === 409)).toHaveLength(shipped.length * 3);
    expect(
      failed.map((a) => JSON.stringify(a.body)),
      'no write may fail',
    ).toEqual([]);
    await expectKeptEqualsComputed();
    await expectInvariants();
  });

  it("026's down() removes what its up() created, and up() fills the figures of the sales already stored", async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const before = await allSales(`${RANGE}&sort=-profit`);
    expect((await migrator.migrateTo('025_sales_daily_known_sales')).error).toBeUndefined();
    const tables = (await db.introspection.getTables()).map((t) => t.name);
    expect(tables).not.toContain('sale_sort_values');
    // An order written meanwhile no trigger follows: the backfill must find it.
    await sql`update orders set discount = discount + 1 where currency = 'JPY'`.execute(db);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    await expectKeptEqualsComputed();
    const after = await allSales(`${RANGE}&sort=-profit`);
    expect(after.map((r) => r._id)).toEqual(jsSorted(after, '-profit'));
    expect(after).toHaveLength(before.length);
  });
});
