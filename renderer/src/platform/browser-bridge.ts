/**
 * The desktop bridge for a plain browser (the team server's web build, `vite dev`): same
 * interface as the preload's `window.kura`, with what a browser can do. No OS notifications,
 * no offline cache, the API is always same-origin, and no notification state of its own (the
 * renderer keeps a browser's).
 */
import { API_PREFIX, STORAGE_KEYS } from '#shared/constants';
import type { ConnectionInfo, KuraBridge, OfflineState, StoredSession } from '#shared/ipc';
import type { NotificationState } from '#shared/notifications/notification-state';
import { isStoredSession } from '#shared/ipc-errors';
import { requestBytes } from '../api/http';

function readSession(): StoredSession | null {
  const raw = localStorage.getItem(STORAGE_KEYS.session);
  if (!raw) return null;
  try {
    // Checked by hand: this runs at start, before the schema library has loaded.
    const parsed: unknown = JSON.parse(raw);
    return isStoredSession(parsed) ? { token: parsed.token, role: parsed.role } : null;
  } catch {
    return null;
  }
}

function download(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const connectionInfo = (): ConnectionInfo => ({
  connection: { mode: 'local' },
  apiBaseUrl: `${location.origin}${API_PREFIX}`,
});

/** Only web links leave the app: javascript:, file: and friends are refused. */
export function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

// A literal, not the shared constant: this module loads at start, before the schema library.
const noNotifications = (): NotificationState => ({
  items: [],
  unseen: false,
  flags: { platform: false, otz: false },
});

const noOfflineState = (): OfflineState => ({
  available: false,
  online: true,
  syncedAt: null,
  syncing: null,
  retryAt: null,
  outbox: { pending: 0, conflicts: 0 },
});

export const browserBridge: KuraBridge = {
  async appInfo() {
    return { version: __KURA_VERSION__, platform: navigator.userAgent, desktop: false };
  },
  async getConnection() {
    return connectionInfo();
  },
  // A browser page always talks to the server that served it.
  async setConnection() {
    return connectionInfo();
  },
  async getSession() {
    return readSession();
  },
  async setSession(session) {
    if (!isStoredSession(session)) throw new Error('Not a session');
    localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ token: session.token, role: session.role }));
  },
  async clearSession() {
    localStorage.removeItem(STORAGE_KEYS.session);
  },
  // The bytes as served (BOM included): a Blob is saved as is, never decoded to text.
  async saveCsv({ defaultName, path }) {
    download(await requestBytes(path), defaultName);
    return { saved: true };
  },
  async savePdf({ defaultName, path }) {
    download(await requestBytes(path), defaultName);
    return { saved: true };
  },
  // The browser's own download shows its progress and can be cancelled there.
  async cancelCsv() {
    return { canceled: false };
  },
  // The page's own beforeunload prompt guards a browser tab.
  async setUnsavedChanges() {},
  async openExternal(url) {
    if (!isWebUrl(url)) return { opened: false };
    window.open(url, '_blank', 'noopener,noreferrer');
    return { opened: true };
  },
  async setLanguage() {},
  // In a browser the renderer's own state (its poller, the shared reducers) is the only one: the bridge holds none.
  async getNotifications() {
    return noNotifications();
  },
  async updateNotifications() {
    return noNotifications();
  },
  // The browser talks to a team server, which keeps its own database.
  async backupInfo() {
    return { available: false, folder: null, latest: null };
  },
  async backupNow() {
    return { saved: false };
  },
  async restoreBackup() {
    return { restored: false, reason: 'notLocal' as const };
  },
  // A browser reads the server or nothing: no offline cache, no outbox (literals, as above).
  async offlineState() {
    return noOfflineState();
  },
  async syncNow() {
    return noOfflineState();
  },
  async cacheGet() {
    return { status: 503, body: { message: 'No offline copy in a browser' } };
  },
  async outboxList() {
    return [];
  },
  async outboxAdd() {
    throw new Error('No outbox in a browser');
  },
  async outboxResolve() {
    return [];
  },
  on() {
    return () => {};
  },
};
