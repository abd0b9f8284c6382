/**
 * The demo data set (KURA_DEMO=1): two accounts, the settings lists, about 200 products with
 * suppliers, platform listings, a stock ledger and remarks, saved simulations and about 300
 * orders (demo-orders.ts), so a newcomer opens a living business instead of empty screens.
 *
 * Deterministic: every value, id included, comes from a seeded generator and `now`, so the same
 * `now` gives the same data everywhere (only the password hashes differ: their salts are random).
 * Each step draws from its own stream (`random.fork`), so steps that later issues append
 * (orders, shipments, OTZ orders) never change what the earlier steps produce.
 *
 * A later issue extends it with one more step: `export async function seedXxx(ctx, data)` that
 * forks its own stream (`ctx.random.fork('xxx')`), inserts with `insertBatches` and returns what
 * the steps after it need, called at the end of seedDemo's transaction. Steps that move stock
 * (orders accepted or cancelled) add stock_movements and update the products' quantities so
 * that quantity stays equal to the ledger's sum.
 *
 * It only seeds an empty database: with any user or product present it does nothing and
 * returns false. Demo accounts must never appear beside real ones, and the check and the
 * inserts share one transaction.
 */
import type { Kysely } from 'kysely';
import { PLATFORMS, withJanCheckDigit, type HandlingFeeType, type Platform, type Role } from '#shared';
import { BUSINESS_ZONE } from '#shared/domain/periods';
import { hashPassword } from '../auth/password';
import type { Database } from '../db/database';
import { writeTransaction } from '../db/write-transaction';
import { seedDemoOrders } from './demo-orders';
import { createRandom, type Random } from './random';
import { DEMO_REMARKS, PRODUCT_FAMILIES, type ProductFamily } from './products.data';
import { addDays, insertBatches, isoDate } from './seed-kit';
import {
  DEMO_CATEGORIES,
  DEMO_HANDLING_FEES,
  DEMO_MANUFACTURERS,
  DEMO_PLATFORM_FEES,
  DEMO_PRE_CATEGORIES,
  DEMO_SHELVES,
  DEMO_SHIPPING_METHODS,
  DEMO_SUPPLIERS,
  INACTIVE_MANUFACTURERS,
} from './settings.data';

/** Printed in the README; demo only. */
export const DEMO_PASSWORDS = { admin: 'kura-admin-demo', orderCreator: 'kura-orders-demo' } as const;

export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@kura.example', fullname: 'Aiko Tanaka', username: 'admin', role: 'admin' },
  orderCreator: {
    email: 'orderCreator@kura.example',
    fullname: 'Rahul Mehta',
    username: 'ordercreator',
    role: 'orderCreator',
  },
} as const satisfies Record<Role, { email: string; fullname: string; username: string; role: Role }>;

/** Changing it changes every generated value; bump it only on purpose. */
export const DEMO_SEED = 'kura-demo-1';

/**
 * What every step gets: the open transaction, the reference time, the business's time zone
 * (order dates are its calendar days) and the root generator.
 */
export interface DemoContext {
  db: Kysely<Database>;
  now: Date;
  timeZone: string;
  random: Random;
}

export type DemoAccounts = Record<Role, { id: string; fullname: string }>;

export interface DemoSetting {
  id: string;
  name: string;
  active: boolean;
}

export interface DemoSettings {
  /** By category code (SNK, TEA, …). */
  categories: Map<string, DemoSetting>;
  /** By manufacturer name. */
  manufacturers: Map<string, DemoSetting>;
  suppliers: (DemoSetting & { categories: readonly string[] })[];
  shippingMethods: DemoSetting[];
  handlingFees: { id: string; title: string; type: HandlingFeeType; value: string }[];
  shelves: string[];
}

/** A seeded product, with what later steps (orders, shipments, sales) need to know of it. */
export interface DemoProduct {
  id: string;
  name: string;
  nameJa: string;
  skuCode: string;
  janCode: string;
  categoryCode: string;
  purchasePrice: number | null;
  inStockQuantity: number;
  amazonStockQuantity: number;
  lowStockLevel: number;
  active: boolean;
  releaseDate: string;
  platforms: { code: Platform; asin: string }[];
  createdAt: string;
}

