/**
 * A stand-in for the `electron` module, just large enough to run the built main process in
 * plain Node (the real binary cannot be installed here). It records what main registers so
 * main-glue.test.ts can drive it like Electron would.
 */
import { EventEmitter } from 'node:events';
import path from 'node:path';

const root = process.env.FAKE_ELECTRON_DIR ?? '/tmp/fake-electron';

class FakeApp extends EventEmitter {
  isPackaged = true;
  quitCalls = 0;
  private readyResolve!: () => void;
  private readyPromise = new Promise<void>((r) => (this.readyResolve = r));
  requestSingleInstanceLock() {
    return true;
  }
  whenReady() {
    return this.readyPromise;
  }
  ready() {
    this.readyResolve();
  }
  quit() {
    this.quitCalls += 1;
    const event = { defaultPrevented: false, preventDefault: () => void (event.defaultPrevented = true) };
    this.emit('before-quit', event);
  }
  getPath(name: string) {
    return path.join(root, name);
  }
  getVersion() {
    return '0.1.0-test';
  }
  getAppPath() {
    return root;
  }
  badgeCount = 0;
  setBadgeCount(count: number) {
    this.badgeCount = count;
    return true;
  }
}
export const app = new FakeApp();

class FakeWebContents extends EventEmitter {
  sent: [string, unknown][] = [];
  windowOpenHandler?: (details: { url: string }) => { action: string };
  url = '';
  reloads = 0;
  send(channel: string, payload: unknown) {
    this.sent.push([channel, payload]);
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
  getURL() {
    return this.url;
  }
  reload() {
    this.reloads += 1;
  }
}

export class BrowserWindow extends EventEmitter {
  static windows: BrowserWindow[] = [];
  static getAllWindows() {
    return BrowserWindow.windows;
  }
  webContents = new FakeWebContents();
  loadedUrl?: string;
  constructor(readonly options: Record<string, unknown>) {
    super();
    BrowserWindow.windows.push(this);
    app.emit('web-contents-created', {}, this.webContents);
  }
  async loadURL(url: string) {
    this.loadedUrl = url;
    this.webContents.url = url;
  }
  isDestroyed() {
    return false;
  }
  isMinimized() {
    return false;
  }
  restore() {}
  show() {}
  focus() {}
  hidden = false;
  hide() {
    this.hidden = true;
  }
  maximize() {}
  isMaximized() {
    return false;
  }
  getNormalBounds() {
    return { x: 10, y: 20, width: Number(this.options.width), height: Number(this.options.height) };
  }
  setOverlayIcon() {}
}

/** A menu as built: its items' labels, roles, checks and clicks, submenus too. */
interface FakeMenuItem {
  label?: string;
  role?: string;
  type?: string;
  checked?: boolean;
  click?: () => void;
  submenu?: FakeMenuItem[];
}
export const Menu = {
  application: undefined as FakeMenuItem[] | undefined,
  buildFromTemplate(template: FakeMenuItem[]) {
    return template;
  },
  setApplicationMenu(menu: FakeMenuItem[]) {
    Menu.application = menu;
  },
};

export class Tray extends EventEmitter {
  static last: Tray | undefined;
  tooltip = '';
  menu: FakeMenuItem[] = [];
  constructor(readonly image: unknown) {
    super();
    Tray.last = this;
  }
  setToolTip(text: string) {
    this.tooltip = text;
  }
  setContextMenu(menu: FakeMenuItem[]) {
    this.menu = menu;
  }
}

export const nativeImage = {
  createFromPath: (file: string) => ({ file }),
  createFromDataURL: (url: string) => ({ url }),
};

export const screen = {
  getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }],
};

type Handler = (event: unknown, ...args: unknown[]) => unknown;
export const ipcMain = {
  handlers: new Map<string, Handler>(),
  handle(channel: string, handler: Handler) {
    ipcMain.handlers.set(channel, handler);
  },
  on() {},
};

export const protocol = {
  privileged: [] as unknown[],
  handlers: new Map<string, (request: { url: string }) => Promise<Response>>(),
  registerSchemesAsPrivileged(schemes: unknown[]) {
    protocol.privileged.push(...schemes);
  },
  handle(scheme: string, handler: (request: { url: string }) => Promise<Response>) {
    protocol.handlers.set(scheme, handler);
  },
};

export const safeStorage = {
  isEncryptionAvailable: () => true,
  getSelectedStorageBackend: () => 'gnome_libsecret',
  encryptString: (plain: string) => Buffer.from(`ENC:${Buffer.from(plain).toString('hex')}`),
  decryptString: (buffer: Buffer) => Buffer.from(buffer.toString().slice(4), 'hex').toString(),
};

type PermissionRequest = (
  wc: unknown,
  permission: string,
  cb: (granted: boolean) => void,
  details: { requestingUrl?: string },
) => void;
type HeadersListener = (
  details: { url: string; resourceType: string; responseHeaders?: Record<string, string[]> },
  cb: (response: { responseHeaders?: Record<string, string[]> }) => void,
) => void;
export const session = {
  defaultSession: {
    permissionRequest: undefined as PermissionRequest | undefined,
    permissionCheck: undefined as ((wc: unknown, permission: string, origin: string) => boolean) | undefined,
    headersReceived: undefined as HeadersListener | undefined,
    setPermissionRequestHandler(handler: PermissionRequest) {
      session.defaultSession.permissionRequest = handler;
    },
    setPermissionCheckHandler(handler: (wc: unknown, permission: string, origin: string) => boolean) {
      session.defaultSession.permissionCheck = handler;
    },
    webRequest: {
      onHeadersReceived(listener: HeadersListener) {
        session.defaultSession.headersReceived = listener;
      },
    },
  },
};

export const shell = {
  opened: [] as string[],
  async openExternal(url: string) {
    shell.opened.push(url);
  },
  folders: [] as string[],
  async openPath(folder: string) {
    shell.folders.push(folder);
    return '';
  },
  showItemInFolder() {},
};

export const dialog = {
  nextPath: undefined as string | undefined,
  async showSaveDialog(...args: unknown[]) {
    const options = args.at(-1) as { defaultPath: string };
    dialog.lastDefaultPath = options.defaultPath;
    return dialog.nextPath ? { canceled: false, filePath: dialog.nextPath } : { canceled: true };
  },
  lastDefaultPath: undefined as string | undefined,
};

export class Notification extends EventEmitter {
  static isSupported() {
    return true;
  }
  constructor(readonly options: unknown) {
    super();
  }
  show() {}
}

export const contextBridge = { exposeInMainWorld() {} };
export const ipcRenderer = {};

export default {
  app,
  BrowserWindow,
  ipcMain,
  protocol,
  safeStorage,
  session,
  shell,
  dialog,
  Notification,
  Menu,
  Tray,
  nativeImage,
  screen,
};
