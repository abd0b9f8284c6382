/**
 * A large data set for measuring and proving the lists at scale (`npm run seed`): any number of
 * products, drawn from the demo catalog's families so names, prices, stock and listings look
 * like the real business, each with its opening stock movement so quantity equals the ledger.
 *
 * Fast by construction: rows are generated in memory a batch at a time and inserted with
 * multi-row INSERTs, one transaction per batch. It adds to whatever the database holds (demo
 * settings are created when there are none), with SKUs and JANs numbered after the products
 * already present, so it can run again. Orders follow the products (large-orders.ts).
 */
import { withJanCheckDigit } from '#shared/domain/jan';
import type { InsertObject, Kysely } from 'kysely';
import type { Database } from '../db/database';
import { BUSINESS_ZONE } from '#shared/domain/periods';
import { seedLargeOrders } from './large-orders';
import { PRODUCT_FAMILIES } from './products.data';
import { createRandom, type Random } from './random';
import {
  DEMO_SEED,
  expandFamilies,
  pickPlatforms,
  roundTo,
  seedSettings,
  type CatalogItem,
  type DemoSettings,
} from './seed';
import { insertBatches, isoDate } from './seed-kit';
import { DEMO_CATEGORIES, DEMO_SHELVES, DEMO_SUPPLIERS } from './settings.data';

export interface LargeSeedOptions {
  products?: number;
  /** Order lines over the last three years, after the products (large-orders.ts). */
  orders?: number;
  /** The business's time zone, in which order dates are reckoned. */
  timeZone?: string;
  /** Rows per transaction. */
  batchSize?: number;
  /** From this many order lines on (and at least as many as stored), the orders' indexes are built after the load. */
  deferIndexesAt?: number;
  now?: Date;
  /** Progress lines (the CLI prints them). */
  log?: (line: string) => void;
}

export interface LargeSeedSummary {
  products: number;
  supplierLinks: number;
  platformListings: number;
  stockMovements: number;
  orders: number;
  settingsCreated: boolean;
  seconds: number;
}

/** The settings the products refer to: the demo lists, created when the database has none. */
async function loadOrCreateSettings(
  db: Kysely<Database>,
  random: Random,
  now: Date,
): Promise<{ settings: DemoSettings; created: boolean }> {
  const categories = await db.selectFrom('categories').select(['id', 'name', 'active_status']).execute();
  if (categories.length === 0) {
    const settings = await db
      .transaction()
      .execute((trx) =>
        seedSettings({ db: trx, now, timeZone: BUSINESS_ZONE, random: random.fork('large-settings') }),
      );
    return { settings, created: true };
  }
  const manufacturers = await db
    .selectFrom('manufacturers')
    .select(['id', 'name', 'active_status'])
    .execute();
  const suppliers = await db.selectFrom('suppliers').select(['id', 'name', 'active_status']).execute();
  const setting = (r: { id: string; name: string; active_status: number }) => ({
    id: r.id,
    name: r.name,
    active: r.active_status === 1,
  });
  // Demo categories by their code; any other category list is shared out by position.
  const byCode = new Map<string, ReturnType<typeof setting>>();
  DEMO_CATEGORIES.forEach((c, i) => {
    const row = categories.find((r) => r.name === c.name) ?? categories[i % categories.length];
    if (row) byCode.set(c.code, setting(row));
  });
  const sourcesOf = new Map(DEMO_SUPPLIERS.map((s) => [s.name, s.categories]));
  const allCodes = DEMO_CATEGORIES.map((c) => c.code);
  return {
    created: false,
    settings: {
      categories: byCode,
      manufacturers: new Map(manufacturers.map((r) => [r.name, setting(r)])),
      suppliers: suppliers.map((r) => ({ ...setting(r), categories: sourcesOf.get(r.name) ?? allCodes })),
      shippingMethods: [],
      handlingFees: [],
      shelves: [...DEMO_SHELVES],
    },
  };
}

