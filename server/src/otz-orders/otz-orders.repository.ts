/** All SQL of OTZ orders: their rows, their product lines, the status change. */
import { sql, type Expression, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { Currency, OrderStatus } from '#shared/constants';
import { fromMinor } from '#shared/domain/money';
import type { Customer } from '#shared/schemas/order';
import type { OtzOrder } from '#shared/schemas/otz-order';
import type { Database } from '../db/database';
import { isPostgres } from '../db/dialect';
import type { ListColumns } from '../http/list';
import type { OtzOrderTable } from './otz-orders.table';

export const otzOrdersQuery = (db: Kysely<Database>) => db.selectFrom('otz_orders').selectAll('otz_orders');

export type OtzOrderRow = Selectable<OtzOrderTable>;

const SEARCHED = ['paypal_transaction_id', 'customer_name', 'customer_email'] as const;

/**
 * OTZ orders whose transaction id, customer name or customer email contains the text, through
 * the search indexes (011_otz_search), as the order search matches order ids. On SQLite, below
 * three characters there is no trigram to look up: transaction ids starting with the text, a
 * range of their unique index.
 */
export function otzTextMatch(db: Kysely<Database>, text: string): Expression<SqlBool> {
  if (isPostgres(db)) {
    const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const parts = SEARCHED.map(
      (column) => sql`lower(${sql.ref(`otz_orders.${column}`)}) like ${pattern} escape '\\'`,
    );
    return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
  }
  if ([...text].length < 3) {
    return sql<SqlBool>`(otz_orders.paypal_transaction_id >= ${text}
      and otz_orders.paypal_transaction_id < ${`${text}\uffff`})`;
  }
  const phrase = `"${text.replaceAll('"', '""')}"`;
  return sql<SqlBool>`otz_orders.id in (select k.otz_order_id from otz_orders_search_keys k
    where k.key in (select rowid from otz_orders_fts where otz_orders_fts match ${phrase}))`;
}

export const otzOrdersColumns: ListColumns = {
  columns: {
    shipmentStatus: 'otz_orders.shipment_status',
    createdAt: 'otz_orders.created_at',
    updatedAt: 'otz_orders.updated_at',
    orderDate: 'otz_orders.order_date',
    paypalTransactionId: 'otz_orders.paypal_transaction_id',
  },
  tieBreaker: 'otz_orders.id',
  countedTables: ['otz_orders'],
};

export interface OtzItemRow {
  otz_order_id: string;
  product_id: string;
  product_name: string | null;
  product_sku_code: string | null;
  order_quantity: number;
  price: number;
}

/** The product lines of these orders, in the order they were sent. */
export async function loadOtzItems(db: Kysely<Database>, orderIds: readonly string[]): Promise<OtzItemRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('otz_order_items')
    .leftJoin('products', 'products.id', 'otz_order_items.product_id')
    .select([
      'otz_order_items.otz_order_id',
      'otz_order_items.product_id',
      'products.name as product_name',
      'products.sku_code as product_sku_code',
      'otz_order_items.order_quantity',
      'otz_order_items.price',
    ])
    .where('otz_order_items.otz_order_id', 'in', [...orderIds])
    .orderBy('otz_order_items.otz_order_id')
    .orderBy('otz_order_items.position')
    .execute();
}

const parseCustomer = (text: string | null): Customer | null =>
  text ? (JSON.parse(text) as Customer) : null;

export function toOtzOrder(row: OtzOrderRow, items: readonly OtzItemRow[]): OtzOrder {
  const currency: Currency = row.currency;
  return {
    _id: row.id,
    paypalTransactionId: row.paypal_transaction_id,
    orderDate: row.order_date,
    shipmentStatus: row.shipment_status,
    stockTaken: Number(row.stock_taken) === 1,
    customer: parseCustomer(row.customer),
    items: items.map((item) => ({
      product:
        item.product_name === null
          ? null
          : { _id: item.product_id, name: item.product_name, skuCode: item.product_sku_code ?? '' },
      orderQuantity: item.order_quantity,
      price: fromMinor(Number(item.price), currency),
    })),
    currency,
    amount: fromMinor(Number(row.amount), currency),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The API shape of these rows, in their order, each with its lines. */
export async function hydrateOtzOrders(
  db: Kysely<Database>,
  rows: readonly OtzOrderRow[],
): Promise<OtzOrder[]> {
  const items = await loadOtzItems(
    db,
    rows.map((r) => r.id),
  );
  const byOrder = new Map<string, OtzItemRow[]>();
  for (const item of items) {
    const list = byOrder.get(item.otz_order_id) ?? [];
    list.push(item);
    byOrder.set(item.otz_order_id, list);
  }
  return rows.map((row) => toOtzOrder(row, byOrder.get(row.id) ?? []));
}

export async function findOtzOrderRow(db: Kysely<Database>, id: string): Promise<OtzOrderRow | undefined> {
  return otzOrdersQuery(db).where('otz_orders.id', '=', id).executeTakeFirst();
}

export async function findOtzOrder(db: Kysely<Database>, id: string): Promise<OtzOrder | undefined> {
  const row = await findOtzOrderRow(db, id);
  return row ? (await hydrateOtzOrders(db, [row]))[0] : undefined;
}

export interface NewOtzOrder {
  paypalTransactionId: string;
  orderDate: string;
  customer: Customer | null;
  currency: Currency;
  amount: number;
  items: { productId: string; orderQuantity: number; price: number }[];
  createdBy: string | null;
}

/** Inserts the order and its lines (amounts already in minor units); returns its id. */
export async function insertOtzOrder(trx: Kysely<Database>, order: NewOtzOrder): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await trx
    .insertInto('otz_orders')
    .values({
      id,
      paypal_transaction_id: order.paypalTransactionId,
      order_date: order.orderDate,
      shipment_status: 'RECEIVED',
      customer: order.customer ? JSON.stringify(order.customer) : null,
      customer_name: order.customer?.name || null,
      customer_email: order.customer?.email || null,
      currency: order.currency,
      amount: order.amount,
      created_by: order.createdBy,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await trx
    .insertInto('otz_order_items')
    .values(
      order.items.map((item, position) => ({
        id: crypto.randomUUID(),
        otz_order_id: id,
        position,
        product_id: item.productId,
        order_quantity: item.orderQuantity,
        price: item.price,
      })),
    )
    .execute();
  return id;
}

/**
 * Moves one order from `from` to `to` and sets whether it holds stock, only if it is still in
 * `from`: a conditional update, so a change decided on a stale read writes nothing.
 */
export async function setOtzOrderStatus(
  trx: Kysely<Database>,
  id: string,
  from: OrderStatus,
  to: OrderStatus,
  stockTaken: boolean,
): Promise<boolean> {
  const result = await trx
    .updateTable('otz_orders')
    .set({ shipment_status: to, stock_taken: stockTaken ? 1 : 0, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('shipment_status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** One order's lines as stored (for its stock movements). */
export function otzOrderLines(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('otz_order_items')
    .select(['product_id', 'order_quantity'])
    .where('otz_order_id', '=', id)
    .orderBy('position')
    .execute();
}
