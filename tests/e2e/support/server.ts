/**
 * Each spec file gets its own Kura server: its own temporary SQLite file and its own port,
 * serving the built renderer, so files run in parallel without sharing state.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { startServer } from '../../../server/src/server';

export interface KuraServer {
  url: string;
  api(pathname: string, init?: { method?: string; token?: string; body?: unknown }): Promise<Response>;
}

const rendererDir = path.resolve(import.meta.dirname, '../../../dist/renderer');

export interface KuraServerOptions {
  demo?: boolean;
  restrictedBrand?: boolean;
  /** The business's time zone (KURA_TIME_ZONE); the server's default otherwise. */
  timeZone?: string;
  /** Let pages served by that server call this one (a desktop window on a team server). */
  corsFromPageOf?: KuraServer;
}

export function useKuraServer(env: KuraServerOptions = {}): KuraServer {
  let handle: Awaited<ReturnType<typeof startServer>> | undefined;
  let dir: string | undefined;

  test.beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kura-e2e-'));
    handle = await startServer({
      host: '127.0.0.1',
      port: 0,
      databaseUrl: path.join(dir, 'kura.sqlite'),
      rendererDir,
      demo: env.demo ?? false,
      restrictedBrand: env.restrictedBrand ?? false,
      ...(env.timeZone ? { timeZone: env.timeZone } : {}),
      corsOrigins: ['app://kura', ...(env.corsFromPageOf ? [env.corsFromPageOf.url] : [])],
      loginRateLimit: 1000,
      logLevel: 'warn',
    });
  });
  test.afterAll(async () => {
    await handle?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  return {
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
  };
}
