/**
 * Products, their supplier links and platform listings, and remarks. Stock is never written
 * here: the ledger (stock.ts, stock.repository.ts) is the one way any area moves it.
 */
import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { Filter } from '#shared/query';
import { PLATFORMS, type Platform } from '#shared/constants';
import type { PlatformListing, Product, Remark } from '#shared/schemas/product';
import type { Database } from '../db/database';
import { isPostgres } from '../db/dialect';
import { executeCompiled } from '../db/compiled';
import { lockRowsReading, lockSelected } from '../db/locking';
import { compare, containsText, type ListColumns } from '../http/list';
import { exactInteger } from '../http/responses';

/**
 * One product row with its category, manufacturer and remark count. The sales columns
 * (`last_order_date`, `monthly_quantity`) are stored on the product so the list sorts on an
 * index: the orders area keeps them current in the same transaction as each order write, and
 * refreshes the 30-day quantity as days pass. Until then they are empty (null and 0).
 */
export function productRowsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('products')
    .leftJoin('categories', 'categories.id', 'products.category_id')
    .leftJoin('manufacturers', 'manufacturers.id', 'products.manufacturer_id')
    .selectAll('products')
    .select([
      'categories.name as category_name',
      'manufacturers.name as manufacturer_name',
      (eb) =>
        eb
          .selectFrom('product_remarks')
          .select(eb.fn.countAll().as('n'))
          .whereRef('product_remarks.product_id', '=', 'products.id')
          .as('remarks_count'),
    ]);
}

/** The product rows of the given ids (any order), each with its id as `list_key`. */
export function productRowsByIds(db: Kysely<Database>, ids: string[]) {
  return executeCompiled(
    db,
    `products.rows:${ids.length}`,
    () => productRowsQuery(db).select('products.id as list_key').where('products.id', 'in', ids),
    ids,
  );
}

/** Columns the product search looks in, by API name. */
const SEARCH_COLUMNS = { name: 'name', nameJa: 'name_ja', skuCode: 'sku_code', janCode: 'jan_code' } as const;
export type SearchColumn = keyof typeof SEARCH_COLUMNS;

/** Characters, not UTF-16 units: a trigram is three characters (kanji included). */
const characterCount = (text: string) => [...text].length;

/**
 * Products whose columns contain the text, case-insensitively, through the trigram index of
 * either database: FTS5 (trigram tokenizer) on SQLite, pg_trgm GIN on PostgreSQL. `%`, `_`
 * and `\` are literal. Text shorter than a trigram (the 2-character searches the picker
 * allows) has no trigram to look up: on SQLite it scans the four columns (bounded by the
 * product count, a few milliseconds at 50,000), on PostgreSQL the GIN index still answers.
 */
export function productTextMatch(
  db: Kysely<Database>,
  text: string,
  fields: readonly SearchColumn[] = ['name', 'nameJa', 'skuCode', 'janCode'],
): Expression<SqlBool> {
  const columns = fields.map((f) => `products.${SEARCH_COLUMNS[f]}`);
  if (isPostgres(db)) {
    const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // The same expressions as the GIN index, so each is a bitmap scan of it.
    const parts = fields.map((f) => {
      const column = sql.ref(`products.${SEARCH_COLUMNS[f]}`);
      const indexed =
        f === 'janCode'
          ? column
          : f === 'nameJa'
            ? sql`lower(coalesce(${column}, ''))`
            : sql`lower(${column})`;
      return sql<SqlBool>`${indexed} like ${pattern} escape '\\'`;
    });
    return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
  }
  if (characterCount(text) < 3) return containsText(columns, text);
  const phrase = `"${text.replaceAll('"', '""')}"`;
  const match = `{${fields.map((f) => SEARCH_COLUMNS[f]).join(' ')}} : ${phrase}`;
  // By rowid: the matches' rows are then found by their rowids, not by a second walk of the
  // text id index (measured about twice as fast at a few thousand matches).
  return sql<SqlBool>`products.rowid in (select p.rowid from products_search_keys k
    join products p on p.id = k.product_id
    where k.key in (select rowid from products_fts where products_fts match ${match}))`;
}

/**
 * The ids of the products matching the text, as a subquery for other tables' searches (the
 * order search). On SQLite the ids come straight from the search index's key table: joining
 * back to the products' rows, as {@link productTextMatch} does to serve a products page, cost
 * the order search about three quarters of its time at a few thousand matches.
 */
