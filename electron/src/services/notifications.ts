/**
 * New-order notifications of the desktop app. The polling itself is the shared order poller
 * (the same code a browser's bell runs); main adds what only the desktop can do: one native
 * notification per batch, whose click focuses the window on the matching screen, and the
 * batch's items sent to the window ('orders:new'), so the bell lists them.
 */
import type { Language } from '#shared';
import type { IpcEvent, IpcEventPayload, StoredSession } from '#shared/ipc';
import { ORDER_KIND_RESOURCES, type OrderKind } from '#shared/notifications/notification-items';
import {
  createOrderPoller as createSharedPoller,
  type OrderBatch,
  type OrderPoller,
  type Timer,
} from '#shared/notifications/order-poller';

export type { OrderPoller, Timer };
export { POLL_BATCH_LIMIT } from '#shared/notifications/order-poller';

export interface NotificationHandle {
  onClick(listener: () => void): void;
  show(): void;
}

export interface OrderPollerDeps {
  fetch: (url: string, init: { headers: Record<string, string>; signal?: AbortSignal }) => Promise<Response>;
  createNotification(options: { title: string; body: string }): NotificationHandle;
  notificationText(lang: Language, kind: OrderKind, count: number): Promise<{ title: string; body: string }>;
  getSession(): StoredSession | null;
  getApiBaseUrl(): Promise<string>;
  getLanguage(): Language;
  emit<E extends IpcEvent>(event: E, payload: IpcEventPayload<E>): void;
  focusWindow(): void;
  timer?: Timer;
  intervalMs?: number;
  requestTimeoutMs?: number;
}

export function createOrderPoller(deps: OrderPollerDeps): OrderPoller {
  const announce = async ({ kind, items, count }: OrderBatch) => {
    deps.emit('orders:new', { kind, count, items });
    const text = await deps.notificationText(deps.getLanguage(), kind, count);
    const notification = deps.createNotification(text);
    notification.onClick(() => {
      deps.focusWindow();
      deps.emit('navigate', { path: ORDER_KIND_RESOURCES[kind].route });
    });
    notification.show();
  };

  return createSharedPoller({
    async get(apiPath, { token, signal }) {
      const base = (await deps.getApiBaseUrl()).replace(/\/+$/, '');
      const response = await deps.fetch(`${base}/${apiPath}`, {
        headers: { Authorization: `Token ${token}`, Accept: 'application/json' },
        signal,
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.json();
    },
    getSession: deps.getSession,
    onBatch: announce,
    timer: deps.timer,
    intervalMs: deps.intervalMs,
    requestTimeoutMs: deps.requestTimeoutMs,
  });
}
