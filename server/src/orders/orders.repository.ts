/**
 * Orders: every SQL statement of the area. Amounts are stored as integer minor units
 * (docs/architecture.md, money in code) and become the API's major-unit numbers in
 * {@link toOrder} only.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Currency, OrderStatus, Platform } from '#shared/constants';
import { formatRate, fromMinor } from '#shared/domain/money';
import type { Customer, Order } from '#shared/schemas/order';
import type { PlatformListing } from '#shared/schemas/product';
import type { Database } from '../db/database';
import { executeCompiled } from '../db/compiled';
import { lockRowsReading } from '../db/locking';
import { writeTransaction } from '../db/write-transaction';
import type { ListColumns } from '../http/list';
import { lockProductsStock } from '../products/stock.repository';
import type { OrderTable } from './orders.table';

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
  'orders.stock_taken',
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
export async function orderRowsByIds(db: Kysely<Database>, ids: string[]) {
  // `in ()` is an error on PostgreSQL (SQLite takes it).
  if (ids.length === 0) return [];
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
    expectedShippingDate: 'orders.expected_shipping_date',
  },
  tieBreaker: 'orders.id',
  countedTables: ['orders'],
  // Empty last both ways, on the sentinels 034_order_shipping_date_sort indexes.
  nullSentinels: { expectedShippingDate: { high: '9999-12-31', low: '' } },
};

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
    stockTaken: row.stock_taken > 0,
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
 * caller holds the products' row locks (`lockProductsStock` or `lockOrderProducts`,
 * products/stock.ts): this update would otherwise take them in whatever order it reads the
 * rows, and deadlock with a writer taking them in id order.
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

/** The row ids of one order (its lines: platform + order id), in id order. */
export async function orderLineIds(
  db: Kysely<Database>,
  orderId: string,
  platform: Platform,
): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .select('id')
    .where('order_id', '=', orderId)
    .where('platform_code', '=', platform)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Each product's JAN, by product id. */
export async function janCodesOf(
  db: Kysely<Database>,
  productIds: readonly string[],
): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('products')
    .select(['id', 'jan_code'])
    .where('id', 'in', [...new Set(productIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.jan_code]));
}
