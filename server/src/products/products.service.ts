/** Products: list, search, create, edit, stock, remarks and the CSV export's rows. */
import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import { LIMITS } from '#shared/constants';
import { isValidJan } from '#shared/domain/jan';
import { MESSAGES, inactiveReference, unknownReference } from '#shared/messages';
import type { ListQuery } from '#shared/query';
import type { SessionUser } from '#shared/schemas/auth';
import type { SearchResponse } from '#shared/schemas/common';
import type { PlatformListing, Product, Remark, StockMovement } from '#shared/schemas/product';
import { perDatabase } from '../db/cache-kit';
import type { Database } from '../db/database';
import { recordAudit, recordAudits } from '../audit/audit.repository';
import { findNamedSettings, type NamedSettingTableName } from '../catalog/catalog.repository';
import { badRequest, notFound, type FieldError } from '../http/errors';
import { countRows, iterateList, iterateListRaw, parseList, runList, type ListColumns } from '../http/list';
import { isSqliteHandle, readRaw } from '../db/sqlite-handle';
import { writeTransaction } from '../db/write-transaction';
import { lockOrdersPricedBy } from '../sales/sales.repository';
import type { ExportRecord } from './products.csv';
import { assertAmazonStockWithin, recordAdjustment, recordOpeningStocks } from './stock';
import { stockMovementsQuery, toStockMovement } from './stock.repository';
import {
  findProduct,
  hydrateProducts,
  findProducts,
  insertProducts,
  insertRemark,
  lockProduct,
  lockProducts,
  productExists,
  productExportRecordsQuery,
  productRowsByIds,
  productRowsQuery,
  productsColumns,
  productTextMatch,
  productTextScan,
  remarksQuery,
  replaceProductLinks,
  toRemark,
  touchProduct,
  updateProductFields,
  type ProductFields,
} from './products.repository';
import {
  productsListSpec,
  productsSearchSpec,
  stockMovementsListSpec,
  remarksListSpec,
} from '#shared/list-specs';

/**
 * The list's columns and base queries, built once per database handle (Kysely's builders are
 * immutable, so one instance serves every request; the search SQL depends on the dialect).
 */
const buildersFor = perDatabase((db: Kysely<Database>) => ({
  columns: productsColumns(db),
  rows: productRowsQuery(db),
  products: db.selectFrom('products'),
}));
const columnsFor = (db: Kysely<Database>) => buildersFor(db).columns;

export async function listProducts(db: Kysely<Database>, rawQuery: unknown) {
  const query = parseList(rawQuery, productsListSpec);
  const { rows, products, columns } = buildersFor(db);
  const page = await runList(rows, query, columns, (row) => row, {
    db,
    plan: 'products.list',
    keysBase: products,
    readRows: (ids) => productRowsByIds(db, ids),
  });
  return { data: await hydrateProducts(db, page.data), totalCount: page.totalCount };
}

const JAN_SHAPE = /^(\d{8}|\d{13})$/;

/**
 * The products matching the search text, or undefined when the text is too short to search
 * (the picker searches only once the text is longer than 1 character, so one character finds
 * nothing). Name (either language), SKU or JAN contains the text; a complete JAN, as a
 * barcode scanner types it, matches that product only.
 */
function searchBase<Q extends SelectQueryBuilder<Database, 'products', unknown>>(
  db: Kysely<Database>,
  query: ListQuery,
  base: Q,
  match: typeof productTextMatch = productTextMatch,
): Q | undefined {
  const text = searchText(query);
  if (text.length < LIMITS.productSearchMinChars) return undefined;
  return (isJan(text) ? base.where('products.jan_code', '=', text) : base.where(match(db, text))) as Q;
}

const searchText = (query: ListQuery) => query.extras.searchString?.trim() ?? '';
const isJan = (text: string) => JAN_SHAPE.test(text) && isValidJan(text);

/**
 * Whether the page of a text search is found faster by walking the sort index and testing each
 * product than by the trigram index (which fetches and sorts every match): the walk reads
 * about (offset + limit) × products / matches rows, the index lookup about `matches`, so the
 * walk wins once matches² exceeds (offset + limit) × products ("matcha": 2,750 of 50,000).
 * Both totals come from the count cache.
 */
async function walkBeatsIndex(db: Kysely<Database>, query: ListQuery, matches: number): Promise<boolean> {
  if (matches < SEARCH_WALK_MIN_MATCHES) return false;
  const products = await countRows(buildersFor(db).products, columnsFor(db), db);
  return matches * matches >= (query.offset + query.limit) * products;
}

