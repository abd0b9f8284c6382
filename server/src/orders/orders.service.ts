/**
 * Orders: creation (one line or several, all or none), the list, search and status totals,
 * edits, and status changes through the one transition table (shared/src/domain/order-status.ts)
 * with the stock they move.
 *
 * Stock (its rule in products/stock.ts): accepting an order takes its quantity from the product
 * as a ledger movement naming the order; cancelling an order that holds stock gives back exactly
 * what it took. The order's `stock_taken` says what it holds, and every change that writes the
 * orders' products (stock, the 30-day figures) locks those products first, then the orders, each
 * in id order (db/locking.ts), so concurrent accepts and cancels move stock once each and never
 * deadlock.
 *
 * The functions taking a transaction (`createOrders`, `upsertOrderLine`, `changeOrdersStatus`)
 * are what other areas build on: the importer, shipments, advance orders.
 */
import type { Kysely, Transaction } from 'kysely';
import { DateTime } from 'luxon';
import { PLATFORM_CURRENCY, type Currency, type OrderStatus } from '#shared/constants';
import { parseMoney } from '#shared/domain/money';
import { checkBulkTransition, FINAL_STATUSES } from '#shared/domain/order-status';
import { todayIso } from '#shared/domain/periods';
import type { ListQuery } from '#shared/query';
import { ordersListSpec } from '#shared/list-specs';
import { MESSAGES, formatMessage, unknownReference } from '#shared/messages';
import type { SessionUser } from '#shared/schemas/auth';
import type { CustomerInput, Order, OrderLine, OrderUpdate } from '#shared/schemas/order';
import type { Database } from '../db/database';
import { recordAudit, recordAudits, type AuditInput } from '../audit/audit.repository';
import { shareTable } from '../db/locking';
import { writeTransaction } from '../db/write-transaction';
import { badRequest, HttpError, notFound, type FieldError } from '../http/errors';
import { parseList, runList } from '../http/list';
import { countOrdersByDay, dayCountsAnswer } from './order-counts.repository';
import { rateOn } from '../currency/currency.repository';
import {
  giveBackStock,
  lockOrderProducts,
  lockProductsStock,
  takeStock,
  type LockedStock,
  type StockByProduct,
} from '../products/stock';
import {
  type EditableOrderColumns,
  findOrder,
  findOrderIdByKey,
  findOrders,
  insertOrder,
  type LockedOrder,
  lockOrders,
  orderRowsByIds,
  orderRowsQuery,
  ordersColumns,
  ordersKeysBase,
  refreshProductSales,
  setOrdersStatus,
  toOrder,
  updateOrderColumns,
} from './orders.repository';

/** What order dates are reckoned in: the business's time zone (config.timeZone). */
export interface OrdersContext {
  timeZone: string;
}

/** A line to create: the shared schema's output, with any status (an import may bring CANCELLED). */
export type NewOrderLine = Omit<OrderLine, 'shipmentStatus'> & { shipmentStatus: OrderStatus };

/** The calendar date of an instant in the business's time zone: how imported timestamps become order dates. */
export function orderDateOf(instant: Date | string, timeZone: string): string {
  const at =
    typeof instant === 'string' ? DateTime.fromISO(instant, { setZone: true }) : DateTime.fromJSDate(instant);
  if (!at.isValid) throw new RangeError(`not a timestamp: ${String(instant)}`);
  return at.setZone(timeZone).toISODate() as string;
}

/** The first day of the 30 that the products' monthly quantity counts, in the business's zone. */
export function monthlyWindowStart(timeZone: string, now: Date = new Date()): string {
  return DateTime.fromJSDate(now, { zone: timeZone }).minus({ days: 29 }).toISODate() as string;
}

/** An amount in `currency`'s minor units; more decimals than it has is a 400 naming the field. */
function minorOf(value: number | undefined, currency: Currency, field: string): number {
  const parsed = parseMoney(value ?? 0, currency);
  if (parsed.ok) return parsed.minor;
  const message = formatMessage(parsed.error.code, parsed.error.params);
  throw badRequest(message, [{ field, message, code: parsed.error.code, params: parsed.error.params }]);
}

