/**
 * The desktop app in Chromium: the page gets `window.kura` from the real preload bridge, and
 * every call goes to the real main-process composition (createDesktopApp: IPC router with its
 * sender and payload checks, token vault, connection, local API server, poller, CSV export),
 * with only Electron's own objects (safeStorage, dialogs, notifications) replaced by fakes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import type { Page } from '@playwright/test';
import { createDesktopApp, type DesktopApp } from '../../../electron/src/services/desktop-app';
import { createMemoryStore } from '../../../electron/src/services/key-value-store';
import { contentSecurityPolicy } from '../../../electron/src/services/security';
import { backupDatabase, checkDatabase } from '../../../electron/src/services/sqlite-files';
import type { SafeStorage } from '../../../electron/src/services/token-vault';
import { startServer } from '../../../server/src/server';

const repo = path.resolve(import.meta.dirname, '../../..');

let bridgeScript: string | undefined;
function bridgeBundle(): string {
  bridgeScript ??= buildSync({
    entryPoints: [path.join(import.meta.dirname, 'desktop-bridge.entry.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    absWorkingDir: repo,
  }).outputFiles[0]!.text;
  return bridgeScript;
}

/** Reversible but never plain text, like the OS keychain it stands in for. */
const fakeSafeStorage: SafeStorage = {
  isEncryptionAvailable: () => true,
  getSelectedStorageBackend: () => 'gnome_libsecret',
  encryptString: (plain) => Buffer.from(`ENC:${Buffer.from(plain).toString('base64')}`),
  decryptString: (buffer) => Buffer.from(buffer.toString().slice(4), 'base64').toString(),
};

export interface DesktopHarness {
  app: DesktopApp;
  store: ReturnType<typeof createMemoryStore>;
  notifications: { title: string; body: string }[];
  /** What main's poller read successfully: it polls in Node, out of the page's sight. */
  polled: string[];
  savedFiles: { path: string }[];
  openedUrls: string[];
  /** The files the next open dialogs answer, in order (none left: the user cancels). */
  openPaths: string[];
  /** Main's data folder (local mode's database and its backups). */
  dataDir: string;
  /** While on, an export sends its first part and then waits, as a long one does. */
  holdExports: { on: boolean };
  /** Every event main sent the window, in order. */
  events: { event: string; payload: unknown }[];
  /**
   * While `down`, the team server at `origin` is out of this computer's reach: main's calls to it
   * fail as on a dead link (the window's own calls are cut with {@link cutTeamLink}).
   */
  teamLink: { down: boolean; origin: string | null; slowMs: number; syncPageLimit: number | null };
  close(): Promise<void>;
}

export interface DesktopOptions {
  /** Main's data folder and store of an app that ran before (a restart); the caller removes it. */
  dataDir?: string;
  store?: ReturnType<typeof createMemoryStore>;
}

/**
 * The link to the team server, main's side: dead (its fetch fails as the network's would) or
 * slow (each call waits `slowMs` first), and the sync's pages made small (`syncPageLimit`), so a
 * demo-sized first sync runs in several pages as a warehouse's 20,000 records do. Answers the
 * address to fetch.
 */
const cut = async (link: DesktopHarness['teamLink'], url: string): Promise<string> => {
  if (!link.origin || !url.startsWith(link.origin)) return url;
  if (link.down) throw new TypeError('fetch failed');
  if (link.slowMs > 0) await new Promise((resolve) => setTimeout(resolve, link.slowMs));
  return link.syncPageLimit !== null && url.includes('/sync/changes?')
    ? url.replace(/([?&]limit=)\d+/, `$1${link.syncPageLimit}`)
    : url;
};

