/**
 * The packing station's two writes. Packed: every line of one order goes ACCEPTED → PACKED
 * through the one status change, once the station's record of scans counts exactly the
 * order's quantities (the rule the station counted by, shared/src/domain/packing.ts); the
 * record is kept in each line's audit entry. Cannot complete: a short pick, recorded in each
 * line's history, the order left ACCEPTED.
 *
 * Both lock the order's rows before they check them, so two packers of one order queue: the
 * second finds it PACKED and is refused.
 */
import type { Kysely } from 'kysely';
import { checkBulkTransition } from '#shared/domain/order-status';
import { checkPackingRecord, type PackingRecord } from '#shared/domain/packing';
import { MESSAGES } from '#shared/messages';
import type { SessionUser } from '#shared/schemas/auth';
import type { Order } from '#shared/schemas/order';
import type { Database } from '../db/database';
import { recordAudits } from '../audit/audit.repository';
import { writeTransaction } from '../db/write-transaction';
import { HttpError, httpError, notFound } from '../http/errors';
import { findOrder, findOrders, janCodesOf, lockOrders, orderLineIds } from './orders.repository';
import { changeOrdersStatus, lockOrdersForStatus, type OrdersContext } from './orders.service';

/** PUT /orders/status with a packing record: all rows of one order to PACKED, all or none. */
export function packOrderRequest(
  db: Kysely<Database>,
  actor: SessionUser,
  ids: readonly string[],
  packing: PackingRecord,
  ctx: OrdersContext,
): Promise<Order[]> {
  return writeTransaction(db, async (trx) => {
    const unique = [...new Set(ids)];
    if (unique.length === 0) throw new HttpError(409, MESSAGES.selectOrdersToSetStatus);
    // Locked as the change to PACKED locks them: what is checked here stays so until it is written.
    const { rows } = await lockOrdersForStatus(trx, unique, 'PACKED');
    if (rows.length !== unique.length) throw notFound();
    const transition = checkBulkTransition(
      rows.map((r) => ({ status: r.shipment_status, platform: r.platform_code })),
      'PACKED',
    );
    if (!transition.ok) throw new HttpError(409, transition.message);

    const [first] = rows;
    if (!first) throw notFound();
    const whole = await orderLineIds(trx, first.order_id, first.platform_code);
    const oneOrder = rows.every(
      (r) => r.order_id === first.order_id && r.platform_code === first.platform_code,
    );
    if (!oneOrder || whole.length !== unique.length)
      throw httpError(400, 'packingWholeOrder', { orderId: first.order_id });

    const jans = await janCodesOf(
      trx,
      rows.map((r) => r.product_id),
    );
    const check = checkPackingRecord(
      rows.map((r) => ({ janCode: jans.get(r.product_id) ?? '', quantity: r.order_quantity })),
      packing,
    );
    if (!check.ok) throw httpError(400, check.code, check.params);
    return changeOrdersStatus(trx, actor, unique, 'PACKED', ctx, { note: { packing } });
  });
}

/**
 * POST /orders/{id}/short-pick: the order `id` is a line of cannot be completed, for `reason`.
 * Recorded on every line of the order; the order stays ACCEPTED (its stock stays taken).
 */
export function shortPickRequest(
  db: Kysely<Database>,
  actor: SessionUser,
  id: string,
  reason: string,
): Promise<Order[]> {
  return writeTransaction(db, async (trx) => {
    const order = await findOrder(trx, id);
    if (!order) throw notFound();
    const ids = await orderLineIds(trx, order.orderId, order.platformCode);
    const rows = await lockOrders(trx, ids);
    const other = rows.find((r) => r.shipment_status !== 'ACCEPTED');
    if (other)
      throw httpError(409, 'shortPickNotAccepted', {
        orderId: other.order_id,
        status: other.shipment_status,
      });
    await recordAudits(
      trx,
      rows.map((r) => ({
        userId: actor._id,
        entity: 'order',
        entityId: r.id,
        entityName: r.order_id,
        action: 'update' as const,
        before: { name: r.order_id },
        after: { name: r.order_id, shortPick: { reason } },
      })),
    );
    return findOrders(trx, ids);
  });
}
