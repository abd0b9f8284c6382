/** Products (SPEC §2 Product screens, §7 products): list, search, create, edit, stock, remarks. */
import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { LIMITS } from '#shared/constants';
import { isValidJan } from '#shared/domain/jan';
import { MESSAGES, inactiveReference, unknownReference } from '#shared/messages';
import type { Filter } from '#shared/query';
import type { SessionUser } from '#shared/schemas/auth';
import { INT_MAX, type SearchResponse } from '#shared/schemas/common';
import type { PlatformListing, Product, Remark, StockMovement } from '#shared/schemas/product';
import type { Database } from '../db/database';
import { recordAudit } from '../audit/audit.repository';
import { findNamedSettings, type NamedSettingTableName } from '../catalog/catalog.repository';
import { textFilter } from '../catalog/catalog.service';
import { badRequest, notFound } from '../http/errors';
import {
  compare,
  containsText,
  filterExpression,
  parseList,
  runList,
  runSearch,
  type ListColumns,
} from '../http/list';
import {
  findProduct,
  findSupplierIds,
  hydrateProducts,
  insertProduct,
  insertRemark,
  lockProduct,
  productRowsQuery,
  recordStockMovement,
  remarksQuery,
  replaceProductLinks,
  stockMovementsQuery,
  toRemark,
  toStockMovement,
  updateProductFields,
  type ProductFields,
} from './products.repository';
import {
  productsListSpec,
  productsSearchSpec,
  stockMovementsListSpec,
  remarksListSpec,
} from '#shared/list-specs';

const lowered = (filter: Filter): Filter => ({
  ...filter,
  value: Array.isArray(filter.value)
    ? filter.value.map((v) => String(v).toLowerCase())
    : String(filter.value).toLowerCase(),
});

const productsColumns: ListColumns = {
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
    // Output columns of productRowsQuery: sortable, never filtered.
    lastOrderDate: 'last_order_date',
    monthlyQuantity: 'monthly_quantity',
  },
  caseInsensitiveSorts: ['name', 'skuCode'],
  customFilters: {
    // Low stock: quantity at or below the product's own level (DESIGN §3).
    lowStock: (filter) => {
      const low = sql<SqlBool>`products.in_stock_quantity <= products.low_stock_level`;
      return compare(sql`case when ${low} then 1 else 0 end`, filter);
    },
    supplierId: (filter) =>
      sql`exists (select 1 from product_suppliers ps where ps.product_id = products.id and ${compare(
        sql.ref('ps.supplier_id'),
        filter,
      )})`,
    name: textFilter('products.name'),
    // SKUs are unique regardless of case, so they match regardless of case.
    skuCode: (filter) => compare(sql`lower(products.sku_code)`, lowered(filter)),
  },
  tieBreaker: 'products.id',
};

export async function listProducts(db: Kysely<Database>, rawQuery: unknown) {
  const query = parseList(rawQuery, productsListSpec);
  const page = await runList(productRowsQuery(db), query, productsColumns, (row) => row);
  return { data: await hydrateProducts(db, page.data), totalCount: page.totalCount };
}

const JAN_SHAPE = /^(\d{8}|\d{13})$/;

/**
 * Name (either language), SKU or JAN contains the text; a complete JAN, as a barcode scanner
 * types it, matches that product only. Text of one character finds nothing (SPEC §7: the
 * picker searches only once the text is longer than 1 character).
 */
export async function searchProducts(
  db: Kysely<Database>,
  rawQuery: unknown,
): Promise<SearchResponse<Product>> {
  const query = parseList(rawQuery, productsSearchSpec);
  const text = query.extras.searchString?.trim() ?? '';
  if (text.length < LIMITS.productSearchMinChars) return { data: [], totalcount: 0 };
  const base = productRowsQuery(db);
  const matching =
    JAN_SHAPE.test(text) && isValidJan(text)
      ? base.where('products.jan_code', '=', text)
      : base.where(
          containsText(['products.name', 'products.name_ja', 'products.sku_code', 'products.jan_code'], text),
        );
  const page = await runSearch(matching, query, productsColumns, (row) => row);
  return { data: await hydrateProducts(db, page.data), totalcount: page.totalcount };
}

export async function getProduct(db: Kysely<Database>, id: string): Promise<Product> {
  const product = await findProduct(db, id);
  if (!product) throw notFound();
  return product;
}

/** What the service needs of a create or update body (the shared schemas' output). */
interface ProductBody extends ProductFields {
  supplierIds: string[];
  availablePlatforms: PlatformListing[];
}