export async function attachDesktop(
  page: Page,
  pageOrigin: string,
  options: DesktopOptions = {},
): Promise<DesktopHarness> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'kura-desktop-'));
  const store = options.store ?? createMemoryStore();
  const events: DesktopHarness['events'] = [];
  const teamLink: DesktopHarness['teamLink'] = { down: false, origin: null, slowMs: 0, syncPageLimit: null };
  const notifications: DesktopHarness['notifications'] = [];
  const polled: string[] = [];
  const savedFiles: DesktopHarness['savedFiles'] = [];
  const openedUrls: string[] = [];
  const shownInFolder: string[] = [];
  const holdExports = { on: false };
  /** The files the next open dialogs answer, in order (none: the user cancels). */
  const openPaths: string[] = [];

  const app = createDesktopApp({
    appInfo: { version: 'e2e', platform: 'linux' },
    safeStorage: fakeSafeStorage,
    store,
    dataDir,
    startServer: (options) => startServer({ ...options, logLevel: 'warn', loginRateLimit: 1000 }),
    devServerUrl: pageOrigin,
    fetch: async (address, init) => {
      const url = await cut(teamLink, address);
      const response = await fetch(url, init);
      if (response.ok) polled.push(url);
      return response;
    },
    createNotification: (n) => ({ onClick: () => {}, show: () => void notifications.push(n) }),
    emit: (event, payload) => {
      events.push({ event, payload });
      // As webContents.send: a page that is reloading misses the event (it reads state back).
      void page
        .evaluate(
          ([e, p]) => (window as never as { __kuraEmit(e: string, p: unknown): void }).__kuraEmit(e, p),
          [event, payload] as const,
        )
        .catch(() => {});
    },
    focusWindow: () => {},
    // Main reloads without waiting; a navigation the page starts meanwhile may abort it.
    reloadWindow: () => void page.reload().catch(() => {}),
    showSaveDialog: async ({ defaultPath }) => {
      const filePath = path.join(dataDir, path.basename(defaultPath));
      savedFiles.push({ path: filePath });
      return { canceled: false, filePath };
    },
    showItemInFolder: (file) => void shownInFolder.push(file),
    openPath: () => {},
    showOpenDialog: async () =>
      openPaths.length > 0
        ? { canceled: false, filePaths: [openPaths.shift() as string] }
        : { canceled: true, filePaths: [] },
    backupDatabase,
    checkDatabase,
    fetchExport: async (address, init) => {
      const url = await cut(teamLink, address);
      const response = await fetch(url, init);
      if (!holdExports.on || !response.body) return response;
      // A long export: its first part, then nothing more until it is cancelled.
      const reader = response.body.getReader();
      const first = await reader.read();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          if (!first.done) controller.enqueue(first.value);
        },
        cancel: () => reader.cancel(),
      });
      return new Response(body, { status: response.status, headers: response.headers });
    },
    confirmClose: async () => true,
    closeWindow: () => {},
    openExternal: async (url) => void openedUrls.push(url),
    i18nDir: path.join(repo, 'renderer/src/i18n'),
    readFile,
  });

  // Chromium asks before a page reaches a loopback address; main's permission handler grants
  // exactly that to the app's own page (security.ts permissionRequestPolicy).
  await page.context().grantPermissions(['local-network-access']);
  await page.exposeBinding('__kuraInvoke', ({ frame }, channel: unknown, payload: unknown) =>
    app.router.handle(channel, payload, { url: frame.url() }),
  );
  await page.addInitScript({ content: bridgeBundle() });
  // As main does (onHeadersReceived): the page runs under the desktop CSP, whose connect-src
  // names the API origin of the current connection.
  await page.route(`${pageOrigin}/**`, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    await route.fulfill({
      response,
      headers: { ...response.headers(), 'content-security-policy': contentSecurityPolicy(app.cspOptions()) },
    });
  });

  return {
    app,
    store,
    notifications,
    polled,
    savedFiles,
    openedUrls,
    openPaths,
    dataDir,
    holdExports,
    events,
    teamLink,
    async close() {
      await app.stop();
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The team server out of reach, as on a dead warehouse link: main's calls fail, and so do the
 * window's (aborted as a disconnected network). The server itself runs on, so a test can change
 * data there meanwhile. `restore` joins them again.
 */
export async function cutTeamLink(page: Page, desktop: DesktopHarness, teamUrl: string) {
  const origin = new URL(teamUrl).origin;
  desktop.teamLink.origin = origin;
  desktop.teamLink.down = true;
  await page.route(`${origin}/**`, (route) => route.abort('internetdisconnected'));
  return {
    async restore() {
      desktop.teamLink.down = false;
      await page.unroute(`${origin}/**`);
    },
  };
}
