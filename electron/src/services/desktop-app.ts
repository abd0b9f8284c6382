/**
 * The composition root of the main process: every service wired into the IPC router, with
 * Electron's objects passed in. main/main.ts gives it the real ones; the end-to-end tests give
 * it fakes and back the renderer's bridge with `router.handle`, so both run the same code.
 * Session and connection changes go to the order notifications too: they decide whether main
 * polls and when the notification state starts over.
 */
import type { Language } from '#shared';
import path from 'node:path';
import type { RestoreAnswer } from '#shared/ipc';
import { createBackups, type Backups, type BackupsDeps } from './backups';
import { APP_ORIGIN, apiCspSource, isTrustedSender, type CspOptions } from './security';
import { createConnectionService, type ConnectionService } from './connection';
import { createCloseGuard, type CloseGuard, type CloseGuardDeps } from './close-guard';
import { saveCsv, type CsvExportDeps } from './csv-export';
import { openExternalSafely, type OpenExternal } from './external-links';
import { createIpcRouter, type IpcRouter } from './ipc-router';
import type { KeyValueStore } from './key-value-store';
import { createLanguageSetting } from './language-setting';
import { createLocalServer, LOCAL_DATABASE_FILE, type StartServer } from './local-server';
import { createNotificationText, type NotificationTextDeps } from './notification-text';
import {
  createOrderNotifications,
  type OrderNotifications,
  type OrderNotificationsDeps,
  type OrderPoller,
  type Timer,
} from './notifications';
import { createTokenVault, type SafeStorage, type TokenVault } from './token-vault';

export interface DesktopAppDeps {
  appInfo: { version: string; platform: string };
  safeStorage: SafeStorage;
  store: KeyValueStore;
  /** The app's data folder: local mode keeps its SQLite file here. */
  dataDir: string;
  startServer: StartServer;
  /** Development only: the Vite dev server the window loads instead of app://kura. */
  devServerUrl?: string;
  fetch: OrderNotificationsDeps['fetch'];
  createNotification: OrderNotificationsDeps['createNotification'];
  emit: OrderNotificationsDeps['emit'];
  focusWindow(): void;
  /** The page's CSP names the API origin: a changed origin needs the page reloaded. */
  reloadWindow(): void;
  showSaveDialog: CsvExportDeps['showSaveDialog'];
  /** The API fetch behind CSV exports (streamed to disk). */
  fetchExport: CsvExportDeps['fetch'];
  openFile?: CsvExportDeps['openFile'];
  confirmClose: CloseGuardDeps['confirmClose'];
  closeWindow: CloseGuardDeps['close'];
  downloadsDir?: string;
  openExternal: OpenExternal;
  i18nDir: string;
  readFile: NotificationTextDeps['readFile'];
  timer?: OrderNotificationsDeps['timer'];
  /** A file the user picks to open (a backup to restore). */
  showOpenDialog(options: {
    filters: { name: string; extensions: string[] }[];
  }): Promise<{ canceled: boolean; filePaths: string[] }>;
  /** SQLite's online backup and the checks of a file to restore (sqlite-files.ts). */
  backupDatabase: BackupsDeps['backupDatabase'];
  checkDatabase: BackupsDeps['checkDatabase'];
  onError?(channel: string, error: unknown): void;
}

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
  /** Stops polling and the local API (before quit). */
  stop(): Promise<void>;
}

export function createDesktopApp(deps: DesktopAppDeps): DesktopApp {
  const { devServerUrl } = deps;
  const vault = createTokenVault({ safeStorage: deps.safeStorage, store: deps.store });
  const language = createLanguageSetting(deps.store);
  const localServer = createLocalServer({
    dataDir: deps.dataDir,
    startServer: deps.startServer,
    corsOrigins: devServerUrl ? [APP_ORIGIN, new URL(devServerUrl).origin] : [APP_ORIGIN],
  });
  const connection = createConnectionService({ store: deps.store, localServer });
  const notifications = createOrderNotifications({
    fetch: deps.fetch,
    createNotification: deps.createNotification,
    notificationText: createNotificationText({ i18nDir: deps.i18nDir, readFile: deps.readFile }),
    getSession: () => vault.get(),
    getApiBaseUrl: async () => (await connection.resolve()).apiBaseUrl,
    getLanguage: () => language.get(),
    emit: deps.emit,
    focusWindow: deps.focusWindow,
    timer: deps.timer,
  });

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
        }
      },
      'session:clear': () => {
        vault.clear();
        notifications.sync();
      },
      'csv:save': (request) =>
        saveCsv(request, {
          showSaveDialog: deps.showSaveDialog,
          fetch: deps.fetchExport,
          getApiBaseUrl: async () => (await connection.resolve()).apiBaseUrl,
          getToken: () => vault.get()?.token,
          openFile: deps.openFile,
          defaultDir: deps.downloadsDir,
        }),
      'window:unsaved': ({ unsaved }) => closeGuard.setUnsaved(unsaved),
      'external:open': ({ url }) => openExternalSafely(url, deps.openExternal),
      'language:set': ({ lang }) => language.set(lang),
      'notifications:get': () => notifications.getState(),
      'notifications:update': (action) => notifications.update(action),
      'backup:info': async () => {
        if (!isLocal()) return { available: false, folder: null, latest: null };
        return { available: true, folder: backups.folder, latest: await backups.latest() };
      },
      'backup:now': async () => {
        if (!isLocal()) return { saved: false };
        const name = `kura-backup-${new Date().toISOString().slice(0, 10)}.sqlite`;
        const chosen = await deps.showSaveDialog({
          defaultPath: deps.downloadsDir ? path.join(deps.downloadsDir, name) : name,
          filters: [{ name: 'Kura backup', extensions: ['sqlite'] }],
        });
        if (chosen.canceled || !chosen.filePath) return { saved: false };
        await backups.backupTo(chosen.filePath);
        return { saved: true, path: chosen.filePath };
      },
      'backup:restore': () => restore(),
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
    start: () => {
      notifications.sync();
      runScheduledBackup();
      backupTimer ??= timer.setInterval(runScheduledBackup, BACKUP_CHECK_MS);
    },
    async stop() {
      notifications.stop();
      if (backupTimer !== undefined) timer.clearInterval(backupTimer);
      backupTimer = undefined;
      await localServer.stop();
    },
  };
}
