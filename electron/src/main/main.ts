/**
 * Electron main process: lifecycle and wiring only. Every decision lives in ../services
 * (plain modules tested in Node); this file hands Electron's objects to them.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  Notification,
  safeStorage,
  screen,
  shell,
  Tray,
  type MenuItemConstructorOptions,
} from 'electron';
import Store from 'electron-store';
import { startServer } from '../../../server/src/server';
import type { IpcEvent, IpcEventPayload } from '#shared/ipc';
import type { MenuAction, MenuEntry } from '../services/app-chrome';
import { createDesktopApp } from '../services/desktop-app';
import { loadWindowState, MIN_WINDOW, saveWindowState } from '../services/window-state';
import { backupDatabase, checkDatabase } from '../services/sqlite-files';
import type { NotificationHandle } from '../services/notifications';
import {
  APP_ENTRY_URL,
  contentSecurityPolicy,
  removeTlsOverrides,
  webPreferences,
} from '../services/security';
import { registerAppScheme, serveRenderer } from './app-protocol';
import { installSecurityHooks } from './security-hooks';

const here = import.meta.dirname;
const rendererDir = path.join(here, '../dist/renderer');
const preloadPath = path.join(here, 'preload.cjs');
// Set by the dev tooling; never honoured in a packaged app.
const devServerUrl = app.isPackaged ? undefined : process.env.VITE_DEV_SERVER_URL || undefined;

removeTlsOverrides(process.env);
registerAppScheme();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  void app.whenReady().then(start);
}

/** The taskbar's overlay on Windows while new orders wait: a red dot (16 × 16 PNG). */
const UNSEEN_OVERLAY =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAbElEQVR4nK2TwQ3AIAgAnYQpeDAQyzAeYRs/7YcmxNAaC4/7EDkBcSjSqJAFQZFEkUyRpmMeg52APeF6YfqZVMAfiSu8CmBzc1YJRIEcJD9IFNgPgUXBSfmxjT5BuYXyEMvPWF6kllVu+UzH3G0l1yQYlzq/AAAAAElFTkSuQmCC';

async function start(): Promise<void> {
  let mainWindow: BrowserWindow | undefined;
  let tray: Tray | undefined;
  let quitting = false;
  const store = new Store<Record<string, unknown>>({ name: 'kura' });

  const createWindow = (): BrowserWindow => {
    const state = loadWindowState(
      store,
      screen.getAllDisplays().map((d) => d.workArea),
    );
    const window = new BrowserWindow({
      ...(state.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y } : {}),
      width: state.width,
      height: state.height,
      minWidth: MIN_WINDOW.width,
      minHeight: MIN_WINDOW.height,
      title: 'Kura',
      show: false,
      webPreferences: webPreferences(preloadPath),
    });
    window.once('ready-to-show', () => {
      if (state.maximized) window.maximize();
      window.show();
    });
    window.on('close', (event) => {
      saveWindowState(store, window.getNormalBounds(), window.isMaximized());
      // Kept in the tray: the window only hides, so nothing on it is lost and the poller goes on.
      if (!quitting && tray && desktop.chrome.keepInTray()) {
        event.preventDefault();
        window.hide();
        return;
      }
      desktop.closeGuard.onClose(event);
    });
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
    store,
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
    showItemInFolder: (file) => shell.showItemInFolder(file),
    openPath: (folder) => void shell.openPath(folder),
    onChromeChanged: () => drawChrome(),
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

  // The menus, the tray and the count, drawn again whenever they change (app-chrome.ts).
  const runAction = (action: MenuAction) => {
    void desktop.chrome.run(action).then((done) => {
      if (done) return;
      if (action === 'quit') app.quit();
      if (action === 'aboutKura') {
        const { title, detail } = desktop.chrome.about({
          electron: process.versions.electron ?? '',
          chrome: process.versions.chrome ?? '',
          node: process.versions.node,
        });
        const options = { type: 'info' as const, title, message: title, detail, buttons: ['OK'] };
        void (mainWindow ? dialog.showMessageBox(mainWindow, options) : dialog.showMessageBox(options));
      }
    });
  };
  const template = (entries: MenuEntry[]): MenuItemConstructorOptions[] =>
    entries.map((entry): MenuItemConstructorOptions => {
      if ('type' in entry) return { type: 'separator' };
      if ('submenu' in entry) return { label: entry.label, submenu: template(entry.submenu) };
      if ('role' in entry) {
        return { role: entry.role as MenuItemConstructorOptions['role'], label: entry.label };
      }
      return {
        label: entry.label,
        accelerator: entry.accelerator,
        enabled: entry.enabled ?? true,
        ...(entry.checked === undefined ? {} : { type: 'checkbox' as const, checked: entry.checked }),
        click: () => runAction(entry.action),
      };
    });
  const overlay = nativeImage.createFromDataURL(UNSEEN_OVERLAY);
  function drawChrome() {
    Menu.setApplicationMenu(Menu.buildFromTemplate(template(desktop.chrome.appMenu(process.platform))));
    const { tooltip, items } = desktop.chrome.tray();
    tray ??= new Tray(nativeImage.createFromPath(path.join(app.getAppPath(), 'resources/icon.png')));
    tray.setToolTip(tooltip);
    tray.setContextMenu(Menu.buildFromTemplate(template(items)));
    const count = desktop.chrome.unseen();
    // The dock's badge on macOS (and Unity's launcher on Linux); the taskbar's overlay on Windows.
    app.setBadgeCount(count);
    if (process.platform === 'win32' && mainWindow && !mainWindow.isDestroyed()) {
      mainWindow.setOverlayIcon(count > 0 ? overlay : null, tooltip);
    }
  }

  mainWindow = createWindow();
  drawChrome();
  tray?.on('click', focusWindow);
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
    quitting = true;
    if (stopped) return;
    // Close the database cleanly (WAL checkpoint) before the process ends.
    event.preventDefault();
    stopped = true;
    void desktop.stop().finally(() => app.quit());
  });
}
