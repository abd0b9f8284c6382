import { describe, expect, it, vi } from 'vitest';
import { mergeNotifications, type NotificationItem } from './notification-items';
import {
  createOrderPoller,
  POLL_BATCH_LIMIT,
  type OrderBatch,
  type OrderPollerDeps,
  type PollerSession,
} from './order-poller';
import { manualTimer } from './manual-timer';

const ADMIN: PollerSession = { token: 'admin-token', role: 'admin' };

const platformRow = (n: number, createdAt: string) => ({
  _id: `p${n}`,
  orderId: `408-${n}`,
  platformCode: 'AMAZONIND',
  createdAt,
  product: { _id: 'x', name: 'ignored' },
});
const otzRow = (n: number, createdAt: string) => ({
  _id: `o${n}`,
  paypalTransactionId: `PAY-${n}`,
  createdAt,
});
const list = (rows: unknown[], totalCount = rows.length) => ({ data: rows, totalCount });

type Route = (path: string, query: URLSearchParams) => unknown;

function setup({
  session = ADMIN as PollerSession | null,
  route,
  kinds,
}: {
  session?: PollerSession | null;
  route: Route;
  kinds?: OrderPollerDeps['kinds'];
}) {
  const timer = manualTimer();
  const state = { session };
  const batches: OrderBatch[] = [];
  const requests: { path: string; query: URLSearchParams; token: string }[] = [];
  const deps = {
    get: vi.fn(async (path: string, init: { token: string; signal: AbortSignal }) => {
      const [resource = '', search = ''] = path.split('?');
      const query = new URLSearchParams(search);
      requests.push({ path: resource, query, token: init.token });
      return route(resource, query);
    }),
    getSession: () => state.session,
    onBatch: vi.fn((batch: OrderBatch) => void batches.push(batch)),
    timer,
    kinds,
  } satisfies OrderPollerDeps;
  const poller = createOrderPoller(deps);
  return { poller, deps, timer, batches, requests, state };
}

const settle = () => new Promise((r) => setTimeout(r, 0));
const isCursorFetch = (q: URLSearchParams) => q.get('limit') === '1';