export function productIdsMatching(
  db: Kysely<Database>,
  text: string,
  fields: readonly SearchColumn[] = ['name', 'nameJa', 'skuCode', 'janCode'],
) {
  if (isPostgres(db) || characterCount(text) < 3) {
    return sql`select products.id from products where ${productTextMatch(db, text, fields)}`;
  }
  const phrase = `"${text.replaceAll('"', '""')}"`;
  const match = `{${fields.map((f) => SEARCH_COLUMNS[f]).join(' ')}} : ${phrase}`;
  return sql`select k.product_id from products_search_keys k
    where k.key in (select rowid from products_fts where products_fts match ${match})`;
}

/**
 * The products matching the text as the keys the kept order counts name them by
 * (020_order_counts): on SQLite their search keys, straight from the trigram index's matches;
 * on PostgreSQL their ids.
 */
export function productKeysMatching(
  db: Kysely<Database>,
  text: string,
  fields: readonly SearchColumn[] = ['name', 'nameJa', 'skuCode', 'janCode'],
) {
  if (isPostgres(db)) return productIdsMatching(db, text, fields);
  if (characterCount(text) < 3) {
    return sql`select k.key from products_search_keys k join products on products.id = k.product_id
      where ${productTextMatch(db, text, fields)}`;
  }
  const match = `{${fields.map((f) => SEARCH_COLUMNS[f]).join(' ')}} : "${text.replaceAll('"', '""')}"`;
  return sql`select rowid from products_fts where products_fts match ${match}`;
}

/**
 * The same match as {@link productTextMatch}, tested row by row without the trigram index: for
 * a walk of a sort index that stops after a page (a common word, where the index lookup would
 * fetch and sort thousands of matches). On PostgreSQL the planner makes that choice itself
 * from its statistics, so this is the indexed match there. SQLite's lower() folds ASCII only,
 * where FTS5 folds all of Unicode: a search in another script's capitals (rare in this
 * catalog) may find fewer rows on this path.
 */
export function productTextScan(db: Kysely<Database>, text: string): Expression<SqlBool> {
  if (isPostgres(db)) return productTextMatch(db, text);
  return containsText(
    Object.values(SEARCH_COLUMNS).map((c) => `products.${c}`),
    text,
  );
}

const lowered = (filter: Filter): Filter => ({
  ...filter,
  value: Array.isArray(filter.value)
    ? filter.value.map((v) => String(v).toLowerCase())
    : String(filter.value).toLowerCase(),
});

/** The search text as a product-name filter (`name=kit`): contains, through the same index. */
const nameFilter = (db: Kysely<Database>) => (filter: Filter) => {
  if (filter.op === 'eq') return productTextMatch(db, String(filter.value), ['name']);
  if (filter.op === 'in') {
    const parts = (filter.value as unknown[]).map((v) => productTextMatch(db, String(v), ['name']));
    return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
  }
  return compare(sql`lower(products.name)`, lowered(filter));
};

/**
 * Low stock: quantity at or below the product's own level. Written exactly as the index
 * `ix_products__low_stock` is, so that index serves the filter under the default sort.
 */
const LOW_STOCK = sql<number>`case when products.in_stock_quantity <= products.low_stock_level then 1 else 0 end`;

/** The products list's columns; every sort and screen filter is served by an index (004_list_engine). */
export function productsColumns(db: Kysely<Database>): ListColumns {
  return {
    columns: {
      activeStatus: 'products.active_status',
      categoryId: 'products.category_id',
      manufacturerId: 'products.manufacturer_id',
      name: 'products.name',
      skuCode: 'products.sku_code',
      janCode: 'products.jan_code',
      shelfNumber: 'products.shelf_number',
      inStockQuantity: 'products.in_stock_quantity',
      amazonStockQuantity: 'products.amazon_stock_quantity',
      releaseDate: 'products.release_date',
      lowStockLevel: 'products.low_stock_level',
      createdAt: 'products.created_at',
      updatedAt: 'products.updated_at',
      lastOrderDate: 'products.last_order_date',
      monthlyQuantity: 'products.monthly_quantity',
    },
    caseInsensitiveSorts: ['name', 'skuCode'],
    // The literals of the release and last-order date indexes.
    nullSentinels: {
      releaseDate: { high: '9999-12-31', low: '' },
      lastOrderDate: { high: '9999-12-31', low: '' },
    },
    customFilters: {
      lowStock: (filter) => compare(LOW_STOCK, filter),
      supplierId: (filter) =>
        sql`exists (select 1 from product_suppliers ps where ps.product_id = products.id and ${compare(
          sql.ref('ps.supplier_id'),
          filter,
        )})`,
      name: nameFilter(db),
      // SKUs are unique regardless of case, so they match regardless of case.
      skuCode: (filter) => compare(sql`lower(products.sku_code)`, lowered(filter)),
    },
    tieBreaker: 'products.id',
    countedTables: ['products', 'product_suppliers'],
  };
}