// Below this a lookup of the matches costs less than any walk.
const SEARCH_WALK_MIN_MATCHES = 200;

export async function searchProducts(
  db: Kysely<Database>,
  rawQuery: unknown,
): Promise<SearchResponse<Product>> {
  const query = parseList(rawQuery, productsSearchSpec);
  const text = searchText(query);
  if (text.length < LIMITS.productSearchMinChars) return { data: [], totalcount: 0 };
  const { rows, products, columns } = buildersFor(db);
  // The page's keys are found with the search; its rows are then read by key alone (testing
  // the text again would repeat the trigram lookup for every match). The bases depend on the
  // text alone, so the plan keeps their compiled queries per search.
  const page = await runList(rows, query, columns, (row) => row, {
    db,
    plan: 'products.search',
    keysBase: () => searchBase(db, query, products) as typeof products,
    readRows: (ids) => productRowsByIds(db, ids),
    ...(isJan(text)
      ? {}
      : {
          scanKeys: {
            base: () => products.where(productTextScan(db, text)),
            preferScan: (matches: number) => walkBeatsIndex(db, query, matches),
          },
        }),
  });
  return { data: await hydrateProducts(db, page.data), totalcount: page.totalCount };
}

// Rows per keyset batch of the export: each batch is one query and one chunk of the response.
const EXPORT_BATCH = 1000;

/**
 * Every product the list shows for the same query (its filters, its sort and, when given, the
 * search text), in batches, without paging: each product's stored CSV line. On SQLite the rows
 * are read as arrays (sqlite-handle.ts: on a reader thread, committed state only); on
 * PostgreSQL as Kysely rows.
 */
export async function* exportProducts(
  db: Kysely<Database>,
  rawQuery: unknown,
): AsyncGenerator<ExportRecord[]> {
  const query = parseList(rawQuery, productsSearchSpec);
  const searching = query.extras.searchString !== undefined && query.extras.searchString.trim() !== '';
  const base = searching
    ? searchBase(db, query, productExportRecordsQuery(db))
    : productExportRecordsQuery(db);
  if (!base) return;
  if (isSqliteHandle(db)) {
    const batches = iterateListRaw(base, query, columnsFor(db), EXPORT_BATCH, (compiled) =>
      readRaw(db, compiled),
    );
    for await (const rows of batches) yield rows.map((row) => row[0] as Buffer);
    return;
  }
  for await (const rows of iterateList(base, query, columnsFor(db), EXPORT_BATCH)) {
    yield rows.map((row) => row.record);
  }
}

export async function getProduct(db: Kysely<Database>, id: string): Promise<Product> {
  const product = await findProduct(db, id);
  if (!product) throw notFound();
  return product;
}

/** What the service needs of a create or update body (the shared schemas' output). */
export interface ProductBody extends ProductFields {
  supplierIds: string[];
  availablePlatforms: PlatformListing[];
}

export interface CurrentLinks {
  categoryId: string | null;
  manufacturerId: string | null;
  supplierIds: readonly string[];
}

/** A category, manufacturer or supplier row as the reference rule reads it, found by its id. */
export type SettingLookup = (
  table: NamedSettingTableName,
  id: string,
) => { active_status: number } | undefined;

/**
 * An inactive (or unknown) category, manufacturer or supplier cannot be newly assigned, but
 * one a product already has may stay on it: deactivating a supplier must not make
 * its products uneditable. The first reference the body may not take, or undefined. Pure, so the
 * products CSV import checks each row by the same rule with every setting read once.
 */
export function referenceProblem(
  body: Pick<ProductBody, 'categoryId' | 'manufacturerId' | 'supplierIds'>,
  current: CurrentLinks | null,
  lookup: SettingLookup,
): FieldError | undefined {
  const check = (table: NamedSettingTableName, field: string, label: string, ids: readonly string[]) => {
    for (const id of ids) {
      const row = lookup(table, id);
      const message = !row
        ? unknownReference(label)
        : row.active_status !== 1
          ? inactiveReference(label)
          : null;
      if (message) return { field, message };
    }
    return undefined;
  };
  const isNew = (id: string | null, existing: string | null | undefined) => id !== null && id !== existing;
  const kept = new Set(current?.supplierIds ?? []);
  return (
    (isNew(body.categoryId, current?.categoryId)
      ? check('categories', 'categoryId', 'category', [body.categoryId as string])
      : undefined) ??
    (isNew(body.manufacturerId, current?.manufacturerId)
      ? check('manufacturers', 'manufacturerId', 'manufacturer', [body.manufacturerId as string])
      : undefined) ??
    check(
      'suppliers',
      'supplierIds',
      'supplier',
      body.supplierIds.filter((id) => !kept.has(id)),
    )
  );
}

