/**
 * Notification state of the shell (client-only state), fed by `useOrderNotifications` with the
 * items of the order poller — the desktop main process's or the browser's own, the same code.
 */
import { atom } from 'jotai';
import { mergeNotifications, type NotificationItem } from './notifications';

export const notificationsAtom = atom<NotificationItem[]>([]);
/** Drives the bell's pulsing ring; clicking the bell clears it. */
export const unseenNotificationsAtom = atom(false);
/** Menu dots on order management and OTZ orders; clicking the entry clears its flag. */
export const newOrderFlagAtom = atom(false);
export const newOtzFlagAtom = atom(false);

export const addNotificationsAtom = atom(null, (get, set, incoming: NotificationItem[]) => {
  const { items, added } = mergeNotifications(get(notificationsAtom), incoming);
  set(notificationsAtom, items);
  if (added.platform) set(newOrderFlagAtom, true);
  if (added.otz) set(newOtzFlagAtom, true);
  if (added.platform || added.otz) set(unseenNotificationsAtom, true);
});

/** Another session (sign-out, another user, another server) starts with an empty bell. */
export const resetNotificationsAtom = atom(null, (_get, set) => {
  set(notificationsAtom, []);
  set(unseenNotificationsAtom, false);
  set(newOrderFlagAtom, false);
  set(newOtzFlagAtom, false);
});
