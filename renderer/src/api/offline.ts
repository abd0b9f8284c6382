/**
 * The desktop app's offline cache as the window sees it: main's state (online or not, the
 * sync, the outbox's counts) and the outbox's entries, kept here for the HTTP client, which
 * routes by it, and for the screens (useOffline). The bridge is passed in (connectOffline), so
 * this module never reaches for window.kura and runs in Node tests. Written without the schema
 * library: http.ts imports it, and http.ts is on the way to the sign-in form.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { KuraBridge, OfflineState, OutboxEntry } from '#shared/ipc';

export type OfflineBridge = Pick<
  KuraBridge,
  'offlineState' | 'syncNow' | 'cacheGet' | 'outboxList' | 'outboxAdd' | 'outboxResolve' | 'on'
>;

// A literal, not the shared constant: the constant's module loads the schema library.
const NONE: OfflineState = {
  available: false,
  online: true,
  syncedAt: null,
  syncing: null,
  retryAt: null,
  outbox: { pending: 0, conflicts: 0 },
};

interface Snapshot {
  state: OfflineState;
  outbox: OutboxEntry[];
}

let bridge: OfflineBridge | null = null;
let ready: Promise<void> = Promise.resolve();
const FIRST_READ_WAIT_MS = 1_000;
let snapshot: Snapshot = { state: NONE, outbox: [] };
const listeners = new Set<() => void>();
const reconnectListeners = new Set<() => void>();

function publish(next: Snapshot): void {
  snapshot = next;
  for (const listener of listeners) listener();
}

/** The cache applies (a team server, signed in) and main says the server does not answer. */
export const isOffline = (state: OfflineState = snapshot.state): boolean => state.available && !state.online;

/**
 * Takes main's state. Going from offline to online tells the reconnect listeners (the screens'
 * queries refetch, so live data comes back by itself). The outbox is read again when its counts
 * say it may have changed, and whenever a sync ran (entries leave it as they are sent).
 */
export function applyOfflineState(state: OfflineState): void {
  const before = snapshot.state;
  // Live data changed under the screens: the server answers again, or customs left the outbox
  // for it (sent, or turned into a conflict with the server's shipment beside them).
  const back =
    (isOffline(before) && !isOffline(state)) ||
    (state.available && state.online && state.outbox.pending < before.outbox.pending);
  const outboxMoved =
    state.outbox.pending !== before.outbox.pending ||
    state.outbox.conflicts !== before.outbox.conflicts ||
    state.online !== before.online ||
    state.available !== before.available;
  publish({ state, outbox: state.available ? snapshot.outbox : [] });
  if (state.available && outboxMoved) void refreshOutbox();
  if (back) for (const listener of reconnectListeners) listener();
}

async function refreshOutbox(): Promise<void> {
  const from = bridge;
  if (!from) return;
  try {
    const outbox = await from.outboxList();
    if (bridge === from) publish({ ...snapshot, outbox });
  } catch {
    // Main unreachable: the last list stays until its next change.
  }
}

/** Follows main's state until the returned function is called (a new connection, sign-out). */
export function connectOffline(next: OfflineBridge): () => void {
  bridge = next;
  let changed = false;
  const off = next.on('offline:changed', (state) => {
    changed = true;
    applyOfflineState(state);
  });
  // A change main sends is newer than the first read's answer still on its way.
  const read = next.offlineState().then(
    (state) => {
      if (bridge === next && !changed) applyOfflineState(state);
    },
    () => {},
  );
  // The first calls wait for it (a window opened with the server already gone must route them
  // to the cache), but never long: main answers in a moment or not at all.
  ready = Promise.race([read, new Promise<void>((resolve) => setTimeout(resolve, FIRST_READ_WAIT_MS))]);
  return () => {
    off();
    if (bridge === next) {
      bridge = null;
      publish({ state: NONE, outbox: [] });
    }
  };
}

export const offlineSnapshot = (): Snapshot => snapshot;

/** Resolves once main's first answer about the cache is in (or did not come in time). */
export const offlineReady = (): Promise<void> => ready;

/** For useSyncExternalStore: called on every change of the state or the outbox. */
export function subscribeOffline(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The screens' queries refetch when the server answers again or the outbox sent customs, so live
 * data comes back by itself.
 */
export const refetchOnReconnect = (queryClient: Pick<QueryClient, 'invalidateQueries'>) =>
  onReconnect(() => void queryClient.invalidateQueries());

/** Called each time main says the server answers again after it did not, or sent customs. */
export function onReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

function connected(): OfflineBridge {
  if (!bridge) throw new Error('No offline cache');
  return bridge;
}

/** Asks main to try the server now; its answer is the new state. */
export async function syncNow(): Promise<OfflineState> {
  const state = await connected().syncNow();
  applyOfflineState(state);
  return state;
}

export const cacheGet = (path: string) => connected().cacheGet(path);

export async function outboxAdd(entry: Parameters<OfflineBridge['outboxAdd']>[0]): Promise<OutboxEntry[]> {
  const outbox = await connected().outboxAdd(entry);
  publish({ ...snapshot, outbox });
  return outbox;
}

export async function outboxResolve(
  answer: Parameters<OfflineBridge['outboxResolve']>[0],
): Promise<OutboxEntry[]> {
  const outbox = await connected().outboxResolve(answer);
  publish({ ...snapshot, outbox });
  return outbox;
}