/**
 * The reference rule over bodies (each with the links its product has now, or null for a new
 * one), every setting they name read once; refuses (400) at the first that may not be taken.
 */
async function checkReferences(
  trx: Kysely<Database>,
  entries: readonly (readonly [ProductBody, CurrentLinks | null])[],
) {
  const ids = {
    categories: new Set<string>(),
    manufacturers: new Set<string>(),
    suppliers: new Set<string>(),
  };
  for (const [body] of entries) {
    if (body.categoryId) ids.categories.add(body.categoryId);
    if (body.manufacturerId) ids.manufacturers.add(body.manufacturerId);
    for (const id of body.supplierIds) ids.suppliers.add(id);
  }
  const rows = new Map<string, { active_status: number }>();
  for (const [table, set] of Object.entries(ids) as [NamedSettingTableName, Set<string>][]) {
    if (set.size === 0) continue;
    for (const row of await findNamedSettings(trx, table, [...set])) rows.set(`${table} ${row.id}`, row);
  }
  for (const [body, current] of entries) {
    const problem = referenceProblem(body, current, (table, id) => rows.get(`${table} ${id}`));
    if (problem) throw badRequest(problem.message, [problem]);
  }
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
  return writeTransaction(db, (trx) => createProductIn(trx, actor, input));
}

/** Each product's audit entry (with its state before, for an update), in one statement a batch. */
function auditProducts(
  trx: Kysely<Database>,
  actor: SessionUser,
  action: 'create' | 'update',
  after: readonly Product[],
  before?: ReadonlyMap<string, Product>,
): Promise<void> {
  return recordAudits(
    trx,
    after.map((product) => ({
      userId: actor._id,
      entity: 'product' as const,
      entityId: product._id,
      entityName: product.name,
      action,
      ...(before ? { before: before.get(product._id) } : {}),
      after: product,
    })),
  );
}

/** {@link createProduct} inside a caller's transaction, for workflows that do more in it. */
export async function createProductIn(
  trx: Transaction<Database>,
  actor: SessionUser,
  input: ProductBody & { inStockQuantity: number },
): Promise<Product> {
  const [product] = await createProductsIn(trx, actor, [input]);
  if (!product) throw new Error('product vanished inside its own transaction');
  return product;
}

/**
 * New products inside a caller's transaction, in a few multi-row statements however many there
 * are (the products CSV import's thousands): checked by the reference rule, inserted with their
 * links and opening stock (the ledger's first movement, even when it is zero), each with its
 * audit entry. The one way a product is created; answers them in the order given.
 */
export async function createProductsIn(
  trx: Transaction<Database>,
  actor: SessionUser,
  inputs: readonly (ProductBody & { inStockQuantity: number })[],
): Promise<Product[]> {
  const bodies = inputs.map(normaliseLinks);
  await checkReferences(
    trx,
    bodies.map((body) => [body, null] as const),
  );
  const ids = await insertProducts(
    trx,
    bodies.map((body, i) => ({
      fields: body,
      inStockQuantity: inputs[i]!.inStockQuantity,
      supplierIds: body.supplierIds,
      platforms: body.availablePlatforms,
    })),
  );
  await recordOpeningStocks(
    trx,
    ids.map((productId, i) => ({ productId, quantity: inputs[i]!.inStockQuantity })),
    actor._id,
  );
  const created = await findProducts(trx, ids);
  await auditProducts(trx, actor, 'create', created);
  return created;
}

export function updateProduct(
  db: Kysely<Database>,
  actor: SessionUser,
  id: string,
  input: ProductBody & { inStockQuantity?: number },
): Promise<Product> {
  return writeTransaction(db, (trx) => updateProductIn(trx, actor, id, input));
}

/** {@link updateProduct} inside a caller's transaction (the products CSV import updates many in one). */
export async function updateProductIn(
  trx: Transaction<Database>,
  actor: SessionUser,
  id: string,
  input: ProductBody & { inStockQuantity?: number },
): Promise<Product> {
  const [product] = await updateProductsIn(trx, actor, [{ id, input }]);
  if (!product) throw notFound();
  return product;
}