const customerJson = (customer: CustomerInput | null | undefined) =>
  customer ? JSON.stringify(customer) : null;

/** The order's audit snapshot, named by its order id (the audit screen's display name). */
const snapshot = (order: Order) => ({ name: order.orderId, ...order });

/**
 * Creates order lines in the caller's transaction: all of them, or (on any refusal) none, as
 * the transaction rolls back. The same platform + order id + product twice (in the lines or
 * already stored) is a 409 Duplicate field. Returns the orders in the lines' order.
 */
export async function createOrders(
  trx: Transaction<Database>,
  actor: SessionUser | null,
  lines: readonly NewOrderLine[],
  ctx: OrdersContext,
): Promise<Order[]> {
  const prefix = (i: number) => (lines.length > 1 ? `${i}.` : '');
  const errors: FieldError[] = [];
  lines.forEach((line, i) => {
    const expected = PLATFORM_CURRENCY[line.platformCode];
    if (line.currency !== expected) {
      const params = { platform: line.platformCode, currency: expected };
      errors.push({
        field: `${prefix(i)}currency`,
        message: formatMessage('currencyMismatch', params),
        code: 'currencyMismatch',
        params,
      });
    }
  });
  const first = errors[0];
  if (first) throw new HttpError(400, first.message, errors, { code: first.code, params: first.params });

  const keys = new Set<string>();
  for (const line of lines) {
    const key = JSON.stringify([line.platformCode, line.orderId, line.product]);
    if (keys.has(key))
      throw new HttpError(409, MESSAGES.duplicateField, [
        { field: 'orderId', message: MESSAGES.duplicateField },
      ]);
    keys.add(key);
  }

  // The products' rows are locked (in id order) before any order is written: their sales
  // columns are rewritten below, and a concurrent acceptance must not interleave.
  const productIds = [...new Set(lines.map((l) => l.product))];
  const products = await lockProductsStock(trx, productIds);
  const known = new Set(products.map((p) => p.id));
  lines.forEach((line, i) => {
    if (!known.has(line.product)) {
      const message = unknownReference('product');
      throw badRequest(message, [{ field: `${prefix(i)}product`, message }]);
    }
  });

  // Each rupee order takes the rate in effect on its date, read under the rates' share lock
  // before any order is written: a rate being set meanwhile either commits first (and is read
  // here) or waits for these orders and then updates them too (currency.service.ts).
  if (lines.some((line) => line.currency === 'INR')) await shareTable(trx, 'exchange_rates');

  const today = todayIso(new Date(), ctx.timeZone);
  const ids: string[] = [];
  for (const [i, line] of lines.entries()) {
    const currency = line.currency;
    const orderDate = line.orderDate ?? today;
    const field = (name: string) => `${prefix(i)}${name}`;
    const id = await insertOrder(trx, {
      order_id: line.orderId,
      platform_code: line.platformCode,
      product_id: line.product,
      order_date: orderDate,
      order_quantity: line.orderQuantity,
      currency,
      base_order_price: minorOf(line.baseOrderPrice, currency, field('baseOrderPrice')),
      discount: minorOf(line.discount, currency, field('discount')),
      commission: minorOf(line.commission, currency, field('commission')),
      closing_fee: minorOf(line.closingFee, currency, field('closingFee')),
      gst: minorOf(line.gst, currency, field('gst')),
      handling_fee: minorOf(line.handlingFee, currency, field('handlingFee')),
      shipping_fee: minorOf(line.shippingFee, 'JPY', field('shippingFee')),
      custom_fee: 0,
      exchange_rate: currency === 'INR' ? await rateOn(trx, orderDate) : null,
      expected_shipping_date: line.expectedShippingDate ?? null,
      delivery_date: line.deliveryDate ?? null,
      is_advance: line.shipmentStatus === 'AWAITING' ? 1 : 0,
      is_booked_advance: line.isBookedAdvance ? 1 : 0,
      shipment_status: line.shipmentStatus,
      shipment_id: null,
      customer: customerJson(line.customer),
      stock_taken: 0,
      created_by: actor?._id ?? null,
    });
    ids.push(id);
  }
  await refreshProductSales(trx, productIds, monthlyWindowStart(ctx.timeZone));
  const orders = await findOrders(trx, ids);
  await recordAudits(
    trx,
    orders.map((order) => ({
      userId: actor?._id ?? null,
      entity: 'order',
      entityId: order._id,
      entityName: order.orderId,
      action: 'create' as const,
      after: snapshot(order),
    })),
  );
  return orders;
}