export interface DemoData {
  accounts: DemoAccounts;
  settings: DemoSettings;
  products: DemoProduct[];
}

export async function seedDemo(
  db: Kysely<Database>,
  options: { now?: Date; timeZone?: string } = {},
): Promise<boolean> {
  const now = options.now ?? new Date();
  // scrypt is deliberately slow: hash before the transaction opens, both at once.
  const [adminHash, orderCreatorHash] = await Promise.all([
    hashPassword(DEMO_PASSWORDS.admin),
    hashPassword(DEMO_PASSWORDS.orderCreator),
  ]);
  return writeTransaction(db, async (trx) => {
    if (!(await isEmpty(trx))) return false;
    const ctx: DemoContext = {
      db: trx,
      now,
      timeZone: options.timeZone ?? BUSINESS_ZONE,
      random: createRandom(DEMO_SEED),
    };
    const accounts = await seedAccounts(ctx, { admin: adminHash, orderCreator: orderCreatorHash });
    const settings = await seedSettings(ctx);
    const products = await seedProducts(ctx, { accounts, settings });
    await seedRemarks(ctx, { accounts, settings, products });
    await seedSimulations(ctx, { accounts, settings, products });
    await seedDemoOrders(ctx, { accounts, settings, products });
    return true;
  });
}

async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const user = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  const product = await db.selectFrom('products').select('id').limit(1).executeTakeFirst();
  return !user && !product;
}

export async function seedAccounts(
  ctx: DemoContext,
  passwordHashes: Record<Role, string>,
): Promise<DemoAccounts> {
  const random = ctx.random.fork('accounts');
  const rows = (['admin', 'orderCreator'] as const).map((role, index) => {
    // The admin opened the business; the order creator joined about a year later.
    const createdAt = random.daysAgo(ctx.now, index === 0 ? 700 : 380, index === 0 ? 720 : 400).toISOString();
    return {
      id: random.uuid(),
      ...DEMO_ACCOUNTS[role],
      password_hash: passwordHashes[role],
      active: 1,
      last_login_at: random.daysAgo(ctx.now, 0, 2).toISOString(),
      password_changed_at: null,
      created_at: createdAt,
      updated_at: createdAt,
    };
  });
  await insertBatches(ctx.db, 'users', rows);
  const [admin, orderCreator] = rows as [(typeof rows)[0], (typeof rows)[0]];
  return {
    admin: { id: admin.id, fullname: admin.fullname },
    orderCreator: { id: orderCreator.id, fullname: orderCreator.fullname },
  };
}

