/**
 * The shell's notifications: a mirror of one NotificationState (the shared
 * notification-state.ts). In the desktop app it follows main's state (main polls and owns it,
 * so a window reload keeps it); in a browser the renderer's own poller feeds it through the
 * same reducers (use-order-notifications.ts). Components read the small derived atoms and
 * change the state only through useNotificationAction.
 */
import { atom } from 'jotai';
import { EMPTY_NOTIFICATION_STATE, type NotificationState } from '#shared/notifications/notification-state';

export const notificationStateAtom = atom<NotificationState>(EMPTY_NOTIFICATION_STATE);
/** The bell's list, newest first. */
export const notificationsAtom = atom((get) => get(notificationStateAtom).items);
/** Drives the bell's pulsing ring; opening the bell clears it. */
export const unseenNotificationsAtom = atom((get) => get(notificationStateAtom).unseen);
/** The menu dots on order management (platform) and OTZ orders; following the entry clears its flag. */
export const orderFlagsAtom = atom((get) => get(notificationStateAtom).flags);
