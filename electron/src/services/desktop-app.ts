/**
 * The composition root of the main process: every service wired into the IPC router, with
 * Electron's objects passed in. main/main.ts gives it the real ones; the end-to-end tests give
 * it fakes and back the renderer's bridge with `router.handle`, so both run the same code.
 * Session and connection changes go to the order notifications and the offline cache too: they
 * decide whether main polls, when the notification state starts over and which cache is open.
 */
import type { Language } from '#shared';
import path from 'node:path';
import { type RestoreAnswer } from '#shared/ipc';
import { EMPTY_NOTIFICATION_STATE, type NotificationState } from '#shared/notifications/notification-state';
import {
  aboutText,
  appMenu,
  nextUnseenCount,
  trayMenu,
  type AboutInfo,
  type MenuAction,
  type MenuEntry,
} from './app-chrome';
import { createBackups, type Backups, type BackupsDeps } from './backups';
import { APP_ORIGIN, apiCspSource, isTrustedSender, type CspOptions } from './security';
import { createConnectionService, type ConnectionService } from './connection';
import { createCloseGuard, type CloseGuard, type CloseGuardDeps } from './close-guard';
import { EXPORT_SAVED_TEXT, saveCsv, savePdf, type CsvExportDeps, type ExportProgress } from './csv-export';
import { openExternalSafely, type OpenExternal } from './external-links';
import { createIpcRouter, type IpcRouter } from './ipc-router';
import type { KeyValueStore } from './key-value-store';
import { createLanguageSetting } from './language-setting';
import { createLocalServer, LOCAL_DATABASE_FILE, type StartServer } from './local-server';
import { localSecretKey } from './local-secret-key';
import {
  createConnectionAlertText,
  createNotificationText,
  type NotificationTextDeps,
} from './notification-text';
import {
  createOrderNotifications,
  type OrderNotifications,
  type OrderNotificationsDeps,
  type OrderPoller,
  type Timer,
} from './notifications';
import { createTokenVault, type SafeStorage, type TokenVault } from './token-vault';
import type { Fetch, OfflineTimer } from './offline/connectivity';
import { createOfflineCache, type OfflineCache } from './offline/offline-cache';
import type { CacheRecords } from './offline/sync';

export interface DesktopAppDeps {
  appInfo: { version: string; platform: string };
  safeStorage: SafeStorage;
  store: KeyValueStore;
  /** The app's data folder: local mode keeps its SQLite file here. */
  dataDir: string;
  startServer: StartServer;
  /** Development only: the Vite dev server the window loads instead of app://kura. */
  devServerUrl?: string;
  /** The API fetch of the poller and the offline cache (JSON, with the session token). */
  fetch: Fetch;
  createNotification: OrderNotificationsDeps['createNotification'];
  emit: OrderNotificationsDeps['emit'];
  focusWindow(): void;
  /** The page's CSP names the API origin: a changed origin needs the page reloaded. */
  reloadWindow(): void;
  showSaveDialog: CsvExportDeps['showSaveDialog'];
  /** The API fetch behind CSV exports (streamed to disk). */
  fetchExport: CsvExportDeps['fetch'];
  openFile?: CsvExportDeps['openFile'];
  /** Shows a saved file in the system's file manager (a long export's notification). */
  showItemInFolder(file: string): void;
  /** The clock, for how long an export took (tests pass their own). */
  now?: () => number;
  /** Opens a folder in the system's file manager (Help → Open data folder). */
  openPath(folder: string): void;
  /** The tray, the menus or the badge need drawing again (count, language, role, connection). */
  onChromeChanged?(): void;
  confirmClose: CloseGuardDeps['confirmClose'];
  closeWindow: CloseGuardDeps['close'];
  downloadsDir?: string;
  openExternal: OpenExternal;
  i18nDir: string;
  readFile: NotificationTextDeps['readFile'];
  timer?: OrderNotificationsDeps['timer'];
  /** The offline cache's clock (its sync interval, backoff and request timeouts); tests fake it. */
  offlineTimer?: OfflineTimer;
  /** The offline cache's record tables (cache-records.ts); tests record what reaches them. */
  offlineRecords?: CacheRecords;
  /** A file the user picks to open (a backup to restore). */
  showOpenDialog(options: {
    filters: { name: string; extensions: string[] }[];
  }): Promise<{ canceled: boolean; filePaths: string[] }>;
  /** SQLite's online backup and the checks of a file to restore (sqlite-files.ts). */
  backupDatabase: BackupsDeps['backupDatabase'];
  checkDatabase: BackupsDeps['checkDatabase'];
  onError?(channel: string, error: unknown): void;
}

