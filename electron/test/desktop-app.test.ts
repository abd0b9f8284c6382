import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDesktopApp, type DesktopAppDeps } from '../src/services/desktop-app';
import { createMemoryStore } from '../src/services/key-value-store';
import { LOCAL_SECRET_KEY } from '../src/services/local-secret-key';
import type { Timer } from '../src/services/notifications';
import { fakeDesktopDeps, fakeSafeStorage } from './fakes';

const APP = { url: 'app://kura/index.html' };
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function setup(overrides: Partial<DesktopAppDeps> = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kura-desktop-'));
  dirs.push(dataDir);
  const intervals = new Set<unknown>();
  const timer: Timer = {
    setInterval: () => {
      const handle = Symbol('interval');
      intervals.add(handle);
      return handle;
    },
    clearInterval: (handle) => void intervals.delete(handle),
  };
  const deps = fakeDesktopDeps(dataDir, { timer, ...overrides });
  const desktop = createDesktopApp(deps);
  return {
    desktop,
    deps,
    intervals,
    call: (channel: string, payload?: unknown) => desktop.router.handle(channel, payload, APP),
  };
}

describe('desktop app composition', () => {
  it('reports itself as the desktop app', async () => {
    const { call } = await setup();
    await expect(call('app:info')).resolves.toEqual({
      ok: true,
      value: { version: '1.2.3', platform: 'linux', desktop: true },
    });
  });

  it('starts polling when an admin signs in and stops when they sign out', async () => {
    const { desktop, call, intervals } = await setup();
    await call('session:set', { token: 't', role: 'orderCreator' });
    expect(desktop.poller.isRunning()).toBe(false);
    await call('session:set', { token: 't2', role: 'admin' });
    expect(desktop.poller.isRunning()).toBe(true);
    // The new-order poller and the watch over live sync's connections.
    expect(desktop.notifications.connectionWatch?.isRunning()).toBe(true);
    expect(intervals.size).toBe(2);
    await call('session:clear');
    expect(desktop.poller.isRunning()).toBe(false);
    expect(desktop.notifications.connectionWatch?.isRunning()).toBe(false);
    expect(intervals.size).toBe(0);
  });

  it("owns the notification state: a batch updates and sends it, a reloaded window reads it back, the window's actions change it, another session empties it", async () => {
    // The local API: the newest order is the cursor; the next poll brings one more.
    let phase = 0;
    const fetch = vi.fn(async (url: string) => {
      const { pathname } = new URL(url);
      if (pathname === '/api/v1/config') return Response.json({ restrictedBrand: false });
      const at = phase === 0 ? '2026-01-01T00:00:00.000Z' : '2026-01-02T00:00:00.000Z';
      if (pathname === '/api/v1/orders/') {
        return Response.json({
          data: [{ _id: `p${phase}`, orderId: `A-${phase}`, platformCode: 'AMAZONJP', createdAt: at }],
          totalCount: 1,
        });
      }
      return Response.json({ data: [], totalCount: 0 });
    });
    const { desktop, deps, call } = await setup({ fetch });
    const emptyState = { items: [], unseen: false, flags: { platform: false, otz: false } };
    await expect(call('notifications:get')).resolves.toEqual({ ok: true, value: emptyState });

    await call('session:set', { token: 't', role: 'admin' });
    await desktop.poller.poll();
    phase = 1;
    await desktop.poller.poll();
    const item = {
      kind: 'platform',
      id: 'p1',
      orderId: 'A-1',
      platformCode: 'AMAZONJP',
      createdAt: '2026-01-02T00:00:00.000Z',
    };
    const delivered = { items: [item], unseen: true, flags: { platform: true, otz: false } };
    expect(deps.emit).toHaveBeenLastCalledWith('notifications:changed', delivered);
    expect(deps.createNotification).toHaveBeenCalledTimes(1);
    // The tray's and the dock's count follows: one new order, until the bell is opened.
    expect(desktop.chrome.unseen()).toBe(1);
    expect(desktop.chrome.tray().tooltip).toBe('Kura — 1 new order');

    // The window reloads: main still has it.
    await expect(call('notifications:get')).resolves.toEqual({ ok: true, value: delivered });
    await expect(call('notifications:update', { seen: true })).resolves.toEqual({
      ok: true,
      value: { ...delivered, unseen: false },
    });
    expect(desktop.chrome.unseen()).toBe(0);
    await expect(call('notifications:update', { clear: 'platform' })).resolves.toEqual({
      ok: true,
      value: { items: [item], unseen: false, flags: { platform: false, otz: false } },
    });
    expect(deps.emit).toHaveBeenLastCalledWith('notifications:changed', {
      items: [item],
      unseen: false,
      flags: { platform: false, otz: false },
    });

    // A hostile action changes nothing.
    await expect(call('notifications:update', { clear: 'platform', seen: true })).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid-payload' },
    });
    await expect(call('notifications:update', { add: [item] })).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid-payload' },
    });
    await expect(call('notifications:get')).resolves.toMatchObject({ value: { items: [item] } });

    // The same admin saved again keeps it; another admin starts empty, and so does signing out.
    await call('session:set', { token: 't', role: 'admin' });
    await expect(call('notifications:get')).resolves.toMatchObject({ value: { items: [item] } });
    await call('session:set', { token: 'someone-else', role: 'admin' });
    await expect(call('notifications:get')).resolves.toEqual({ ok: true, value: emptyState });
    expect(deps.emit).toHaveBeenLastCalledWith('notifications:changed', emptyState);
    await desktop.stop();
  });

  it.each([
    ['signing out', (call: (c: string, p?: unknown) => Promise<unknown>) => call('session:clear')],
    [
      'another connection',
      (call: (c: string, p?: unknown) => Promise<unknown>) => call('connection:set', { mode: 'local' }),
    ],
  ])('empties the notification state on %s', async (_name, change) => {
    let phase = 0;
    const fetch = vi.fn(async (url: string) => {
      if (url.endsWith('/config')) return Response.json({ restrictedBrand: true });
      const at = phase === 0 ? '2026-01-01T00:00:00.000Z' : '2026-01-02T00:00:00.000Z';
      return Response.json({
        data: [{ _id: `p${phase}`, orderId: 'A', platformCode: 'AMAZONJP', createdAt: at }],
      });
    });
    const { desktop, call } = await setup({ fetch });
    await call('session:set', { token: 't', role: 'admin' });
    await desktop.poller.poll();
    phase = 1;
    await desktop.poller.poll();
    expect(desktop.notifications.getState().items).toHaveLength(1);
    // The restricted brand: only platform orders were asked for.
    expect(fetch.mock.calls.map(([url]) => new URL(url).pathname)).not.toContain('/api/v1/otz-orders/');
    await change(call);
    expect(desktop.notifications.getState()).toEqual({
      items: [],
      unseen: false,
      flags: { platform: false, otz: false },
    });
    await desktop.stop();
  });

  it('resumes polling at start for an admin remembered from last time', async () => {
    const store = createMemoryStore();
    const first = await setup({ store });
    await first.call('session:set', { token: 't', role: 'admin' });
    await first.desktop.stop();
    const second = await setup({ store });
    second.desktop.start();
    expect(second.desktop.poller.isRunning()).toBe(true);
    await second.desktop.stop();
  });

  it('signs in for this run when the key store is insecure, and says so', async () => {
    const { desktop, call } = await setup({ safeStorage: fakeSafeStorage({ backend: 'basic_text' }) });
    await expect(call('session:set', { token: 't', role: 'admin' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'insecure-storage' },
    });
    await expect(call('session:get')).resolves.toEqual({ ok: true, value: { token: 't', role: 'admin' } });
    expect(desktop.poller.isRunning()).toBe(true);
    await desktop.stop();
  });

  it('starts the local API once and stops it on quit', async () => {
    const close = vi.fn(async () => {});
    const startServer = vi.fn(async () => ({ url: 'http://127.0.0.1:40000/', close }));
    const { desktop, call } = await setup({ startServer });
    await expect(call('connection:get')).resolves.toEqual({
      ok: true,
      value: { connection: { mode: 'local' }, apiBaseUrl: 'http://127.0.0.1:40000/api/v1' },
    });
    await call('connection:get');
    expect(startServer).toHaveBeenCalledTimes(1);
    await desktop.stop();
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('gives the local API a key kept by the OS key store to seal platform credentials with', async () => {
    const store = createMemoryStore();
    const safeStorage = fakeSafeStorage({ backend: 'kwallet6' });
    const keyOf = async (deps: Partial<DesktopAppDeps>) => {
      const startServer = vi.fn(async () => ({
        url: 'http://127.0.0.1:40000/',
        close: vi.fn(async () => {}),
      }));
      const { desktop, call } = await setup({ startServer, ...deps });
      await call('connection:get');
      await desktop.stop();
      const extras = (startServer.mock.calls[0] as unknown[])[1] as { secretKey?: Buffer };
      return extras.secretKey;
    };
    const key = await keyOf({ store, safeStorage });
    expect(key).toHaveLength(32);
    // Written down only as the key store encrypted it, and the same at the next start.
    const kept = JSON.stringify(store.get(LOCAL_SECRET_KEY));
    expect(kept).not.toContain(key!.toString('hex'));
    expect(safeStorage.encrypted).toContain(key!.toString('hex'));
    expect((await keyOf({ store, safeStorage }))?.equals(key!)).toBe(true);
    // Linux's hard-coded fallback is no key store: the API keeps its own key file instead.
    expect(await keyOf({ safeStorage: fakeSafeStorage({ backend: 'basic_text' }) })).toBeUndefined();
  });

  it('reloads the page only when the API origin changes', async () => {
    const { desktop, deps, call } = await setup();
    expect(desktop.cspOptions()).toEqual({ apiOrigin: 'http://127.0.0.1:*', devServerUrl: undefined });
    await call('connection:set', { mode: 'local' });
    expect(deps.reloadWindow).not.toHaveBeenCalled();
    await call('connection:set', { mode: 'team', url: 'https://kura.example.com' });
    expect(deps.reloadWindow).toHaveBeenCalledTimes(1);
    expect(desktop.cspOptions().apiOrigin).toBe('https://kura.example.com');
    await call('connection:set', { mode: 'team', url: 'https://kura.example.com/other' });
    expect(deps.reloadWindow).toHaveBeenCalledTimes(1);
  });

  it('remembers the language for notification texts', async () => {
    const { desktop, call } = await setup();
    expect(desktop.language.get()).toBe('en');
    await call('language:set', { lang: 'ja' });
    expect(desktop.language.get()).toBe('ja');
  });

  it('trusts the dev server and lets it call the local API in development only', async () => {
    const dev = await setup({ devServerUrl: 'http://localhost:5173' });
    await expect(
      dev.desktop.router.handle('app:info', undefined, { url: 'http://localhost:5173/' }),
    ).resolves.toMatchObject({ ok: true });
    await dev.call('connection:get');
    expect(dev.deps.startServer).toHaveBeenCalledWith(
      expect.objectContaining({ corsOrigins: ['app://kura', 'http://localhost:5173'] }),
      expect.anything(),
    );
    const prod = await setup();
    await expect(
      prod.desktop.router.handle('app:info', undefined, { url: 'http://localhost:5173/' }),
    ).resolves.toMatchObject({
      ok: false,
      error: { code: 'untrusted-sender' },
    });
  });

  it('opens only safe links and saves CSV only through the dialog', async () => {
    const { deps, call } = await setup({ downloadsDir: '/home/u/Downloads' });
    await expect(call('external:open', { url: 'file:///etc/passwd' })).resolves.toEqual({
      ok: true,
      value: { opened: false },
    });
    await expect(call('external:open', { url: 'https://example.com' })).resolves.toEqual({
      ok: true,
      value: { opened: true },
    });
    expect(deps.openExternal).toHaveBeenCalledTimes(1);
    vi.mocked(deps.fetchExport).mockResolvedValueOnce(new Response('\uFEFFa\n', { status: 200 }));
    await expect(
      call('csv:save', { defaultName: 'sales-management.csv', path: 'products/csv-products' }),
    ).resolves.toEqual({
      ok: true,
      value: { saved: false },
    });
    expect(deps.fetchExport).toHaveBeenCalledWith(
      expect.stringMatching(/^http:\/\/127\.0\.0\.1:40000\/api\/v1\/products\/csv-products$/),
      expect.anything(),
    );
    expect(deps.showSaveDialog).toHaveBeenCalledWith(
      expect.objectContaining({ defaultPath: path.join('/home/u/Downloads', 'sales-management.csv') }),
    );
  });

  it("backs up and restores in local mode only, restores for an administrator only, and makes the day's copy at start", async () => {
    const { desktop, deps, call, intervals } = await setup({ downloadsDir: '/home/u/Downloads' });
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(deps.dataDir, 'kura.sqlite'), 'db');
    vi.mocked(deps.backupDatabase).mockImplementation(async (_source, destination) => {
      await writeFile(destination, 'copy');
    });

    desktop.start();
    await vi.waitFor(() => expect(deps.backupDatabase).toHaveBeenCalledTimes(1));
    expect(intervals.size).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    await expect(call('backup:info')).resolves.toEqual({
      ok: true,
      value: { available: true, folder: path.join(deps.dataDir, 'backups'), latest: today },
    });

    // Back up now: to the file the dialog answers; cancelled, nothing.
    await expect(call('backup:now')).resolves.toEqual({ ok: true, value: { saved: false } });
    expect(deps.showSaveDialog).toHaveBeenLastCalledWith(
      expect.objectContaining({ defaultPath: path.join('/home/u/Downloads', `kura-backup-${today}.sqlite`) }),
    );
    const chosen = path.join(deps.dataDir, 'mine.sqlite');
    vi.mocked(deps.showSaveDialog).mockResolvedValueOnce({ canceled: false, filePath: chosen });
    await expect(call('backup:now')).resolves.toEqual({ ok: true, value: { saved: true, path: chosen } });
    expect(deps.backupDatabase).toHaveBeenLastCalledWith(
      path.join(deps.dataDir, 'kura.sqlite'),
      `${chosen}.partial`,
    );

    // Restore: an administrator only, and a file that passes the checks.
    await call('session:set', { token: 't', role: 'orderCreator' });
    await expect(call('backup:restore')).resolves.toEqual({
      ok: true,
      value: { restored: false, reason: 'notAllowed' },
    });
    expect(deps.showOpenDialog).not.toHaveBeenCalled();
    await call('session:set', { token: 't', role: 'admin' });
    await expect(call('backup:restore')).resolves.toEqual({
      ok: true,
      value: { restored: false, reason: 'canceled' },
    });
    vi.mocked(deps.showOpenDialog).mockResolvedValueOnce({ canceled: false, filePaths: [chosen] });
    vi.mocked(deps.checkDatabase).mockResolvedValueOnce({ ok: false, reason: 'newer' });
    await expect(call('backup:restore')).resolves.toEqual({
      ok: true,
      value: { restored: false, reason: 'newer' },
    });
    expect(deps.reloadWindow).not.toHaveBeenCalled();
    vi.mocked(deps.showOpenDialog).mockResolvedValueOnce({ canceled: false, filePaths: [chosen] });
    await expect(call('backup:restore')).resolves.toEqual({ ok: true, value: { restored: true } });
    expect(deps.reloadWindow).toHaveBeenCalledTimes(1);

    // A team server keeps its own database.
    await call('connection:set', { mode: 'team', url: 'https://kura.example' });
    await expect(call('backup:info')).resolves.toEqual({
      ok: true,
      value: { available: false, folder: null, latest: null },
    });
    await expect(call('backup:restore')).resolves.toEqual({
      ok: true,
      value: { restored: false, reason: 'notLocal' },
    });
    await desktop.stop();
    expect(intervals.size).toBe(0);
  });

  it("sends an export's progress, cancels it on request, and ends a long one with a notification that shows the file", async () => {
    let clock = 0;
    const { deps, call } = await setup({ now: () => clock });
    const file = path.join(deps.dataDir, 'sales-management.csv');
    vi.mocked(deps.showSaveDialog).mockResolvedValue({ canceled: false, filePath: file });
    // A download that sends a first part and then waits, as a long export does.
    const endless = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('a,b\n1,2\n'));
          },
        }),
        { status: 200 },
      );
    vi.mocked(deps.fetchExport).mockImplementationOnce(async () => endless());
    const saving = call('csv:save', { defaultName: 'sales-management.csv', path: 'sales/csv' });
    await vi.waitFor(() =>
      expect(deps.emit).toHaveBeenCalledWith('csv:progress', { rows: 2, bytes: 8, done: false }),
    );
    await expect(call('csv:cancel')).resolves.toEqual({ ok: true, value: { canceled: true } });
    await expect(saving).resolves.toEqual({ ok: true, value: { saved: false, canceled: true } });
    await expect(call('csv:cancel')).resolves.toEqual({ ok: true, value: { canceled: false } });
    expect(deps.createNotification).not.toHaveBeenCalled();

    // A long export that finishes: the notification's click shows the file in its folder.
    vi.mocked(deps.fetchExport).mockImplementationOnce(async () => {
      clock += 5_000;
      return new Response('a,b\n1,2\n', { status: 200 });
    });
    const onClick = vi.fn();
    const show = vi.fn();
    vi.mocked(deps.createNotification).mockReturnValueOnce({ onClick, show });
    await expect(
      call('csv:save', { defaultName: 'sales-management.csv', path: 'sales/csv' }),
    ).resolves.toEqual({
      ok: true,
      value: { saved: true, path: file },
    });
    expect(deps.emit).toHaveBeenLastCalledWith('csv:progress', { rows: 2, bytes: 8, done: true });
    expect(deps.createNotification).toHaveBeenCalledWith({
      title: 'Kura',
      body: 'Export saved: sales-management.csv. Click to show it in its folder.',
    });
    expect(show).toHaveBeenCalled();
    onClick.mock.calls[0]?.[0]();
    expect(deps.showItemInFolder).toHaveBeenCalledWith(file);
  });

  it("runs the menus' and the tray's actions: notifications off and on, keep in tray, export sales, data folder", async () => {
    const onChromeChanged = vi.fn();
    const { desktop, deps, call } = await setup({ onChromeChanged });
    expect(desktop.chrome.keepInTray()).toBe(false);
    await call('session:set', { token: 't', role: 'admin' });
    expect(onChromeChanged).toHaveBeenCalled();
    // An administrator's notifications should keep coming with the window closed.
    expect(desktop.chrome.keepInTray()).toBe(true);
    expect(desktop.poller.isRunning()).toBe(true);

    await desktop.chrome.run('toggleNotifications');
    expect(desktop.poller.isRunning()).toBe(false);
    expect(desktop.chrome.tray().items).toContainEqual(
      expect.objectContaining({ action: 'toggleNotifications', checked: false }),
    );
    await desktop.chrome.run('toggleNotifications');
    expect(desktop.poller.isRunning()).toBe(true);

    await desktop.chrome.run('toggleKeepInTray');
    expect(desktop.chrome.keepInTray()).toBe(false);

    await desktop.chrome.run('exportSales');
    expect(deps.focusWindow).toHaveBeenCalled();
    expect(deps.emit).toHaveBeenCalledWith('navigate', { path: '/sales-management', open: 'salesExport' });
    await desktop.chrome.run('openDataFolder');
    expect(deps.openPath).toHaveBeenCalledWith(deps.dataDir);
    // Main's own: quit and About.
    await expect(desktop.chrome.run('quit')).resolves.toBe(false);
    expect(desktop.chrome.about({ electron: '45', chrome: '140', node: '22' }).detail).toContain(
      `Data folder: ${deps.dataDir}`,
    );
  });
});
