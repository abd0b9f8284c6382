/**
 * What the bell lists: one item per new platform order (however many lines it has) or OTZ order. The order poller produces
 * them (in the desktop main process or in a browser's renderer) and the notification state
 * keeps them; the state crosses IPC, so items have a schema.
 */
import { z } from 'zod';
import { NOTIFICATION_PLATFORMS } from '../constants';

export const ORDER_KINDS = ['platform', 'otz'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/**
 * The kinds worth polling: the restricted brand has no OTZ screen (its menu hides /otz), so its
 * OTZ orders are neither announced nor listed.
 */
export const pollKindsFor = (restrictedBrand: boolean): readonly OrderKind[] =>
  restrictedBrand ? ['platform'] : ORDER_KINDS;

/** Where each kind is polled and where its items lead. */
export const ORDER_KIND_RESOURCES: Record<
  OrderKind,
  { apiPath: 'orders/' | 'otz-orders/'; route: '/shipping-management' | '/otz' }
> = {
  platform: { apiPath: 'orders/', route: '/shipping-management' },
  otz: { apiPath: 'otz-orders/', route: '/otz' },
};

const id = z.string().min(1).max(64);
const createdAt = z.string().min(1).max(40);

export const notificationItemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('platform'),
    id,
    orderId: z.string().min(1).max(200),
    platformCode: z.enum(NOTIFICATION_PLATFORMS),
    createdAt,
  }),
  z.object({
    kind: z.literal('otz'),
    id,
    paypalTransactionId: z.string().min(1).max(200),
    createdAt,
  }),
]);
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/** The most items one poll of one kind hands out (its count covers the rest). */
export const POLL_BATCH_LIMIT = 100;

/** The bell keeps the newest this many; older ones are still on the order screens. */
export const NOTIFICATION_LIST_CAP = 200;

/**
 * What one notification stands for: a platform order is its platform and order id, since the
 * API lists order lines (a two-line order is two rows with ids of their own) and staff take one
 * order in, not its lines; an OTZ order is one row.
 */
export const notificationKey = (item: NotificationItem) =>
  item.kind === 'platform' ? `platform:${item.platformCode}:${item.orderId}` : `otz:${item.id}`;

/** One item per order, the first of each kept (newest first in, newest first out). */
export function oneItemPerOrder(items: readonly NotificationItem[]): NotificationItem[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = notificationKey(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Adds the orders not listed yet, newest first; also reports which kinds brought something new
 * and the new items themselves.
 */
export function mergeNotifications(
  current: readonly NotificationItem[],
  incoming: readonly NotificationItem[],
): { items: NotificationItem[]; added: Record<OrderKind, boolean>; fresh: NotificationItem[] } {
  const known = new Set(current.map(notificationKey));
  const fresh = incoming.filter((item) => {
    const key = notificationKey(item);
    if (known.has(key)) return false;
    known.add(key);
    return true;
  });
  const items = [...fresh, ...current]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, NOTIFICATION_LIST_CAP);
  return {
    items,
    added: { platform: fresh.some((i) => i.kind === 'platform'), otz: fresh.some((i) => i.kind === 'otz') },
    fresh,
  };
}
