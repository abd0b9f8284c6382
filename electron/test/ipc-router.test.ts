import { describe, expect, it, vi } from 'vitest';
import { IPC_ERROR_MESSAGES, NO_OFFLINE_STATE, ipcChannels, type IpcChannel } from '#shared/ipc';
import { EMPTY_NOTIFICATION_STATE } from '#shared/notifications/notification-state';
import { IpcError } from '../src/services/ipc-error';
import { createIpcRouter, type IpcHandlers } from '../src/services/ipc-router';
import { isTrustedSender } from '../src/services/security';

const APP = { url: 'app://kura/index.html' };

function setup(overrides: Partial<IpcHandlers> = {}) {
  const handlers = {
    'app:info': vi.fn(() => ({ version: '0.1.0', platform: 'linux', desktop: true })),
    'connection:get': vi.fn(async () => ({
      connection: { mode: 'local' as const },
      apiBaseUrl: 'http://127.0.0.1:1/api/v1',
    })),
    'connection:set': vi.fn(async (connection) => ({ connection, apiBaseUrl: 'x' })),
    'session:get': vi.fn(() => null),
    'session:set': vi.fn(() => undefined),
    'session:clear': vi.fn(() => undefined),
    'csv:save': vi.fn(async () => ({ saved: false })),
    'csv:cancel': vi.fn(() => ({ canceled: false })),
    'pdf:save': vi.fn(async () => ({ saved: false })),
    'window:unsaved': vi.fn(() => undefined),
    'external:open': vi.fn(async () => ({ opened: false })),
    'language:set': vi.fn(() => undefined),
    'notifications:get': vi.fn(() => EMPTY_NOTIFICATION_STATE),
    'notifications:update': vi.fn(() => EMPTY_NOTIFICATION_STATE),
    'backup:info': vi.fn(() => ({ available: false, folder: null, latest: null })),
    'backup:now': vi.fn(async () => ({ saved: false })),
    'backup:restore': vi.fn(async () => ({ restored: false as const, reason: 'canceled' as const })),
    'offline:state': vi.fn(() => NO_OFFLINE_STATE),
    'offline:sync': vi.fn(() => NO_OFFLINE_STATE),
    'cache:get': vi.fn(() => ({ status: 503, body: { message: 'offline' } })),
    'outbox:list': vi.fn(() => []),
    'outbox:add': vi.fn(() => []),
    'outbox:resolve': vi.fn(() => []),
    ...overrides,
  } satisfies IpcHandlers;
  const onError = vi.fn();
  const router = createIpcRouter(handlers, { isTrustedSender: (s) => isTrustedSender(s), onError });
  return { router, handlers, onError };
}

const fail = (code: keyof typeof IPC_ERROR_MESSAGES) => ({
  ok: false,
  error: { code, message: IPC_ERROR_MESSAGES[code] },
});

