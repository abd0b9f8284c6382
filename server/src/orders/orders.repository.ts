/**
 * Orders: every SQL statement of the area. Amounts are stored as integer minor units
 * (docs/architecture.md, money in code) and become the API's major-unit numbers in
 * {@link toOrder} only.
 */
import {
  PostgresAdapter,
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type SqlBool,
  type Transaction,
} from 'kysely';
import type { Currency, OrderStatus, Platform } from '#shared/constants';
import { formatRate, fromMinor } from '#shared/domain/money';
import type { Customer, Order } from '#shared/schemas/order';
import type { PlatformListing } from '#shared/schemas/product';
import type { Database } from '../db/database';
import { executeCompiled } from '../db/compiled';
import { lockRowsReading, lockSelected } from '../db/locking';
import { writeTransaction } from '../db/write-transaction';
import { cachedMatches } from '../db/match-cache';
import type { TableVersions } from '../db/table-versions';
import type { ListColumns } from '../http/list';
import { productIdsMatching } from '../products/products.repository';
import type { OrderTable } from './orders.table';

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The order's columns an order shows (not the bookkeeping of stock, shipments and entry). */
const ORDER_ROW_COLUMNS = [
  'orders.id',
  'orders.order_id',
  'orders.platform_code',
  'orders.product_id',
  'orders.order_date',
  'orders.order_quantity',
  'orders.currency',
  'orders.base_order_price',
  'orders.discount',
  'orders.commission',
  'orders.closing_fee',
  'orders.gst',
  'orders.handling_fee',
  'orders.shipping_fee',
  'orders.custom_fee',
  'orders.exchange_rate',
  'orders.expected_shipping_date',
  'orders.delivery_date',
  'orders.is_booked_advance',
  'orders.shipment_status',
  'orders.shipment_id',
  'orders.customer',
  'orders.created_at',
  'orders.updated_at',
] as const;

/** One order row with the product fields an order shows. */
export function orderRowsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('orders')
    .leftJoin('products', 'products.id', 'orders.product_id')
    .select([
      ...ORDER_ROW_COLUMNS,
      'products.name as product_name',
      'products.sku_code as product_sku_code',
      'products.jan_code as product_jan_code',
      'products.purchase_price as product_purchase_price',
      ...LISTING_COLUMNS.map(([, column, as]) => sql<string | null>`${sql.ref(`products.${column}`)}`.as(as)),
    ]);
}

/**
 * The product's listings, read from the ASIN each platform's listing keeps on the product row
 * (its export columns, kept by triggers on every listing write; the ASIN is never null, so a
 * null column is no listing). A subquery of the listings for each of a page's 50 rows cost the
 * database 0.24 ms of a search's 1.3 ms at a million orders, and a separate query (SQLite) one
 * more statement a page.
 */
const LISTING_COLUMNS = [
  ['SHOPIFY', 'export_asin_shopify', 'product_asin_shopify'],
  ['AMAZONJP', 'export_asin_amazonjp', 'product_asin_amazonjp'],
  ['AMAZONIND', 'export_asin_amazonind', 'product_asin_amazonind'],
] as const satisfies readonly (readonly [Platform, string, string])[];

/** The listings of an order row's product, in PLATFORMS order. */
function listingsOf(row: OrderRow): PlatformListing[] {
  const listings: PlatformListing[] = [];
  for (const [code, , as] of LISTING_COLUMNS) {
    const asin = row[as];
    if (asin !== null) listings.push({ code, asin });
  }
  return listings;
}

export type OrderRow = Awaited<ReturnType<ReturnType<typeof orderRowsQuery>['executeTakeFirstOrThrow']>>;

/** The order rows of the given ids (any order), each with its id as `list_key`. */
export function orderRowsByIds(db: Kysely<Database>, ids: string[]) {
  return executeCompiled(
    db,
    `orders.rows:${ids.length}`,
    () => orderRowsQuery(db).select('orders.id as list_key').where('orders.id', 'in', ids),
    ids,
  );
}

/** The rows a list counts and pages: the orders table alone (no display joins). */
export const ordersKeysBase = (db: Kysely<Database>) => db.selectFrom('orders');

