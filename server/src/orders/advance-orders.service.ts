/**
 * Advance orders: orders taken before the goods are in stock. One is an order row entered as
 * AWAITING with its delivery date; an admin books or cancels it (only while AWAITING), and
 * releasing a BOOKED one (status RECEIVED) makes it a normal order with `isBookedAdvance`.
 * Every change goes through the orders' own status change, under the order's row lock.
 */
import type { Kysely } from 'kysely';
import { advanceOrdersListSpec } from '#shared/list-specs';
import { MESSAGES } from '#shared/messages';
import type { SessionUser } from '#shared/schemas/auth';
import type { AdvanceOrder, AdvanceOrderInput, Order } from '#shared/schemas/order';
import type { z } from 'zod';
import type { advanceOrderInputSchema } from '#shared/schemas/order';
import type { Database } from '../db/database';
import { HttpError, notFound } from '../http/errors';
import { parseList, runList } from '../http/list';
import { writeTransaction } from '../db/write-transaction';
import {
  advanceOrdersColumns,
  advanceOrdersKeysBase,
  orderRowsByIds,
  orderRowsQuery,
  toOrder,
} from './orders.repository';
import { changeOrdersStatus, createOrders, lockOrdersForStatus, type OrdersContext } from './orders.service';

export type { AdvanceOrderInput };

const toAdvanceOrder = (order: Order): AdvanceOrder => ({
  _id: order._id,
  orderId: order.orderId,
  deliveryDate: order.deliveryDate,
  status: order.shipmentStatus,
  order,
  createdAt: order.createdAt,
  updatedAt: order.updatedAt,
});

export async function listAdvanceOrders(db: Kysely<Database>, rawQuery: unknown) {
  const query = parseList(rawQuery, advanceOrdersListSpec);
  return runList(orderRowsQuery(db), query, advanceOrdersColumns, (row) => toAdvanceOrder(toOrder(row)), {
    db,
    keysBase: advanceOrdersKeysBase(db),
    readRows: (ids) => orderRowsByIds(db, ids),
  });
}

export function createAdvanceOrder(
  db: Kysely<Database>,
  actor: SessionUser,
  input: z.output<typeof advanceOrderInputSchema>,
  ctx: OrdersContext,
): Promise<AdvanceOrder> {
  return writeTransaction(db, async (trx) => {
    const [order] = await createOrders(
      trx,
      actor,
      [{ ...input, shipmentStatus: 'AWAITING', isBookedAdvance: false }],
      ctx,
    );
    return toAdvanceOrder(order as Order);
  });
}

/**
 * BOOKED or CANCELLED only from AWAITING ('Only request with Awaiting status can be changed');
 * RECEIVED (the release) only from BOOKED.
 */
export function updateAdvanceOrder(
  db: Kysely<Database>,
  actor: SessionUser,
  id: string,
  status: 'BOOKED' | 'CANCELLED' | 'RECEIVED',
  ctx: OrdersContext,
): Promise<AdvanceOrder> {
  return writeTransaction(db, async (trx) => {
    const {
      rows: [row],
    } = await lockOrdersForStatus(trx, [id], status);
    if (!row || row.is_advance !== 1) throw notFound();
    if (status !== 'RECEIVED' && row.shipment_status !== 'AWAITING') {
      throw new HttpError(409, MESSAGES.onlyAwaiting);
    }
    const [order] = await changeOrdersStatus(trx, actor, [id], status, ctx);
    return toAdvanceOrder(order as Order);
  });
}
