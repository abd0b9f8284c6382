/**
 * Runs the built main process (argv[2]) on the fake electron and plays Electron's part:
 * serves app:// requests, sends IPC, fires navigation events, quits. Prints one JSON line
 * prefixed RESULT: for main-glue.test.ts.
 */
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import electron from 'electron';
import type * as Fake from './fake-electron';

const fake = electron as unknown as typeof Fake;
const { app, BrowserWindow, ipcMain, protocol, session, shell, dialog, Menu, Tray } = fake;
const root = process.env.FAKE_ELECTRON_DIR as string;
const mainJs = process.argv[2] as string;

const waitFor = async <T>(probe: () => T | undefined, what: string): Promise<T> => {
  for (let i = 0; i < 200; i += 1) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
};

const APP_SENDER = { senderFrame: { url: 'app://kura/index.html' } };
const invoke = (channel: string, payload?: unknown, sender: unknown = APP_SENDER) => {
  const handler = ipcMain.handlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  return handler(sender, payload);
};
const serve = async (url: string) => {
  const response = await protocol.handlers.get('app')!({ url });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    csp: response.headers.get('content-security-policy'),
    body: await response.text(),
  };
};

await import(pathToFileURL(mainJs).href);
app.ready();
const window = await waitFor(
  () => (BrowserWindow.windows[0]?.loadedUrl ? BrowserWindow.windows[0] : undefined),
  'the window',
);
const contents = window.webContents;

const result: Record<string, unknown> = {
  privileged: protocol.privileged,
  loadedUrl: window.loadedUrl,
  webPreferences: window.options.webPreferences,
  channels: [...ipcMain.handlers.keys()].sort(),
  index: await serve('app://kura/'),
  route: await serve('app://kura/shipping-management'),
  asset: await serve('app://kura/assets/app.js'),
  traversal: await serve('app://kura/..%2f..%2fpackage.json'),
  missing: await serve('app://kura/assets/nope.js'),
  appInfo: await invoke('app:info'),
  untrusted: await invoke('app:info', undefined, { senderFrame: { url: 'https://evil.example/' } }),
  noFrame: await invoke('app:info', undefined, { senderFrame: null }),
  hostile: await invoke('csv:save', { defaultName: '../../etc/passwd', path: 'health' }),
  notifications: await invoke('notifications:get'),
  notificationsHostile: await invoke('notifications:update', { clear: 'everything' }),
};

const connection = (await invoke('connection:get')) as { ok: boolean; value: { apiBaseUrl: string } };
result.connection = connection;
const health = await fetch(`${connection.value.apiBaseUrl}/health`);
result.health = health.status;
result.databaseExists = existsSync(path.join(root, 'userData', 'kura.sqlite'));

result.sessionSet = await invoke('session:set', { token: 'secret-token-123', role: 'admin' });
result.sessionGet = await invoke('session:get');
const storeFile = path.join(root, 'userData', 'kura.json');
result.storeHasPlainToken = (await readFile(storeFile, 'utf8')).includes('secret-token-123');
result.sessionClear = await invoke('session:clear');
result.sessionAfterClear = await invoke('session:get');

dialog.nextPath = path.join(root, 'out.csv');
// Main fetches the API path itself and streams the answer to the chosen file.
result.csv = await invoke('csv:save', { defaultName: 'sales-management.csv', path: 'health' });
result.csvDefaultPath = dialog.lastDefaultPath;
const served = Buffer.from(await (await fetch(`${connection.value.apiBaseUrl}/health`)).arrayBuffer());
result.csvSameBytes = Buffer.compare(await readFile(dialog.nextPath), served) === 0;

