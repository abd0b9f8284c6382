/**
 * Products, their supplier links and platform listings, remarks and the stock ledger.
 *
 * Stock is never written directly: {@link recordStockMovement} is the one way any area moves
 * it, keeping `products.in_stock_quantity` equal to the sum of the product's movements in the
 * caller's transaction (DESIGN §3).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { PLATFORMS, type Platform } from '#shared/constants';
import type { PlatformListing, Product, Remark, StockMovement } from '#shared/schemas/product';
import type { Database } from '../db/database';
import { lockRow } from '../db/locking';
import type { StockMovementReason } from '../catalog/catalog.table';

/**
 * The product table's derived sales columns (SPEC §2): the last order date and the units sold
 * in the last 30 days. This is the one place orders plug in. Until the orders issue adds its
 * table they are empty (null and 0); it replaces the two expressions with correlated
 * subqueries over this product's orders that count as sales (not cancelled), e.g.
 *
 *   (select max(o.order_date) from orders o where o.product_id = products.id and …)
 *   (select coalesce(sum(o.order_quantity), 0) from orders o where … and o.order_date >= <30 days ago>)
 *
 * They are SQL rather than a second query so the list can sort on them across all pages.
 */
export function productSalesStats() {
  return {
    lastOrderDate: sql<string | null>`cast(null as text)`,
    monthlyQuantity: sql<number>`0`,
  };
}

/** One product row with its category, manufacturer, remark count and sales columns. */
export function productRowsQuery(db: Kysely<Database>) {
  const stats = productSalesStats();
  return db
    .selectFrom('products')
    .leftJoin('categories', 'categories.id', 'products.category_id')
    .leftJoin('manufacturers', 'manufacturers.id', 'products.manufacturer_id')
    .selectAll('products')
    .select([
      'categories.name as category_name',
      'manufacturers.name as manufacturer_name',
      stats.lastOrderDate.as('last_order_date'),
      stats.monthlyQuantity.as('monthly_quantity'),
      (eb) =>
        eb
          .selectFrom('product_remarks')
          .select(eb.fn.countAll().as('n'))
          .whereRef('product_remarks.product_id', '=', 'products.id')
          .as('remarks_count'),
    ]);
}

export type ProductRow = Awaited<ReturnType<ReturnType<typeof productRowsQuery>['executeTakeFirstOrThrow']>>;

export interface ProductLinks {
  suppliers: Map<string, { _id: string; name: string }[]>;
  platforms: Map<string, PlatformListing[]>;
}

// Well below SQLite's and PostgreSQL's bound-parameter limits, for exports of every product.
const ID_CHUNK = 1000;

/** Suppliers (by name) and platform listings (in PLATFORMS order) of the given products. */
export async function loadProductLinks(
  db: Kysely<Database>,
  productIds: readonly string[],
): Promise<ProductLinks> {
  const links: ProductLinks = { suppliers: new Map(), platforms: new Map() };
  for (let start = 0; start < productIds.length; start += ID_CHUNK) {
    const ids = productIds.slice(start, start + ID_CHUNK);
    const suppliers = await db
      .selectFrom('product_suppliers')
      .innerJoin('suppliers', 'suppliers.id', 'product_suppliers.supplier_id')
      .select(['product_suppliers.product_id', 'suppliers.id', 'suppliers.name'])
      .where('product_suppliers.product_id', 'in', ids)
      .orderBy(sql`lower(suppliers.name)`)
      .orderBy('suppliers.id')
      .execute();
    for (const s of suppliers) {
      const list = links.suppliers.get(s.product_id) ?? [];
      list.push({ _id: s.id, name: s.name });
      links.suppliers.set(s.product_id, list);
    }
    const platforms = await db
      .selectFrom('product_platforms')
      .select(['product_id', 'code', 'asin'])
      .where('product_id', 'in', ids)
      .execute();
    for (const p of platforms) {
      const list = links.platforms.get(p.product_id) ?? [];
      list.push({ code: p.code, asin: p.asin });
      links.platforms.set(p.product_id, list);
    }
  }
  const order = (code: Platform) => PLATFORMS.indexOf(code);
  for (const list of links.platforms.values()) list.sort((a, b) => order(a.code) - order(b.code));
  return links;
}

