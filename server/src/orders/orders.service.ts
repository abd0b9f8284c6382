/**
 * Orders: creation (one line or several, all or none), the list, search and status totals,
 * edits, and status changes through the one transition table (shared/src/domain/order-status.ts)
 * with the stock they move.
 *
 * Stock: accepting an order takes its quantity from the product as a ledger movement naming the
 * order; cancelling an order that holds stock gives back exactly what it took. The order's
 * `stock_taken` says what it holds, and every change runs under the order's row lock (then the
 * products' locks, both in id order), so concurrent accepts and cancels move stock once each.
 *
 * The functions taking a transaction (`createOrders`, `upsertOrderLine`, `changeOrdersStatus`)
 * are what other areas build on: the importer, shipments, advance orders.
 */
import type { Kysely, Transaction } from 'kysely';
import { DateTime } from 'luxon';
import {
  MAX_STOCK,
  PLATFORM_CURRENCY,
  type Currency,
  type OrderStatus,
  type Platform,
} from '#shared/constants';
import { isValidJan } from '#shared/domain/jan';
import { parseMoney } from '#shared/domain/money';
import { checkBulkTransition, FINAL_STATUSES } from '#shared/domain/order-status';
import { todayIso } from '#shared/domain/periods';
import type { ListQuery } from '#shared/query';
import { ordersListSpec } from '#shared/list-specs';
import { MESSAGES, formatMessage, unknownReference } from '#shared/messages';
import { ORDER_STATUSES } from '#shared/constants';
import type { SessionUser } from '#shared/schemas/auth';
import type { SearchResponse } from '#shared/schemas/common';
import type { CustomerInput, Order, OrderLine, OrderTotals, OrderUpdate } from '#shared/schemas/order';
import type { Database } from '../db/database';
import { recordAudit } from '../audit/audit.repository';
import { shareTable } from '../db/locking';
import { badRequest, httpError, HttpError, notFound, type FieldError } from '../http/errors';
import { parseList, runList } from '../http/list';
import { countOrdersByDay, countOrdersByStatus, dayCountsAnswer } from './order-counts.repository';
import { recordStockMovement } from '../products/products.repository';
import { flushSalesDays } from '../sales/sales.repository';
import {
  type EditableOrderColumns,
  findOrder,
  findOrderIdByKey,
  findOrders,
  insertOrder,
  type LockedOrder,
  lockOrders,
  lockProductsStock,
  orderRowsByIds,
  orderRowsQuery,
  ordersColumns,
  ordersKeysBase,
  rateOn,
  refreshProductSales,
  setOrderStatus,
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
  for (const order of orders) {
    await recordAudit(trx, {
      userId: actor?._id ?? null,
      entity: 'order',
      entityId: order._id,
      entityName: order.orderId,
      action: 'create',
      after: snapshot(order),
    });
  }
  return orders;
}