/**
 * The cells of the CSV export in its column order (products.csv.ts), each row complete in one
 * read of `products` (suppliers and listings are kept on the product row by migration
 * 005_export_columns). The export itself copies the stored lines ({@link productExportRecordsQuery});
 * these cells, formatted by `formatProductRecord`, are what those lines are tested against.
 */
export function productExportQuery(db: Kysely<Database>) {
  const stored = (column: string) => sql<string | null>`${sql.ref(`products.${column}`)}`;
  return db
    .selectFrom('products')
    .leftJoin('categories', 'categories.id', 'products.category_id')
    .leftJoin('manufacturers', 'manufacturers.id', 'products.manufacturer_id')
    .select([
      'products.name',
      'products.name_ja',
      'products.sku_code',
      'products.jan_code',
      'categories.name as category_name',
      'manufacturers.name as manufacturer_name',
      stored('export_suppliers').as('supplier_names'),
      'products.purchase_price',
      'products.in_stock_quantity',
      'products.amazon_stock_quantity',
      'products.shelf_number',
      'products.release_date',
      'products.low_stock_level',
      'products.active_status',
      stored('export_asin_shopify').as('asin_shopify'),
      stored('export_asin_amazonjp').as('asin_amazonjp'),
      stored('export_asin_amazonind').as('asin_amazonind'),
      'products.hs_code',
      'products.country_of_origin',
      'products.description_en',
      'products.net_weight_grams',
    ]);
}

/**
 * Each product's stored CSV line (migration 006_export_records), as the export reads them: one
 * value a row, in whatever order and with whatever conditions the list adds. On SQLite the line
 * is read as a blob, its UTF-8 bytes as stored, so it becomes a Buffer without being decoded into
 * a string and encoded again for the response.
 */
/** Text on PostgreSQL, bytes on SQLite. */
type ExportLine = Buffer | string;

