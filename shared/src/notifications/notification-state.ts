/**
 * The state of new-order notifications, whole: the bell's list (newest first, capped by
 * mergeNotifications), whether the bell rings (`unseen`) and the menu dots on order management
 * and OTZ orders (`flags`). One owner keeps it and runs these pure reducers: the desktop main
 * process in the desktop app (so a window reload keeps what was delivered and seen), the
 * renderer in a browser. Main sends the state to the window and takes the renderer's actions
 * over IPC, so both have schemas.
 */
import { z } from 'zod';
import {
  mergeNotifications,
  NOTIFICATION_LIST_CAP,
  notificationItemSchema,
  ORDER_KINDS,
  type NotificationItem,
  type OrderKind,
} from './notification-items';

export const notificationStateSchema = z.object({
  items: z.array(notificationItemSchema).max(NOTIFICATION_LIST_CAP),
  unseen: z.boolean(),
  flags: z.object({ platform: z.boolean(), otz: z.boolean() }),
});
export type NotificationState = z.infer<typeof notificationStateSchema>;

/**
 * What the user does to the state: opening the bell (`{ seen: true }`) or following a menu
 * entry (`{ clear: kind }`). Strict, so a payload that could mean both is refused.
 */
export const notificationActionSchema = z.union([
  z.strictObject({ seen: z.literal(true) }),
  z.strictObject({ clear: z.enum(ORDER_KINDS) }),
]);
export type NotificationAction = z.infer<typeof notificationActionSchema>;

/** Where every session starts (sign-in, another user, another server). */
export const EMPTY_NOTIFICATION_STATE: NotificationState = Object.freeze({
  items: Object.freeze([]) as unknown as NotificationItem[],
  unseen: false,
  flags: Object.freeze({ platform: false, otz: false }),
});

/**
 * A batch of the poller: the new items join the list; the bell rings and the kind's dot shows
 * only when something new was added (the same state comes back otherwise).
 */
export function addNotifications(
  state: NotificationState,
  incoming: readonly NotificationItem[],
): NotificationState {
  const { items, added } = mergeNotifications(state.items, incoming);
  if (!added.platform && !added.otz) return state;
  return {
    items,
    unseen: true,
    flags: { platform: state.flags.platform || added.platform, otz: state.flags.otz || added.otz },
  };
}

/** The bell was opened: its ring stops; the list and the dots stay. */
export function markNotificationsSeen(state: NotificationState): NotificationState {
  return state.unseen ? { ...state, unseen: false } : state;
}

/** The kind's menu entry was followed: its dot goes; the list and the ring stay. */
export function clearNotificationFlag(state: NotificationState, kind: OrderKind): NotificationState {
  return state.flags[kind] ? { ...state, flags: { ...state.flags, [kind]: false } } : state;
}

export function applyNotificationAction(
  state: NotificationState,
  action: NotificationAction,
): NotificationState {
  return 'seen' in action ? markNotificationsSeen(state) : clearNotificationFlag(state, action.clear);
}
