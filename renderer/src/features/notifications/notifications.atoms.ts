/**
 * Notification state of the shell (client-only state). The polling source arrives
 * with the orders work; it feeds `addNotificationsAtom`, and the bell and menu read the rest.
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

/** The desktop poller reports counts only ('orders:new'): that is enough for the menu dots. */
export const flagNewOrdersAtom = atom(null, (_get, set, kind: 'platform' | 'otz') => {
  set(kind === 'platform' ? newOrderFlagAtom : newOtzFlagAtom, true);
  set(unseenNotificationsAtom, true);
});