/** An export that took this long ends with a native notification: its window may be behind others by then. */
export const LONG_EXPORT_MS = 3_000;

/** How often an export's progress goes to the window at most. */
export const EXPORT_PROGRESS_MS = 200;

/** How often local mode looks whether today's backup is made (it is made once a day). */
export const BACKUP_CHECK_MS = 60 * 60 * 1000;

export interface DesktopApp {
  router: IpcRouter;
  vault: TokenVault;
  connection: ConnectionService;
  /** The poller and the notification state beside it. */
  notifications: OrderNotifications;
  poller: OrderPoller;
  closeGuard: CloseGuard;
  language: { get(): Language };
  /** CSP inputs for the page right now. */
  cspOptions(): CspOptions;
  /** Starts polling if an admin is already signed in. */
  start(): void;
  /** Local mode's backups of its database. */
  backups: Backups;
  /** A team server's offline cache: its file, sync, outbox and state. */
  offline: OfflineCache;
  /** The menus, the tray and About, as data in the user's language (app-chrome.ts). */
  chrome: DesktopChrome;
  /** Stops polling and the local API (before quit). */
  stop(): Promise<void>;
}

export interface DesktopChrome {
  appMenu(platform: string): MenuEntry[];
  tray(): { tooltip: string; items: MenuEntry[] };
  /** New orders not seen yet: the tray's, the dock's and the taskbar's count. */
  unseen(): number;
  about(versions: Omit<AboutInfo, 'dataDir' | 'server' | 'version'>): { title: string; detail: string };
  /** Closing the window keeps the app in the tray (on by default for administrators). */
  keepInTray(): boolean;
  /** Runs a menu entry's action; false for the ones main does itself (quit, about, open). */
  run(action: MenuAction): Promise<boolean>;
}

export const NOTIFICATIONS_ON_KEY = 'notifications.on';
export const KEEP_IN_TRAY_KEY = 'window.keepInTray';