export function productExportRecordsQuery(db: Kysely<Database>) {
  const record = isPostgres(db)
    ? sql<ExportLine>`product_export_records.record`
    : sql<ExportLine>`cast(product_export_records.record as blob)`;
  return db
    .selectFrom('products')
    .innerJoin('product_export_records', 'product_export_records.product_id', 'products.id')
    .select(record.as('record'));
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
    const suppliers = await executeCompiled(
      db,
      `products.suppliers:${ids.length}`,
      () =>
        db
          .selectFrom('product_suppliers')
          .innerJoin('suppliers', 'suppliers.id', 'product_suppliers.supplier_id')
          .select(['product_suppliers.product_id', 'suppliers.id', 'suppliers.name'])
          .where('product_suppliers.product_id', 'in', ids)
          .orderBy(sql`lower(suppliers.name)`)
          .orderBy('suppliers.id'),
      ids,
    );
    for (const s of suppliers) {
      const list = links.suppliers.get(s.product_id) ?? [];
      list.push({ _id: s.id, name: s.name });
      links.suppliers.set(s.product_id, list);
    }
    const platforms = await executeCompiled(
      db,
      `products.platforms:${ids.length}`,
      () =>
        db
          .selectFrom('product_platforms')
          .select(['product_id', 'code', 'asin'])
          .where('product_id', 'in', ids),
      ids,
    );
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
  // A sum (bigint on PostgreSQL: its digits past 2^53), written exactly.
  monthlyQuantity: exactInteger(row.monthly_quantity),
  remarksCount: Number(row.remarks_count ?? 0),
  hsCode: row.hs_code,
  countryOfOrigin: row.country_of_origin,
  descriptionEn: row.description_en,
  netWeightGrams: row.net_weight_grams,
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

/** These products as the API answers them, in the order of `ids` (missing ones left out). */
export async function findProducts(db: Kysely<Database>, ids: readonly string[]): Promise<Product[]> {
  const found = new Map<string, Product>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await productRowsQuery(db)
      .where('products.id', 'in', ids.slice(i, i + 1000))
      .execute();
    for (const product of await hydrateProducts(db, rows)) found.set(product._id, product);
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}

/**
 * Takes the product's row lock for the rest of the transaction (db/locking.ts) and reads it,
 * so checks against its stock cannot race another writer. Undefined when there is no such product.
 */
export async function lockProduct(trx: Transaction<Database>, id: string) {
  const [row] = await lockRowsReading(trx, 'products', [id], (q) => q.selectAll());
  return row;
}

/** {@link lockProduct} for many, in one statement (in id order, db/locking.ts): their rows by id. */
export async function lockProducts(trx: Transaction<Database>, ids: readonly string[]) {
  const rows = await lockRowsReading(trx, 'products', ids, (q) => q.selectAll());
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Locks, in id order, the products a rename of this category, manufacturer or supplier
 * rewrites through triggers (a supplier's names on the product row, 005_export_columns; the
 * stored export line, 006_export_records), before the rename: those triggers would otherwise
 * write them in the order they read them, and deadlock with a writer holding some of them.
 */
export async function lockProductsNaming(
  trx: Transaction<Database>,
  table: 'categories' | 'manufacturers' | 'suppliers',
  id: string,
): Promise<void> {
  const products = trx.selectFrom('products').select('products.id');
  await lockSelected(
    trx,
    'products',
    table === 'suppliers'
      ? products.where('products.id', 'in', (eb) =>
          eb
            .selectFrom('product_suppliers')
            .select('product_suppliers.product_id')
            .where('supplier_id', '=', id),
        )
      : products.where(table === 'categories' ? 'products.category_id' : 'products.manufacturer_id', '=', id),
  );
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
  hsCode: string | null;
  countryOfOrigin: string | null;
  descriptionEn: string | null;
  netWeightGrams: number | null;
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
  hs_code: f.hsCode,
  country_of_origin: f.countryOfOrigin,
  description_en: f.descriptionEn,
  net_weight_grams: f.netWeightGrams,
});

/** A product to insert: its fields, links and opening stock (the ledger's first movement says so). */
export interface NewProductRow {
  fields: ProductFields;
  inStockQuantity: number;
  supplierIds: readonly string[];
  platforms: readonly PlatformListing[];
}

// Some 20 columns a product: 250 rows stay far below both databases' bound on parameters.
const INSERT_CHUNK = 250;

/**
 * New products with their suppliers and listings, a few multi-row statements for any number
 * (an import's thousands cost as many round trips as one product did each); answers their ids,
 * in order.
 */
export async function insertProducts(
  trx: Kysely<Database>,
  products: readonly NewProductRow[],
): Promise<string[]> {
  const now = new Date().toISOString();
  const ids = products.map(() => crypto.randomUUID());
  const rows = products.map((p, i) => ({
    id: ids[i] as string,
    ...toColumns(p.fields),
    in_stock_quantity: p.inStockQuantity,
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await trx
      .insertInto('products')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
  }
  await insertProductLinks(
    trx,
    products.map((p, i) => ({
      productId: ids[i] as string,
      supplierIds: p.supplierIds,
      platforms: p.platforms,
    })),
  );
  return ids;
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

/** A product's suppliers and platform listings, as they are written. */
export interface ProductLinksOf {
  productId: string;
  supplierIds: readonly string[];
  platforms: readonly PlatformListing[];
}

/** Replaces each product's suppliers and platform listings with the given ones, in a few statements for all. */
export async function replaceProductLinks(
  trx: Kysely<Database>,
  products: readonly ProductLinksOf[],
): Promise<void> {
  const ids = products.map((p) => p.productId);
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    await trx.deleteFrom('product_suppliers').where('product_id', 'in', chunk).execute();
    await trx.deleteFrom('product_platforms').where('product_id', 'in', chunk).execute();
  }
  await insertProductLinks(trx, products);
}

/** Products' suppliers and listings added, a multi-row statement a thousand of each. */
async function insertProductLinks(trx: Kysely<Database>, products: readonly ProductLinksOf[]): Promise<void> {
  const suppliers = products.flatMap((p) =>
    p.supplierIds.map((supplier_id) => ({ product_id: p.productId, supplier_id })),
  );
  const listings = products.flatMap((p) =>
    p.platforms.map((l) => ({ product_id: p.productId, code: l.code, asin: l.asin })),
  );
  for (let i = 0; i < suppliers.length; i += 1000) {
    await trx
      .insertInto('product_suppliers')
      .values(suppliers.slice(i, i + 1000))
      .execute();
  }
  for (let i = 0; i < listings.length; i += 1000) {
    await trx
      .insertInto('product_platforms')
      .values(listings.slice(i, i + 1000))
      .execute();
  }
}

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

export async function productExists(db: Kysely<Database>, id: string): Promise<boolean> {
  return !!(await db.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst());
}

/** Of these product ids, the ones that exist. */
export async function existingProductIds(db: Kysely<Database>, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Marks the product changed (a new remark), so "recently updated" lists it first. */
export async function touchProduct(trx: Kysely<Database>, id: string, at: string): Promise<void> {
  await trx.updateTable('products').set({ updated_at: at }).where('id', '=', id).execute();
}