interface CurrentLinks {
  categoryId: string | null;
  manufacturerId: string | null;
  supplierIds: readonly string[];
}

/**
 * An inactive (or unknown) category, manufacturer or supplier cannot be newly assigned, but
 * one a product already has may stay on it (issue 3): deactivating a supplier must not make
 * its products uneditable.
 */
async function checkReferences(trx: Kysely<Database>, body: ProductBody, current: CurrentLinks | null) {
  const check = async (
    table: NamedSettingTableName,
    field: string,
    label: string,
    ids: readonly string[],
  ) => {
    if (ids.length === 0) return;
    const rows = await findNamedSettings(trx, table, ids);
    for (const id of ids) {
      const row = rows.find((r) => r.id === id);
      const message = !row
        ? unknownReference(label)
        : row.active_status !== 1
          ? inactiveReference(label)
          : null;
      if (message) throw badRequest(message, [{ field, message }]);
    }
  };
  const isNew = (id: string | null, existing: string | null | undefined) => id !== null && id !== existing;
  if (isNew(body.categoryId, current?.categoryId)) {
    await check('categories', 'categoryId', 'category', [body.categoryId as string]);
  }
  if (isNew(body.manufacturerId, current?.manufacturerId)) {
    await check('manufacturers', 'manufacturerId', 'manufacturer', [body.manufacturerId as string]);
  }
  const kept = new Set(current?.supplierIds ?? []);
  await check(
    'suppliers',
    'supplierIds',
    'supplier',
    body.supplierIds.filter((id) => !kept.has(id)),
  );
}

function normaliseLinks(body: ProductBody): ProductBody {
  const codes = body.availablePlatforms.map((p) => p.code);
  if (new Set(codes).size !== codes.length) {
    throw badRequest(MESSAGES.onePlatformListing, [
      { field: 'availablePlatforms', message: MESSAGES.onePlatformListing },
    ]);
  }
  return { ...body, supplierIds: [...new Set(body.supplierIds)] };
}

export function createProduct(
  db: Kysely<Database>,
  actor: SessionUser,
  input: ProductBody & { inStockQuantity: number },
): Promise<Product> {
  return db.transaction().execute((trx) => createProductIn(trx, actor, input));
}

/** {@link createProduct} inside a caller's transaction, for workflows that do more in it. */
export async function createProductIn(
  trx: Transaction<Database>,
  actor: SessionUser,
  input: ProductBody & { inStockQuantity: number },
): Promise<Product> {
  const body = normaliseLinks(input);
  await checkReferences(trx, body, null);
  const id = await insertProduct(trx, body);
  await replaceProductLinks(trx, id, body.supplierIds, body.availablePlatforms);
  // The opening count is the ledger's first movement, even when it is zero.
  await recordStockMovement(trx, {
    productId: id,
    quantity: input.inStockQuantity,
    reason: 'INITIAL',
    note: 'Opening stock',
    userId: actor._id,
  });
  const after = await findProduct(trx, id);
  if (!after) throw new Error('product vanished inside its own transaction');
  await recordAudit(trx, { userId: actor._id, entity: 'product', entityId: id, action: 'create', after });
  return after;
}

export function updateProduct(
  db: Kysely<Database>,
  actor: SessionUser,
  id: string,
  input: ProductBody & { inStockQuantity?: number },
): Promise<Product> {
  const body = normaliseLinks(input);
  return db.transaction().execute(async (trx) => {
    const row = await lockProduct(trx, id);
    if (!row) throw notFound();
    if (input.inStockQuantity !== undefined && input.inStockQuantity !== row.in_stock_quantity) {
      throw badRequest(MESSAGES.stockNotEditable, [
        { field: 'inStockQuantity', message: MESSAGES.stockNotEditable },
      ]);
    }
    if (body.amazonStockQuantity > row.in_stock_quantity) {
      throw badRequest(MESSAGES.amazonStockAboveTotal, [
        { field: 'amazonStockQuantity', message: MESSAGES.amazonStockAboveTotal },
      ]);
    }
    await checkReferences(trx, body, {
      categoryId: row.category_id,
      manufacturerId: row.manufacturer_id,
      supplierIds: await findSupplierIds(trx, id),
    });
    const before = await findProduct(trx, id);
    await updateProductFields(trx, id, body);
    await replaceProductLinks(trx, id, body.supplierIds, body.availablePlatforms);
    const after = await findProduct(trx, id);
    if (!after) throw notFound();
    await recordAudit(trx, {
      userId: actor._id,
      entity: 'product',
      entityId: id,
      action: 'update',
      before,
      after,
    });
    return after;
  });
}