/** POST /orders: one line or an array of lines, in one transaction. */
export function createOrdersRequest(
  db: Kysely<Database>,
  actor: SessionUser,
  lines: readonly OrderLine[],
  ctx: OrdersContext,
): Promise<Order[]> {
  return writeTransaction(db, (trx) => createOrders(trx, actor, lines, ctx));
}

export type UpsertResult = 'created' | 'updated' | 'unchanged';

/**
 * Creates the line, or finds it by platform + order id + product (the import's idempotency):
 * a stored order is left as it is, except that a line now CANCELLED cancels it (giving back
 * any stock it took), unless it is already final. In the caller's transaction.
 */
export async function upsertOrderLine(
  trx: Transaction<Database>,
  actor: SessionUser | null,
  line: NewOrderLine,
  ctx: OrdersContext,
): Promise<{ result: UpsertResult; order: Order }> {
  const existingId = await findOrderIdByKey(trx, {
    platformCode: line.platformCode,
    orderId: line.orderId,
    productId: line.product,
  });
  if (!existingId) {
    const [order] = await createOrders(trx, actor, [line], ctx);
    return { result: 'created', order: order as Order };
  }
  if (line.shipmentStatus === 'CANCELLED') {
    const {
      rows: [row],
    } = await lockOrdersForStatus(trx, [existingId], 'CANCELLED');
    if (!row) throw notFound();
    if (!FINAL_STATUSES.includes(row.shipment_status)) {
      const [order] = await changeOrdersStatus(trx, actor, [existingId], 'CANCELLED', ctx, {
        allow: [[row.shipment_status, 'CANCELLED']],
      });
      return { result: 'updated', order: order as Order };
    }
  }
  const order = await findOrder(trx, existingId);
  if (!order) throw notFound();
  return { result: 'unchanged', order };
}

export interface StatusChangeOptions {
  /**
   * Changes the caller may make besides the table's (from → to pairs): shipments move
   * PACKED → SHIPPED and SHIPPED → COMPLETED, which order management may not.
   */
  allow?: readonly (readonly [OrderStatus, OrderStatus])[];
  /** Recorded with the change in each order's audit entry (the packing station's record). */
  note?: Record<string, unknown>;
}

/** Whether a change to `to` writes the orders' products: their stock, or their 30-day figures. */
const writesProducts = (to: OrderStatus) => to === 'ACCEPTED' || to === 'CANCELLED';

/**
 * Locks orders as a change to `to` locks them (db/locking.ts): when the change writes their
 * products, the products first (with their stock), then the orders, each in id order. For
 * {@link changeOrdersStatus}, and for a caller that checks the orders before calling it (it
 * takes the same locks again, which it already holds).
 */
export async function lockOrdersForStatus(
  trx: Transaction<Database>,
  ids: readonly string[],
  to: OrderStatus | undefined,
): Promise<{ rows: LockedOrder[]; stock: LockedStock[] }> {
  const stock = to !== undefined && writesProducts(to) ? await lockOrderProducts(trx, ids) : [];
  return { rows: await lockOrders(trx, ids), stock };
}

/**
 * Moves the orders to `to`, all or none, in the caller's transaction: rows locked in id order
 * (their products first when stock or the 30-day figures move), one shared status, each change
 * allowed by the table for its platform (or by `allow`), stock taken on acceptance and given
 * back on cancellation. Refusals are 409s with their fixed texts; an unknown id is a 404. The
 * one way any area changes an order's status.
 */