export function createDesktopApp(deps: DesktopAppDeps): DesktopApp {
  const { devServerUrl } = deps;
  const vault = createTokenVault({ safeStorage: deps.safeStorage, store: deps.store });
  const language = createLanguageSetting(deps.store);
  const localServer = createLocalServer({
    dataDir: deps.dataDir,
    startServer: deps.startServer,
    corsOrigins: devServerUrl ? [APP_ORIGIN, new URL(devServerUrl).origin] : [APP_ORIGIN],
    secretKey: () => localSecretKey({ safeStorage: deps.safeStorage, store: deps.store }),
  });
  const connection = createConnectionService({ store: deps.store, localServer });
  let shownState: NotificationState = EMPTY_NOTIFICATION_STATE;
  let unseen = 0;
  const changed = () => deps.onChromeChanged?.();
  const noteState = (next: NotificationState) => {
    const count = nextUnseenCount(shownState, next, unseen);
    shownState = next;
    if (count !== unseen) {
      unseen = count;
      changed();
    }
  };
  const notifications = createOrderNotifications({
    fetch: deps.fetch,
    createNotification: deps.createNotification,
    notificationText: createNotificationText({ i18nDir: deps.i18nDir, readFile: deps.readFile }),
    connectionAlertText: createConnectionAlertText({ i18nDir: deps.i18nDir, readFile: deps.readFile }),
    getSession: () => vault.get(),
    getApiBaseUrl: async () => (await connection.resolve()).apiBaseUrl,
    getLanguage: () => language.get(),
    emit: (event, payload) => {
      if (event === 'notifications:changed') noteState(payload as NotificationState);
      deps.emit(event, payload);
    },
    enabled: () => deps.store.get(NOTIFICATIONS_ON_KEY) !== false,
    focusWindow: deps.focusWindow,
    timer: deps.timer,
  });

  const offline = createOfflineCache({
    dataDir: deps.dataDir,
    store: deps.store,
    safeStorage: deps.safeStorage,
    fetch: deps.fetch,
    getTeamServer: async () => {
      const current = connection.get();
      if (current.mode !== 'team') return null;
      return { apiBaseUrl: (await connection.resolve()).apiBaseUrl, origin: new URL(current.url).origin };
    },
    getSession: () => vault.get(),
    emit: (event, payload) => deps.emit(event, payload),
    records: deps.offlineRecords,
    timer: deps.offlineTimer,
    onError: (error) => deps.onError?.('offline', error),
  });
  // Which cache is open follows the session and the server; a failure there is logged, never thrown.
  const refreshOffline = () =>
    void offline.refresh().catch((error: unknown) => deps.onError?.('offline', error));

  const closeGuard = createCloseGuard({ confirmClose: deps.confirmClose, close: deps.closeWindow });
  const backups = createBackups({
    dataDir: deps.dataDir,
    databaseFile: path.join(deps.dataDir, LOCAL_DATABASE_FILE),
    backupDatabase: deps.backupDatabase,
    checkDatabase: deps.checkDatabase,
    localServer,
  });
  const isLocal = () => connection.get().mode === 'local';
  // The day's copy, made in the background: a failure is reported, never in anyone's way.
  const runScheduledBackup = () => {
    if (!isLocal()) return;
    backups.runScheduled().catch((error: unknown) => deps.onError?.('backup:scheduled', error));
  };
  let backupTimer: unknown;
  const timer: Timer = deps.timer ?? {
    setInterval: (callback, ms) => setInterval(callback, ms),
    clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
  };

  const now = deps.now ?? Date.now;
  let exporting: AbortController | undefined;
  // What saving an export or a document needs: the API's answer, the dialog, the file.
  const exportDeps: CsvExportDeps = {
    showSaveDialog: deps.showSaveDialog,
    fetch: deps.fetchExport,
    getApiBaseUrl: async () => (await connection.resolve()).apiBaseUrl,
    getToken: () => vault.get()?.token,
    openFile: deps.openFile,
    defaultDir: deps.downloadsDir,
  };
  const exportCsv = async (request: { defaultName: string; path: string }) => {
    exporting?.abort();
    const controller = new AbortController();
    exporting = controller;
    const started = now();
    let sent = Number.NEGATIVE_INFINITY;
    const progress = (p: ExportProgress) => {
      // The window sees the count move, not every chunk.
      if (!p.done && now() - sent < EXPORT_PROGRESS_MS) return;
      sent = now();
      deps.emit('csv:progress', p);
    };
    try {
      const result = await saveCsv(request, {
        ...exportDeps,
        signal: controller.signal,
        onProgress: progress,
      });
      const file = result.path;
      if (result.saved && file && now() - started >= LONG_EXPORT_MS) {
        const notification = deps.createNotification({
          title: 'Kura',
          body: EXPORT_SAVED_TEXT[language.get()](path.basename(file)),
        });
        notification.onClick(() => deps.showItemInFolder(file));
        notification.show();
      }
      return result;
    } finally {
      if (exporting === controller) exporting = undefined;
    }
  };

  const backUpNow = async (): Promise<{ saved: boolean; path?: string }> => {
    if (!isLocal()) return { saved: false };
    const name = `kura-backup-${new Date().toISOString().slice(0, 10)}.sqlite`;
    const chosen = await deps.showSaveDialog({
      defaultPath: deps.downloadsDir ? path.join(deps.downloadsDir, name) : name,
      filters: [{ name: 'Kura backup', extensions: ['sqlite'] }],
    });
    if (chosen.canceled || !chosen.filePath) return { saved: false };
    await backups.backupTo(chosen.filePath);
    return { saved: true, path: chosen.filePath };
  };

  const keepInTray = () => {
    const kept = deps.store.get(KEEP_IN_TRAY_KEY);
    // Administrators get new-order notifications, which should keep coming with the window closed.
    return typeof kept === 'boolean' ? kept : vault.get()?.role === 'admin';
  };
  const chrome: DesktopChrome = {
    appMenu: (platform) => appMenu(language.get(), { platform, local: isLocal() }),
    tray: () =>
      trayMenu(language.get(), {
        unseen,
        canNotify: vault.get()?.role === 'admin',
        notificationsOn: deps.store.get(NOTIFICATIONS_ON_KEY) !== false,
        keepInTray: keepInTray(),
        team: !isLocal(),
      }),
    unseen: () => unseen,
    about: (versions) =>
      aboutText(language.get(), {
        ...versions,
        version: deps.appInfo.version,
        dataDir: deps.dataDir,
        server: (() => {
          const current = connection.get();
          return current.mode === 'team' ? current.url : null;
        })(),
      }),
    keepInTray,
    async run(action) {
      switch (action) {
        case 'toggleNotifications':
          deps.store.set(NOTIFICATIONS_ON_KEY, deps.store.get(NOTIFICATIONS_ON_KEY) === false);
          notifications.sync();
          changed();
          return true;
        case 'toggleKeepInTray':
          deps.store.set(KEEP_IN_TRAY_KEY, !keepInTray());
          changed();
          return true;
        case 'exportSales':
          deps.focusWindow();
          deps.emit('navigate', { path: '/sales-management', open: 'salesExport' });
          return true;
        case 'backUpNow':
          await backUpNow();
          return true;
        case 'openDataFolder':
          deps.openPath(deps.dataDir);
          return true;
        case 'openKura':
          deps.focusWindow();
          return true;
        case 'syncNow':
          await offline.syncNow();
          return true;
        default:
          return false;
      }
    },
  };

  const restore = async (): Promise<RestoreAnswer> => {
    if (!isLocal()) return { restored: false, reason: 'notLocal' };
    if (vault.get()?.role !== 'admin') return { restored: false, reason: 'notAllowed' };
    const picked = await deps.showOpenDialog({ filters: [{ name: 'Kura backup', extensions: ['sqlite'] }] });
    const file = picked.filePaths[0];
    if (picked.canceled || !file) return { restored: false, reason: 'canceled' };
    const result = await backups.restoreFrom(file);
    if (!result.restored) return { restored: false, reason: result.reason };
    // Every screen shows the restored data: the page starts over (its session may not exist there).
    deps.reloadWindow();
    return { restored: true };
  };

  const router = createIpcRouter(
    {
      'app:info': () => ({ ...deps.appInfo, desktop: true }),
      'connection:get': () => connection.resolve(),
      'connection:set': async (next) => {
        const before = apiCspSource(connection.get());
        const info = await connection.set(next);
        notifications.restart();
        refreshOffline();
        changed();
        if (apiCspSource(info.connection) !== before) deps.reloadWindow();
        return info;
      },
      'session:get': () => vault.get(),
      'session:set': (session) => {
        try {
          vault.set(session);
        } finally {
          // Even when the session cannot be persisted it is signed in for this run.
          notifications.sync();
          refreshOffline();
          changed();
        }
      },
      'session:clear': async () => {
        // The signed-out user's cache goes with the session (the window asked first when its
        // outbox held customs not sent yet); a failure to delete it must not keep them signed in.
        await offline.wipe().catch((error: unknown) => deps.onError?.('offline', error));
        vault.clear();
        notifications.sync();
        changed();
      },
      'csv:save': (request) => exportCsv(request),
      'csv:cancel': () => {
        if (!exporting) return { canceled: false };
        exporting.abort();
        return { canceled: true };
      },
      // A document is small and made in a moment: no progress, no cancel, no notification.
      'pdf:save': async (request) => {
        const { saved, path: file } = await savePdf(request, exportDeps);
        return file ? { saved, path: file } : { saved };
      },
      'window:unsaved': ({ unsaved }) => closeGuard.setUnsaved(unsaved),
      'external:open': ({ url }) => openExternalSafely(url, deps.openExternal),
      'language:set': ({ lang }) => {
        language.set(lang);
        changed();
      },
      'notifications:get': () => notifications.getState(),
      'notifications:update': (action) => notifications.update(action),
      'backup:info': async () => {
        if (!isLocal()) return { available: false, folder: null, latest: null };
        return { available: true, folder: backups.folder, latest: await backups.latest() };
      },
      'backup:now': () => backUpNow(),
      'backup:restore': () => restore(),
      'offline:state': () => offline.state(),
      'offline:sync': () => offline.syncNow(),
      'cache:get': ({ path: apiPath }) => offline.get(apiPath),
      'outbox:list': () => offline.outboxList(),
      'outbox:add': (entry) => offline.outboxAdd(entry),
      'outbox:resolve': (answer) => offline.outboxResolve(answer),
    },
    {
      isTrustedSender: (sender) => isTrustedSender(sender, devServerUrl),
      onError: deps.onError,
    },
  );

  return {
    router,
    vault,
    connection,
    notifications,
    poller: notifications.poller,
    closeGuard,
    language,
    cspOptions: () => ({ apiOrigin: apiCspSource(connection.get()), devServerUrl }),
    backups,
    offline,
    chrome,
    start: () => {
      notifications.sync();
      refreshOffline();
      runScheduledBackup();
      backupTimer ??= timer.setInterval(runScheduledBackup, BACKUP_CHECK_MS);
    },
    async stop() {
      notifications.stop();
      offline.stop();
      if (backupTimer !== undefined) timer.clearInterval(backupTimer);
      backupTimer = undefined;
      await localServer.stop();
    },
  };
}
