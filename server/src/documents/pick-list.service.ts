/**
 * The pick list of a set of orders, or of the whole accepted queue. Only accepted orders are
 * picked: an order named in the list that is not accepted (still received, already packed,
 * cancelled) refuses the whole list with its id, rather than being left out of a sheet the
 * picker trusts to be complete.
 */
import type { Kysely } from 'kysely';
import { MAX_PICK_LIST_ORDERS } from '#shared/constants';
import { groupPickList } from '#shared/domain/pick-list';
import { todayIso } from '#shared/domain/periods';
import type { PickListAnswer } from '#shared/schemas/labels';
import type { Database } from '../db/database';
import { httpError } from '../http/errors';
import { acceptedPickLines, pickLinesByIds, type PickLineRow } from './pick-list.repository';

export interface PickListContext {
  timeZone: string;
}

/** The first few of a list for a message's text; the error's details carry all of it. */
export function fewOf(items: readonly string[], few = 10): string {
  const shown = items.slice(0, few).join(', ');
  return items.length > few ? `${shown} (+${items.length - few})` : shown;
}

async function pickRows(
  db: Kysely<Database>,
  orderIds: readonly string[] | undefined,
): Promise<PickLineRow[]> {
  if (orderIds === undefined) {
    const rows = await acceptedPickLines(db, MAX_PICK_LIST_ORDERS + 1);
    if (rows.length > MAX_PICK_LIST_ORDERS)
      throw httpError(409, 'pickListTooLarge', { max: MAX_PICK_LIST_ORDERS });
    return rows;
  }
  const ids = [...new Set(orderIds)];
  const rows = await pickLinesByIds(db, ids);
  if (rows.length < ids.length) {
    const found = new Set(rows.map((row) => row.id));
    const missing = ids.filter((id) => !found.has(id));
    const error = httpError(404, 'ordersNotFound', { orderIds: fewOf(missing) });
    error.details = { ids: missing };
    throw error;
  }
  const refused = rows.filter((row) => row.shipment_status !== 'ACCEPTED');
  if (refused.length > 0) {
    const error = httpError(409, 'pickListNotAccepted', {
      orderIds: fewOf(refused.map((row) => row.order_id)),
    });
    error.details = {
      orders: refused.map((row) => ({
        _id: row.id,
        orderId: row.order_id,
        shipmentStatus: row.shipment_status,
      })),
    };
    throw error;
  }
  return rows;
}

export async function pickList(
  db: Kysely<Database>,
  orderIds: readonly string[] | undefined,
  ctx: PickListContext,
  now = new Date(),
): Promise<PickListAnswer> {
  const rows = await pickRows(db, orderIds);
  const grouped = groupPickList(
    rows.map((row) => ({
      orderId: row.order_id,
      productId: row.product_id,
      name: row.name,
      nameJa: row.name_ja,
      sku: row.sku_code,
      jan: row.jan_code,
      shelf: row.shelf_number,
      quantity: row.order_quantity,
    })),
  );
  return { date: todayIso(now, ctx.timeZone), ...grouped };
}
