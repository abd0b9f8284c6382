import { describe, expect, it, vi } from 'vitest';
import {
  IPC_ERROR_MESSAGES,
  NO_OFFLINE_STATE,
  ipcChannels,
  ipcErrorCode,
  type IpcChannel,
  type KuraBridge,
} from '#shared/ipc';
import { createBridge, type BridgeTransport } from '../src/preload/bridge';
import { createIpcRouter, type IpcHandlers } from '../src/services/ipc-router';
import { IpcError } from '../src/services/ipc-error';
import {
  addNotifications,
  applyNotificationAction,
  EMPTY_NOTIFICATION_STATE,
} from '#shared/notifications/notification-state';

function fakeTransport(value: unknown = null) {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const transport = {
    invoke: vi.fn<BridgeTransport['invoke']>(async () => ({ ok: true, value })),
    subscribe: vi.fn<BridgeTransport['subscribe']>((event, listener) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    }),
    emit: (event: string, payload: unknown) => listeners.get(event)?.forEach((l) => l(payload)),
  };
  return transport;
}

const calls: [keyof KuraBridge, unknown[], IpcChannel, unknown][] = [
  ['appInfo', [], 'app:info', undefined],
  ['getConnection', [], 'connection:get', undefined],
  [
    'setConnection',
    [{ mode: 'team', url: 'https://kura.example.com' }],
    'connection:set',
    { mode: 'team', url: 'https://kura.example.com' },
  ],
  ['getSession', [], 'session:get', undefined],
  ['setSession', [{ token: 't', role: 'admin' }], 'session:set', { token: 't', role: 'admin' }],
  ['clearSession', [], 'session:clear', undefined],
  [
    'saveCsv',
    [{ defaultName: 'a.csv', path: 'products/csv-products' }],
    'csv:save',
    { defaultName: 'a.csv', path: 'products/csv-products' },
  ],
  [
    'savePdf',
    [{ defaultName: 'label.pdf', path: 'shipments/s1/documents/label.pdf' }],
    'pdf:save',
    { defaultName: 'label.pdf', path: 'shipments/s1/documents/label.pdf' },
  ],
  ['setUnsavedChanges', [true], 'window:unsaved', { unsaved: true }],
  ['openExternal', ['https://example.com'], 'external:open', { url: 'https://example.com' }],
  ['setLanguage', ['ja'], 'language:set', { lang: 'ja' }],
  ['getNotifications', [], 'notifications:get', undefined],
  ['updateNotifications', [{ seen: true }], 'notifications:update', { seen: true }],
  ['cancelCsv', [], 'csv:cancel', undefined],
  ['backupInfo', [], 'backup:info', undefined],
  ['backupNow', [], 'backup:now', undefined],
  ['restoreBackup', [], 'backup:restore', undefined],
  ['offlineState', [], 'offline:state', undefined],
  ['syncNow', [], 'offline:sync', undefined],
  ['cacheGet', ['shipments?page=1'], 'cache:get', { path: 'shipments?page=1' }],
  ['outboxList', [], 'outbox:list', undefined],
  [
    'outboxAdd',
    [
      {
        shipment: 's1',
        customs: { customId: 'C1', totalCustomFee: 1, receivedDate: '2026-11-26', version: 2 },
      },
    ],
    'outbox:add',
    {
      shipment: 's1',
      customs: { customId: 'C1', totalCustomFee: 1, receivedDate: '2026-11-26', version: 2 },
    },
  ],
  ['outboxResolve', [{ id: 1, keep: 'mine' }], 'outbox:resolve', { id: 1, keep: 'mine' }],
  ['updateNotifications', [{ clear: 'otz' }], 'notifications:update', { clear: 'otz' }],
];