/**
 * Products' edits inside a caller's transaction, each product written by one statement and the
 * rest (locks, checks, links, the answers, the audit) in a few for all of them: the one way a
 * product is updated. Stock moves only through the ledger: an `inStockQuantity` other than the
 * stored one is refused, as an Amazon stock above it. Answers them in the order given.
 */
export async function updateProductsIn(
  trx: Transaction<Database>,
  actor: SessionUser,
  edits: readonly { id: string; input: ProductBody & { inStockQuantity?: number } }[],
): Promise<Product[]> {
  const ids = edits.map((edit) => edit.id);
  const rows = await lockProducts(trx, ids);
  const before = new Map((await findProducts(trx, ids)).map((p) => [p._id, p]));
  const entries = edits.map(({ id, input }) => {
    const row = rows.get(id);
    const product = before.get(id);
    if (!row || !product) throw notFound();
    if (input.inStockQuantity !== undefined && input.inStockQuantity !== row.in_stock_quantity) {
      throw badRequest(MESSAGES.stockNotEditable, [
        { field: 'inStockQuantity', message: MESSAGES.stockNotEditable },
      ]);
    }
    const body = normaliseLinks(input);
    assertAmazonStockWithin(body.amazonStockQuantity, row.in_stock_quantity, 'amazonStockQuantity');
    const current: CurrentLinks = {
      categoryId: row.category_id,
      manufacturerId: row.manufacturer_id,
      supplierIds: product.suppliers.map((s) => s._id),
    };
    const price = row.purchase_price === null ? null : Number(row.purchase_price);
    return { id, body, current, repriced: body.purchasePrice !== price };
  });
  await checkReferences(
    trx,
    entries.map((e) => [e.body, e.current] as const),
  );
  // A purchase price edit moves the profit of every day the product sold on: those days are
  // recomputed at commit (writeTransaction), and each sale's kept figures by trigger, both
  // from the orders locked here.
  await lockOrdersPricedBy(
    trx,
    entries.filter((e) => e.repriced).map((e) => e.id),
  );
  for (const { id, body } of entries) await updateProductFields(trx, id, body);
  await replaceProductLinks(
    trx,
    entries.map(({ id, body }) => ({
      productId: id,
      supplierIds: body.supplierIds,
      platforms: body.availablePlatforms,
    })),
  );
  const after = await findProducts(trx, ids);
  await auditProducts(trx, actor, 'update', after, before);
  return after;
}

/**
 * A manual stock adjustment with its reason, within the stock rule's bounds (stock.ts). The
 * product's row lock (taken first) makes concurrent adjustments apply one after another, each
 * checking the quantity the one before it left.
 */
export function adjustStock(
  db: Kysely<Database>,
  actor: SessionUser,
  id: string,
  adjustment: { quantity: number; note: string },
): Promise<{ movement: StockMovement; product: Product }> {
  return writeTransaction(db, async (trx) => {
    const row = await lockProduct(trx, id);
    if (!row) throw notFound();
    const { movementId, stock: next } = await recordAdjustment(trx, row, adjustment, actor._id);
    const movementRow = await stockMovementsQuery(trx, id)
      .where('stock_movements.id', '=', movementId)
      .executeTakeFirstOrThrow();
    const movement = toStockMovement(movementRow);
    await recordAudit(trx, {
      userId: actor._id,
      entity: 'product',
      entityId: id,
      entityName: row.name,
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
  if (!(await productExists(db, id))) throw notFound();
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
  return writeTransaction(db, async (trx) => {
    // Locked before it is touched below, as every writer of a product takes it (db/locking.ts).
    const product = await lockProduct(trx, productId);
    if (!product) throw notFound();
    const id = await insertRemark(trx, { productId, remark, userId: actor._id });
    const after = toRemark(
      await remarksQuery(trx, productId).where('product_remarks.id', '=', id).executeTakeFirstOrThrow(),
    );
    // A remark changes the product's remark count, so the list's "recently updated" sees it.
    await touchProduct(trx, productId, after.createdAt);
    await recordAudit(trx, {
      userId: actor._id,
      entity: 'productRemark',
      entityId: id,
      // A remark has no name of its own: the history names the product it was left on.
      entityName: product.name,
      action: 'create',
      after,
    });
    return after;
  });
}
