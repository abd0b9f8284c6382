import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { IpcEventPayload, OfflineState, OutboxEntry } from '#shared/ipc';
import { translator } from '../features/audit/audit-test-i18n';
import { translateError, type Translate } from '../i18n/error-message';
import { ApiError, CACHED_READ_TIMEOUT_MS, configureApi, request, requestOrQueue } from './http';
import { connectOffline, offlineSnapshot, refetchOnReconnect, type OfflineBridge } from './offline';

const state = (over: Partial<OfflineState> = {}): OfflineState => ({
  available: true,
  online: true,
  syncedAt: '2026-11-27T05:20:00.000Z',
  syncing: null,
  retryAt: null,
  outbox: { pending: 0, conflicts: 0 },
  ...over,
});

const entry = (over: Partial<OutboxEntry> = {}): OutboxEntry => ({
  id: 1,
  shipment: { _id: 's1', shipmentId: 'SHIP-1' },
  customs: { customId: 'C-1', totalCustomFee: 1200.5, receivedDate: '2026-11-27' },
  version: 3,
  enteredAt: '2026-11-27T05:30:00.000Z',
  state: 'pending',
  theirs: null,
  error: null,
  ...over,
});

/** Main behind the bridge: its state, what it was asked, and its events when told to send them. */
function fakeMain(initial: OfflineState) {
  let current = initial;
  let listener: ((s: IpcEventPayload<'offline:changed'>) => void) | null = null;
  /** What the next check of the server finds. */
  let reachable = initial.online;
  const bridge = {
    offlineState: vi.fn(async () => current),
    syncNow: vi.fn(async () => (current = { ...current, online: reachable })),
    cacheGet: vi.fn(async (path: string) => ({ status: 200, body: { data: [{ path }], totalCount: 1 } })),
    outboxList: vi.fn(async (): Promise<OutboxEntry[]> => []),
    outboxAdd: vi.fn(async (): Promise<OutboxEntry[]> => [entry()]),
    outboxResolve: vi.fn(async (): Promise<OutboxEntry[]> => []),
    on: vi.fn((event: string, l: (s: OfflineState) => void) => {
      if (event === 'offline:changed') listener = l;
      return () => (listener = null);
    }),
  };
  return {
    bridge,
    setReachable: (yes: boolean) => (reachable = yes),
    emit(next: OfflineState) {
      current = next;
      listener?.(next);
    },
  };
}

const list = z.object({ data: z.array(z.object({ path: z.string() })), totalCount: z.number() });
const fetchMock = vi.fn<typeof fetch>();
let disconnect: () => void = () => {};