describe('IPC router', () => {
  it('serves every channel of the contract', () => {
    expect([...setup().router.channels].sort()).toEqual(Object.keys(ipcChannels).sort());
  });

  it('runs the handler with the parsed payload', async () => {
    const { router, handlers } = setup();
    await expect(router.handle('app:info', undefined, APP)).resolves.toEqual({
      ok: true,
      value: { version: '0.1.0', platform: 'linux', desktop: true },
    });
    await router.handle('language:set', { lang: 'ja' }, APP);
    expect(handlers['language:set']).toHaveBeenCalledWith({ lang: 'ja' }, APP);
  });

  it.each([
    'nope:nope',
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    'APP:INFO',
    'app:info ',
    '',
    42,
    null,
    undefined,
    { channel: 'app:info' },
    ['app:info'],
  ])('refuses unknown channel %p', async (channel) => {
    await expect(setup().router.handle(channel, undefined, APP)).resolves.toEqual(fail('unknown-channel'));
  });

  it.each([
    ['another app host', 'app://evil/index.html'],
    ['a web page', 'https://evil.example/'],
    ['a file page', 'file:///tmp/evil.html'],
    ['a data URL', 'data:text/html,<script></script>'],
    ['about:blank', 'about:blank'],
    ['the dev server when not in development', 'http://localhost:5173/'],
    ['a destroyed frame', null],
  ])('refuses an untrusted sender: %s, before looking at the payload', async (_name, url) => {
    const { router, handlers } = setup();
    await expect(router.handle('session:get', undefined, { url })).resolves.toEqual(fail('untrusted-sender'));
    await expect(router.handle('session:set', { token: 'x', role: 'admin' }, { url })).resolves.toEqual(
      fail('untrusted-sender'),
    );
    expect(handlers['session:get']).not.toHaveBeenCalled();
    expect(handlers['session:set']).not.toHaveBeenCalled();
  });

  it('treats a throwing sender check as untrusted', async () => {
    const router = createIpcRouter(setup().handlers, {
      isTrustedSender: () => {
        throw new Error('boom');
      },
    });
    await expect(router.handle('app:info', undefined, APP)).resolves.toEqual(fail('untrusted-sender'));
  });

  const hostile: [IpcChannel, unknown][] = [
    ['app:info', { evil: true }],
    ['app:info', 'x'],
    ['session:clear', 0],
    ['session:set', undefined],
    ['session:set', null],
    ['session:set', 'token'],
    ['session:set', { token: 123, role: 'admin' }],
    ['session:set', { token: '', role: 'admin' }],
    ['session:set', { token: 'x'.repeat(513), role: 'admin' }],
    ['session:set', { token: 'x', role: 'root' }],
    ['session:set', { token: 'x' }],
    ['session:set', [{ token: 'x', role: 'admin' }]],
    ['connection:set', { mode: 'cloud' }],
    ['connection:set', { mode: 'team' }],
    ['connection:set', { mode: 'team', url: 'file:///etc/passwd' }],
    ['connection:set', { mode: 'team', url: 'javascript:alert(1)//' }],
    ['connection:set', { mode: 'team', url: 'not a url' }],
    ['connection:set', { mode: 'team', url: `https://example.com/${'a'.repeat(5000)}` }],
    ['csv:save', { defaultName: '../../etc/passwd', content: 'x' }],
    ['csv:save', { defaultName: '..\\..\\Windows\\win.ini', content: 'x' }],
    ['csv:save', { defaultName: '/etc/passwd', content: 'x' }],
    ['csv:save', { defaultName: 'C:evil.csv', content: 'x' }],
    ['csv:save', { defaultName: 'a\0b.csv', content: 'x' }],
    ['csv:save', { defaultName: '', content: 'x' }],
    ['csv:save', { defaultName: 'x'.repeat(129), content: 'x' }],
    ['csv:save', { defaultName: 'x.csv', content: 42 }],
    ['csv:save', { defaultName: 'x.csv' }],
    ['external:open', { url: 'x'.repeat(4097) }],
    ['external:open', { url: 42 }],
    ['external:open', 'https://example.com'],
    ['language:set', { lang: 'fr' }],
    ['language:set', { lang: 'en'.repeat(1e5) }],
    ['language:set', {}],
    ['notifications:get', { seen: true }],
    ['notifications:update', undefined],
    ['notifications:update', null],
    ['notifications:update', 'seen'],
    ['notifications:update', {}],
    ['notifications:update', { seen: false }],
    ['notifications:update', { seen: 'true' }],
    ['notifications:update', { clear: 'all' }],
    ['notifications:update', { clear: '__proto__' }],
    ['notifications:update', { clear: 'x'.repeat(1e5) }],
    ['notifications:update', { seen: true, clear: 'platform' }],
    ['notifications:update', { seen: true, items: [{ kind: 'otz', id: 'x' }] }],
    ['notifications:update', { add: [{ kind: 'platform', id: '1' }] }],
    ['notifications:update', { items: [], unseen: true, flags: { platform: true, otz: true } }],
    ['notifications:update', [{ seen: true }]],
  ];
  it.each(hostile)('refuses hostile payload on %s: %j', async (channel, payload) => {
    const { router, handlers } = setup();
    await expect(router.handle(channel, payload, APP)).resolves.toEqual(fail('invalid-payload'));
    for (const handler of Object.values(handlers)) expect(handler).not.toHaveBeenCalled();
  });

  it('refuses CSV content over the 64 MB limit', async () => {
    const { router, handlers } = setup();
    const huge = 'x'.repeat(64 * 1024 * 1024 + 1);
    await expect(router.handle('csv:save', { defaultName: 'a.csv', content: huge }, APP)).resolves.toEqual(
      fail('invalid-payload'),
    );
    expect(handlers['csv:save']).not.toHaveBeenCalled();
  });

  it('never lets extra keys reach a handler', async () => {
    const { router, handlers } = setup();
    const payload = JSON.parse('{"token":"t","role":"admin","__proto__":{"polluted":true},"isAdmin":true}');
    await expect(router.handle('session:set', payload, APP)).resolves.toEqual({ ok: true, value: undefined });
    expect(handlers['session:set']).toHaveBeenCalledWith({ token: 't', role: 'admin' }, APP);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('passes known failures through and hides unexpected ones', async () => {
    const { router, onError } = setup({
      'session:set': () => {
        throw new IpcError('insecure-storage');
      },
      'app:info': () => {
        throw new Error('ENOENT /secret/path');
      },
    });
    await expect(router.handle('session:set', { token: 't', role: null }, APP)).resolves.toEqual(
      fail('insecure-storage'),
    );
    const result = await router.handle('app:info', undefined, APP);
    expect(result).toEqual(fail('failed'));
    expect(JSON.stringify(result)).not.toContain('secret');
    expect(onError).toHaveBeenCalledWith('app:info', expect.any(Error));
  });
});