export async function seedSettings(ctx: DemoContext): Promise<DemoSettings> {
  const random = ctx.random.fork('settings');
  // Settings were typed in during the first months of trading; deactivating a row was its
  // last update.
  const stamp = (active: boolean) => {
    const created = random.daysAgo(ctx.now, 560, 700);
    const updated = active ? created : random.timeBetween(created, addDays(ctx.now, -30));
    return { created_at: created.toISOString(), updated_at: updated.toISOString() };
  };
  const named = (items: readonly { name: string; active: boolean }[]) =>
    items.map((item) => ({
      id: random.uuid(),
      name: item.name,
      active_status: item.active ? 1 : 0,
      ...stamp(item.active),
    }));
  const toSetting = (row: { id: string; name: string; active_status: number }): DemoSetting => ({
    id: row.id,
    name: row.name,
    active: row.active_status === 1,
  });

  const categoryRows = named(DEMO_CATEGORIES);
  const manufacturerRows = named(
    DEMO_MANUFACTURERS.map((name) => ({ name, active: !INACTIVE_MANUFACTURERS.includes(name) })),
  );
  const supplierRows = named(DEMO_SUPPLIERS);
  const shippingRows = named(DEMO_SHIPPING_METHODS);
  const handlingRows = DEMO_HANDLING_FEES.map((fee) => ({ id: random.uuid(), ...fee, ...stamp(true) }));
  const preCategoryRows = DEMO_PRE_CATEGORIES.map((name) => ({ id: random.uuid(), name, ...stamp(true) }));
  const shelfRows = DEMO_SHELVES.map((name) => ({ id: random.uuid(), name, ...stamp(true) }));

  await insertBatches(ctx.db, 'categories', categoryRows);
  await insertBatches(ctx.db, 'manufacturers', manufacturerRows);
  await insertBatches(ctx.db, 'suppliers', supplierRows);
  await insertBatches(ctx.db, 'shipping_methods', shippingRows);
  await insertBatches(ctx.db, 'handling_fees', handlingRows);
  await insertBatches(ctx.db, 'pre_categories', preCategoryRows);
  await insertBatches(ctx.db, 'shelf_numbers', shelfRows);
  // The simulator's platform rows exist from the migration on; the demo sets them.
  const feesSet = addDays(ctx.now, -300).toISOString();
  for (const fee of DEMO_PLATFORM_FEES) {
    await ctx.db
      .updateTable('platform_fees')
      .set({ commission_percent: fee.commissionPercent, closing_fee: fee.closingFee, updated_at: feesSet })
      .where('platform_code', '=', fee.platformCode)
      .execute();
  }

  const codeOf = new Map(DEMO_CATEGORIES.map((c) => [c.name, c.code]));
  const sourcesOf = new Map(DEMO_SUPPLIERS.map((s) => [s.name, s.categories]));
  return {
    categories: new Map(categoryRows.map((row) => [codeOf.get(row.name) as string, toSetting(row)])),
    manufacturers: new Map(manufacturerRows.map((row) => [row.name, toSetting(row)])),
    suppliers: supplierRows.map((row) => ({ ...toSetting(row), categories: sourcesOf.get(row.name) ?? [] })),
    shippingMethods: shippingRows.map(toSetting),
    handlingFees: handlingRows.map(({ id, title, type, value }) => ({ id, title, type, value })),
    shelves: [...DEMO_SHELVES],
  };
}

const ADJUSTMENT_NOTES = [
  'Stocktake correction',
  'Damaged in storage',
  'Found during stocktake',
  'Sample opened for product photos',
  '棚卸しによる修正',
  'Returned by customer, resellable',
];