/**
 * A manual stock adjustment with its reason (DESIGN §3). Refused when it would take the stock
 * below zero or below the Amazon (FBA) stock, which is part of the total.
 */
export function adjustStock(
  db: Kysely<Database>,
  actor: SessionUser,
  id: string,
  adjustment: { quantity: number; note: string },
): Promise<{ movement: StockMovement; product: Product }> {
  return db.transaction().execute(async (trx) => {
    const row = await lockProduct(trx, id);
    if (!row) throw notFound();
    const next = row.in_stock_quantity + adjustment.quantity;
    if (next < 0 || next > INT_MAX) {
      throw badRequest(MESSAGES.invalidStockQuantity, [
        { field: 'quantity', message: MESSAGES.invalidStockQuantity },
      ]);
    }
    if (next < row.amazon_stock_quantity) {
      throw badRequest(MESSAGES.amazonStockAboveTotal, [
        { field: 'quantity', message: MESSAGES.amazonStockAboveTotal },
      ]);
    }
    const movementId = await recordStockMovement(trx, {
      productId: id,
      quantity: adjustment.quantity,
      reason: 'ADJUSTMENT',
      note: adjustment.note,
      userId: actor._id,
    });
    const movementRow = await stockMovementsQuery(trx, id)
      .where('stock_movements.id', '=', movementId)
      .executeTakeFirstOrThrow();
    const movement = toStockMovement(movementRow);
    await recordAudit(trx, {
      userId: actor._id,
      entity: 'product',
      entityId: id,
      action: 'update',
      before: { inStockQuantity: row.in_stock_quantity },
      after: { inStockQuantity: next, stockMovement: movement },
    });
    const product = await findProduct(trx, id);
    if (!product) throw notFound();
    return { movement, product };
  });
}

const stockMovementsColumns: ListColumns = {
  columns: {
    reason: 'stock_movements.reason',
    createdAt: 'stock_movements.created_at',
  },
  tieBreaker: 'stock_movements.id',
};

async function requireProduct(db: Kysely<Database>, id: string) {
  const row = await db.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
}

export async function listStockMovements(db: Kysely<Database>, productId: string, rawQuery: unknown) {
  const query = parseList(rawQuery, stockMovementsListSpec);
  await requireProduct(db, productId);
  return runList(stockMovementsQuery(db, productId), query, stockMovementsColumns, toStockMovement);
}

const remarksColumns: ListColumns = {
  columns: { createdAt: 'product_remarks.created_at' },
  tieBreaker: 'product_remarks.id',
};

export async function listRemarks(db: Kysely<Database>, productId: string, rawQuery: unknown) {
  const query = parseList(rawQuery, remarksListSpec);
  await requireProduct(db, productId);
  return runList(remarksQuery(db, productId), query, remarksColumns, toRemark);
}

export function addRemark(
  db: Kysely<Database>,
  actor: SessionUser,
  productId: string,
  remark: string,
): Promise<Remark> {
  return db.transaction().execute(async (trx) => {
    await requireProduct(trx, productId);
    const id = await insertRemark(trx, { productId, remark, userId: actor._id });
    const after = toRemark(
      await remarksQuery(trx, productId).where('product_remarks.id', '=', id).executeTakeFirstOrThrow(),
    );
    // A remark changes the product's remark count, so the list's "recently updated" sees it.
    await trx
      .updateTable('products')
      .set({ updated_at: after.createdAt })
      .where('id', '=', productId)
      .execute();
    await recordAudit(trx, {
      userId: actor._id,
      entity: 'productRemark',
      entityId: id,
      action: 'create',
      after,
    });
    return after;
  });
}

/** Every product matching the list's filters, in the list's order (no paging), for the CSV. */
export async function allProducts(db: Kysely<Database>, rawQuery: unknown): Promise<Product[]> {
  const query = parseList(rawQuery, productsListSpec);
  let base = productRowsQuery(db);
  for (const filter of query.filters) base = base.where(filterExpression(productsColumns, filter));
  const sortColumn = sql.ref(productsColumns.columns[query.sort.field] as string);
  const sortExpression = productsColumns.caseInsensitiveSorts?.includes(query.sort.field)
    ? sql`lower(${sortColumn})`
    : sortColumn;
  const rows = await base
    .orderBy(sortExpression, query.sort.direction)
    .orderBy('products.id', query.sort.direction)
    .execute();
  return hydrateProducts(db, rows);
}
