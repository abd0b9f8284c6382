import { createServer, type Server } from 'node:http';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_STORE_KEY, createConnectionService, teamApiBaseUrl } from '../src/services/connection';
import { createMemoryStore } from '../src/services/key-value-store';
import { LOCAL_DATABASE_FILE, createLocalServer, type StartServer } from '../src/services/local-server';

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'kura-local-'));
  dirs.push(dir);
  return dir;
};
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/** A real HTTP listener standing in for the API, so port 0 and close() are exercised for real. */
const httpStartServer: StartServer = async (options) => {
  const server: Server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host}:${port}/`,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
};

describe('local server', () => {
  it('starts once, lazily, on loopback with a random port and the SQLite file in the data folder', async () => {
    const dataDir = path.join(await tempDir(), 'nested', 'userData');
    const startServer = vi.fn(httpStartServer);
    const local = createLocalServer({ dataDir, startServer, corsOrigins: ['app://kura'] });
    expect(startServer).not.toHaveBeenCalled();

    const [a, b] = await Promise.all([local.url(), local.url()]);
    expect(a).toBe(b);
    expect(a).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(Number(new URL(a).port)).toBeGreaterThan(0);
    expect(startServer).toHaveBeenCalledTimes(1);
    expect(startServer).toHaveBeenCalledWith(
      {
        host: '127.0.0.1',
        port: 0,
        databaseUrl: path.join(dataDir, LOCAL_DATABASE_FILE),
        corsOrigins: ['app://kura'],
      },
      {},
    );
    expect((await stat(dataDir)).isDirectory()).toBe(true);
    expect(await (await fetch(a)).text()).toBe('ok');

    await local.stop();
    await expect(fetch(a)).rejects.toThrow();
    await local.stop();
  });

  it('retries after a failed start instead of remembering the failure', async () => {
    const startServer = vi
      .fn<StartServer>()
      .mockRejectedValueOnce(new Error('database is locked'))
      .mockImplementation(httpStartServer);
    const local = createLocalServer({ dataDir: await tempDir(), startServer, corsOrigins: [] });
    await expect(local.url()).rejects.toThrow('database is locked');
    await expect(local.url()).resolves.toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await local.stop();
  });

  it('stop before start does nothing', async () => {
    const startServer = vi.fn(httpStartServer);
    await createLocalServer({ dataDir: await tempDir(), startServer, corsOrigins: [] }).stop();
    expect(startServer).not.toHaveBeenCalled();
  });
});

describe('connection', () => {
  const localServer = { url: vi.fn(async () => 'http://127.0.0.1:53122') };

  it('defaults to this computer and asks the local server for its address', async () => {
    const service = createConnectionService({ store: createMemoryStore(), localServer });
    expect(service.get()).toEqual({ mode: 'local' });
    await expect(service.resolve()).resolves.toEqual({
      connection: { mode: 'local' },
      apiBaseUrl: 'http://127.0.0.1:53122/api/v1',
    });
  });

  it('persists a team server and does not start the local one for it', async () => {
    const store = createMemoryStore();
    const local = { url: vi.fn(async () => 'http://127.0.0.1:1') };
    const service = createConnectionService({ store, localServer: local });
    const info = await service.set({ mode: 'team', url: 'https://kura.example.com/' });
    expect(info).toEqual({
      connection: { mode: 'team', url: 'https://kura.example.com/' },
      apiBaseUrl: 'https://kura.example.com/api/v1',
    });
    expect(local.url).not.toHaveBeenCalled();
    expect(createConnectionService({ store, localServer: local }).get()).toEqual(info.connection);
  });

  it('refuses an invalid connection and keeps the previous one', async () => {
    const store = createMemoryStore();
    const service = createConnectionService({ store, localServer });
    await expect(service.set({ mode: 'team', url: 'file:///etc/passwd' })).rejects.toThrow();
    expect(service.get()).toEqual({ mode: 'local' });
  });

  it('refuses a plain http server off this computer unless the user accepted the warning', async () => {
    const store = createMemoryStore();
    const service = createConnectionService({ store, localServer });
    await expect(service.set({ mode: 'team', url: 'http://example.com' })).rejects.toThrow();
    await expect(service.set({ mode: 'team', url: 'http://localhost.evil.com:4400' })).rejects.toThrow();
    expect(service.get()).toEqual({ mode: 'local' });

    const info = await service.set({ mode: 'team', url: 'http://example.com', insecure: true });
    expect(info).toEqual({
      connection: { mode: 'team', url: 'http://example.com', insecure: true },
      apiBaseUrl: 'http://example.com/api/v1',
    });
    expect(createConnectionService({ store, localServer }).get()).toEqual(info.connection);
  });

  it('keeps the insecure flag only where it applies', async () => {
    const service = createConnectionService({ store: createMemoryStore(), localServer });
    for (const url of ['https://kura.example.com', 'http://127.0.0.1:4400', 'http://[::1]:4400']) {
      const info = await service.set({ mode: 'team', url, insecure: true });
      expect(info.connection).toEqual({ mode: 'team', url });
    }
  });

  it('does not use a stored plain http server that lacks the consent', () => {
    const store = createMemoryStore({ [CONNECTION_STORE_KEY]: { mode: 'team', url: 'http://example.com' } });
    expect(createConnectionService({ store, localServer }).get()).toEqual({ mode: 'local' });
  });

  it('falls back to local when the stored value was tampered with', () => {
    const store = createMemoryStore({ [CONNECTION_STORE_KEY]: { mode: 'team', url: 'javascript:alert(1)' } });
    expect(createConnectionService({ store, localServer }).get()).toEqual({ mode: 'local' });
  });

  it.each([
    ['https://kura.example.com', 'https://kura.example.com/api/v1'],
    ['https://kura.example.com///', 'https://kura.example.com/api/v1'],
    ['http://192.168.1.10:4400', 'http://192.168.1.10:4400/api/v1'],
    ['http://127.0.0.1:4400', 'http://127.0.0.1:4400/api/v1'],
    ['https://example.com/kura/', 'https://example.com/kura/api/v1'],
    ['https://kura.example.com/api/v1/', 'https://kura.example.com/api/v1'],
  ])('team URL %s → API %s', (url, api) => {
    expect(teamApiBaseUrl(url)).toBe(api);
  });
});