describe('order poller', () => {
  it('first poll takes the newest order of each kind as its cursor and reports nothing', async () => {
    const { poller, timer, batches, requests } = setup({
      route: (path) =>
        path === 'orders/'
          ? list([platformRow(1, '2026-11-01T10:00:00.000Z')], 5000)
          : list([otzRow(1, '2026-11-01T09:00:00.000Z')]),
    });
    poller.sync();
    expect(timer.lastMs).toBe(10_000);
    await poller.poll();
    expect(requests.map((r) => `${r.path}?${r.query}`)).toEqual([
      'orders/?page=1&limit=1&sort=-createdAt',
      'otz-orders/?page=1&limit=1&sort=-createdAt',
    ]);
    expect(requests.every((r) => r.token === 'admin-token')).toBe(true);
    expect(batches).toEqual([]);
  });

  it('later polls ask for what was created after the cursor, hand out the items and move the cursor', async () => {
    let platformRows: unknown[] = [];
    let otzRows: unknown[] = [];
    const { poller, timer, batches, requests } = setup({
      route: (path, q) => {
        if (isCursorFetch(q))
          return path === 'orders/'
            ? list([platformRow(0, '2026-11-01T10:00:00.000Z')])
            : list([otzRow(0, '2026-11-01T09:00:00.000Z')]);
        return list(path === 'orders/' ? platformRows : otzRows);
      },
    });
    poller.sync();
    await poller.poll();

    platformRows = [platformRow(3, '2026-11-01T10:05:00.000Z'), platformRow(2, '2026-11-01T10:00:01.000Z')];
    otzRows = [otzRow(7, '2026-11-01T09:30:00.000Z')];
    requests.length = 0;
    timer.fire();
    await poller.poll();
    const [platformReq, otzReq] = requests;
    expect(platformReq?.query.get('createdAt[gt]')).toBe('2026-11-01T10:00:00.000Z');
    expect(platformReq?.query.get('sort')).toBe('-createdAt');
    expect(platformReq?.query.get('limit')).toBe(String(POLL_BATCH_LIMIT));
    expect(otzReq?.query.get('createdAt[gt]')).toBe('2026-11-01T09:00:00.000Z');
    expect(batches).toEqual([
      {
        kind: 'platform',
        count: 2,
        items: [
          {
            kind: 'platform',
            id: 'p3',
            orderId: '408-3',
            platformCode: 'AMAZONIND',
            createdAt: '2026-11-01T10:05:00.000Z',
          },
          {
            kind: 'platform',
            id: 'p2',
            orderId: '408-2',
            platformCode: 'AMAZONIND',
            createdAt: '2026-11-01T10:00:01.000Z',
          },
        ],
      },
      {
        kind: 'otz',
        count: 1,
        items: [
          { kind: 'otz', id: 'o7', paypalTransactionId: 'PAY-7', createdAt: '2026-11-01T09:30:00.000Z' },
        ],
      },
    ]);

    platformRows = [];
    otzRows = [];
    requests.length = 0;
    timer.fire();
    await poller.poll();
    expect(requests[0]?.query.get('createdAt[gt]')).toBe('2026-11-01T10:05:00.000Z');
    expect(requests[1]?.query.get('createdAt[gt]')).toBe('2026-11-01T09:30:00.000Z');
    expect(batches).toHaveLength(2);
  });

  it('a batch counts every new order, not only the items it carries', async () => {
    let phase = 0;
    const { poller, timer, batches } = setup({
      route: (path, q) =>
        path !== 'orders/'
          ? list([])
          : phase === 0 || isCursorFetch(q)
            ? list([platformRow(0, '2026-01-01T00:00:00.000Z')])
            : list(
                Array.from({ length: POLL_BATCH_LIMIT }, (_, i) =>
                  platformRow(i + 1, `2026-01-02T00:00:${String(59 - (i % 60)).padStart(2, '0')}.000Z`),
                ),
                2500,
              ),
    });
    poller.sync();
    await poller.poll();
    phase = 1;
    timer.fire();
    await poller.poll();
    expect(batches).toHaveLength(1);
    expect(batches[0]?.count).toBe(2500);
    expect(batches[0]?.items).toHaveLength(POLL_BATCH_LIMIT);
  });

  it('an order of two lines is one item counted once; two orders are two', async () => {
    let rows: unknown[] = [];
    const { poller, timer, batches } = setup({
      route: (path, q) =>
        path !== 'orders/'
          ? list([])
          : isCursorFetch(q)
            ? list([platformRow(0, '2026-11-01T10:00:00.000Z')])
            : list(rows),
    });
    poller.sync();
    await poller.poll();
    // One order, two products: the API lists two lines, each with an id of its own.
    const line = (id: string, orderId: string, platformCode: string) => ({
      _id: id,
      orderId,
      platformCode,
      createdAt: '2026-11-01T10:05:00.000Z',
    });
    rows = [line('p1', '408-7', 'AMAZONIND'), line('p2', '408-7', 'AMAZONIND')];
    timer.fire();
    await poller.poll();
    expect(batches.at(-1)).toEqual({
      kind: 'platform',
      count: 1,
      items: [
        {
          kind: 'platform',
          id: 'p1',
          orderId: '408-7',
          platformCode: 'AMAZONIND',
          createdAt: '2026-11-01T10:05:00.000Z',
        },
      ],
    });

    // Two orders, one of them with two lines; and one order id on two platforms is two orders.
    rows = [
      { ...line('p3', '408-8', 'AMAZONIND'), createdAt: '2026-11-01T10:06:00.000Z' },
      { ...line('p4', '408-8', 'AMAZONIND'), createdAt: '2026-11-01T10:06:00.000Z' },
      { ...line('p5', '408-9', 'AMAZONIND'), createdAt: '2026-11-01T10:06:00.000Z' },
      { ...line('p6', '408-9', 'AMAZONJP'), createdAt: '2026-11-01T10:06:00.000Z' },
    ];
    timer.fire();
    await poller.poll();
    expect(batches.at(-1)?.count).toBe(3);
    expect(batches.at(-1)?.items.map((i) => i.id)).toEqual(['p3', 'p5', 'p6']);
  });

  it('past the rows fetched, each line not fetched counts as an order', async () => {
    const { poller, timer, batches } = setup({
      route: (path, q) =>
        path !== 'orders/'
          ? list([])
          : isCursorFetch(q)
            ? list([platformRow(0, '2026-01-01T00:00:00.000Z')])
            : // 100 rows of 50 two-line orders, of 130 rows in all.
              list(
                Array.from({ length: POLL_BATCH_LIMIT }, (_, i) => ({
                  ...platformRow(i + 1, '2026-01-02T00:00:00.000Z'),
                  orderId: `408-${Math.floor(i / 2)}`,
                })),
                POLL_BATCH_LIMIT + 30,
              ),
    });
    poller.sync();
    await poller.poll();
    timer.fire();
    await poller.poll();
    expect(batches[0]?.items).toHaveLength(POLL_BATCH_LIMIT / 2);
    expect(batches[0]?.count).toBe(POLL_BATCH_LIMIT / 2 + 30);
  });

  it('when there were no orders at all, every order that appears is new', async () => {
    let rows: unknown[] = [];
    const { poller, batches, requests, timer } = setup({
      route: (path) => list(path === 'orders/' ? rows : []),
    });
    poller.sync();
    await poller.poll();
    rows = [platformRow(1, '2026-11-01T00:00:00.000Z')];
    requests.length = 0;
    timer.fire();
    await poller.poll();
    expect(requests[0]?.query.has('createdAt[gt]')).toBe(false);
    expect(batches.map((b) => [b.kind, b.count])).toEqual([['platform', 1]]);
  });

  it.each([
    ['orderCreator', { token: 't', role: 'orderCreator' as const }],
    ['no role yet', { token: 't', role: null }],
    ['signed out', null],
  ])('never polls for %s', async (_name, session) => {
    const { poller, deps, timer } = setup({ session, route: () => list([]) });
    poller.sync();
    expect(poller.isRunning()).toBe(false);
    expect(timer.active()).toBe(0);
    timer.fire();
    await poller.poll();
    expect(deps.get).not.toHaveBeenCalled();
  });

  it('a role taken away stops polling at the next sync', async () => {
    const { poller, state, timer } = setup({ route: () => list([]) });
    poller.sync();
    expect(poller.isRunning()).toBe(true);
    state.session = { token: 'admin-token', role: 'orderCreator' };
    poller.sync();
    expect(poller.isRunning()).toBe(false);
    expect(timer.active()).toBe(0);
  });

  it('stop drops the result of a poll still in flight', async () => {
    let release: (body: unknown) => void = () => {};
    let phase = 0;
    const { poller, state, batches, timer, deps } = setup({
      route: () =>
        phase === 0
          ? list([platformRow(0, '2026-01-01T00:00:00.000Z')])
          : new Promise((resolve) => (release = resolve)),
    });
    poller.sync();
    await poller.poll();
    phase = 1;
    timer.fire();
    await settle();
    const signal = deps.get.mock.calls.at(-1)?.[1].signal;
    expect(signal?.aborted).toBe(false);
    state.session = null;
    poller.sync();
    expect(signal?.aborted).toBe(true);
    expect(poller.isRunning()).toBe(false);
    release(list([platformRow(1, '2026-01-02T00:00:00.000Z')]));
    await settle();
    await settle();
    expect(batches).toEqual([]);
  });

  it('restart forgets the cursors and drops a late answer from before it', async () => {
    let release: (body: unknown) => void = () => {};
    let phase = 0;
    const { poller, batches, timer, requests } = setup({
      route: (_path, q) => {
        if (phase === 1 && !isCursorFetch(q)) return new Promise((resolve) => (release = resolve));
        return list(
          isCursorFetch(q)
            ? [platformRow(0, '2026-01-01T00:00:00.000Z')]
            : [platformRow(9, '2026-01-09T00:00:00.000Z')],
        );
      },
    });
    poller.sync();
    await poller.poll();
    phase = 1;
    timer.fire();
    await settle();
    // e.g. the desktop app switched to another server
    poller.restart();
    expect(poller.isRunning()).toBe(true);
    expect(timer.active()).toBe(1);
    phase = 2;
    await poller.poll();
    release(list([platformRow(1, '2026-01-02T00:00:00.000Z')]));
    await settle();
    // The new session's first poll only took cursors again.
    expect(batches).toEqual([]);
    expect(requests.filter((r) => isCursorFetch(r.query))).toHaveLength(4);
  });

  it('restarts for another admin token (sign-in as someone else) and uses it', async () => {
    const { poller, state, timer, requests } = setup({ route: () => list([]) });
    poller.sync();
    await poller.poll();
    state.session = { token: 'other', role: 'admin' };
    poller.sync();
    await poller.poll();
    expect(poller.isRunning()).toBe(true);
    expect(timer.active()).toBe(1);
    expect(requests.at(-1)?.token).toBe('other');
  });

  it.each([
    ['network error', () => Promise.reject(new TypeError('fetch failed'))],
    ['HTTP error', () => Promise.reject(new Error('HTTP 500'))],
    ['wrong shape', () => ({ items: [] })],
    ['a row without createdAt', () => list([{ _id: '1', orderId: 'x', platformCode: 'AMAZONIND' }])],
    [
      'an unknown platform',
      () => list([platformRow(1, '2026-01-01T00:00:00.000Z')].map((r) => ({ ...r, platformCode: 'EBAY' }))),
    ],
  ])('skips a failing request quietly (%s) and retries next tick', async (_name, failure) => {
    let failing = true;
    const { poller, batches, timer } = setup({
      route: (path, q) => {
        if (failing) return failure();
        const row = path === 'orders/' ? platformRow : otzRow;
        return list([
          isCursorFetch(q) ? row(0, '2026-01-01T00:00:00.000Z') : row(1, '2026-01-03T00:00:00.000Z'),
        ]);
      },
    });
    poller.sync();
    await expect(poller.poll()).resolves.toBeUndefined();
    timer.fire();
    await poller.poll();
    expect(batches).toEqual([]);
    // The cursor was never taken while failing: the first success sets it, it does not report.
    failing = false;
    timer.fire();
    await poller.poll();
    expect(batches).toEqual([]);
    timer.fire();
    await poller.poll();
    expect(batches.map((b) => b.kind)).toEqual(['platform', 'otz']);
  });

  it('one failing kind does not stop the other, and a throwing consumer does not stop polling', async () => {
    let phase = 0;
    const { poller, batches, timer, deps } = setup({
      route: (path) => {
        if (path === 'otz-orders/') return Promise.reject(new Error('HTTP 404'));
        return list([platformRow(phase, `2026-01-0${phase + 1}T00:00:00.000Z`)]);
      },
    });
    deps.onBatch.mockImplementationOnce(() => {
      throw new Error('consumer failed');
    });
    poller.sync();
    await poller.poll();
    phase = 1;
    timer.fire();
    await poller.poll();
    phase = 2;
    timer.fire();
    await poller.poll();
    expect(deps.onBatch).toHaveBeenCalledTimes(2);
    expect(batches.map((b) => b.items[0]?.id)).toEqual(['p2']);
  });

  it('never has two polls in flight', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const { poller, timer, deps } = setup({
      route: async () => {
        await gate;
        return list([]);
      },
    });
    poller.sync();
    timer.fire();
    timer.fire();
    const again = poller.poll();
    await settle();
    expect(deps.get).toHaveBeenCalledTimes(1);
    release();
    await again;
    expect(deps.get).toHaveBeenCalledTimes(2);
  });

  it('polls only the kinds it is given: on the restricted brand OTZ orders are never asked for', async () => {
    let phase = 0;
    const { poller, timer, batches, requests } = setup({
      kinds: ['platform'],
      route: (path) => {
        const at = phase === 0 ? '2026-01-01T00:00:00.000Z' : '2026-01-02T00:00:00.000Z';
        return list(path === 'orders/' ? [platformRow(phase, at)] : [otzRow(phase, at)]);
      },
    });
    poller.sync();
    await poller.poll();
    phase = 1;
    timer.fire();
    await poller.poll();
    expect(requests.map((r) => r.path)).toEqual(['orders/', 'orders/']);
    expect(batches.map((b) => b.kind)).toEqual(['platform']);
  });

  it('asks a kinds function once per session, takes no cursor until it answers, and asks again after a restart', async () => {
    let brandKnown = false;
    const kinds = vi.fn(async ({ token }: { token: string; signal: AbortSignal }) => {
      expect(token).toBe('admin-token');
      if (!brandKnown) throw new Error('offline');
      return ['otz'] as const;
    });
    let phase = 0;
    const { poller, timer, batches, requests } = setup({
      kinds,
      route: (path) => {
        const at = phase === 0 ? '2026-01-01T00:00:00.000Z' : '2026-01-02T00:00:00.000Z';
        return list(path === 'orders/' ? [platformRow(phase, at)] : [otzRow(phase, at)]);
      },
    });
    poller.sync();
    await poller.poll();
    // Not known yet: nothing asked, no cursor taken; the next tick tries again.
    expect(requests).toEqual([]);
    brandKnown = true;
    timer.fire();
    await poller.poll();
    phase = 1;
    timer.fire();
    await poller.poll();
    expect(kinds).toHaveBeenCalledTimes(2);
    expect(requests.map((r) => r.path)).toEqual(['otz-orders/', 'otz-orders/']);
    expect(batches.map((b) => b.kind)).toEqual(['otz']);

    poller.restart();
    await poller.poll();
    expect(kinds).toHaveBeenCalledTimes(3);
    poller.stop();
  });

  it('gives a hung request up after its timeout', async () => {
    const timer = manualTimer();
    const poller = createOrderPoller({
      get: (_path, { signal }) =>
        new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
      getSession: () => ADMIN,
      onBatch: () => {},
      timer,
      requestTimeoutMs: 20,
    });
    poller.sync();
    await expect(poller.poll()).resolves.toBeUndefined();
    poller.stop();
  });
});

