/**
 * The Electron glue, end to end without Electron: builds main with the real Vite config,
 * runs it in Node on a fake `electron` module (support/fake-electron.ts) and checks the
 * wiring — app:// serving, IPC through the router, local mode with the real API and SQLite,
 * the vault, CSV, navigation / window-open / permission hooks, and clean shutdown.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createBuilder } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IPC_ERROR_MESSAGES } from '#shared/ipc';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const support = fileURLToPath(new URL('./support/', import.meta.url));
let dir: string;
let result: Record<string, unknown>;

beforeAll(async () => {
  // Inside the repository, so the built main resolves its runtime packages from node_modules.
  await mkdir(path.join(repo, 'node_modules/.cache'), { recursive: true });
  dir = await mkdtemp(path.join(repo, 'node_modules/.cache/kura-main-glue-'));
  const outDir = path.join(dir, 'dist-electron');
  const builder = await createBuilder({
    configFile: path.join(repo, 'electron/vite.config.ts'),
    logLevel: 'silent',
    environments: { main: { build: { outDir } }, preload: { build: { outDir } } },
  });
  await builder.buildApp();

  const renderer = path.join(dir, 'dist/renderer');
  await mkdir(path.join(renderer, 'assets'), { recursive: true });
  await writeFile(path.join(renderer, 'index.html'), '<!doctype html><title>Kura</title>');
  await writeFile(path.join(renderer, 'assets/app.js'), 'console.log(1)');

  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      path.join(support, 'register-fake-electron.ts'),
      path.join(support, 'drive-main.ts'),
      path.join(outDir, 'main.js'),
    ],
    {
      cwd: repo,
      env: {
        ...process.env,
        FAKE_ELECTRON_DIR: dir,
        LOG_LEVEL: 'silent',
        KURA_DEMO: '',
        // Main must not let this switch off its certificate checks.
        NODE_TLS_REJECT_UNAUTHORIZED: '0',
      },
      timeout: 50_000,
    },
  );
  const line = stdout.split('\n').find((l) => l.startsWith('RESULT:'));
  if (!line) throw new Error(`no result from the main process:\n${stdout}`);
  result = JSON.parse(line.slice('RESULT:'.length)) as Record<string, unknown>;
}, 60_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('main process glue', () => {
  it('registers app:// as a privileged standard scheme and loads the app from it', () => {
    expect(result.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
    ]);
    expect(result.loadedUrl).toBe('app://kura/index.html');
    expect(result.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(result.webPreferences).not.toHaveProperty('experimentalFeatures');
    expect(result.webPreferences).not.toHaveProperty('enableBlinkFeatures');
    expect(String((result.webPreferences as { preload: string }).preload)).toMatch(
      /dist-electron[/\\]preload\.cjs$/,
    );
  });

  it('handles every IPC channel', () => {
    expect(result.channels).toEqual([
      'app:info',
      'backup:info',
      'backup:now',
      'backup:restore',
      'cache:get',
      'connection:get',
      'connection:set',
      'csv:cancel',
      'csv:save',
      'external:open',
      'language:set',
      'notifications:get',
      'notifications:update',
      'offline:state',
      'offline:sync',
      'outbox:add',
      'outbox:list',
      'outbox:resolve',
      'pdf:save',
      'session:clear',
      'session:get',
      'session:set',
      'window:unsaved',
    ]);
  });

  it("draws the application menu and the tray in the user's language; an admin's closed window stays in the tray", () => {
    expect(result.menuEnglish).toEqual([
      { File: ['Export sales CSV…', 'Back up now…', '—', 'Quit Kura'] },
      { Edit: ['Undo', 'Redo', '—', 'Cut', 'Copy', 'Paste', 'Select all'] },
      { View: ['Reload', '—', 'Zoom in', 'Zoom out', 'Actual size', '—', 'Full screen'] },
      { Help: ['About Kura', 'Open data folder'] },
    ]);
    expect(result.trayEnglish).toEqual({
      tooltip: 'Kura',
      items: ['Open Kura', '—', 'Keep running when the window is closed', '—', 'Quit Kura'],
    });
    expect(result.menuJapanese).toEqual([
      { ファイル: ['売上CSVをエクスポート…', '今すぐバックアップ…', '—', 'Kuraを終了'] },
      { 編集: ['元に戻す', 'やり直す', '—', '切り取り', 'コピー', '貼り付け', 'すべて選択'] },
      { 表示: ['再読み込み', '—', '拡大', '縮小', '実際のサイズ', '—', 'フルスクリーン'] },
      { ヘルプ: ['Kuraについて', 'データフォルダーを開く'] },
    ]);
    expect(result.trayAdmin).toEqual([
      'Kuraを開く',
      '—',
      '新規注文の通知',
      'ウィンドウを閉じても実行を続ける',
      '—',
      'Kuraを終了',
    ]);
    expect(result.openedFolders).toEqual([expect.stringMatching(/userData$/)]);
    expect(result.closeKeptInTray).toEqual({ prevented: true, hidden: true });
  });

  it('serves the renderer with its CSP, routes to index.html, refuses traversal', () => {
    expect(result.index).toMatchObject({
      status: 200,
      type: 'text/html; charset=utf-8',
      body: '<!doctype html><title>Kura</title>',
    });
    expect(String((result.index as { csp: string }).csp)).toContain("connect-src 'self' http://127.0.0.1:*");
    expect(result.route).toMatchObject({ status: 200, body: '<!doctype html><title>Kura</title>' });
    expect(result.asset).toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8', csp: null });
    expect(result.traversal).toMatchObject({ status: 404 });
    expect(result.missing).toMatchObject({ status: 404 });
  });

  it('answers trusted senders and refuses others and hostile payloads', () => {
    expect(result.appInfo).toEqual({
      ok: true,
      value: { version: '0.1.0-test', platform: process.platform, desktop: true },
    });
    const refused = {
      ok: false,
      error: { code: 'untrusted-sender', message: IPC_ERROR_MESSAGES['untrusted-sender'] },
    };
    expect(result.untrusted).toEqual(refused);
    expect(result.noFrame).toEqual(refused);
    expect(result.hostile).toMatchObject({ ok: false, error: { code: 'invalid-payload' } });
    expect(result.notifications).toEqual({
      ok: true,
      value: { items: [], unseen: false, flags: { platform: false, otz: false } },
    });
    expect(result.notificationsHostile).toMatchObject({ ok: false, error: { code: 'invalid-payload' } });
  });

  it('starts the real API on loopback with SQLite in the app data folder', () => {
    const info = result.connection as { ok: boolean; value: { apiBaseUrl: string; connection: unknown } };
    expect(info.ok).toBe(true);
    expect(info.value.connection).toEqual({ mode: 'local' });
    expect(info.value.apiBaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    expect(result.health).toBe(200);
    expect(result.databaseExists).toBe(true);
  });

  it('keeps the session encrypted in the store and clears it', () => {
    expect(result.sessionSet).toEqual({ ok: true });
    expect(result.sessionGet).toEqual({ ok: true, value: { token: 'secret-token-123', role: 'admin' } });
    expect(result.storeHasPlainToken).toBe(false);
    expect(result.sessionAfterClear).toEqual({ ok: true, value: null });
  });

  it('saves an export where the dialog says, byte for byte as the API served it', () => {
    expect(result.csv).toMatchObject({ ok: true, value: { saved: true } });
    expect(path.basename(String(result.csvDefaultPath))).toBe('sales-management.csv');
    expect(result.csvSameBytes).toBe(true);
  });

  it('guards navigation, new windows, permissions and external links', () => {
    expect(result.navigation).toEqual({ evil: true, file: true, app: false });
    expect(result.frameNavigation).toEqual({ evil: true, app: false });
    expect(result.redirect).toEqual({ evil: true, app: false });
    expect(result.webviewPrevented).toBe(true);
    expect(result.windowOpen).toEqual({ web: { action: 'deny' }, file: { action: 'deny' } });
    expect(result.openedExternally).toEqual(['https://example.com/track']);
    expect(result.permissions).toEqual({ media: false, loopbackFromApp: true, loopbackFromWeb: false });
    expect(result.external).toEqual({ ok: true, value: { opened: false } });
  });

  it('refuses untrusted certificates and plain http team servers the user did not accept', () => {
    expect(result.certificateError).toEqual({ prevented: false, trusted: [false] });
    expect(result.tlsRejectUnauthorized).toBe('unset');
    expect(result.insecureTeam).toMatchObject({ ok: false, error: { code: 'invalid-payload' } });
  });

  it('switching to a team server reloads the page under a CSP naming that server', () => {
    expect(result.teamConnection).toEqual({
      ok: true,
      value: {
        connection: { mode: 'team', url: 'https://kura.example.com' },
        apiBaseUrl: 'https://kura.example.com/api/v1',
      },
    });
    expect(result.reloadsAfterServerSwitch).toBe(1);
    expect(String(result.cspAfterSwitch)).toContain("connect-src 'self' https://kura.example.com");
  });

  it('stops the local API before quitting', () => {
    expect(result.healthAfterQuit).toBe('refused');
  });
});
