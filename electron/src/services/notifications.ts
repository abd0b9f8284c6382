/**
 * New-order notifications for admins. At start it takes the newest
 * platform order and the newest OTZ order as cursors; every 10 s it asks for what was
 * created after them, moves each cursor to the last item seen, shows one native
 * notification per batch and tells the renderer (menu dots, bell).
 *
 * A failed request (offline, 401 after the token expired, 404 while the orders API does not
 * exist yet) is skipped without a word and retried on the next tick: a background poller
 * must never interrupt the user with errors.
 */
import { z } from 'zod';
import { TIMINGS, buildListQuery, type Language } from '#shared';
import type { IpcEvent, IpcEventPayload, StoredSession } from '#shared/ipc';
import type { OrderKind } from './notification-text';

export interface NotificationHandle {
  onClick(listener: () => void): void;
  show(): void;
}

export interface Timer {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
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
  /** A hung request must not block polling forever (polls never overlap). */
  requestTimeoutMs?: number;
}

export interface OrderPoller {
  /** Starts for an admin session, stops for anything else; call after every session change. */
  sync(): void;
  /** Forgets the cursors and starts over, e.g. after switching to another server. */
  restart(): void;
  stop(): void;
  isRunning(): boolean;
  /** One poll now (the interval calls this); resolves when it is done or skipped. */
  poll(): Promise<void>;
}

const RESOURCES: Record<OrderKind, { path: string; route: '/shipping-management' | '/otz' }> = {
  platform: { path: 'orders/', route: '/shipping-management' },
  otz: { path: 'otz-orders/', route: '/otz' },
};
const KINDS: OrderKind[] = ['platform', 'otz'];
export const POLL_BATCH_LIMIT = 100;

const listSchema = z.object({ data: z.array(z.looseObject({ createdAt: z.string().min(1) })) });

/** Where a kind's cursor stands: not known yet (the first fetch has not succeeded), or known. */
type Cursor = { known: false } | { known: true; createdAt: string | null };

export function createOrderPoller(deps: OrderPollerDeps): OrderPoller {
  const timer: Timer = deps.timer ?? {
    setInterval: (cb, ms) => setInterval(cb, ms),
    clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
  };
  const intervalMs = deps.intervalMs ?? TIMINGS.notificationPollMs;
  const requestTimeoutMs = deps.requestTimeoutMs ?? 30_000;

  let handle: unknown;
  let token: string | undefined;
  // Bumped on every stop: results of a poll begun before it are thrown away.
  let generation = 0;
  let inFlight: Promise<void> | undefined;
  let cursors: Record<OrderKind, Cursor> = { platform: { known: false }, otz: { known: false } };

  const adminToken = (): string | undefined => {
    const session = deps.getSession();
    return session?.role === 'admin' ? session.token : undefined;
  };

  const fetchList = async (query: string, kind: OrderKind, sessionToken: string) => {
    const base = (await deps.getApiBaseUrl()).replace(/\/+$/, '');
    const response = await deps.fetch(`${base}/${RESOURCES[kind].path}?${query}`, {
      headers: { Authorization: `Token ${sessionToken}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return listSchema.parse(await response.json()).data;
  };

  const announce = async (kind: OrderKind, count: number) => {
    deps.emit('orders:new', { kind, count });
    const text = await deps.notificationText(deps.getLanguage(), kind, count);
    const notification = deps.createNotification(text);
    notification.onClick(() => {
      deps.focusWindow();
      deps.emit('navigate', { path: RESOURCES[kind].route });
    });
    notification.show();
  };

  const pollKind = async (kind: OrderKind, gen: number, sessionToken: string) => {
    const cursor = cursors[kind];
    if (!cursor.known) {
      const latest = await fetchList(
        buildListQuery({ page: 1, limit: 1, sort: '-createdAt' }),
        kind,
        sessionToken,
      );
      if (gen === generation) cursors[kind] = { known: true, createdAt: latest[0]?.createdAt ?? null };
      return;
    }
    // No cursor means there were no orders at all when polling began: every order is new.
    const query = buildListQuery({
      limit: POLL_BATCH_LIMIT,
      sort: 'createdAt',
      filters: cursor.createdAt === null ? {} : { createdAt: { gt: cursor.createdAt } },
    });
    const items = await fetchList(query, kind, sessionToken);
    const last = items.at(-1);
    if (gen !== generation || !last) return;
    cursors[kind] = { known: true, createdAt: last.createdAt };
    await announce(kind, items.length);
  };

  const runPoll = async () => {
    const gen = generation;
    const sessionToken = token;
    if (!sessionToken) return;
    for (const kind of KINDS) {
      if (gen !== generation) return;
      try {
        await pollKind(kind, gen, sessionToken);
      } catch {
        // Quietly skipped; the next tick retries (see the module comment).
      }
    }
  };

  const poll = (): Promise<void> => {
    if (inFlight || handle === undefined) return inFlight ?? Promise.resolve();
    inFlight = runPoll().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };

  const stop = () => {
    generation += 1;
    if (handle !== undefined) timer.clearInterval(handle);
    handle = undefined;
    token = undefined;
    cursors = { platform: { known: false }, otz: { known: false } };
  };

  const start = (sessionToken: string) => {
    token = sessionToken;
    handle = timer.setInterval(() => void poll(), intervalMs);
    void poll();
  };

  return {
    sync() {
      const next = adminToken();
      if (next === token) return;
      stop();
      if (next) start(next);
    },
    restart() {
      stop();
      const next = adminToken();
      if (next) start(next);
    },
    stop,
    isRunning: () => handle !== undefined,
    poll,
  };
}