/** Advance orders: those entered as AWAITING, before and after their release. */
export const advanceOrdersKeysBase = (db: Kysely<Database>) =>
  db.selectFrom('orders').where('orders.is_advance', '=', 1);

/** The orders list's columns; every screen filter and sort is served by an index (008_orders). */
export const ordersColumns: ListColumns = {
  columns: {
    shipmentStatus: 'orders.shipment_status',
    platformCode: 'orders.platform_code',
    orderDate: 'orders.order_date',
    shipmentId: 'orders.shipment_id',
    product: 'orders.product_id',
    orderId: 'orders.order_id',
    createdAt: 'orders.created_at',
    updatedAt: 'orders.updated_at',
    baseOrderPrice: 'orders.base_order_price',
    deliveryDate: 'orders.delivery_date',
  },
  tieBreaker: 'orders.id',
  countedTables: ['orders'],
};

/**
 * The same columns for a search by text, which matches the products' names, SKUs and JANs too:
 * its totals are counted again after a product is written as well as an order.
 */
export const ordersSearchColumns: ListColumns = { ...ordersColumns, countedTables: ['orders', 'products'] };

/** Advance orders sort on a nullable delivery date: small in number, so NULLS LAST will do. */
export const advanceOrdersColumns: ListColumns = { ...ordersColumns, nullableSorts: ['deliveryDate'] };

const parseCustomer = (text: string | null): Customer | null =>
  text ? (JSON.parse(text) as Customer) : null;

export const toOrder = (row: OrderRow): Order => {
  const money = (minor: number, currency: Currency = row.currency) => fromMinor(Number(minor), currency);
  return {
    _id: row.id,
    orderId: row.order_id,
    orderDate: row.order_date,
    platformCode: row.platform_code,
    product:
      row.product_name === null
        ? null
        : {
            _id: row.product_id,
            name: row.product_name,
            skuCode: row.product_sku_code ?? '',
            janCode: row.product_jan_code ?? '',
            purchasePrice: row.product_purchase_price,
            availablePlatforms: listingsOf(row),
          },
    orderQuantity: row.order_quantity,
    currency: row.currency,
    baseOrderPrice: money(row.base_order_price),
    discount: money(row.discount),
    commission: money(row.commission),
    closingFee: money(row.closing_fee),
    gst: money(row.gst),
    handlingFee: money(row.handling_fee),
    shippingFee: money(row.shipping_fee, 'JPY'),
    customFee: money(row.custom_fee, 'INR'),
    exchangeRate: row.exchange_rate === null ? null : Number(formatRate(Number(row.exchange_rate))),
    expectedShippingDate: row.expected_shipping_date,
    isBookedAdvance: row.is_booked_advance === 1,
    deliveryDate: row.delivery_date,
    shipmentStatus: row.shipment_status,
    shipmentId: row.shipment_id,
    customer: parseCustomer(row.customer),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
};

/** The orders of these ids, in the order of `ids` (missing ones left out). */
export async function findOrders(db: Kysely<Database>, ids: readonly string[]): Promise<Order[]> {
  if (ids.length === 0) return [];
  const rows = await orderRowsQuery(db)
    .where('orders.id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, toOrder(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findOrder(db: Kysely<Database>, id: string): Promise<Order | undefined> {
  return (await findOrders(db, [id]))[0];
}

/** The id of the order line with this platform, order id and product, if there is one. */
export async function findOrderIdByKey(
  db: Kysely<Database>,
  key: { platformCode: Platform; orderId: string; productId: string },
): Promise<string | undefined> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('order_id', '=', key.orderId)
    .where('platform_code', '=', key.platformCode)
    .where('product_id', '=', key.productId)
    .executeTakeFirst();
  return row?.id;
}

/** A new order: never in a shipment yet (shipments place their orders themselves). */
export type OrderValues = Omit<OrderTable, 'id' | 'created_at' | 'updated_at' | 'shipment_position'>;

export async function insertOrder(trx: Kysely<Database>, values: OrderValues): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await trx
    .insertInto('orders')
    .values({ id, ...values, created_at: now, updated_at: now })
    .execute();
  return id;
}

/** The bare rows of these orders, locked until the transaction ends (in id order), in one read. */
export function lockOrders(trx: Transaction<Database>, ids: readonly string[]) {
  return lockRowsReading(trx, 'orders', ids, (q) => q.selectAll());
}