export const toProduct = (row: ProductRow, links: ProductLinks): Product => ({
  _id: row.id,
  name: row.name,
  nameJa: row.name_ja,
  skuCode: row.sku_code,
  janCode: row.jan_code,
  category: row.category_id ? { _id: row.category_id, name: row.category_name ?? '' } : null,
  manufacturer: row.manufacturer_id ? { _id: row.manufacturer_id, name: row.manufacturer_name ?? '' } : null,
  suppliers: links.suppliers.get(row.id) ?? [],
  purchasePrice: row.purchase_price,
  inStockQuantity: row.in_stock_quantity,
  amazonStockQuantity: row.amazon_stock_quantity,
  shelfNumber: row.shelf_number,
  releaseDate: row.release_date,
  lowStockLevel: row.low_stock_level,
  activeStatus: row.active_status === 1,
  availablePlatforms: links.platforms.get(row.id) ?? [],
  lastOrderDate: row.last_order_date,
  monthlyQuantity: Number(row.monthly_quantity ?? 0),
  remarksCount: Number(row.remarks_count ?? 0),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Rows to products, loading the links of all of them at once. */
export async function hydrateProducts(db: Kysely<Database>, rows: readonly ProductRow[]): Promise<Product[]> {
  const links = await loadProductLinks(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toProduct(row, links));
}

export async function findProduct(db: Kysely<Database>, id: string): Promise<Product | undefined> {
  const row = await productRowsQuery(db).where('products.id', '=', id).executeTakeFirst();
  return row ? (await hydrateProducts(db, [row]))[0] : undefined;
}

/**
 * Takes the product's row lock for the rest of the transaction (db/locking.ts) and reads it,
 * so checks against its stock cannot race another writer. Undefined when there is no such product.
 */
export async function lockProduct(trx: Transaction<Database>, id: string) {
  if (!(await lockRow(trx, 'products', id))) return undefined;
  return trx.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface ProductFields {
  name: string;
  nameJa: string | null;
  skuCode: string;
  janCode: string;
  categoryId: string | null;
  manufacturerId: string | null;
  purchasePrice: number | null;
  amazonStockQuantity: number;
  shelfNumber: string | null;
  releaseDate: string | null;
  lowStockLevel: number;
  activeStatus: boolean;
}

const toColumns = (f: ProductFields) => ({
  name: f.name,
  name_ja: f.nameJa,
  sku_code: f.skuCode,
  jan_code: f.janCode,
  category_id: f.categoryId,
  manufacturer_id: f.manufacturerId,
  purchase_price: f.purchasePrice,
  amazon_stock_quantity: f.amazonStockQuantity,
  shelf_number: f.shelfNumber,
  release_date: f.releaseDate,
  low_stock_level: f.lowStockLevel,
  active_status: f.activeStatus ? 1 : 0,
});

/** A new product with no stock: its opening stock is the first ledger movement. */
export async function insertProduct(trx: Kysely<Database>, fields: ProductFields): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await trx
    .insertInto('products')
    .values({ id, ...toColumns(fields), in_stock_quantity: 0, created_at: now, updated_at: now })
    .execute();
  return id;
}

export async function updateProductFields(
  trx: Kysely<Database>,
  id: string,
  fields: ProductFields,
): Promise<void> {
  await trx
    .updateTable('products')
    .set({ ...toColumns(fields), updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Replaces the product's suppliers and platform listings with the given ones. */
export async function replaceProductLinks(
  trx: Kysely<Database>,
  productId: string,
  supplierIds: readonly string[],
  platforms: readonly PlatformListing[],
): Promise<void> {
  await trx.deleteFrom('product_suppliers').where('product_id', '=', productId).execute();
  await trx.deleteFrom('product_platforms').where('product_id', '=', productId).execute();
  if (supplierIds.length > 0) {
    await trx
      .insertInto('product_suppliers')
      .values(supplierIds.map((supplier_id) => ({ product_id: productId, supplier_id })))
      .execute();
  }
  if (platforms.length > 0) {
    await trx
      .insertInto('product_platforms')
      .values(platforms.map((p) => ({ product_id: productId, code: p.code, asin: p.asin })))
      .execute();
  }
}

export async function findSupplierIds(db: Kysely<Database>, productId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('product_suppliers')
    .select('supplier_id')
    .where('product_id', '=', productId)
    .execute();
  return rows.map((r) => r.supplier_id);
}

export interface NewStockMovement {
  productId: string;
  /** Signed change in units (zero only for an opening count of nothing). */
  quantity: number;
  reason: StockMovementReason;
  note?: string | null;
  /** The order that caused it, for ORDER_ACCEPTED / ORDER_CANCELLED. */
  orderId?: string | null;
  userId: string | null;
}

/**
 * The one way to move stock (DESIGN §3): appends a ledger movement and applies it to the
 * product's quantity, in the caller's transaction, so quantity always equals the ledger's sum.
 * It does not refuse a result below zero or below the Amazon stock: an order accepted against
 * a miscounted shelf must still be recorded. Callers that must refuse (manual adjustments)
 * check first under {@link lockProduct}. The caller also records the audit entry of the change
 * that caused it. Returns the movement's id.
 */
export async function recordStockMovement(
  trx: Kysely<Database>,
  movement: NewStockMovement,
): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await trx
    .insertInto('stock_movements')
    .values({
      id,
      product_id: movement.productId,
      quantity: movement.quantity,
      reason: movement.reason,
      note: movement.note ?? null,
      order_id: movement.orderId ?? null,
      user_id: movement.userId,
      created_at: now,
    })
    .execute();
  await trx
    .updateTable('products')
    .set({ in_stock_quantity: sql`in_stock_quantity + ${movement.quantity}`, updated_at: now })
    .where('id', '=', movement.productId)
    .execute();
  return id;
}

export function stockMovementsQuery(db: Kysely<Database>, productId: string) {
  return db
    .selectFrom('stock_movements')
    .leftJoin('users', 'users.id', 'stock_movements.user_id')
    .selectAll('stock_movements')
    .select('users.fullname')
    .where('stock_movements.product_id', '=', productId);
}

type MovementRow = Awaited<ReturnType<ReturnType<typeof stockMovementsQuery>['executeTakeFirstOrThrow']>>;

export const toStockMovement = (row: MovementRow): StockMovement => ({
  _id: row.id,
  productId: row.product_id,
  quantity: row.quantity,
  reason: row.reason,
  note: row.note,
  orderId: row.order_id,
  user: row.user_id ? { _id: row.user_id, fullname: row.fullname ?? '' } : null,
  createdAt: row.created_at,
});

export async function insertRemark(
  trx: Kysely<Database>,
  values: { productId: string; remark: string; userId: string },
): Promise<string> {
  const id = crypto.randomUUID();
  await trx
    .insertInto('product_remarks')
    .values({
      id,
      product_id: values.productId,
      remark: values.remark,
      user_id: values.userId,
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}

export function remarksQuery(db: Kysely<Database>, productId: string) {
  return db
    .selectFrom('product_remarks')
    .leftJoin('users', 'users.id', 'product_remarks.user_id')
    .selectAll('product_remarks')
    .select('users.fullname')
    .where('product_remarks.product_id', '=', productId);
}

type RemarkRow = Awaited<ReturnType<ReturnType<typeof remarksQuery>['executeTakeFirstOrThrow']>>;

export const toRemark = (row: RemarkRow): Remark => ({
  _id: row.id,
  productId: row.product_id,
  remark: row.remark,
  author: row.user_id ? { _id: row.user_id, fullname: row.fullname ?? '' } : null,
  createdAt: row.created_at,
});
