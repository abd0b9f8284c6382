import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import type { Role } from '#shared/constants';
import { createOrderPoller } from '#shared/notifications/order-poller';
import { fetchForPoller } from '../../api/notifications.api';
import { isDesktop, platform } from '../../platform/platform';
import { sessionAtom } from '../auth/session.atoms';
import { addNotificationsAtom, resetNotificationsAtom } from './notifications.atoms';

/**
 * Feeds the bell and the menu dots with new orders. In the desktop app main polls (it also
 * shows native notifications) and sends each batch's items; in a browser this runs the same
 * shared poller itself, through the renderer's HTTP client. Admins only, either way.
 */
export function useOrderNotifications(role: Role | null) {
  const token = useAtomValue(sessionAtom)?.token;
  const add = useSetAtom(addNotificationsAtom);
  const reset = useSetAtom(resetNotificationsAtom);

  useEffect(() => {
    reset();
    if (isDesktop) return platform.on('orders:new', ({ items }) => add(items));
    if (!token || role !== 'admin') return;
    const poller = createOrderPoller({
      get: (path, { signal }) => fetchForPoller(path, signal),
      getSession: () => ({ token, role }),
      onBatch: ({ items }) => add(items),
    });
    poller.sync();
    return () => poller.stop();
  }, [add, reset, role, token]);
}
