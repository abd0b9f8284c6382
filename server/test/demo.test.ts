/**
 * The demo data set and the catalog migration, on a fresh SQLite file and, when
 * KURA_TEST_PG_URL is set, on a fresh PostgreSQL database created (and dropped) for this file.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidJan } from '#shared';
import { verifyPassword } from '../src/auth/password';
import { createDatabase, type DatabaseHandle } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import { migrations } from '../src/db/migrations';
import { DEMO_ACCOUNTS, DEMO_PASSWORDS, seedDemo } from '../src/demo/seed';
import { refreshAllProductSales } from '../src/orders/orders.repository';
import { monthlyWindowStart } from '../src/orders/orders.service';
import { rebuildSalesDaily } from '../src/sales/sales.repository';

const NOW = new Date('2026-11-20T09:00:00.000Z');
const PG_URL = process.env.KURA_TEST_PG_URL;

interface Target {
  name: string;
  /** A new, empty database. */
  open(): Promise<DatabaseHandle>;
  cleanup(): Promise<void>;
}

function sqliteTarget(): Target {
  const dir = mkdtempSync(join(tmpdir(), 'kura-demo-'));
  let n = 0;
  return {
    name: 'sqlite',
    open: async () => createDatabase(join(dir, `kura-${++n}.db`)),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

function postgresTarget(adminUrl: string): Target {
  const names: string[] = [];
  const admin = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    name: 'postgres',
    async open() {
      const name = `kura_t_${randomBytes(6).toString('hex')}`;
      await admin((c) => c.query(`create database ${name}`));
      names.push(name);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return createDatabase(url.toString());
    },
    cleanup: () =>
      admin(async (c) => {
        for (const name of names) await c.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

const targets = [sqliteTarget(), ...(PG_URL ? [postgresTarget(PG_URL)] : [])];

describe.each(targets)('demo data on $name', (target) => {
  let handle: DatabaseHandle;
  let seeded: boolean;
  let seedMs: number;

  beforeAll(async () => {
    handle = await target.open();
    await migrateToLatest(handle.db);
    const started = performance.now();
    seeded = await seedDemo(handle.db, { now: NOW });
    seedMs = performance.now() - started;
  });

  afterAll(async () => {
    await handle?.destroy();
    await target.cleanup();
  });

  const db = () => handle.db;

  it('seeds about 200 products, quickly', async () => {
    expect(seeded).toBe(true);
    const products = await db().selectFrom('products').select(['id']).execute();
    expect(products.length).toBeGreaterThanOrEqual(190);
    expect(products.length).toBeLessThanOrEqual(220);
    if (target.name === 'sqlite') expect(seedMs).toBeLessThan(2000);
  });

  it('gives every product a valid, unique JAN and a unique SKU', async () => {
    const rows = await db().selectFrom('products').select(['sku_code', 'jan_code']).execute();
    for (const { jan_code, sku_code } of rows) {
      expect(isValidJan(jan_code), jan_code).toBe(true);
      expect(jan_code).toMatch(/^49\d{11}$/);
      expect(sku_code).toMatch(/^KUR-[A-Z]{3}-\d{4}$/);
    }
    expect(new Set(rows.map((r) => r.jan_code)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.sku_code.toLowerCase())).size).toBe(rows.length);
  });

  it('keeps Amazon stock within stock, and stock equal to the ledger', async () => {
    const products = await db()
      .selectFrom('products')
      .select(['id', 'in_stock_quantity', 'amazon_stock_quantity', 'low_stock_level', 'active_status'])
      .execute();
    const ledger = await db()
      .selectFrom('stock_movements')
      .select(['product_id', (eb) => eb.fn.sum<number>('quantity').as('total')])
      .groupBy('product_id')
      .execute();
    const sums = new Map(ledger.map((r) => [r.product_id, Number(r.total)]));
    for (const p of products) {
      expect(p.amazon_stock_quantity).toBeGreaterThanOrEqual(0);
      expect(p.amazon_stock_quantity).toBeLessThanOrEqual(p.in_stock_quantity);
      expect(sums.get(p.id), p.id).toBe(p.in_stock_quantity);
    }
    const initial = await db()
      .selectFrom('stock_movements')
      .select('product_id')
      .where('reason', '=', 'INITIAL')
      .execute();
    expect(new Set(initial.map((m) => m.product_id)).size).toBe(products.length);
    expect(initial.length).toBe(products.length);
    // The screens' filters have something to show.
    expect(products.filter((p) => p.in_stock_quantity <= p.low_stock_level).length).toBeGreaterThan(5);
    expect(products.filter((p) => p.active_status === 0).length).toBeGreaterThan(0);
    expect(products.filter((p) => p.amazon_stock_quantity > 0).length).toBeGreaterThan(20);
  });

  it('links every product to its category, 1–3 suppliers and platform listings', async () => {
    const products = await db()
      .selectFrom('products')
      .leftJoin('categories', 'categories.id', 'products.category_id')
      .select([
        'products.id',
        'products.name',
        'products.name_ja',
        'products.active_status',
        'categories.name as category',
      ])
      .execute();
    const links = await db().selectFrom('product_suppliers').select(['product_id']).execute();
    const listings = await db().selectFrom('product_platforms').selectAll().execute();
    for (const p of products) {
      expect(p.category).toBeTruthy();
      expect(p.name_ja).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      const count = links.filter((l) => l.product_id === p.id).length;
      expect(count).toBeGreaterThanOrEqual(1);
      expect(count).toBeLessThanOrEqual(3);
      if (p.active_status === 1) expect(listings.some((l) => l.product_id === p.id)).toBe(true);
    }
    for (const l of listings) {
      if (l.code === 'SHOPIFY') expect(l.asin).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      else expect(l.asin).toMatch(/^B0[A-Z0-9]{8}$/);
    }
    expect(new Set(listings.map((l) => l.code))).toEqual(new Set(['SHOPIFY', 'AMAZONJP', 'AMAZONIND']));
    expect(new Set(products.map((p) => p.name)).size).toBe(products.length);
  });

  it('seeds the settings lists', async () => {
    const count = async (table: 'categories' | 'manufacturers' | 'suppliers' | 'shipping_methods') =>
      (await db().selectFrom(table).select('name').execute()).length;
    expect(await count('categories')).toBeGreaterThanOrEqual(12);
    expect(await count('manufacturers')).toBeGreaterThanOrEqual(15);
    expect(await count('suppliers')).toBeGreaterThanOrEqual(8);
    const methods = await db().selectFrom('shipping_methods').select('name').execute();
    expect(methods.map((m) => m.name)).toEqual(
      expect.arrayContaining([
        'EMS',
        'Japan Post SAL',
        'DHL Express',
        'FedEx International Priority',
        'Yamato International',
      ]),
    );
    const fees = await db().selectFrom('handling_fees').select(['title', 'type', 'value']).execute();
    expect(fees).toEqual(
      expect.arrayContaining([
        { title: 'Packing material / 梱包資材', type: 'amount', value: '300' },
        { title: 'Payment processing / 決済手数料', type: 'percentage', value: '2.5' },
        { title: 'Inspection / 検品', type: 'amount', value: '150' },
      ]),
    );
    expect((await db().selectFrom('pre_categories').select('id').execute()).length).toBeGreaterThan(5);
    const shelves = await db().selectFrom('shelf_numbers').select('name').execute();
    expect(shelves.map((s) => s.name)).toContain('A-01-1');
    const remarks = await db().selectFrom('product_remarks').select(['user_id']).execute();
    expect(remarks.length).toBeGreaterThan(20);
    expect(remarks.every((r) => r.user_id !== null)).toBe(true);
  });

  it('creates the two demo accounts with their roles and passwords', async () => {
    for (const role of ['admin', 'orderCreator'] as const) {
      const user = await db()
        .selectFrom('users')
        .selectAll()
        .where('email', '=', DEMO_ACCOUNTS[role].email)
        .executeTakeFirstOrThrow();
      expect(user).toMatchObject({
        role,
        fullname: DEMO_ACCOUNTS[role].fullname,
        username: DEMO_ACCOUNTS[role].username,
        active: 1,
      });
      expect(await verifyPassword(DEMO_PASSWORDS[role], user.password_hash)).toBe(true);
      expect(await verifyPassword('wrong password', user.password_hash)).toBe(false);
    }
    expect((await db().selectFrom('users').select('id').execute()).length).toBe(2);
  });

  it('seeds orders: months of Amazon Japan sales, and recent open India orders for a first shipment', async () => {
    const orders = await db()
      .selectFrom('orders')
      .select([
        'platform_code',
        'shipment_status',
        'shipment_id',
        'currency',
        'order_date',
        'created_at',
        'customer',
      ])
      .execute();
    const count = (platform: string, status?: string) =>
      orders.filter((o) => o.platform_code === platform && (!status || o.shipment_status === status)).length;
    expect(count('AMAZONJP', 'COMPLETED')).toBeGreaterThan(150);
    for (const platform of ['AMAZONIND', 'SHOPIFY']) {
      expect(count(platform, 'PACKED'), platform).toBeGreaterThan(3);
      expect(count(platform, 'RECEIVED'), platform).toBeGreaterThan(0);
      // No shipments in the demo: nothing of India's is shipped or completed yet.
      expect(count(platform, 'SHIPPED') + count(platform, 'COMPLETED'), platform).toBe(0);
    }
    expect(orders.every((o) => o.shipment_id === null)).toBe(true);
    expect(orders.every((o) => o.currency === (o.platform_code === 'AMAZONJP' ? 'JPY' : 'INR'))).toBe(true);
    // Calendar days in Tokyo (NOW is 18:00 there), half a year back at most, nothing after NOW.
    const dates = orders.map((o) => o.order_date).sort();
    expect(dates[dates.length - 1]! <= '2026-11-20').toBe(true);
    expect(dates[0]! >= '2026-05-24').toBe(true);
    expect(orders.every((o) => new Date(o.created_at) <= NOW)).toBe(true);
    const shop = orders.filter((o) => o.platform_code === 'SHOPIFY');
    expect(shop.every((o) => typeof JSON.parse(o.customer ?? 'null')?.name === 'string')).toBe(true);
  });

  it('gives every day with rupee orders its exchange rate, and each rupee order the rate of its day', async () => {
    const rates = new Map(
      (await db().selectFrom('exchange_rates').select(['rate_date', 'inr_jpy_micro']).execute()).map((r) => [
        r.rate_date,
        Number(r.inr_jpy_micro),
      ]),
    );
    const rupee = await db()
      .selectFrom('orders')
      .select(['order_date', 'exchange_rate'])
      .where('currency', '=', 'INR')
      .execute();
    expect(rupee.length).toBeGreaterThan(20);
    const wrong = rupee.filter(
      (o) => o.exchange_rate === null || Number(o.exchange_rate) !== rates.get(o.order_date),
    );
    expect(wrong).toEqual([]);
    // About 1.75 yen a rupee.
    for (const rate of rates.values()) {
      expect(rate).toBeGreaterThan(1_500_000);
      expect(rate).toBeLessThan(2_000_000);
    }
    // Shipped, the India orders would be sales with yen figures: none left out of the cards.
    const { rows } = await sql<{ n: number }>`select count(*) as n from orders
      where currency = 'INR' and exchange_rate is null`.execute(db());
    expect(Number(rows[0]?.n)).toBe(0);
  });

  it('keeps the products’ sales figures and the kept sales totals equal to the orders', async () => {
    expect(await refreshAllProductSales(db(), monthlyWindowStart('Asia/Tokyo', NOW))).toBe(0);
    const sold = await db()
      .selectFrom('products')
      .select(['last_order_date', 'monthly_quantity'])
      .where('monthly_quantity', '>', 0)
      .execute();
    expect(sold.length).toBeGreaterThan(20);
    const kept = () =>
      db().selectFrom('sales_daily').selectAll().orderBy('order_date').orderBy('platform_code').execute();
    const before = await kept();
    expect(before.some((row) => row.platform_code === 'AMAZONJP')).toBe(true);
    await rebuildSalesDaily(db());
    expect(await kept()).toEqual(before);
  });

  it('does nothing on a database that already has data', async () => {
    const before = (await db().selectFrom('products').select('id').execute()).length;
    expect(await seedDemo(handle.db, { now: NOW })).toBe(false);
    expect((await db().selectFrom('products').select('id').execute()).length).toBe(before);
    expect((await db().selectFrom('users').select('id').execute()).length).toBe(2);
  });

  it('produces the same data for the same time', async () => {
    const other = await target.open();
    try {
      await migrateToLatest(other.db);
      await seedDemo(other.db, { now: NOW });
      const dump = (h: DatabaseHandle) => h.db.selectFrom('products').selectAll().orderBy('id').execute();
      expect(await dump(other)).toEqual(await dump(handle));
      const movements = (h: DatabaseHandle) =>
        h.db.selectFrom('stock_movements').selectAll().orderBy('id').execute();
      expect(await movements(other)).toEqual(await movements(handle));
      const orders = (h: DatabaseHandle) => h.db.selectFrom('orders').selectAll().orderBy('id').execute();
      expect(await orders(other)).toEqual(await orders(handle));
    } finally {
      await other.destroy();
    }
  });

  it("migration 002's down() removes what its up() created", async () => {
    const fresh = await target.open();
    try {
      const migrator = new Migrator({ db: fresh.db, provider: { getMigrations: async () => migrations } });
      const tables = async () =>
        (await fresh.db.introspection.getTables()).map((t) => t.name).filter((n) => !n.startsWith('kysely_'));
      await migrator.migrateTo('001_core');
      const core = await tables();
      expect(core).toContain('users');
      expect(core).not.toContain('products');

      const up = await migrator.migrateTo('002_catalog');
      expect(up.error).toBeUndefined();
      expect((await tables()).sort()).toEqual(
        [
          ...core,
          'categories',
          'manufacturers',
          'suppliers',
          'shipping_methods',
          'handling_fees',
          'pre_categories',
          'shelf_numbers',
          'products',
          'product_suppliers',
          'product_platforms',
          'product_remarks',
          'stock_movements',
        ].sort(),
      );

      const down = await migrator.migrateTo('001_core');
      expect(down.error).toBeUndefined();
      expect((await tables()).sort()).toEqual([...core].sort());
      // And up again, as after a rollback and redeploy.
      expect((await migrator.migrateTo('002_catalog')).error).toBeUndefined();
    } finally {
      await fresh.destroy();
    }
  });

  it("migration 005's down() removes the export columns and their triggers", async () => {
    const fresh = await target.open();
    try {
      const migrator = new Migrator({ db: fresh.db, provider: { getMigrations: async () => migrations } });
      const productColumns = async () =>
        (await fresh.db.introspection.getTables())
          .find((t) => t.name === 'products')
          ?.columns.map((c) => c.name) ?? [];
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await productColumns()).toContain('export_suppliers');
      const down = await migrator.migrateTo('004_list_engine');
      expect(down.error).toBeUndefined();
      expect((await productColumns()).filter((c) => c.startsWith('export_'))).toEqual([]);
      // The triggers went with them: links can still be written.
      const now = new Date().toISOString();
      await sql`insert into suppliers (id, name, active_status, created_at, updated_at)
        values ('s1', 'Supplier', 1, ${now}, ${now})`.execute(fresh.db);
      await sql`update suppliers set name = 'Renamed' where id = 's1'`.execute(fresh.db);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    } finally {
      await fresh.destroy();
    }
  });
});
