/**
 * The one order status transition table, enforced by the server and used by the
 * screens to offer only legal next statuses.
 */
import type { OrderStatus, Platform } from '../constants';
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

/** The order channels with rules of their own: the platforms, and the OTZ storefront. */
export type OrderChannel = Platform | 'OTZ';

/**
 * AMAZONJP orders are fulfilled inside Japan and never go into an India shipment, so order
 * management completes them straight from PACKED. OTZ orders (the own storefront's) are sent
 * to their buyer one by one, never combined into a shipment: the OTZ screen completes them
 * straight from PACKED too.
 */
export const PLATFORM_EXTRA_TRANSITIONS: Readonly<
  Partial<Record<OrderChannel, Partial<Record<OrderStatus, readonly OrderStatus[]>>>>
> = {
  AMAZONJP: { PACKED: ['COMPLETED'] },
  OTZ: { PACKED: ['COMPLETED'] },
};

export const FINAL_STATUSES: readonly OrderStatus[] = ['COMPLETED', 'CANCELLED'];

/** The statuses an order of `platform` (or an OTZ order) may move to from `from` on its screen. */
export function nextStatuses(from: OrderStatus, platform?: OrderChannel): OrderStatus[] {
  const extra = platform ? (PLATFORM_EXTRA_TRANSITIONS[platform]?.[from] ?? []) : [];
  return [...ORDER_TRANSITIONS[from], ...extra];
}

export type TransitionCheck = { ok: true } | { ok: false; message: string };

/** Checks a status change of one order (of `platform`, when known); a refusal carries its fixed text. */
export function checkTransition(
  from: OrderStatus,
  to: OrderStatus,
  platform?: OrderChannel,
): TransitionCheck {
  if (FINAL_STATUSES.includes(from)) return { ok: false, message: MESSAGES.cannotChangeFinal };
  if (to === 'SHIPPED' || from === 'SHIPPED') return { ok: false, message: MESSAGES.visitCombine };
  if (to === 'BOOKED' && from !== 'AWAITING') return { ok: false, message: MESSAGES.onlyAwaiting };
  if (!nextStatuses(from, platform).includes(to)) return { ok: false, message: MESSAGES.cannotChangeStatus };
  return { ok: true };
}

/**
 * A bulk change needs every selected order in the same status; each order is then checked
 * with its own platform (an AMAZONJP order may complete from PACKED, an India one may not).
 */
export function checkBulkTransition(
  orders: readonly (OrderStatus | { status: OrderStatus; platform?: Platform })[],
  to: OrderStatus,
): TransitionCheck {
  if (orders.length === 0) return { ok: false, message: MESSAGES.selectOrdersToSetStatus };
  const items = orders.map((o) => (typeof o === 'string' ? { status: o, platform: undefined } : o));
  if (new Set(items.map((o) => o.status)).size > 1) return { ok: false, message: MESSAGES.statusMustBeSame };
  for (const item of items) {
    const check = checkTransition(item.status, to, item.platform);
    if (!check.ok) return check;
  }
  return { ok: true };
}
