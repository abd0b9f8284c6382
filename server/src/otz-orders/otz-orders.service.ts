/**
 * OTZ orders: the storefront pushes each PayPal order once (a second push of the same
 * transaction is a 409); admins list, search and move them through the orders' transition
 * table. Accepting an order takes each line's quantity from its product's stock as a ledger
 * movement naming the order (the stock rule: products/stock.ts); cancelling an accepted or packed one gives it back, each exactly
 * once: the order row is locked, then its products (in id order), and the status is written
 * with a conditional update.
 */
import type { Kysely } from 'kysely';
import type { OrderStatus } from '#shared/constants';
import { checkTransition } from '#shared/domain/order-status';
import { toMinor } from '#shared/domain/money';
import { otzOrdersListSpec, otzOrdersSearchSpec } from '#shared/list-specs';
import { MESSAGES, unknownReference } from '#shared/messages';
import type { SessionUser } from '#shared/schemas/auth';
import type { SearchResponse } from '#shared/schemas/common';
import type { OtzOrder, otzOrderInputSchema } from '#shared/schemas/otz-order';
import type { z } from 'zod';
import { recordAudit } from '../audit/audit.repository';
import type { Database } from '../db/database';
import { lockRow } from '../db/locking';
import { writeTransaction } from '../db/write-transaction';
import { badRequest, HttpError, notFound } from '../http/errors';
import { parseList, runList } from '../http/list';
import { existingProductIds } from '../products/products.repository';
import { giveBackStock, lockProductsStock, takeStock } from '../products/stock';
import {
  findOtzOrder,
  findOtzOrderRow,
  hydrateOtzOrders,
  insertOtzOrder,
  otzOrdersColumns,
  otzOrderLines,
  otzOrdersQuery,
  otzTextMatch,
  setOtzOrderStatus,
} from './otz-orders.repository';

type OtzOrderInput = z.output<typeof otzOrderInputSchema>;

export async function listOtzOrders(db: Kysely<Database>, rawQuery: unknown) {
  const query = parseList(rawQuery, otzOrdersListSpec);
  const { data, totalCount } = await runList(otzOrdersQuery(db), query, otzOrdersColumns, (row) => row, {
    db,
  });
  return { data: await hydrateOtzOrders(db, data), totalCount };
}

/** Matches the PayPal transaction id and the customer's name and email. */
export async function searchOtzOrders(
  db: Kysely<Database>,
  rawQuery: unknown,
): Promise<SearchResponse<OtzOrder>> {
  const query = parseList(rawQuery, otzOrdersSearchSpec);
  const text = query.extras.searchStr?.trim();
  const base = otzOrdersQuery(db);
  const { data, totalCount } = await runList(
    text ? base.where(otzTextMatch(db, text)) : base,
    query,
    otzOrdersColumns,
    (row) => row,
    { db },
  );
  return { data: await hydrateOtzOrders(db, data), totalcount: totalCount };
}

export async function getOtzOrder(db: Kysely<Database>, id: string): Promise<OtzOrder> {
  const order = await findOtzOrder(db, id);
  if (!order) throw notFound();
  return order;
}

export function createOtzOrder(
  db: Kysely<Database>,
  actor: SessionUser,
  input: OtzOrderInput,
): Promise<OtzOrder> {
  return writeTransaction(db, async (trx) => {
    const known = await existingProductIds(
      trx,
      input.items.map((i) => i.product),
    );
    const unknown = input.items.flatMap((item, i) =>
      known.has(item.product) ? [] : [{ field: `items.${i}.product`, message: unknownReference('product') }],
    );
    if (unknown.length > 0) throw badRequest(unknownReference('product'), unknown);
    const id = await insertOtzOrder(trx, {
      paypalTransactionId: input.paypalTransactionId,
      orderDate: input.orderDate,
      customer: input.customer ?? null,
      currency: input.currency,
      amount: toMinor(input.amount, input.currency),
      items: input.items.map((item) => ({
        productId: item.product,
        orderQuantity: item.orderQuantity,
        price: toMinor(item.price, input.currency),
      })),
      createdBy: actor._id,
    });
    const after = await findOtzOrder(trx, id);
    if (!after) throw new Error('OTZ order vanished inside its own transaction');
    await recordAudit(trx, {
      userId: actor._id,
      entity: 'otzOrder',
      entityId: id,
      entityName: after.paypalTransactionId,
      action: 'create',
      // The currency says what the amount is in, for the history to show it.
      after: {
        name: after.paypalTransactionId,
        shipmentStatus: after.shipmentStatus,
        amount: after.amount,
        currency: after.currency,
      },
    });
    return after;
  });
}

/** PUT /otz-orders/{id} { shipmentStatus }. */
export function changeOtzOrderStatus(
  db: Kysely<Database>,
  actor: SessionUser,
  id: string,
  to: OrderStatus,
): Promise<OtzOrder> {
  return writeTransaction(db, async (trx) => {
    if (!(await lockRow(trx, 'otz_orders', id))) throw notFound();
    const row = await findOtzOrderRow(trx, id);
    const before = await findOtzOrder(trx, id);
    if (!row || !before) throw notFound();
    const check = checkTransition(row.shipment_status, to, 'OTZ');
    if (!check.ok) throw new HttpError(409, check.message);

    const holds = Number(row.stock_taken) === 1;
    const take = to === 'ACCEPTED' && !holds;
    const giveBack = to === 'CANCELLED' && holds;
    if (take || giveBack) {
      const items = await otzOrderLines(trx, id);
      // The stock rule's lock, as the orders take it: the products' rows, in id order.
      const stock = new Map(
        (
          await lockProductsStock(
            trx,
            items.map((i) => i.product_id),
          )
        ).map((p) => [p.id, p]),
      );
      const lines = items.map((item) => ({
        productId: item.product_id,
        quantity: item.order_quantity,
        orderId: id,
        note: `OTZ ${row.paypal_transaction_id}`,
      }));
      if (take) await takeStock(trx, stock, lines, actor._id);
      else await giveBackStock(trx, stock, lines, actor._id);
    }
    const stockTaken = take ? true : giveBack ? false : holds;
    // Impossible under the row lock; if it ever happens, nothing of this change may stay.
    if (!(await setOtzOrderStatus(trx, id, row.shipment_status, to, stockTaken))) {
      throw new HttpError(409, MESSAGES.cannotChangeStatus);
    }
    const after = await findOtzOrder(trx, id);
    if (!after) throw notFound();
    await recordAudit(trx, {
      userId: actor._id,
      entity: 'otzOrder',
      entityId: id,
      entityName: after.paypalTransactionId,
      action: 'update',
      before: { name: before.paypalTransactionId, shipmentStatus: before.shipmentStatus },
      after: { name: after.paypalTransactionId, shipmentStatus: after.shipmentStatus },
    });
    return after;
  });
}