describe('bridge', () => {
  it('has one method per channel, plus on()', () => {
    const bridge = createBridge(fakeTransport());
    expect(Object.keys(bridge).sort()).toEqual([...new Set(calls.map(([m]) => m)), 'on'].sort());
    expect(new Set(calls.map(([, , c]) => c))).toEqual(new Set(Object.keys(ipcChannels)));
  });

  it.each(calls)('%s calls %s with its payload', async (method, args, channel, payload) => {
    const transport = fakeTransport('result');
    const bridge = createBridge(transport);
    await expect((bridge[method] as (...a: unknown[]) => Promise<unknown>)(...args)).resolves.toBe('result');
    expect(transport.invoke).toHaveBeenCalledWith(channel, payload);
  });

  it('throws failures with their fixed message, recognisable by code', async () => {
    const transport = fakeTransport();
    transport.invoke.mockResolvedValueOnce({
      ok: false,
      error: { code: 'insecure-storage', message: 'anything' },
    });
    const error = await createBridge(transport)
      .setSession({ token: 't', role: 'admin' })
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe(IPC_ERROR_MESSAGES['insecure-storage']);
    expect(ipcErrorCode(error)).toBe('insecure-storage');
    // What survives contextBridge: only the message.
    expect(ipcErrorCode(new Error((error as Error).message))).toBe('insecure-storage');
  });

  it.each([
    [undefined],
    [null],
    ['ok'],
    [{ value: 1 }],
    [{ ok: false, error: { code: 'made-up', message: 'x' } }],
  ])('treats a malformed answer %j as a failure', async (answer) => {
    const transport = fakeTransport();
    transport.invoke.mockResolvedValueOnce(answer);
    const error = await createBridge(transport)
      .appInfo()
      .catch((e: unknown) => e);
    expect(ipcErrorCode(error)).toBe('failed');
  });

  it('delivers only valid events and unsubscribes', () => {
    const transport = fakeTransport();
    const bridge = createBridge(transport);
    const listener = vi.fn();
    const off = bridge.on('navigate', listener);
    transport.emit('navigate', { path: '/otz' });
    transport.emit('navigate', { path: 'https://evil.example' });
    transport.emit('navigate', 'garbage');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith({ path: '/otz' });
    off();
    transport.emit('navigate', { path: '/otz' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("delivers main's notification state only when it is one", () => {
    const transport = fakeTransport();
    const listener = vi.fn();
    createBridge(transport).on('notifications:changed', listener);
    transport.emit('notifications:changed', { items: [], unseen: true });
    transport.emit('notifications:changed', {
      items: [{ kind: 'otz', id: 'o1', createdAt: 'x' }],
      unseen: true,
      flags: { platform: false, otz: true },
    });
    transport.emit('notifications:changed', EMPTY_NOTIFICATION_STATE);
    expect(listener.mock.calls).toEqual([[EMPTY_NOTIFICATION_STATE]]);
  });

  it('refuses to subscribe to unknown events', () => {
    const bridge = createBridge(fakeTransport());
    expect(() => bridge.on('__proto__' as never, vi.fn())).toThrow();
  });

  it('works end to end over the router, as in the browser tests', async () => {
    let stored: unknown = null;
    let state = addNotifications(EMPTY_NOTIFICATION_STATE, [
      { kind: 'otz', id: 'o1', paypalTransactionId: 'PAY-1', createdAt: '2026-01-01T00:00:00.000Z' },
    ]);
    const handlers = {
      'app:info': () => ({ version: '1', platform: 'test', desktop: true }),
      'connection:get': async () => ({
        connection: { mode: 'local' as const },
        apiBaseUrl: 'http://127.0.0.1:9/api/v1',
      }),
      'connection:set': async (connection) => ({ connection, apiBaseUrl: 'x' }),
      'session:get': () => stored as null,
      'session:set': (session) => {
        stored = session;
        throw new IpcError('insecure-storage');
      },
      'session:clear': () => void (stored = null),
      'csv:save': async () => ({ saved: false }),
      'csv:cancel': () => ({ canceled: false }),
      'pdf:save': async () => ({ saved: false }),
      'window:unsaved': () => undefined,
      'external:open': async () => ({ opened: false }),
      'language:set': () => undefined,
      'notifications:get': () => state,
      'notifications:update': (action) => (state = applyNotificationAction(state, action)),
      'backup:info': () => ({ available: false, folder: null, latest: null }),
      'backup:now': async () => ({ saved: false }),
      'backup:restore': async () => ({ restored: false as const, reason: 'canceled' as const }),
      'offline:state': () => NO_OFFLINE_STATE,
      'offline:sync': () => NO_OFFLINE_STATE,
      'cache:get': () => ({ status: 503, body: { message: 'offline' } }),
      'outbox:list': () => [],
      'outbox:add': () => [],
      'outbox:resolve': () => [],
    } satisfies IpcHandlers;
    const router = createIpcRouter(handlers, { isTrustedSender: () => true });
    const bridge = createBridge({
      invoke: (channel, payload) => router.handle(channel, payload, { url: 'app://kura/' }),
      subscribe: () => () => {},
    });
    await expect(bridge.setSession({ token: 't', role: 'admin' })).rejects.toThrow(
      IPC_ERROR_MESSAGES['insecure-storage'],
    );
    await expect(bridge.getSession()).resolves.toEqual({ token: 't', role: 'admin' });
    await expect(
      bridge.saveCsv({ defaultName: '../../etc/passwd', path: 'products/csv-products' }),
    ).rejects.toThrow(IPC_ERROR_MESSAGES['invalid-payload']);
    await expect(
      bridge.saveCsv({ defaultName: 'a.csv', path: 'https://evil.example/products/csv-products' }),
    ).rejects.toThrow(IPC_ERROR_MESSAGES['invalid-payload']);
    // A document's path names its file; climbing out of the API is refused all the same.
    await expect(
      bridge.savePdf({ defaultName: 'label.pdf', path: 'shipments/s1/documents/label.pdf' }),
    ).resolves.toEqual({ saved: false });
    for (const path of ['shipments/../../etc/label.pdf', 'https://evil.example/label.pdf', '../label.pdf']) {
      await expect(bridge.savePdf({ defaultName: 'label.pdf', path })).rejects.toThrow(
        IPC_ERROR_MESSAGES['invalid-payload'],
      );
    }
    await expect(bridge.updateNotifications({ seen: true })).resolves.toMatchObject({
      unseen: false,
      flags: { otz: true },
    });
    await expect(bridge.getNotifications()).resolves.toMatchObject({ unseen: false, items: [{ id: 'o1' }] });
    await expect(bridge.updateNotifications({ clear: 'everything' } as never)).rejects.toThrow(
      IPC_ERROR_MESSAGES['invalid-payload'],
    );
  });
});