export type LockedOrder = Awaited<ReturnType<typeof lockOrders>>[number];

const STOCK_COLUMNS = ['id', 'name', 'in_stock_quantity', 'amazon_stock_quantity'] as const;

/**
 * The stock fields of these products, locked until the transaction ends (in id order), so a
 * check of what is available cannot race another order's acceptance. Every writer of product
 * rows takes them so (or through {@link lockOrderProducts}) before it writes them.
 */
export function lockProductsStock(trx: Transaction<Database>, ids: readonly string[]) {
  return lockRowsReading(trx, 'products', ids, (q) => q.select(STOCK_COLUMNS));
}

export type LockedStock = Awaited<ReturnType<typeof lockProductsStock>>[number];

/**
 * {@link lockProductsStock} for the products of these orders, found by the same statement: a
 * status change that writes products (stock, the 30-day figures) takes them before it locks
 * the orders, as every writer of products does (db/locking.ts). An order's product never
 * changes, so reading it unlocked is exact.
 */
export function lockOrderProducts(trx: Transaction<Database>, orderIds: readonly string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return lockSelected(
    trx,
    'products',
    trx
      .selectFrom('products')
      .select(STOCK_COLUMNS)
      .where('products.id', 'in', (eb) =>
        eb
          .selectFrom('orders')
          .select('orders.product_id')
          .where('orders.id', 'in', [...orderIds]),
      ),
  );
}

/**
 * Moves these orders, all in status `from`, to `to` with what moves with it: the stock they hold
 * (`stock_taken`: none once cancelled; on acceptance, the quantity of those holding none, as
 * their ledger movement takes it) and, on release (BOOKED → RECEIVED), the booked-advance mark.
 * Only rows still in `from` are written, so a change decided on a stale read writes nothing.
 * Answers how many rows were written.
 */