/** POST /orders: one line or an array of lines, in one transaction. */
export function createOrdersRequest(
  db: Kysely<Database>,
  actor: SessionUser,
  lines: readonly OrderLine[],
  ctx: OrdersContext,
): Promise<Order[]> {
  return db.transaction().execute(async (trx) => {
    const orders = await createOrders(trx, actor, lines, ctx);
    await flushSalesDays(trx);
    return orders;
  });
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
  const [row] = await lockOrders(trx, [existingId]);
  if (!row) throw notFound();
  if (line.shipmentStatus === 'CANCELLED' && !FINAL_STATUSES.includes(row.shipment_status)) {
    const [order] = await applyStatus(trx, actor, [row], 'CANCELLED', ctx);
    return { result: 'updated', order: order as Order };
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
}

/**
 * Moves the orders to `to`, all or none, in the caller's transaction: rows locked in id order,
 * one shared status, each change allowed by the table for its platform (or by `allow`), stock
 * taken on acceptance and given back on cancellation. Refusals are 409s with the spec's texts;
 * an unknown id is a 404.
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
  const rows = await lockOrders(trx, unique);
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
  const changed = await applyStatus(trx, actor, rows, to, ctx);
  const byId = new Map(changed.map((o) => [o._id, o]));
  return ids.flatMap((id) => byId.get(id) ?? []).filter((o, i, all) => all.indexOf(o) === i);
}

/** PUT /orders/status. */
export function changeOrdersStatusRequest(
  db: Kysely<Database>,
  actor: SessionUser,
  ids: readonly string[],
  to: OrderStatus,
  ctx: OrdersContext,
): Promise<Order[]> {
  return db.transaction().execute(async (trx) => {
    const orders = await changeOrdersStatus(trx, actor, ids, to, ctx);
    await flushSalesDays(trx);
    return orders;
  });
}

type LockedStock = Awaited<ReturnType<typeof lockProductsStock>>[number];

/**
 * Refuses (409, naming the product) when the lines need more than a product has to give.
 * Stock sold on Amazon (FBA) sits in Amazon's warehouse: it cannot fill these orders. Platform
 * and OTZ orders take stock through this one check.
 */
export function assertStockAvailable(
  stock: ReadonlyMap<string, LockedStock>,
  lines: readonly { product_id: string; order_quantity: number }[],
): void {
  const needed = new Map<string, number>();
  for (const line of lines)
    needed.set(line.product_id, (needed.get(line.product_id) ?? 0) + line.order_quantity);
  for (const [productId, quantity] of needed) {
    const product = stock.get(productId);
    const available = product ? Number(product.in_stock_quantity) - Number(product.amazon_stock_quantity) : 0;
    if (quantity > available) {
      throw httpError(409, 'insufficientStock', {
        product: product?.name ?? productId,
        available: Math.max(available, 0),
        requested: quantity,
      });
    }
  }
}

/**
 * Refuses (409) when giving back what the lines took would leave a product more than
 * {@link MAX_STOCK}: every movement keeps stock within its bound, so every figure made of it
 * stays in its column. Only stock raised by hand while orders held some can get here.
 */
export function assertStockRoom(
  stock: ReadonlyMap<string, LockedStock>,
  lines: readonly { product_id: string; order_quantity: number }[],
): void {
  const returned = new Map<string, number>();
  for (const line of lines)
    returned.set(line.product_id, (returned.get(line.product_id) ?? 0) + line.order_quantity);
  for (const [productId, quantity] of returned) {
    const product = stock.get(productId);
    if (product && Number(product.in_stock_quantity) + quantity > MAX_STOCK) {
      throw httpError(409, 'stockQuantityTooLarge', { max: MAX_STOCK });
    }
  }
}

/**
 * Writes an already checked status change of locked rows, with its stock movements, the
 * products' sales columns and one audit entry per order.
 */
async function applyStatus(
  trx: Transaction<Database>,
  actor: SessionUser | null,
  rows: readonly LockedOrder[],
  to: OrderStatus,
  ctx: OrdersContext,
): Promise<Order[]> {
  const before = new Map(
    (
      await findOrders(
        trx,
        rows.map((r) => r.id),
      )
    ).map((o) => [o._id, o]),
  );
  const taking = to === 'ACCEPTED' ? rows.filter((r) => r.stock_taken === 0) : [];
  const returning = to === 'CANCELLED' ? rows.filter((r) => r.stock_taken > 0) : [];
  const moving = [...taking, ...returning];
  if (moving.length > 0) {
    const products = await lockProductsStock(
      trx,
      moving.map((r) => r.product_id),
    );
    const stock = new Map(products.map((p) => [p.id, p]));
    assertStockAvailable(stock, taking);
    assertStockRoom(
      stock,
      returning.map((r) => ({ product_id: r.product_id, order_quantity: r.stock_taken })),
    );
    for (const row of taking) {
      await recordStockMovement(trx, {
        productId: row.product_id,
        quantity: -row.order_quantity,
        reason: 'ORDER_ACCEPTED',
        note: row.order_id,
        orderId: row.id,
        userId: actor?._id ?? null,
      });
    }
    for (const row of returning) {
      await recordStockMovement(trx, {
        productId: row.product_id,
        quantity: row.stock_taken,
        reason: 'ORDER_CANCELLED',
        note: row.order_id,
        orderId: row.id,
        userId: actor?._id ?? null,
      });
    }
  }
  for (const row of rows) {
    const stockTaken =
      to === 'CANCELLED'
        ? 0
        : to === 'ACCEPTED' && row.stock_taken === 0
          ? row.order_quantity
          : row.stock_taken;
    const written = await setOrderStatus(trx, row.id, row.shipment_status, {
      to,
      stockTaken,
      isBookedAdvance: row.shipment_status === 'BOOKED' && to === 'RECEIVED',
    });
    // Impossible under the row lock; if it ever happens, nothing of this change may stay.
    if (!written) throw new HttpError(409, MESSAGES.cannotChangeStatus);
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
  for (const order of after) {
    const old = before.get(order._id);
    await recordAudit(trx, {
      userId: actor?._id ?? null,
      entity: 'order',
      entityId: order._id,
      entityName: order.orderId,
      action: 'update',
      before: old ? { name: old.orderId, shipmentStatus: old.shipmentStatus } : null,
      after: { name: order.orderId, shipmentStatus: order.shipmentStatus },
    });
  }
  return after;
}

/**
 * PUT /orders/{id}: edits of the editable fields and/or a status change, in one transaction.
 * Amounts are read in the order's currency (shipping fee in yen).
 */
export function updateOrder(
  db: Kysely<Database>,
  actor: SessionUser,
  id: string,
  body: Omit<OrderUpdate, 'customer'> & { customer?: CustomerInput | null },
  ctx: OrdersContext,
): Promise<Order> {
  return db.transaction().execute(async (trx) => {
    const [row] = await lockOrders(trx, [id]);
    if (!row) throw notFound();
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
    if (body.shipmentStatus !== undefined) {
      const check = checkBulkTransition(
        [{ status: row.shipment_status, platform: row.platform_code }],
        body.shipmentStatus,
      );
      if (!check.ok) throw new HttpError(409, check.message);
      await applyStatus(trx, actor, [row], body.shipmentStatus, ctx);
    }
    await flushSalesDays(trx);
    const order = await findOrder(trx, id);
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

/** GET /orders/total: counts for the status tabs over an order date range, from the kept day counts. */
export async function orderTotals(
  db: Kysely<Database>,
  range: { from?: string; to?: string; platformCode?: Platform },
): Promise<OrderTotals> {
  const byStatus = await countOrdersByStatus(db, range);
  const totalCount = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
  return { totalCount, byStatus };
}