async function connect(initial: OfflineState) {
  const main = fakeMain(initial);
  disconnect = connectOffline(main.bridge as unknown as OfflineBridge);
  await vi.waitFor(() => expect(offlineSnapshot().state).toEqual(initial));
  return main;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that never answers until its signal aborts, as a dead link does. */
const hangs: typeof fetch = (_url, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  configureApi({ apiBaseUrl: 'http://team.test/api/v1', getToken: () => 'tok', onUnauthorized: () => {} });
});
afterEach(() => {
  disconnect();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the HTTP client offline (desktop with a team server)', () => {
  it('answers a read from the cache at once, as the server would, without trying the server', async () => {
    const main = await connect(state({ online: false }));
    const answer = await request('get', 'shipments?page=1&limit=50', { schema: list });
    expect(answer).toEqual({ data: [{ path: 'shipments?page=1&limit=50' }], totalCount: 1 });
    expect(main.bridge.cacheGet).toHaveBeenCalledWith('shipments?page=1&limit=50');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("waits for main's first answer: a window opened with the server gone reads the cache", async () => {
    const main = fakeMain(state({ online: false }));
    let answer: (s: OfflineState) => void = () => {};
    main.bridge.offlineState.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    disconnect = connectOffline(main.bridge as unknown as OfflineBridge);
    const read = request('get', 'auth/me', { schema: z.unknown() });
    await Promise.resolve();
    expect(main.bridge.cacheGet).not.toHaveBeenCalled();
    answer(state({ online: false }));
    await read;
    expect(main.bridge.cacheGet).toHaveBeenCalledWith('auth/me');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("turns the cache's non-200 answer into the ApiError its body describes", async () => {
    const main = await connect(state({ online: false }));
    main.bridge.cacheGet.mockResolvedValueOnce({
      status: 404,
      body: { code: 'notFound', message: 'Not found' },
    } as never);
    await expect(request('get', 'shipments/x', { schema: list })).rejects.toMatchObject({
      status: 404,
      code: 'notFound',
    });
    // A read the cache does not hold: the server could not be reached, the session stays.
    main.bridge.cacheGet.mockResolvedValueOnce({
      status: 503,
      body: { code: 'offline', message: 'Not available offline' },
    } as never);
    await expect(request('get', 'sales?page=1', { schema: list })).rejects.toMatchObject({
      status: 0,
      code: 'offline',
    });
  });

  it("refuses every write with the offline code, in the user's language", async () => {
    await connect(state({ online: false }));
    for (const method of ['post', 'put', 'delete'] as const) {
      const error = await request(method, 'products', { json: {} }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 0, code: 'offline' });
    }
    expect(fetchMock).not.toHaveBeenCalled();
    const error = (await request('post', 'orders').catch((e: unknown) => e)) as ApiError;
    const [en, ja] = await Promise.all([translator('en'), translator('ja')]);
    expect(translateError(en as unknown as Translate, error)).toBe('Not available offline');
    expect(translateError(ja as unknown as Translate, error)).toBe('オフラインでは利用できません');
  });

  it('keeps customs in the outbox with the version they were entered on', async () => {
    const main = await connect(state({ online: false }));
    const body = { customId: 'C-1', totalCustomFee: 1200.5, receivedDate: '2026-11-27' };
    const answer = await requestOrQueue('shipments/s1', {
      json: body,
      schema: z.unknown(),
      queue: { shipment: 's1', version: 3 },
    });
    expect(main.bridge.outboxAdd).toHaveBeenCalledWith({ shipment: 's1', customs: { ...body, version: 3 } });
    expect(answer).toEqual({ queued: [entry()] });
    expect(offlineSnapshot().outbox).toEqual([entry()]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends customs to the server while it answers, without a version (as the web screens do)', async () => {
    const main = await connect(state());
    fetchMock.mockResolvedValueOnce(json(200, { data: { ok: true } }));
    const body = { customId: 'C-1', totalCustomFee: 10, receivedDate: '2026-11-27' };
    const answer = await requestOrQueue('shipments/s1', {
      json: body,
      schema: z.object({ data: z.object({ ok: z.boolean() }) }),
      queue: { shipment: 's1', version: 3 },
    });
    expect(answer).toEqual({ sent: { data: { ok: true } } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://team.test/api/v1/shipments/s1');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(init?.body as string)).toEqual(body);
    expect(main.bridge.outboxAdd).not.toHaveBeenCalled();
  });
});

describe('the HTTP client online with a cache to fall back on', () => {
  it('asks main to check on a network failure, and reads the cache when main finds the server gone', async () => {
    const main = await connect(state());
    main.setReachable(false);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const answer = await request('get', 'orders?page=1', { schema: list });
    expect(main.bridge.syncNow).toHaveBeenCalledTimes(1);
    expect(answer.data[0]?.path).toBe('orders?page=1');
    expect(offlineSnapshot().state.online).toBe(false);
  });

  it('keeps the network error when main finds the server answering', async () => {
    const main = await connect(state());
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(request('get', 'orders?page=1', { schema: list })).rejects.toMatchObject({ status: 0 });
    expect(main.bridge.syncNow).toHaveBeenCalledTimes(1);
    expect(main.bridge.cacheGet).not.toHaveBeenCalled();
  });

  it('gives up on a silent server after 5 s and answers from the cache', async () => {
    vi.useFakeTimers();
    const main = await connect(state());
    main.setReachable(false);
    fetchMock.mockImplementation(hangs);
    let settled = false;
    const answer = request('get', 'products?page=1', { schema: list }).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(CACHED_READ_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    expect(main.bridge.syncNow).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect((await answer).data[0]?.path).toBe('products?page=1');
    expect(main.bridge.syncNow).toHaveBeenCalledTimes(1);
  });

  it('waits the full limit without a cache (local mode, a browser)', async () => {
    vi.useFakeTimers();
    await connect(state({ available: false }));
    fetchMock.mockImplementation(hangs);
    let settled = false;
    const answer = request('get', 'products?page=1', { schema: list }).catch((e: unknown) => {
      settled = true;
      return e;
    });
    await vi.advanceTimersByTimeAsync(CACHED_READ_TIMEOUT_MS + 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await answer).toMatchObject({ status: 0 });
  });

  it("a write's network failure asks main to check but is never answered by the cache", async () => {
    const main = await connect(state());
    main.setReachable(false);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(request('post', 'products', { json: {} })).rejects.toMatchObject({ status: 0 });
    await vi.waitFor(() => expect(main.bridge.syncNow).toHaveBeenCalledTimes(1));
    expect(main.bridge.cacheGet).not.toHaveBeenCalled();
  });

  it("refetches the screens' queries when main says the server answers again", async () => {
    const main = await connect(state({ online: false }));
    const queryClient = new QueryClient();
    queryClient.setQueryData(['shipments', 'list', {}], { data: [] });
    const stop = refetchOnReconnect(queryClient);
    main.emit(state({ online: false, retryAt: '2026-11-27T05:40:00.000Z' }));
    expect(queryClient.getQueryState(['shipments', 'list', {}])?.isInvalidated).toBe(false);
    main.emit(state({ online: true }));
    expect(queryClient.getQueryState(['shipments', 'list', {}])?.isInvalidated).toBe(true);
    stop();
    // Online, reads go to the server again.
    fetchMock.mockResolvedValueOnce(json(200, { data: [], totalCount: 0 }));
    await request('get', 'shipments?page=1', { schema: list });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads the outbox again when its counts change', async () => {
    const main = await connect(state({ online: false }));
    main.bridge.outboxList.mockResolvedValueOnce([entry({ state: 'conflict' })]);
    main.emit(state({ online: true, outbox: { pending: 1, conflicts: 1 } }));
    await vi.waitFor(() => expect(offlineSnapshot().outbox).toEqual([entry({ state: 'conflict' })]));
  });
});