export async function changeOrdersStatus(
  trx: Transaction<Database>,
  actor: SessionUser | null,
  ids: readonly string[],
  to: OrderStatus,
  ctx: OrdersContext,
  options: StatusChangeOptions = {},
): Promise<Order[]> {
  if (ids.length === 0) throw new HttpError(409, MESSAGES.selectOrdersToSetStatus);
  const unique = [...new Set(ids)];
  const { rows, stock } = await lockOrdersForStatus(trx, unique, to);
  if (rows.length !== unique.length) throw notFound();
  const allowed = (row: LockedOrder) =>
    options.allow?.some(([from, next]) => from === row.shipment_status && next === to) ?? false;
  if (!rows.every(allowed)) {
    const check = checkBulkTransition(
      rows.map((r) => ({ status: r.shipment_status, platform: r.platform_code })),
      to,
    );
    if (!check.ok) throw new HttpError(409, check.message);
  }
  const changed = await applyStatus(
    trx,
    actor,
    rows,
    new Map(stock.map((p) => [p.id, p])),
    to,
    ctx,
    options.note,
  );
  const byId = new Map(changed.map((o) => [o._id, o]));
  return unique.flatMap((id) => byId.get(id) ?? []);
}

/** PUT /orders/status. */
export function changeOrdersStatusRequest(
  db: Kysely<Database>,
  actor: SessionUser,
  ids: readonly string[],
  to: OrderStatus,
  ctx: OrdersContext,
): Promise<Order[]> {
  return writeTransaction(db, (trx) => changeOrdersStatus(trx, actor, ids, to, ctx));
}

/**
 * Writes an already checked status change of locked rows, with its stock movements, the
 * products' sales columns and one audit entry per order. `stock` holds the orders' products,
 * locked, when the change writes them. The rows are the orders as they were; the orders as
 * they are now are read once, at the end.
 */
async function applyStatus(
  trx: Transaction<Database>,
  actor: SessionUser | null,
  rows: readonly LockedOrder[],
  stock: StockByProduct,
  to: OrderStatus,
  ctx: OrdersContext,
  note: Record<string, unknown> = {},
): Promise<Order[]> {
  const taking = to === 'ACCEPTED' ? rows.filter((r) => r.stock_taken === 0) : [];
  const returning = to === 'CANCELLED' ? rows.filter((r) => r.stock_taken > 0) : [];
  const userId = actor?._id ?? null;
  const line = (row: LockedOrder, quantity: number) => ({
    productId: row.product_id,
    quantity,
    orderId: row.id,
    note: row.order_id,
  });
  await takeStock(
    trx,
    stock,
    taking.map((r) => line(r, r.order_quantity)),
    userId,
  );
  await giveBackStock(
    trx,
    stock,
    returning.map((r) => line(r, r.stock_taken)),
    userId,
  );
  // One statement per status the orders leave: one, unless `allow` admitted several.
  const byStatus = new Map<OrderStatus, string[]>();
  for (const row of rows) {
    const ids = byStatus.get(row.shipment_status) ?? [];
    ids.push(row.id);
    byStatus.set(row.shipment_status, ids);
  }
  for (const [from, ids] of byStatus) {
    // Impossible under the row lock; if it ever happens, nothing of this change may stay.
    if ((await setOrdersStatus(trx, ids, from, to)) !== ids.length) {
      throw new HttpError(409, MESSAGES.cannotChangeStatus);
    }
  }
  if (to === 'CANCELLED') {
    await refreshProductSales(
      trx,
      rows.map((r) => r.product_id),
      monthlyWindowStart(ctx.timeZone),
    );
  }
  const after = await findOrders(
    trx,
    rows.map((r) => r.id),
  );
  const before = new Map(rows.map((r) => [r.id, r]));
  const entries = after.map((order): AuditInput => {
    const old = before.get(order._id);
    return {
      userId: actor?._id ?? null,
      entity: 'order',
      entityId: order._id,
      entityName: order.orderId,
      action: 'update',
      before: old ? { name: old.order_id, shipmentStatus: old.shipment_status } : null,
      after: { name: order.orderId, shipmentStatus: order.shipmentStatus, ...note },
    };
  });
  await recordAudits(trx, entries);
  return after;
}

