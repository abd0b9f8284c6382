/**
 * Each spec file gets its own Kura server: its own temporary SQLite file and its own port,
 * serving the built renderer, so files run in parallel without sharing state. With
 * `fullyParallel` both workers may run tests of one file: each then has its own server for it,
 * and a test sees only what tests before it in the file did (on the same worker), never more.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, type BrowserContextOptions } from '@playwright/test';
import { STORAGE_KEYS, type Role } from '#shared/constants';
import { DEMO_ACCOUNTS, DEMO_PASSWORDS } from '../../../server/src/demo/seed';
import type { PlatformEndpoints } from '../../../server/src/config';
import { startServer } from '../../../server/src/server';

export type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;
export type Language = 'en' | 'ja';

export interface KuraServer {
  url: string;
  api(pathname: string, init?: { method?: string; token?: string; body?: unknown }): Promise<Response>;
  /**
   * A session token of a demo account, signed in through the API once per server: every call
   * of the file shares it (scrypt makes each sign-in cost a noticeable slice of a busy core).
   */
  token(account?: Role): Promise<string>;
  /**
   * A browser already signed in as a demo account (its session where the app keeps it), for a
   * test that is not about signing in: session.spec signs in through the form.
   */
  storageState(account?: Role, options?: { language?: Language }): Promise<StorageState>;
  /**
   * For `test.use(...)`: every page of the file or group starts signed in as the account,
   * optionally in a language, and opens the screen it needs directly.
   */
  signedIn(
    account?: Role,
    options?: { language?: Language },
  ): Pick<Parameters<typeof test.use>[0], 'storageState'>;
  /** Stops the server as a crash or a shutdown would; its data stays for {@link restart}. */
  stop(): Promise<void>;
  /** Starts it again on the same address with the same data. */
  restart(): Promise<void>;
}

const rendererDir = path.resolve(import.meta.dirname, '../../../dist/renderer');

export interface KuraServerOptions {
  demo?: boolean;
  restrictedBrand?: boolean;
  /** The business's time zone (KURA_TIME_ZONE); the server's default otherwise. */
  timeZone?: string;
  /** Let pages served by that server call this one (a desktop window on a team server). */
  corsFromPageOf?: KuraServer;
  /**
   * Where the platform clients call (a spec's fakes), asked for when the server starts: the
   * fakes may start after the server is declared. No sync then starts by the clock.
   */
  platformEndpoints?: () => Promise<PlatformEndpoints>;
}

export function useKuraServer(env: KuraServerOptions = {}): KuraServer {
  let handle: Awaited<ReturnType<typeof startServer>> | undefined;
  let starting: Promise<void> | undefined;
  let dir: string | undefined;
  let tokens = new Map<Role, Promise<string>>();

  const launch = async (folder: string, port: number) =>
    startServer(
      {
        host: '127.0.0.1',
        port,
        databaseUrl: path.join(folder, 'kura.sqlite'),
        rendererDir,
        demo: env.demo ?? false,
        restrictedBrand: env.restrictedBrand ?? false,
        ...(env.timeZone ? { timeZone: env.timeZone } : {}),
        corsOrigins: ['app://kura', ...(env.corsFromPageOf ? [env.corsFromPageOf.url] : [])],
        loginRateLimit: 1000,
        logLevel: 'warn',
        ...(env.platformEndpoints ? { platformEndpoints: await env.platformEndpoints() } : {}),
      },
      // A sync runs when the test asks for it, never by the clock in the middle of a step.
      env.platformEndpoints ? { connectionSchedule: false } : {},
    );
  // Started by whichever needs it first: the file's beforeAll, or Playwright's own context
  // options (a signed-in storage state), which it sets up before any beforeAll.
  const start = () =>
    (starting ??= (async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'kura-e2e-'));
      tokens = new Map();
      handle = await launch(dir, 0);
    })());
  /** Set while stopped: the port to start again on. */
  let stoppedPort: number | undefined;

  test.beforeAll(start);
  test.afterAll(async () => {
    await starting?.catch(() => undefined);
    starting = undefined;
    if (stoppedPort === undefined) await handle?.close();
    handle = undefined;
    stoppedPort = undefined;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const server: KuraServer = {
    get url() {
      if (!handle) throw new Error('server not started');
      return handle.url;
    },
    async api(pathname, init = {}) {
      if (!handle) throw new Error('server not started');
      const headers: Record<string, string> = {};
      if (init.token) headers.authorization = `Token ${init.token}`;
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      return fetch(`${handle.url}/api/v1/${pathname}`, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
    },
    async token(account = 'admin') {
      await start();
      let token = tokens.get(account);
      if (!token) {
        token = signInThroughApi(server, account);
        // A failed sign-in is not kept: the next test asks again and reports its own error.
        token.catch(() => tokens.delete(account));
        tokens.set(account, token);
      }
      return token;
    },
    async storageState(account = 'admin', options = {}) {
      await start();
      const session = { token: await server.token(account), role: DEMO_ACCOUNTS[account].role };
      const localStorage: { name: string; value: string }[] = [
        { name: STORAGE_KEYS.session, value: JSON.stringify(session) },
      ];
      if (options.language) {
        localStorage.push({
          name: STORAGE_KEYS.i18nConfig,
          value: JSON.stringify({ selectedLang: options.language }),
        });
      }
      return { cookies: [], origins: [{ origin: server.url, localStorage }] };
    },
    async stop() {
      if (!handle) throw new Error('server not started');
      stoppedPort = Number(new URL(handle.url).port);
      await handle.close();
    },
    async restart() {
      if (!dir || stoppedPort === undefined) throw new Error('server not stopped');
      handle = await launch(dir, stoppedPort);
      stoppedPort = undefined;
    },
    signedIn(account = 'admin', options = {}) {
      return {
        // Playwright reads a fixture's dependencies from its first parameter: it has none.
        // eslint-disable-next-line no-empty-pattern
        storageState: async ({}, use) => use(await server.storageState(account, options)),
      };
    },
  };
  return server;
}

async function signInThroughApi(server: KuraServer, account: Role): Promise<string> {
  const res = await server.api('auth/login', {
    body: { email: DEMO_ACCOUNTS[account].email, password: DEMO_PASSWORDS[account] },
  });
  if (res.status !== 200) throw new Error(`signing in as ${account}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
