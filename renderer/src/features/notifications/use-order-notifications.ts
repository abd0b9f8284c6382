/**
 * Feeds the shell's notification state (notifications.atoms.ts) and carries the user's actions
 * to it. In the desktop app main polls, shows native notifications and owns the state: the
 * window reads it on mount (a reload keeps the bell), follows main's changes and sends its
 * actions to main, whose answer is the new state. In a browser this runs the same shared
 * poller itself, through the renderer's HTTP client, and the same reducers locally. Admins
 * only, either way.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import type { Role } from '#shared/constants';
import { pollKindsFor } from '#shared/notifications/notification-items';
import {
  addNotifications,
  applyNotificationAction,
  EMPTY_NOTIFICATION_STATE,
  type NotificationAction,
} from '#shared/notifications/notification-state';
import { createOrderPoller } from '#shared/notifications/order-poller';
import { fetchForPoller } from '../../api/notifications.api';
import { isDesktop, platform } from '../../platform/platform';
import { sessionAtom } from '../auth/session.atoms';
import { useConfig } from '../shell/use-config';
import { followMainNotifications } from './main-notifications';
import { notificationStateAtom } from './notifications.atoms';

export function useOrderNotifications(role: Role | null) {
  const token = useAtomValue(sessionAtom)?.token;
  // A browser polls OTZ orders only on a brand that shows them; desktop main learns the brand
  // itself, so its window does not wait for it.
  const restrictedBrand = useConfig().data?.restrictedBrand;
  const brand = isDesktop ? null : restrictedBrand;
  const setState = useSetAtom(notificationStateAtom);

  useEffect(() => {
    // Another session starts empty; in the desktop app main's answer follows at once.
    setState(EMPTY_NOTIFICATION_STATE);
    if (isDesktop) return followMainNotifications(platform, setState);
    if (!token || role !== 'admin' || typeof brand !== 'boolean') return;
    const poller = createOrderPoller({
      get: (path, { signal }) => fetchForPoller(path, signal),
      getSession: () => ({ token, role }),
      kinds: pollKindsFor(brand),
      onBatch: ({ items }) => setState((state) => addNotifications(state, items)),
    });
    poller.sync();
    return () => poller.stop();
  }, [brand, role, setState, token]);
}

/**
 * Opening the bell (`{ seen: true }`), following a menu entry (`{ clear: kind }`): applied here
 * at once; in the desktop app main applies it too and its answer becomes the state.
 */
export function useNotificationAction(): (action: NotificationAction) => void {
  const setState = useSetAtom(notificationStateAtom);
  return useCallback(
    (action: NotificationAction) => {
      setState((state) => applyNotificationAction(state, action));
      if (isDesktop) void platform.updateNotifications(action).then(setState, () => {});
    },
    [setState],
  );
}