/** Whether a PUT /orders/{id} body edits a field besides the status. */
const editsFields = (body: object) =>
  Object.entries(body).some(([field, value]) => field !== 'shipmentStatus' && value !== undefined);

/**
 * PUT /orders/{id}: edits of the editable fields and/or a status change, in one transaction;
 * the status through {@link changeOrdersStatus}, after the edits. Amounts are read in the
 * order's currency (shipping fee in yen).
 */
export function updateOrder(
  db: Kysely<Database>,
  actor: SessionUser,
  id: string,
  body: Omit<OrderUpdate, 'customer'> & { customer?: CustomerInput | null },
  ctx: OrdersContext,
): Promise<Order> {
  return writeTransaction(db, async (trx) => {
    const to = body.shipmentStatus;
    if (to !== undefined && !editsFields(body)) {
      const [order] = await changeOrdersStatus(trx, actor, [id], to, ctx);
      return order as Order;
    }
    // Locked as the status change below will lock it (its product first when stock moves).
    const {
      rows: [row],
    } = await lockOrdersForStatus(trx, [id], to);
    if (!row) throw notFound();
    let edited: Order | undefined;
    const columns: EditableOrderColumns = {};
    const currency = row.currency;
    if (body.discount !== undefined) columns.discount = minorOf(body.discount, currency, 'discount');
    if (body.commission !== undefined) columns.commission = minorOf(body.commission, currency, 'commission');
    if (body.closingFee !== undefined) columns.closing_fee = minorOf(body.closingFee, currency, 'closingFee');
    if (body.gst !== undefined) columns.gst = minorOf(body.gst, currency, 'gst');
    if (body.handlingFee !== undefined)
      columns.handling_fee = minorOf(body.handlingFee, currency, 'handlingFee');
    if (body.shippingFee !== undefined) {
      // In a shipment the fee is the order's share of the shipment's, kept adding up to it:
      // it changes on the shipment (Combine Orders), never here.
      if (row.shipment_id !== null) throw new HttpError(409, MESSAGES.visitCombine);
      columns.shipping_fee = minorOf(body.shippingFee, 'JPY', 'shippingFee');
    }
    if (body.expectedShippingDate !== undefined) columns.expected_shipping_date = body.expectedShippingDate;
    if (body.customer !== undefined) columns.customer = customerJson(body.customer);
    if (Object.keys(columns).length > 0) {
      const before = await findOrder(trx, id);
      await updateOrderColumns(trx, id, columns);
      const after = await findOrder(trx, id);
      if (!before || !after) throw notFound();
      edited = after;
      await recordAudit(trx, {
        userId: actor._id,
        entity: 'order',
        entityId: id,
        entityName: after.orderId,
        action: 'update',
        before: snapshot(before),
        after: snapshot(after),
      });
    }
    if (to !== undefined) {
      const [order] = await changeOrdersStatus(trx, actor, [id], to, ctx);
      return order as Order;
    }
    const order = edited ?? (await findOrder(trx, id));
    if (!order) throw notFound();
    return order;
  });
}

export async function getOrder(db: Kysely<Database>, id: string): Promise<Order> {
  const order = await findOrder(db, id);
  if (!order) throw notFound();
  return order;
}

export function listOrders(db: Kysely<Database>, rawQuery: unknown) {
  return listOrderPage(db, parseList(rawQuery, ordersListSpec));
}

/**
 * A page of the orders list. Its total over a status tab, platform and order dates is a sum of
 * the kept day counts; other filters (a shipment, a product, an order id) count their index range.
 */
export function listOrderPage(db: Kysely<Database>, query: ListQuery) {
  return runList(orderRowsQuery(db), query, ordersColumns, toOrder, {
    db,
    plan: 'orders',
    count: async () => (dayCountsAnswer(query.filters) ? countOrdersByDay(db, query) : undefined),
    keysBase: ordersKeysBase(db),
    readRows: (ids) => orderRowsByIds(db, ids),
  });
}
