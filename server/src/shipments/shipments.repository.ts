/**
 * Shipments: every SQL statement of the area. Amounts are integer minor units (yen for the
 * shipping fee, paise for the custom fee) and become the API's major-unit numbers in
 * {@link toShipment} only. A shipment's orders are read for a whole page at once, by the
 * orders' shipment index (ix_orders__shipment_date), never one query per shipment.
 */
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { fromMinor } from '#shared/domain/money';
import type { Customer } from '#shared/schemas/order';
import type { ShippedOrder, Shipment } from '#shared/schemas/shipment';
import { executeCompiled } from '../db/compiled';
import type { Database } from '../db/database';
import { isPostgres } from '../db/dialect';
import type { ListColumns } from '../http/list';
import { orderIdMatch } from '../orders/order-search.repository';
import type { ShipmentTable } from './shipments.table';

/** One shipment row with its shipping method's name. */
export function shipmentRowsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('shipments')
    .leftJoin('shipping_methods', 'shipping_methods.id', 'shipments.shipping_method_id')
    .selectAll('shipments')
    .select('shipping_methods.name as shipping_method_name');
}

export type ShipmentRow = Awaited<
  ReturnType<ReturnType<typeof shipmentRowsQuery>['executeTakeFirstOrThrow']>
>;

/** The shipment rows of the given ids (any order), each with its id as `list_key`. */
export function shipmentRowsByIds(db: Kysely<Database>, ids: string[]) {
  return executeCompiled(
    db,
    `shipments.rows:${ids.length}`,
    () => shipmentRowsQuery(db).select('shipments.id as list_key').where('shipments.id', 'in', ids),
    ids,
  );
}

/** The rows a list counts and pages: the shipments table alone. */
export const shipmentsKeysBase = (db: Kysely<Database>) => db.selectFrom('shipments');

/** The shipment list's columns; every filter and sort is served by an index (010_shipments). */
export const shipmentsColumns: ListColumns = {
  columns: {
    status: 'shipments.status',
    shippingDate: 'shipments.shipping_date',
    receivedDate: 'shipments.received_date',
    shipmentId: 'shipments.shipment_id',
    updatedAt: 'shipments.updated_at',
    createdAt: 'shipments.created_at',
    totalShippingFee: 'shipments.total_shipping_fee',
  },
  tieBreaker: 'shipments.id',
  // The same literals as the indexes on coalesce(received_date, …).
  nullSentinels: { receivedDate: { high: '9999-12-31', low: '' } },
  countedTables: ['shipments'],
};

/** The orders of these shipments (by shipment id) with the fields the orders popup shows. */
function shippedOrderRows(db: Kysely<Database>, shipmentIds: readonly string[]) {
  return executeCompiled(
    db,
    `shipments.orders:${shipmentIds.length}`,
    () =>
      db
        .selectFrom('orders')
        .leftJoin('products', 'products.id', 'orders.product_id')
        .select([
          'orders.id',
          'orders.order_id',
          'orders.order_date',
          'orders.platform_code',
          'orders.order_quantity',
          'orders.currency',
          'orders.base_order_price',
          'orders.gst',
          'orders.commission',
          'orders.closing_fee',
          'orders.shipping_fee',
          'orders.custom_fee',
          'orders.discount',
          'orders.shipment_status',
          'orders.shipment_id',
          'orders.shipment_position',
          'orders.customer',
          'orders.product_id',
          'products.name as product_name',
        ])
        .where('orders.shipment_id', 'in', [...shipmentIds]),
    shipmentIds,
  );
}

type ShippedOrderRow = Awaited<ReturnType<typeof shippedOrderRows>>[number];

