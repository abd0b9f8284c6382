/**
 * The one order status transition table, enforced by the server and used by the
 * screens to offer only legal next statuses.
 */
import type { OrderStatus } from '../constants';
import { MESSAGES } from '../messages';

export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  RECEIVED: ['ACCEPTED', 'CANCELLED'],
  ACCEPTED: ['PACKED', 'CANCELLED'],
  // PACKED → SHIPPED happens only by assigning a shipment on the Combine Orders page.
  PACKED: ['CANCELLED'],
  // SHIPPED → COMPLETED happens only when the shipment's customs are saved.
  SHIPPED: [],
  COMPLETED: [],
  CANCELLED: [],
  AWAITING: ['BOOKED', 'CANCELLED'],
  BOOKED: ['RECEIVED'],
};

export const FINAL_STATUSES: readonly OrderStatus[] = ['COMPLETED', 'CANCELLED'];

export type TransitionCheck = { ok: true } | { ok: false; message: string };

/** Checks a status change of one order; the message is the spec's. */
export function checkTransition(from: OrderStatus, to: OrderStatus): TransitionCheck {
  if (FINAL_STATUSES.includes(from)) return { ok: false, message: MESSAGES.cannotChangeFinal };
  if (to === 'SHIPPED' || from === 'SHIPPED') return { ok: false, message: MESSAGES.visitCombine };
  if (from === 'AWAITING' || to === 'BOOKED') {
    if (from !== 'AWAITING' && to === 'BOOKED') return { ok: false, message: MESSAGES.onlyAwaiting };
  }
  if (!ORDER_TRANSITIONS[from].includes(to)) return { ok: false, message: MESSAGES.cannotChangeStatus };
  return { ok: true };
}

/** A bulk change needs every selected order in the same status. */
export function checkBulkTransition(froms: readonly OrderStatus[], to: OrderStatus): TransitionCheck {
  if (froms.length === 0) return { ok: false, message: MESSAGES.selectOrdersToSetStatus };
  if (new Set(froms).size > 1) return { ok: false, message: MESSAGES.statusMustBeSame };
  return checkTransition(froms[0] as OrderStatus, to);
}
