/**
 * Electron main process: lifecycle and wiring only. Every decision lives in ../services
 * (plain modules tested in Node); this file hands Electron's objects to them.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Notification, safeStorage, shell } from 'electron';
import Store from 'electron-store';
import { startServer } from '../../../server/src/server';
import type { IpcEvent, IpcEventPayload } from '#shared/ipc';
import { createDesktopApp } from '../services/desktop-app';
import { backupDatabase, checkDatabase } from '../services/sqlite-files';
import type { NotificationHandle } from '../services/notifications';
import { APP_ENTRY_URL, contentSecurityPolicy, webPreferences } from '../services/security';
import { registerAppScheme, serveRenderer } from './app-protocol';
import { installSecurityHooks } from './security-hooks';

const here = import.meta.dirname;
const rendererDir = path.join(here, '../dist/renderer');
const preloadPath = path.join(here, 'preload.cjs');
// Set by the dev tooling; never honoured in a packaged app.
const devServerUrl = app.isPackaged ? undefined : process.env.VITE_DEV_SERVER_URL || undefined;

registerAppScheme();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  void app.whenReady().then(start);
}

async function start(): Promise<void> {
  let mainWindow: BrowserWindow | undefined;

  const createWindow = (): BrowserWindow => {
    const window = new BrowserWindow({
      width: 1280,
      height: 820,
      minWidth: 900,
      minHeight: 600,
      title: 'Kura',
      show: false,
      webPreferences: webPreferences(preloadPath),
    });
    window.once('ready-to-show', () => window.show());
    window.on('close', (event) => desktop.closeGuard.onClose(event));
    // A reloaded or crashed page no longer has the forms it said were unsaved.
    // (The app's own route changes are in-place and keep it.)
    window.webContents.on('did-start-navigation', (_event, _url, isInPlace, isMainFrame) => {
      if (isMainFrame && !isInPlace) desktop.closeGuard.reset();
    });
    window.webContents.on('render-process-gone', () => desktop.closeGuard.reset());
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = undefined;
    });
    void window.loadURL(devServerUrl ?? APP_ENTRY_URL);
    return window;
  };
  const emit = <E extends IpcEvent>(event: E, payload: IpcEventPayload<E>) => {
    if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(event, payload);
  };
  const focusWindow = () => {
    if (!mainWindow || mainWindow.isDestroyed()) mainWindow = createWindow();
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
  };

  // Notifications whose click is still wanted: an unreferenced Notification can be
  // garbage-collected and its click lost.
  const live = new Set<Notification>();
  const createNotification = ({ title, body }: { title: string; body: string }): NotificationHandle => {
    const notification = new Notification({ title, body });
    live.add(notification);
    notification.on('close', () => live.delete(notification));
    return {
      onClick: (listener) =>
        notification.on('click', () => {
          live.delete(notification);
          listener();
        }),
      show: () => {
        if (Notification.isSupported()) notification.show();
        else live.delete(notification);
      },
    };
  };

  const desktop = createDesktopApp({
    appInfo: { version: app.getVersion(), platform: process.platform },
    safeStorage,
    store: new Store<Record<string, unknown>>({ name: 'kura' }),
    dataDir: app.getPath('userData'),
    startServer,
    devServerUrl,
    fetch: (url, init) => fetch(url, init),
    createNotification,
    emit,
    focusWindow,
    // After the IPC answer has gone out, so the page gets its result before it reloads.
    reloadWindow: () => setTimeout(() => mainWindow?.webContents.reload(), 100),
    showSaveDialog: (options) =>
      mainWindow ? dialog.showSaveDialog(mainWindow, options) : dialog.showSaveDialog(options),
    showOpenDialog: (options) => {
      const open = { ...options, properties: ['openFile' as const] };
      return mainWindow ? dialog.showOpenDialog(mainWindow, open) : dialog.showOpenDialog(open);
    },
    backupDatabase,
    checkDatabase,
    fetchExport: (url, init) => fetch(url, init),
    confirmClose: async () => {
      const lang = desktop.language.get();
      const ja = lang === 'ja';
      const options = {
        type: 'question' as const,
        buttons: ja ? ['移動する', 'このまま編集を続ける'] : ['Leave', 'Stay and keep editing'],
        defaultId: 1,
        cancelId: 1,
        message: ja ? '保存せずに閉じますか？' : 'Close without saving?',
        detail: ja
          ? 'この画面の変更は保存されていないため、失われます。'
          : 'Your changes on this screen have not been saved and will be lost.',
      };
      const { response } = mainWindow
        ? await dialog.showMessageBox(mainWindow, options)
        : await dialog.showMessageBox(options);
      return response === 0;
    },
    closeWindow: () => mainWindow?.close(),
    downloadsDir: app.getPath('downloads'),
    openExternal: (url) => shell.openExternal(url),
    i18nDir: path.join(app.getAppPath(), 'renderer/src/i18n'),
    readFile: (file, encoding) => readFile(file, encoding),
    onError: (channel, error) => console.error(`[ipc] ${channel} failed`, error),
  });

  for (const channel of desktop.router.channels) {
    ipcMain.handle(channel, (event, payload: unknown) =>
      desktop.router.handle(channel, payload, { url: event.senderFrame?.url ?? null }),
    );
  }
  installSecurityHooks({ devServerUrl, cspOptions: desktop.cspOptions });
  serveRenderer(rendererDir, () => contentSecurityPolicy(desktop.cspOptions()));

  mainWindow = createWindow();
  desktop.start();

  app.on('second-instance', focusWindow);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  let stopped = false;
  app.on('before-quit', (event) => {
    if (stopped) return;
    // Close the database cleanly (WAL checkpoint) before the process ends.
    event.preventDefault();
    stopped = true;
    void desktop.stop().finally(() => app.quit());
  });
}