export async function seedProducts(
  ctx: DemoContext,
  { accounts, settings }: Pick<DemoData, 'accounts' | 'settings'>,
): Promise<DemoProduct[]> {
  const random = ctx.random.fork('products');
  const companyPrefixes = new Map<string, string>();
  const usedJans = new Set<string>();
  const skuCounters = new Map<string, number>();

  const productRows = [];
  const supplierLinks = [];
  const platformRows = [];
  const movementRows = [];
  const products: DemoProduct[] = [];

  for (const item of expandFamilies(PRODUCT_FAMILIES)) {
    const { family } = item;
    const category = settings.categories.get(family.category);
    if (!category) throw new Error(`Demo product family names an unknown category ${family.category}`);
    const manufacturer = family.maker ? settings.manufacturers.get(family.maker) : undefined;

    const sequence = (skuCounters.get(family.category) ?? 0) + 1;
    skuCounters.set(family.category, sequence);
    const skuCode = `KUR-${family.category}-${String(sequence).padStart(4, '0')}`;
    const janCode = nextJan(random, companyPrefixes, usedJans, family.maker ?? '');

    const unitPrice = item.unitPrice ?? random.int(family.price[0], family.price[1]);
    // A case costs a little less than its units; prices are quoted to the 10 yen.
    const price = roundTo(unitPrice * item.caseSize * (item.caseSize > 1 ? 0.96 : 1), 10);
    // A few imports were never costed: their profit shows a dash.
    const purchasePrice = random.chance(0.03) ? null : price;

    // Most of the range launched years ago; a few are announced and not yet released.
    const upcoming = random.chance(0.04);
    const createdAt = upcoming ? random.daysAgo(ctx.now, 3, 30) : random.daysAgo(ctx.now, 190, 540);
    const releaseDate = isoDate(
      upcoming ? addDays(ctx.now, random.int(7, 60)) : random.daysAgo(ctx.now, 200, 2900),
    );
    const active = !random.chance(0.05);

    const lowStockLevel = price >= 10_000 ? 1 : item.caseSize > 1 ? 2 : family.perishable ? 10 : 5;
    const maxStock = price >= 10_000 ? 6 : item.caseSize > 1 ? 12 : family.perishable ? 60 : 40;
    // About one product in eight is at or below its low-stock level, so the filter shows something.
    const stock =
      upcoming || !active
        ? 0
        : random.chance(0.12)
          ? random.int(0, lowStockLevel)
          : random.int(lowStockLevel + 1, maxStock);

    const platforms = pickPlatforms(random, item.name, active);
    const onAmazon = platforms.some((p) => p.code !== 'SHOPIFY');
    const amazonStock = onAmazon && stock > 0 && random.chance(0.6) ? random.int(0, stock) : 0;

    const id = random.uuid();
    const updatedAt = random.timeBetween(createdAt, ctx.now);
    productRows.push({
      id,
      name: item.name,
      name_ja: item.nameJa,
      sku_code: skuCode,
      jan_code: janCode,
      category_id: category.id,
      manufacturer_id: manufacturer?.id ?? null,
      purchase_price: purchasePrice,
      in_stock_quantity: stock,
      amazon_stock_quantity: amazonStock,
      shelf_number: random.chance(0.04) ? null : random.pick(settings.shelves),
      release_date: releaseDate,
      low_stock_level: lowStockLevel,
      active_status: active ? 1 : 0,
      created_at: createdAt.toISOString(),
      updated_at: updatedAt.toISOString(),
    });

    const sources = settings.suppliers.filter((s) => s.categories.includes(family.category));
    for (const supplier of random.sample(sources, random.int(1, Math.min(3, sources.length)))) {
      supplierLinks.push({ product_id: id, supplier_id: supplier.id });
    }
    for (const listing of platforms)
      platformRows.push({ product_id: id, code: listing.code, asin: listing.asin });

    // The ledger: the opening count, then now and then a correction, summing to today's stock.
    const adjustments =
      stock > 0 && random.chance(0.2)
        ? Array.from({ length: random.int(1, 2) }, () =>
            random.chance(0.7) ? -random.int(1, 3) : random.int(1, 4),
          )
        : [];
    const opening = stock - adjustments.reduce((sum, q) => sum + q, 0);
    const movement = (quantity: number, reason: 'INITIAL' | 'ADJUSTMENT', note: string, at: Date) => ({
      id: random.uuid(),
      product_id: id,
      quantity,
      reason,
      note,
      order_id: null,
      user_id: accounts.admin.id,
      created_at: at.toISOString(),
    });
    movementRows.push(movement(opening, 'INITIAL', 'Opening stock', createdAt));
    let last = createdAt;
    for (const quantity of adjustments) {
      last = random.timeBetween(last, ctx.now);
      movementRows.push(movement(quantity, 'ADJUSTMENT', random.pick(ADJUSTMENT_NOTES), last));
    }

    products.push({
      id,
      name: item.name,
      nameJa: item.nameJa,
      skuCode,
      janCode,
      categoryCode: family.category,
      purchasePrice,
      inStockQuantity: stock,
      amazonStockQuantity: amazonStock,
      lowStockLevel,
      active,
      releaseDate,
      platforms,
      createdAt: createdAt.toISOString(),
    });
  }

  await insertBatches(ctx.db, 'products', productRows);
  await insertBatches(ctx.db, 'product_suppliers', supplierLinks);
  await insertBatches(ctx.db, 'product_platforms', platformRows);
  await insertBatches(ctx.db, 'stock_movements', movementRows);
  return products;
}

export async function seedRemarks(ctx: DemoContext, { accounts, products }: DemoData): Promise<void> {
  const random = ctx.random.fork('remarks');
  const rows = random.sample(products, 28).flatMap((product) =>
    Array.from({ length: random.chance(0.25) ? 2 : 1 }, () => ({
      id: random.uuid(),
      product_id: product.id,
      remark: random.pick(DEMO_REMARKS),
      user_id: random.chance(0.7) ? accounts.admin.id : accounts.orderCreator.id,
      created_at: random.timeBetween(new Date(product.createdAt), ctx.now).toISOString(),
    })),
  );
  await insertBatches(ctx.db, 'product_remarks', rows);
}