const navigate = (url: string, event = 'will-navigate') => {
  let prevented = false;
  contents.emit(event, { url, preventDefault: () => void (prevented = true) });
  return prevented;
};
result.navigation = {
  evil: navigate('https://evil.example/'),
  file: navigate('file:///etc/passwd'),
  app: navigate('app://kura/products'),
};
result.frameNavigation = {
  evil: navigate('https://evil.example/', 'will-frame-navigate'),
  app: navigate('app://kura/products', 'will-frame-navigate'),
};
result.redirect = {
  evil: navigate('https://evil.example/', 'will-redirect'),
  app: navigate('app://kura/index.html', 'will-redirect'),
};
let webviewPrevented = false;
contents.emit(
  'will-attach-webview',
  { preventDefault: () => void (webviewPrevented = true) },
  { nodeIntegration: true, allowpopups: true },
  { src: 'https://evil.example/' },
);
result.webviewPrevented = webviewPrevented;
result.windowOpen = {
  web: contents.windowOpenHandler?.({ url: 'https://example.com/track' }),
  file: contents.windowOpenHandler?.({ url: 'file:///etc/passwd' }),
};
await new Promise((r) => setTimeout(r, 10));
result.openedExternally = shell.opened;

const permission = (name: string, requestingUrl: string) =>
  new Promise<boolean>((resolve) =>
    session.defaultSession.permissionRequest?.({}, name, resolve, { requestingUrl }),
  );
result.permissions = {
  media: await permission('media', 'app://kura/'),
  loopbackFromApp: await permission('loopback-network', 'app://kura/'),
  loopbackFromWeb: await permission('loopback-network', 'https://evil.example/'),
};
result.external = await invoke('external:open', { url: 'javascript:alert(1)' });

const certificateError = { prevented: false, trusted: [] as boolean[] };
app.emit(
  'certificate-error',
  { preventDefault: () => void (certificateError.prevented = true) },
  contents,
  'https://kura.example.com/api/v1/health',
  'net::ERR_CERT_AUTHORITY_INVALID',
  {},
  (trusted: boolean) => certificateError.trusted.push(trusted),
  true,
);
result.certificateError = certificateError;
result.tlsRejectUnauthorized = process.env.NODE_TLS_REJECT_UNAUTHORIZED ?? 'unset';
result.insecureTeam = await invoke('connection:set', { mode: 'team', url: 'http://kura.example.com' });

const setTeam = await invoke('connection:set', { mode: 'team', url: 'https://kura.example.com' });
result.teamConnection = setTeam;
await new Promise((r) => setTimeout(r, 150));
result.reloadsAfterServerSwitch = contents.reloads;
result.cspAfterSwitch = (await serve('app://kura/')).csp;
await invoke('connection:set', { mode: 'local' });

// The menus and the tray, in the user's language; the tray keeps an admin's app when the
// window is closed.
type Item = { label?: string; role?: string; checked?: boolean; click?: () => void; submenu?: Item[] };
const labels = (items: Item[] | undefined): unknown[] =>
  (items ?? []).map((i) => (i.submenu ? { [i.label ?? '']: labels(i.submenu) } : (i.label ?? i.role ?? '—')));
result.menuEnglish = labels(Menu.application as Item[]);
result.trayEnglish = { tooltip: Tray.last?.tooltip, items: labels(Tray.last?.menu as Item[]) };
await invoke('language:set', { lang: 'ja' });
result.menuJapanese = labels(Menu.application as Item[]);
await invoke('session:set', { token: 'admin-token', role: 'admin' });
result.trayAdmin = labels(Tray.last?.menu as Item[]);
const help = (Menu.application as Item[]).find((i) => i.label === 'ヘルプ');
help?.submenu?.find((i) => i.label === 'データフォルダーを開く')?.click?.();
await new Promise((r) => setTimeout(r, 10));
result.openedFolders = shell.folders;
let closePrevented = false;
window.emit('close', { preventDefault: () => void (closePrevented = true) });
result.closeKeptInTray = {
  prevented: closePrevented,
  hidden: (window as unknown as { hidden: boolean }).hidden,
};
await invoke('session:clear');
await invoke('language:set', { lang: 'en' });

app.quit();
await waitFor(() => (app.quitCalls >= 2 ? true : undefined), 'the quit after cleanup');
result.healthAfterQuit = await fetch(`${connection.value.apiBaseUrl}/health`).then(
  (r) => r.status,
  () => 'refused',
);

console.log(`RESULT:${JSON.stringify(result)}`);
process.exit(0);