/** `count` products after the `offset` already present. */
async function seedLargeProducts(
  db: Kysely<Database>,
  count: number,
  options: Required<Pick<LargeSeedOptions, 'batchSize' | 'now'>> & { log: (line: string) => void },
  settings: DemoSettings,
  random: Random,
): Promise<Omit<LargeSeedSummary, 'settingsCreated' | 'seconds' | 'orders'>> {
  const existing = await db
    .selectFrom('products')
    .select(db.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const offset = Number(existing.n);
  const catalog: CatalogItem[] = [...expandFamilies(PRODUCT_FAMILIES)];
  const admin = await db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirst();
  const totals = { products: 0, supplierLinks: 0, platformListings: 0, stockMovements: 0 };
  const now = options.now;

  for (let start = 0; start < count; start += options.batchSize) {
    const products: InsertObject<Database, 'products'>[] = [];
    const supplierLinks: InsertObject<Database, 'product_suppliers'>[] = [];
    const platforms: InsertObject<Database, 'product_platforms'>[] = [];
    const movements: InsertObject<Database, 'stock_movements'>[] = [];
    for (let i = start; i < Math.min(count, start + options.batchSize); i++) {
      const n = offset + i;
      const item = catalog[n % catalog.length] as CatalogItem;
      const { family } = item;
      const category = settings.categories.get(family.category);
      const manufacturer = family.maker ? settings.manufacturers.get(family.maker) : undefined;
      // Each pass through the catalog is another season's lot of the same lines.
      const lot = Math.floor(n / catalog.length) + 1;
      const name = lot === 1 ? item.name : `${item.name} (lot ${lot})`;
      const nameJa = lot === 1 ? item.nameJa : `${item.nameJa} 第${lot}ロット`;
      const unitPrice = item.unitPrice ?? random.int(family.price[0], family.price[1]);
      const price = roundTo(unitPrice * item.caseSize * (item.caseSize > 1 ? 0.96 : 1), 10);
      const active = !random.chance(0.05);
      const lowStockLevel = price >= 10_000 ? 1 : item.caseSize > 1 ? 2 : family.perishable ? 10 : 5;
      const maxStock = price >= 10_000 ? 6 : item.caseSize > 1 ? 12 : family.perishable ? 60 : 40;
      const stock = !active
        ? 0
        : random.chance(0.12)
          ? random.int(0, lowStockLevel)
          : random.int(lowStockLevel + 1, maxStock);
      const listings = pickPlatforms(random, name, active);
      const onAmazon = listings.some((p) => p.code !== 'SHOPIFY');
      const amazonStock = onAmazon && stock > 0 && random.chance(0.6) ? random.int(0, stock) : 0;
      const createdAt = random.daysAgo(now, 1, 1500);
      const id = random.uuid();
      products.push({
        id,
        name,
        name_ja: nameJa,
        sku_code: `GEN-${family.category}-${String(n).padStart(7, '0')}`,
        // 2x: the GS1 range for in-store numbering, so generated JANs never clash with real ones.
        jan_code: withJanCheckDigit(`2${String(n).padStart(11, '0')}`),
        category_id: category?.id ?? null,
        manufacturer_id: manufacturer?.id ?? null,
        purchase_price: random.chance(0.03) ? null : price,
        in_stock_quantity: stock,
        amazon_stock_quantity: amazonStock,
        shelf_number: random.chance(0.04) ? null : random.pick(settings.shelves),
        // A few have no release date: they sort last either way.
        release_date: random.chance(0.05) ? null : isoDate(random.daysAgo(now, -60, 2900)),
        low_stock_level: lowStockLevel,
        active_status: active ? 1 : 0,
        created_at: createdAt.toISOString(),
        updated_at: random.timeBetween(createdAt, now).toISOString(),
      });
      const sources = settings.suppliers.filter((s) => s.categories.includes(family.category));
      for (const supplier of random.sample(sources, random.int(1, Math.min(3, sources.length)))) {
        supplierLinks.push({ product_id: id, supplier_id: supplier.id });
      }
      for (const listing of listings) {
        // A shop handle is at most 64 characters, as the product form allows.
        platforms.push({
          product_id: id,
          code: listing.code,
          asin: listing.asin.slice(0, 64).replace(/-$/, ''),
        });
      }
      movements.push({
        id: random.uuid(),
        product_id: id,
        quantity: stock,
        reason: 'INITIAL' as const,
        note: 'Opening stock',
        order_id: null,
        user_id: admin?.id ?? null,
        created_at: createdAt.toISOString(),
      });
    }
    await db.transaction().execute(async (trx) => {
      await insertBatches(trx, 'products', products);
      await insertBatches(trx, 'product_suppliers', supplierLinks);
      await insertBatches(trx, 'product_platforms', platforms);
      await insertBatches(trx, 'stock_movements', movements);
    });
    totals.products += products.length;
    totals.supplierLinks += supplierLinks.length;
    totals.platformListings += platforms.length;
    totals.stockMovements += movements.length;
    options.log(`products: ${totals.products} of ${count}`);
  }
  return totals;
}

/** Seeds the requested numbers of rows; see {@link LargeSeedOptions}. */
export async function seedLarge(
  db: Kysely<Database>,
  options: LargeSeedOptions = {},
): Promise<LargeSeedSummary> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const log = options.log ?? (() => {});
  // A different stream on every run, so a second run adds different values.
  const random = createRandom(`${DEMO_SEED}/large/${now.getTime()}`);
  const { settings, created } = await loadOrCreateSettings(db, random, now);
  if (created) log('settings: created the demo settings lists');
  const products = await seedLargeProducts(
    db,
    options.products ?? 0,
    { batchSize: options.batchSize ?? 5000, now, log },
    settings,
    random.fork('products'),
  );
  const orders = options.orders
    ? await seedLargeOrders(
        db,
        options.orders,
        {
          batchSize: options.batchSize ?? 5000,
          now,
          timeZone: options.timeZone ?? BUSINESS_ZONE,
          deferIndexesAt: options.deferIndexesAt ?? 50_000,
          log,
        },
        random.fork('orders'),
      )
    : { orders: 0 };
  return {
    ...products,
    ...orders,
    settingsCreated: created,
    seconds: (performance.now() - started) / 1000,
  };
}