/** Combined order first; orders seeded without a position after them, by id. */
const byPosition = (a: ShippedOrderRow, b: ShippedOrderRow) =>
  (a.shipment_position ?? Number.MAX_SAFE_INTEGER) - (b.shipment_position ?? Number.MAX_SAFE_INTEGER) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const toShippedOrder = (row: ShippedOrderRow): ShippedOrder => {
  const money = (minor: number) => fromMinor(Number(minor), row.currency);
  return {
    _id: row.id,
    orderId: row.order_id,
    orderDate: row.order_date,
    platformCode: row.platform_code,
    orderQuantity: row.order_quantity,
    baseOrderPrice: money(row.base_order_price),
    gst: money(row.gst),
    commission: money(row.commission),
    closingFee: money(row.closing_fee),
    shippingFee: fromMinor(Number(row.shipping_fee), 'JPY'),
    customFee: fromMinor(Number(row.custom_fee), 'INR'),
    discount: money(row.discount),
    currency: row.currency,
    shipmentStatus: row.shipment_status,
    customer: row.customer ? (JSON.parse(row.customer) as Customer) : null,
    product: row.product_name === null ? null : { _id: row.product_id, name: row.product_name },
  };
};

export const toShipment = (row: ShipmentRow, orders: ShippedOrder[]): Shipment => ({
  _id: row.id,
  shipmentId: row.shipment_id,
  shippingDate: row.shipping_date,
  shipmentTrackingLink: row.shipment_tracking_link,
  shippingMethod:
    row.shipping_method_id === null
      ? null
      : { _id: row.shipping_method_id, name: row.shipping_method_name ?? '' },
  totalShippingFee: fromMinor(Number(row.total_shipping_fee), 'JPY'),
  customId: row.custom_id,
  totalCustomFee: row.total_custom_fee === null ? null : fromMinor(Number(row.total_custom_fee), 'INR'),
  receivedDate: row.received_date,
  status: row.status,
  version: Number(row.version),
  shippedOrders: orders,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Rows to shipments, reading the orders of all of them in one query. */
export async function hydrateShipments(
  db: Kysely<Database>,
  rows: readonly ShipmentRow[],
): Promise<Shipment[]> {
  const ids = [...new Set(rows.map((r) => r.shipment_id))];
  const orders = ids.length > 0 ? (await shippedOrderRows(db, ids)).sort(byPosition) : [];
  const byShipment = new Map<string, ShippedOrder[]>();
  for (const order of orders) {
    const key = order.shipment_id as string;
    const list = byShipment.get(key) ?? [];
    list.push(toShippedOrder(order));
    byShipment.set(key, list);
  }
  return rows.map((row) => toShipment(row, byShipment.get(row.shipment_id) ?? []));
}

export async function findShipment(db: Kysely<Database>, id: string): Promise<Shipment | undefined> {
  const rows = await shipmentRowsQuery(db).where('shipments.id', '=', id).execute();
  return (await hydrateShipments(db, rows))[0];
}

/**
 * Whether a shipment id is taken: by a shipment, or by orders carrying it (orders seeded as
 * history name shipments that were never entered, and a new shipment must not adopt them).
 */
export async function shipmentIdInUse(db: Kysely<Database>, shipmentId: string): Promise<boolean> {
  const shipment = await db
    .selectFrom('shipments')
    .select('id')
    .where('shipment_id', '=', shipmentId)
    .executeTakeFirst();
  if (shipment) return true;
  const order = await db
    .selectFrom('orders')
    .select('id')
    .where('shipment_id', '=', shipmentId)
    .limit(1)
    .executeTakeFirst();
  return order !== undefined;
}

export async function shippingMethodExists(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await db.selectFrom('shipping_methods').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export type NewShipment = Omit<ShipmentTable, 'id' | 'created_at' | 'updated_at' | 'version'>;

export async function insertShipment(trx: Kysely<Database>, values: NewShipment): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await trx
    .insertInto('shipments')
    .values({ id, ...values, created_at: now, updated_at: now })
    .execute();
  return id;
}

export type ShipmentColumns = Partial<
  Pick<ShipmentTable, 'custom_id' | 'total_custom_fee' | 'received_date' | 'status'>
>;

/**
 * Writes the columns (none: only `updated_at`, for a change of the shipment's orders) and moves
 * the version on: every write of an existing shipment comes here.
 */
export async function updateShipment(
  trx: Kysely<Database>,
  id: string,
  columns: ShipmentColumns,
): Promise<void> {
  await trx
    .updateTable('shipments')
    .set({ ...columns, version: sql<number>`version + 1`, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** What splitting the fees needs of a shipment's orders, in the shipment's order. */
export async function shipmentOrderShares(trx: Kysely<Database>, shipmentId: string) {
  return trx
    .selectFrom('orders')
    .select([
      'id',
      'order_quantity',
      'base_order_price',
      'discount',
      'shipping_fee',
      'custom_fee',
      'shipment_position',
    ])
    .where('shipment_id', '=', shipmentId)
    .orderBy('shipment_position')
    .orderBy('id')
    .execute();
}

export type ShipmentOrderShare = Awaited<ReturnType<typeof shipmentOrderShares>>[number];

/** The next free place in a shipment (1 for the first order). */
export async function nextShipmentPosition(trx: Kysely<Database>, shipmentId: string): Promise<number> {
  const row = await trx
    .selectFrom('orders')
    .select(sql<number | null>`max(shipment_position)`.as('last'))
    .where('shipment_id', '=', shipmentId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

/** Puts orders into a shipment at consecutive places from `first`, in the given order. */
export async function placeOrders(
  trx: Kysely<Database>,
  shipmentId: string,
  orderIds: readonly string[],
  first: number,
): Promise<void> {
  const now = new Date().toISOString();
  for (const [i, id] of orderIds.entries()) {
    await trx
      .updateTable('orders')
      .set({ shipment_id: shipmentId, shipment_position: first + i, updated_at: now })
      .where('id', '=', id)
      .execute();
  }
}

/** Takes an order out of its shipment: no shipment, no place, no shipping fee share. */
export async function unplaceOrder(trx: Kysely<Database>, id: string): Promise<void> {
  await trx
    .updateTable('orders')
    .set({
      shipment_id: null,
      shipment_position: null,
      shipping_fee: 0,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .execute();
}

/** Writes each order's share of a fee (`shipping_fee` yen or `custom_fee` paise) that changed. */
export async function writeShares(
  trx: Kysely<Database>,
  column: 'shipping_fee' | 'custom_fee',
  orders: readonly ShipmentOrderShare[],
  shares: readonly number[],
): Promise<void> {
  const now = new Date().toISOString();
  for (const [i, order] of orders.entries()) {
    const share = shares[i] as number;
    if (Number(order[column]) === share) continue;
    await trx
      .updateTable('orders')
      .set({ [column]: share, updated_at: now })
      .where('id', '=', order.id)
      .execute();
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Shipment ids containing the text, through the trigram index (a prefix below three characters). */
function shipmentIdMatch(db: Kysely<Database>, text: string) {
  if (isPostgres(db)) {
    const pattern = `%${escapeLike(text.toLowerCase())}%`;
    return sql`select shipments.id from shipments where lower(shipments.shipment_id) like ${pattern} escape '\\'`;
  }
  if ([...text].length < 3) {
    // No trigram to look up: shipment ids starting with the text, a range of the unique index.
    return sql`select shipments.id from shipments where shipments.shipment_id >= ${text} and shipments.shipment_id < ${`${text}\uffff`}`;
  }
  const phrase = `"${text.replaceAll('"', '""')}"`;
  return sql`select k.shipment_row_id from shipments_search_keys k
    where k.key in (select rowid from shipments_fts where shipments_fts match ${phrase})`;
}

/**
 * Shipments whose shipment id contains the text, or (by order id) that hold an order whose
 * order id contains it: the orders' own search index, then the shipments of the matched orders
 * by the unique shipment id index. Both stay inside the database.
 */
export function shipmentTextMatch(
  db: Kysely<Database>,
  text: string,
  searchBy: 'shipmentId' | 'orderId',
): Expression<SqlBool> {
  if (searchBy === 'shipmentId') return sql<SqlBool>`shipments.id in (${shipmentIdMatch(db, text)})`;
  return sql<SqlBool>`shipments.shipment_id in (select orders.shipment_id from orders
    where orders.id in (${orderIdMatch(db, text)}) and orders.shipment_id is not null)`;
}