describe('mergeNotifications', () => {
  const order = (id: string, createdAt: string): NotificationItem => ({
    kind: 'platform',
    id,
    orderId: `ORD-${id}`,
    platformCode: 'AMAZONIND',
    createdAt,
  });
  const otz = (id: string, createdAt: string): NotificationItem => ({
    kind: 'otz',
    id,
    paypalTransactionId: `PP-${id}`,
    createdAt,
  });

  it('adds new items newest first and says which kinds were new', () => {
    const first = mergeNotifications([], [order('1', '2026-11-01T10:00:00Z')]);
    expect(first.added).toEqual({ platform: true, otz: false });
    const second = mergeNotifications(first.items, [otz('9', '2026-11-01T11:00:00Z')]);
    expect(second.items.map((i) => i.id)).toEqual(['9', '1']);
    expect(second.added).toEqual({ platform: false, otz: true });
  });

  it('ignores items it already has, even twice in one batch', () => {
    const { items } = mergeNotifications([], [order('1', '2026-11-01T10:00:00Z')]);
    const again = mergeNotifications(items, [
      order('1', '2026-11-01T10:00:00Z'),
      order('2', '2026-11-01T12:00:00Z'),
      order('2', '2026-11-01T12:00:00Z'),
    ]);
    expect(again.items.map((i) => i.id)).toEqual(['2', '1']);
    expect(mergeNotifications(again.items, [order('1', 'y')]).added).toEqual({ platform: false, otz: false });
  });

  it('lists an order once, whichever of its lines arrives and when', () => {
    const line = (id: string, orderId: string, platformCode: 'AMAZONIND' | 'SHOPIFY', createdAt: string) =>
      ({ kind: 'platform', id, orderId, platformCode, createdAt }) satisfies NotificationItem;
    const first = mergeNotifications([], [line('a', '408-1', 'AMAZONIND', '2026-11-01T10:00:00Z')]);
    // The order's second line, in a later poll: nothing new.
    const second = mergeNotifications(first.items, [line('b', '408-1', 'AMAZONIND', '2026-11-01T10:00:01Z')]);
    expect(second.items.map((i) => i.id)).toEqual(['a']);
    expect(second.added).toEqual({ platform: false, otz: false });
    expect(second.fresh).toEqual([]);
    // Two lines of one order in one batch, beside another order: two items.
    const third = mergeNotifications(first.items, [
      line('c', '#1001', 'SHOPIFY', '2026-11-01T11:00:00Z'),
      line('d', '#1001', 'SHOPIFY', '2026-11-01T11:00:00Z'),
      line('e', '408-1', 'SHOPIFY', '2026-11-01T11:00:00Z'),
    ]);
    expect(third.items.map((i) => i.id)).toEqual(['c', 'e', 'a']);
    expect(third.fresh.map((i) => i.id)).toEqual(['c', 'e']);
  });

  it('keeps a platform order and an OTZ order with the same id apart', () => {
    const { items } = mergeNotifications([], [order('5', 'a'), otz('5', 'b')]);
    expect(items).toHaveLength(2);
  });

  it('keeps the newest 200', () => {
    const many = Array.from({ length: 250 }, (_, i) =>
      order(String(i), `2026-01-01T00:${String(i).padStart(4, '0')}`),
    );
    const { items } = mergeNotifications([], many);
    expect(items).toHaveLength(200);
    expect(items[0]?.id).toBe('249');
  });
});