/** A few saved cost simulations for products the seller considers listing in India. */
export async function seedSimulations(
  ctx: DemoContext,
  { accounts, settings, products }: DemoData,
): Promise<void> {
  const random = ctx.random.fork('simulations');
  const priced = products.filter((p) => p.active && p.purchasePrice !== null);
  const packing = settings.handlingFees.find((fee) => fee.type === 'amount');
  const payment = settings.handlingFees.find((fee) => fee.type === 'percentage');
  const plans = [
    {
      platform: 'AMAZONIND',
      commission: '15',
      closingFee: '30',
      handling: packing,
      target: ['amount', '500'],
    },
    {
      platform: 'AMAZONIND',
      commission: '15',
      closingFee: '30',
      handling: undefined,
      target: ['percentage', '12.5'],
    },
    { platform: 'SHOPIFY', commission: '2', closingFee: '0', handling: payment, target: ['amount', '800'] },
  ] as const;
  const rows = random.sample(priced, plans.length).map((product, i) => {
    const plan = plans[i % plans.length] as (typeof plans)[number];
    const at = random.daysAgo(ctx.now, 1, 40).toISOString();
    return {
      id: random.uuid(),
      name: product.name,
      product_id: product.id,
      platform_code: plan.platform,
      purchase_price: String(product.purchasePrice),
      quantity: String(random.int(1, 3)),
      exchange_rate: '1.74',
      shipping_cost: String(random.int(12, 30) * 10),
      customs_duty: '20',
      commission: plan.commission,
      closing_fee: plan.closingFee,
      handling_fee_id: plan.handling?.id ?? null,
      handling_type: plan.handling?.type ?? null,
      handling_value: plan.handling?.value ?? null,
      target_type: plan.target[0],
      target_value: plan.target[1],
      created_by: accounts.admin.id,
      created_at: at,
      updated_at: at,
    };
  });
  await insertBatches(ctx.db, 'simulations', rows);
}

export interface CatalogItem {
  family: ProductFamily;
  name: string;
  nameJa: string;
  unitPrice: number | undefined;
  caseSize: number;
}

/** Every variant, then every case size of it, in the families' order (which numbers the SKUs). */
export function* expandFamilies(families: readonly ProductFamily[]): Generator<CatalogItem> {
  for (const family of families) {
    for (const [en, ja, unitPrice] of family.variants) {
      const name = [family.en, en].filter(Boolean).join(' ');
      const nameJa = [family.ja, ja].filter(Boolean).join(' ');
      yield { family, name, nameJa, unitPrice, caseSize: 1 };
      for (const size of family.cases ?? []) {
        yield {
          family,
          name: `${name} (case of ${size})`,
          nameJa: `${nameJa} ${size}個入りケース`,
          unitPrice,
          caseSize: size,
        };
      }
    }
  }
}

/**
 * A JAN as GS1 Japan issues them: 49, a 5-digit company number (one per maker), a 5-digit
 * item number, the check digit.
 */
function nextJan(random: Random, prefixes: Map<string, string>, used: Set<string>, maker: string): string {
  let prefix = prefixes.get(maker);
  if (!prefix) {
    prefix = `49${random.digits(5)}`;
    prefixes.set(maker, prefix);
  }
  for (;;) {
    const jan = withJanCheckDigit(`${prefix}${random.digits(5)}`);
    if (!used.has(jan)) {
      used.add(jan);
      return jan;
    }
  }
}

const LISTING_ODDS: Record<Platform, number> = { SHOPIFY: 0.8, AMAZONJP: 0.65, AMAZONIND: 0.55 };

/** Amazon listings carry an ASIN (B0 + 8 characters); the own shop a product handle. */
export function pickPlatforms(
  random: Random,
  name: string,
  active: boolean,
): { code: Platform; asin: string }[] {
  const codes = PLATFORMS.filter((code) => random.chance(LISTING_ODDS[code]));
  // Everything on sale is listed somewhere; a discontinued product may have been delisted.
  if (codes.length === 0 && active) codes.push(random.pick(PLATFORMS));
  return codes.map((code) => ({
    code,
    asin: code === 'SHOPIFY' ? shopHandle(name) : `B0${random.alphanumeric(8)}`,
  }));
}

const shopHandle = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const roundTo = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);