export async function setOrdersStatus(
  trx: Kysely<Database>,
  ids: readonly string[],
  from: OrderStatus,
  to: OrderStatus,
): Promise<number> {
  if (ids.length === 0) return 0;
  const stockTaken =
    to === 'CANCELLED'
      ? { stock_taken: 0 }
      : to === 'ACCEPTED'
        ? { stock_taken: sql<number>`case when stock_taken = 0 then order_quantity else stock_taken end` }
        : {};
  const result = await trx
    .updateTable('orders')
    .set({
      shipment_status: to,
      ...stockTaken,
      ...(from === 'BOOKED' && to === 'RECEIVED' ? { is_booked_advance: 1 } : {}),
      updated_at: new Date().toISOString(),
    })
    .where('id', 'in', [...ids])
    .where('shipment_status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export type EditableOrderColumns = Partial<
  Pick<
    OrderTable,
    | 'discount'
    | 'commission'
    | 'closing_fee'
    | 'gst'
    | 'handling_fee'
    | 'shipping_fee'
    | 'expected_shipping_date'
    | 'customer'
  >
>;

export async function updateOrderColumns(
  trx: Kysely<Database>,
  id: string,
  columns: EditableOrderColumns,
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ ...columns, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/**
 * Recomputes the products' sales columns from their orders (cancelled ones left out): the
 * latest order date, and the units ordered since `since` (the first day of the last 30 in the
 * business's time zone). Each is an index range of ix_orders__product_date per product. The
 * caller holds the products' row locks ({@link lockProductsStock}, {@link lockOrderProducts}):
 * this update would otherwise take them in whatever order it reads the rows, and deadlock with
 * a writer taking them in id order.
 */
export async function refreshProductSales(
  trx: Kysely<Database>,
  productIds: readonly string[],
  since: string,
): Promise<void> {
  const ids = [...new Set(productIds)].sort();
  if (ids.length === 0) return;
  await sql`update products set
      last_order_date = (select max(o.order_date) from orders o
        where o.product_id = products.id and o.shipment_status <> 'CANCELLED'),
      monthly_quantity = (select coalesce(sum(o.order_quantity), 0) from orders o
        where o.product_id = products.id and o.order_date >= ${since} and o.shipment_status <> 'CANCELLED')
    where id in (${sql.join(ids)})`.execute(trx);
}

/**
 * The same for every product, as a day passing needs (orders leave the 30-day window). Only
 * products whose figures change are written (a write fires their export-line and list
 * triggers, and on most days few change), a chunk at a time, each chunk's rows locked in id
 * order first as every order write locks them, so it never deadlocks with one. Answers how many
 * products changed.
 */
export async function refreshAllProductSales(db: Kysely<Database>, since: string): Promise<number> {
  const monthly = sql`(select coalesce(sum(o.order_quantity), 0) from orders o
    where o.product_id = products.id and o.order_date >= ${since} and o.shipment_status <> 'CANCELLED')`;
  const last = sql`(select max(o.order_date) from orders o
    where o.product_id = products.id and o.shipment_status <> 'CANCELLED')`;
  const stale = await sql<{ id: string }>`select id from products
    where monthly_quantity <> ${monthly} or coalesce(last_order_date, '') <> coalesce(${last}, '')
    order by id`.execute(db);
  const ids = stale.rows.map((r) => r.id);
  for (let start = 0; start < ids.length; start += SALES_REFRESH_CHUNK) {
    const chunk = ids.slice(start, start + SALES_REFRESH_CHUNK);
    await writeTransaction(db, async (trx) => {
      await lockProductsStock(trx, chunk);
      await refreshProductSales(trx, chunk, since);
    });
  }
  return ids.length;
}

const SALES_REFRESH_CHUNK = 500;

/** The INR→JPY rate (micro-units) in force on `date`: the latest dated on or before it. */
export async function rateOn(db: Kysely<Database>, date: string): Promise<number | null> {
  const row = await db
    .selectFrom('exchange_rates')
    .select('inr_jpy_micro')
    .where('rate_date', '<=', date)
    .orderBy('rate_date', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.inr_jpy_micro) : null;
}

/**
 * Gives every rupee order dated from `from` up to (not including) `until` (the next dated
 * rate; null when none follows) the rate `micro`: the rate in effect on its order date, as a
 * new or replaced rate makes it. One index range of ix_orders__order_date. Only rows whose
 * rate changes are written (their updatedAt moves, so the integrations' sync sees them).
 * Answers how many changed.
 *
 * The caller holds the exchange rates' table lock. On PostgreSQL the range's rows are locked
 * first in id order, as every order write locks them, so this never deadlocks with a bulk
 * status change over some of the same orders.
 */
export async function applyRateToOrders(
  trx: Transaction<Database>,
  from: string,
  until: string | null,
  micro: number,
): Promise<number> {
  const inRange = (eb: ExpressionBuilder<Database, 'orders'>) =>
    eb.and([
      eb('orders.order_date', '>=', from),
      ...(until === null ? [] : [eb('orders.order_date', '<', until)]),
      eb('orders.currency', '=', 'INR'),
      eb.or([eb('orders.exchange_rate', 'is', null), eb('orders.exchange_rate', '<>', micro)]),
    ]);
  if (isPostgres(trx)) {
    await lockSelected(trx, 'orders', trx.selectFrom('orders').select('orders.id').where(inRange));
  }
  const result = await trx
    .updateTable('orders')
    .set({ exchange_rate: micro, updated_at: new Date().toISOString() })
    .where(inRange)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

const characterCount = (text: string) => [...text].length;

/** Order ids containing the text, through the trigram index (a prefix below three characters). */
export function orderIdMatch(db: Kysely<Database>, text: string) {
  if (isPostgres(db)) {
    const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sql`select orders.id from orders where lower(orders.order_id) like ${pattern} escape '\\'`;
  }
  if (characterCount(text) < 3) {
    // No trigram to look up: order ids starting with the text, an index range.
    return sql`select orders.id from orders where orders.order_id >= ${text} and orders.order_id < ${`${text}\uffff`}`;
  }
  const phrase = `"${text.replaceAll('"', '""')}"`;
  return sql`select k.order_row_id from orders_search_keys k
    where k.key in (select rowid from orders_fts where orders_fts match ${phrase})`;
}

/** Orders whose customer's name or email contains the text (015_order_customer_search). */
function customerMatch(db: Kysely<Database>, text: string) {
  if (isPostgres(db)) {
    const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sql`select orders.id from orders where orders.customer is not null and ${customerText(db)} like ${pattern} escape '\\'`;
  }
  // Below a trigram there is nothing to look up: the order id's prefix range is the fallback.
  if (characterCount(text) < 3) return null;
  const phrase = `"${text.replaceAll('"', '""')}"`;
  return sql`select k.order_row_id from orders_search_keys k
    where k.key in (select rowid from orders_customer_fts where orders_customer_fts match ${phrase})`;
}

/** The customer's searched text: the expression the PostgreSQL index is built on. */
function customerText(db: Kysely<Database>) {
  return isPostgres(db)
    ? sql`lower(coalesce((orders.customer::jsonb) ->> 'name', '') || ' ' || coalesce((orders.customer::jsonb) ->> 'email', ''))`
    : sql`lower(coalesce(json_extract(orders.customer, '$.name'), '') || ' ' || coalesce(json_extract(orders.customer, '$.email'), ''))`;
}

/** The product fields an order search matches. */
const ORDER_PRODUCT_FIELDS = ['name', 'skuCode', 'janCode'] as const;

/** What an order search matches, each a subquery of ids: order ids, customers, products. */
export interface OrderTextSets {
  orderIds: RawBuilder<unknown>;
  /** Null below a trigram on SQLite: nothing to look up. */
  customers: RawBuilder<unknown> | null;
  products: RawBuilder<unknown>;
  /** Sets known to hold nothing (kept empty): the lookup leaves them out. */
  empty?: ReadonlySet<'orderIds' | 'customers' | 'products'>;
  /** The kept order ids with their order dates (`id`, `sort_key`): see {@link ordersByDateKeysBase}. */
  orderIdsByDate?: RawBuilder<unknown>;
}

export function orderTextSets(db: Kysely<Database>, text: string): OrderTextSets {
  return {
    orderIds: orderIdMatch(db, text),
    customers: customerMatch(db, text),
    products: productIdsMatching(db, text, ORDER_PRODUCT_FIELDS),
  };
}

/** The same sets, each read from the match cache (db/match-cache.ts) on SQLite. */
export async function cachedOrderTextSets(
  db: Kysely<Database>,
  text: string,
  versions?: TableVersions,
): Promise<OrderTextSets> {
  const sets = orderTextSets(db, text);
  const [orderIds, products, customers] = await cachedMatches(
    db,
    text,
    [
      {
        name: 'order ids',
        tables: ['orders'],
        ids: sets.orderIds,
        sortedIds: sql`select o.id, o.order_date as sort_key from orders o where o.id in (${sets.orderIds})`,
      },
      { name: 'products', tables: ['products'], ids: sets.products },
      ...(sets.customers ? [{ name: 'customers', tables: ['orders'], ids: sets.customers }] : []),
    ],
    { versions },
  );
  const empty = new Set<'orderIds' | 'customers' | 'products'>();
  if (orderIds?.empty) empty.add('orderIds');
  if (products?.empty) empty.add('products');
  if (customers?.empty) empty.add('customers');
  return {
    orderIds: orderIds?.ids ?? sets.orderIds,
    products: products?.ids ?? sets.products,
    customers: customers?.ids ?? sets.customers,
    empty,
    ...(orderIds?.sorted ? { orderIdsByDate: orderIds.sorted } : {}),
  };
}

/**
 * The orders of a kept set of order ids, each with its order date as kept (`m.sort_key`): for a
 * text that matches order ids only, its page sorted by order date is read from the set's own
 * index in that order and stops after the page, instead of looking every match up to sort them
 * (see 018_match_cache_order). With {@link ordersByDateColumns}.
 *
 * Filters test the order's row, so `filtered` joins the orders. Without filters the kept set
 * alone is the answer: it is kept per version of the orders table, so it holds the matching
 * orders of that version and no other (an order deleted since is left out when the page's rows
 * are read). Joined, PostgreSQL plans the query against the orders' twenty indexes: 0.19 ms to
 * plan and 0.14 ms to run at a million orders, against 0.04 and 0.02 ms for the set alone.
 */
export function ordersByDateKeysBase(
  db: Kysely<Database>,
  orderIdsByDate: RawBuilder<unknown>,
  filtered: boolean,
) {
  return db
    .selectFrom(sql<{ id: string; sort_key: string }>`(${orderIdsByDate})`.as('m'))
    .$if(filtered, (kept) => kept.innerJoin('orders', 'orders.id', 'm.id'));
}

/** The order search's columns over {@link ordersByDateKeysBase}: the date and tie from the set. */
export const ordersByDateColumns: ListColumns = {
  ...ordersSearchColumns,
  columns: { ...ordersSearchColumns.columns, orderDate: 'm.sort_key' },
  tieBreaker: 'm.id',
};

/**
 * Orders whose order id contains the text, or whose customer's name or email, or whose
 * product's name, SKU or JAN does. Each part is an index lookup inside the database (the
 * orders' search indexes; the products' search index, then the orders of each matched product
 * by ix_orders__product_date), joined by a union of ids: nothing but the text is sent, however
 * many products match. A complete JAN (`janOnly`) matches that product's orders only.
 */
export function orderTextMatch(
  db: Kysely<Database>,
  text: string,
  janOnly: boolean,
  sets: OrderTextSets = orderTextSets(db, text),
): Expression<SqlBool> {
  // A set known to be empty is left out: a text is most often an order id or a product word,
  // rarely both, and planning a union of three subqueries (one of them a join) cost a search
  // for an order id fragment a fifth of its page of keys on PostgreSQL.
  const has = (part: 'orderIds' | 'customers' | 'products') => !sets.empty?.has(part);
  const parts = [
    has('orderIds') ? sets.orderIds : null,
    has('customers') ? sets.customers : null,
    janOnly
      ? sql`select orders.id from orders where orders.product_id in
          (select p.id from products p where p.jan_code = ${text})`
      : has('products')
        ? sql`select orders.id from orders where orders.product_id in (${sets.products})`
        : null,
  ].filter((part) => part !== null);
  return parts.length === 0
    ? sql<SqlBool>`1 = 0`
    : sql<SqlBool>`orders.id in (${sql.join(parts, sql` union `)})`;
}

/**
 * The same match as {@link orderTextMatch}, tested order by order: for a walk of the sort index
 * that stops after a page, when the text matches many orders (a common product word), where the
 * index lookup would fetch and sort every match. The matched products are still found once by
 * their own index, inside the database. On PostgreSQL too: given the match as a union of ids,
 * its planner joined all 55,000 matches of a product word to a full scan of a million orders
 * and sorted them (0.45 s); tested row by row inside an OR (which it never turns into a join)
 * it walks the date index with the matched products hashed once.
 */
export function orderTextScan(
  db: Kysely<Database>,
  text: string,
  janOnly: boolean,
  sets: OrderTextSets = orderTextSets(db, text),
): Expression<SqlBool> {
  if (janOnly) return orderTextMatch(db, text, janOnly, sets);
  // Each set is found once by its own index (PostgreSQL hashes each subquery under the OR once,
  // never turning it into a join; on SQLite the unary + keeps the planner from looking each set
  // up instead of walking the sort index), so a walked order is three probes of sets in memory:
  // its text is never tested (on PostgreSQL the customer's JSON was parsed for every order
  // walked), and on SQLite the walk reads the order date index alone (016_order_search_walk).
  // Empty sets stay: PostgreSQL would join a set probed alone (outside an OR) to the walk,
  // probing its index once per order walked instead of a hash built once.
  const plus = isPostgres(db) ? sql`` : sql`+`;
  return sql<SqlBool>`(${plus}orders.id in (${sets.orderIds})
    ${sets.customers ? sql`or ${plus}orders.id in (${sets.customers})` : sql``}
    or ${plus}orders.product_id in (${sets.products}))`;
}

/** The orders (of one status, when given) whose order date is within the range (either end optional). */
export function ordersInRangeQuery(
  db: Kysely<Database>,
  range: { from?: string; to?: string; platformCode?: Platform; status?: OrderStatus },
) {
  let query = db.selectFrom('orders');
  if (range.status) query = query.where('orders.shipment_status', '=', range.status);
  if (range.from) query = query.where('orders.order_date', '>=', range.from);
  if (range.to) query = query.where('orders.order_date', '<=', range.to);
  if (range.platformCode) query = query.where('orders.platform_code', '=', range.platformCode);
  return query;
}
