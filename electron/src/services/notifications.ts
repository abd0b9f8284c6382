/**
 * New-order notifications of the desktop app: the shared order poller (the same code a
 * browser's bell runs) and, beside it, the one notification state of the app (the bell's list,
 * its ring, the menu dots; the shared reducers of notification-state.ts). Main owns the state:
 * a window reload reads it back ('notifications:get'), the window's actions change it
 * ('notifications:update': the bell opened, a menu entry followed), and every change is sent
 * whole to the window ('notifications:changed'). Per batch that brings an order not listed yet
 * main also shows one native notification, counting orders (not their lines), whose click
 * focuses the window on the matching screen.
 *
 * The state belongs to the admin session that polls: another session (sign-in as someone
 * else, sign-out, a role taken away) or another connection starts from the empty state.
 *
 * Beside the orders, an admin's session watches live sync (shared connection-watch.ts): a
 * connection that is failing or stopped is told once per failure by a native notification in
 * the user's language, whose click opens Settings → Connections. The tray's switch silences it
 * with the new-order notifications.
 *
 * The restricted brand has no OTZ screen, so OTZ orders must be neither announced nor listed.
 * Main learns the brand from the API it polls (the public `config`, once per session, before
 * the first cursor), so it never polls OTZ there: no native notification leads to the hidden
 * screen and the state never holds an OTZ item, without the window having to tell main
 * anything.
 */
import { z } from 'zod';
import type { Language } from '#shared';
import type { IpcEvent, IpcEventPayload, StoredSession } from '#shared/ipc';
import {
  mergeNotifications,
  ORDER_KIND_RESOURCES,
  pollKindsFor,
  type OrderKind,
} from '#shared/notifications/notification-items';
import {
  addNotifications,
  applyNotificationAction,
  EMPTY_NOTIFICATION_STATE,
  type NotificationAction,
  type NotificationState,
} from '#shared/notifications/notification-state';
import {
  CONNECTIONS_ROUTE,
  createConnectionWatch,
  type ConnectionAlert,
  type ConnectionWatch,
} from '#shared/notifications/connection-watch';
import {
  createOrderPoller as createSharedPoller,
  type OrderBatch,
  type OrderPoller,
  type Timer,
} from '#shared/notifications/order-poller';

export type { ConnectionAlert, ConnectionWatch, OrderPoller, Timer };
export { POLL_BATCH_LIMIT } from '#shared/notifications/order-poller';

export interface NotificationHandle {
  onClick(listener: () => void): void;
  show(): void;
}

export interface OrderNotificationsDeps {
  fetch: (url: string, init: { headers: Record<string, string>; signal?: AbortSignal }) => Promise<Response>;
  createNotification(options: { title: string; body: string }): NotificationHandle;
  notificationText(lang: Language, kind: OrderKind, count: number): Promise<{ title: string; body: string }>;
  /** The text of a live-sync failure (notification-text.ts); without it, connections are not watched. */
  connectionAlertText?(lang: Language, alert: ConnectionAlert): Promise<{ title: string; body: string }>;
  getSession(): StoredSession | null;
  getApiBaseUrl(): Promise<string>;
  getLanguage(): Language;
  emit<E extends IpcEvent>(event: E, payload: IpcEventPayload<E>): void;
  focusWindow(): void;
  timer?: Timer;
  intervalMs?: number;
  /** How often connections are read (default: the shared CONNECTION_WATCH_MS). */
  connectionIntervalMs?: number;
  requestTimeoutMs?: number;
  /** Whether the user wants new-order notifications at all (the tray's switch); on when absent. */
  enabled?(): boolean;
}

export interface OrderNotifications {
  poller: OrderPoller;
  /** Live sync's failures; absent without `connectionAlertText`. */
  connectionWatch?: ConnectionWatch;
  /** The state right now ('notifications:get'). */
  getState(): NotificationState;
  /** Applies the window's action ('notifications:update') and answers the new state. */
  update(action: NotificationAction): NotificationState;
  /** After every session change: polls for an admin only; another session starts empty. */
  sync(): void;
  /** After a connection change: the cursors and the state start over. */
  restart(): void;
  stop(): void;
}

/** The part of the public `config` answer main needs. */
const brandSchema = z.looseObject({ restrictedBrand: z.boolean() });

export function createOrderNotifications(deps: OrderNotificationsDeps): OrderNotifications {
  let state: NotificationState = EMPTY_NOTIFICATION_STATE;
  // The admin token the state belongs to (the poller's session); undefined for none.
  let owner: string | undefined;

  const setState = (next: NotificationState) => {
    if (next === state) return;
    state = next;
    deps.emit('notifications:changed', state);
  };
  const adminToken = () => {
    const session = deps.getSession();
    return session?.role === 'admin' ? session.token : undefined;
  };

  const get = async (apiPath: string, { token, signal }: { token: string; signal: AbortSignal }) => {
    const base = (await deps.getApiBaseUrl()).replace(/\/+$/, '');
    const response = await deps.fetch(`${base}/${apiPath}`, {
      headers: { Authorization: `Token ${token}`, Accept: 'application/json' },
      signal,
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return response.json() as Promise<unknown>;
  };

  const announce = async ({ kind, items, count }: OrderBatch) => {
    // Orders the bell lists already (another line of an order announced before) are not new.
    const { fresh } = mergeNotifications(state.items, items);
    setState(addNotifications(state, items));
    if (fresh.length === 0) return;
    const text = await deps.notificationText(deps.getLanguage(), kind, count - (items.length - fresh.length));
    const notification = deps.createNotification(text);
    notification.onClick(() => {
      deps.focusWindow();
      deps.emit('navigate', { path: ORDER_KIND_RESOURCES[kind].route });
    });
    notification.show();
  };

  // Switched off, the poller and the watch see no session and stop; the state and its owner stay.
  const pollingSession = () => (deps.enabled?.() === false ? null : deps.getSession());

  const poller = createSharedPoller({
    get,
    getSession: pollingSession,
    onBatch: announce,
    kinds: async (init) => pollKindsFor(brandSchema.parse(await get('config', init)).restrictedBrand),
    timer: deps.timer,
    intervalMs: deps.intervalMs,
    requestTimeoutMs: deps.requestTimeoutMs,
  });

  const alertText = deps.connectionAlertText;
  const connectionWatch = alertText
    ? createConnectionWatch({
        get,
        getSession: pollingSession,
        async onAlert(alert) {
          const notification = deps.createNotification(await alertText(deps.getLanguage(), alert));
          notification.onClick(() => {
            deps.focusWindow();
            deps.emit('navigate', { path: CONNECTIONS_ROUTE });
          });
          notification.show();
        },
        timer: deps.timer,
        intervalMs: deps.connectionIntervalMs,
        requestTimeoutMs: deps.requestTimeoutMs,
      })
    : undefined;

  return {
    poller,
    ...(connectionWatch ? { connectionWatch } : {}),
    getState: () => state,
    update(action) {
      setState(applyNotificationAction(state, action));
      return state;
    },
    sync() {
      const next = adminToken();
      if (next !== owner) {
        owner = next;
        setState(EMPTY_NOTIFICATION_STATE);
      }
      poller.sync();
      connectionWatch?.sync();
    },
    restart() {
      owner = adminToken();
      setState(EMPTY_NOTIFICATION_STATE);
      poller.restart();
      connectionWatch?.restart();
    },
    stop() {
      poller.stop();
      connectionWatch?.stop();
    },
  };
}
