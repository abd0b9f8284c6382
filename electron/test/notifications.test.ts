import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ipcEvents, type StoredSession } from '#shared/ipc';
import { EMPTY_NOTIFICATION_STATE } from '#shared/notifications/notification-state';
import { formatMessage } from '#shared/messages';
import {
  CONNECTION_ALERT_KEYS,
  createConnectionAlertText,
  createNotificationText,
  NOTIFICATION_KEYS,
} from '../src/services/notification-text';
import { createOrderNotifications, type OrderNotificationsDeps } from '../src/services/notifications';
import { manualTimer } from '#shared/notifications/manual-timer';

const BASE = 'http://127.0.0.1:4567/api/v1';
const ADMIN: StoredSession = { token: 'admin-token', role: 'admin' };

type Route = (url: URL) => Response | Promise<Response>;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const orders = (...createdAt: string[]) => ({
  data: createdAt.map((c, i) => ({
    _id: String(i),
    orderId: `A-${i}`,
    platformCode: 'AMAZONJP',
    createdAt: c,
  })),
  totalCount: createdAt.length,
});
const otzOrders = (...createdAt: string[]) => ({
  data: createdAt.map((c, i) => ({ _id: String(i), paypalTransactionId: `PAY-${i}`, createdAt: c })),
  totalCount: createdAt.length,
});

const isConfig = (url: URL) => url.pathname === '/api/v1/config';

function setup({
  session = ADMIN as StoredSession | null,
  route,
  restrictedBrand = false,
}: {
  session?: StoredSession | null;
  route: Route;
  /** What the API's public config says; null: the config request fails. */
  restrictedBrand?: boolean | null;
}) {
  const timer = manualTimer();
  const state = { session };
  const shown: { title: string; body: string; click: () => void }[] = [];
  const requests: URL[] = [];
  const deps = {
    fetch: vi.fn(async (url: string, init: { headers: Record<string, string> }) => {
      const parsed = new URL(url);
      expect(init.headers.Authorization).toBe(`Token ${state.session?.token}`);
      if (isConfig(parsed) && restrictedBrand !== null) {
        return json({ restrictedBrand, version: '1', demo: false, timeZone: 'Asia/Tokyo' });
      }
      requests.push(parsed);
      return route(parsed);
    }),
    createNotification: vi.fn(({ title, body }: { title: string; body: string }) => {
      const entry = { title, body, click: () => {} };
      return {
        onClick: (listener: () => void) => void (entry.click = listener),
        show: () => void shown.push(entry),
      };
    }),
    notificationText: async (lang: string, kind: string, count: number) => ({
      title: 'Kura',
      body: `${lang}:${kind}:${count}`,
    }),
    getSession: () => state.session,
    getApiBaseUrl: async () => BASE,
    getLanguage: () => 'en' as const,
    emit: vi.fn(),
    focusWindow: vi.fn(),
    timer,
  } satisfies OrderNotificationsDeps;
  const notifications = createOrderNotifications(deps);
  const { poller } = notifications;
  return { notifications, poller, deps, timer, shown, requests, state };
}

const isPlatform = (url: URL) => url.pathname === '/api/v1/orders/';

describe('desktop order notifications', () => {
  it('polls the API with the stored token, then shows one native notification per batch and sends the new state', async () => {
    let platformBatch = orders();
    const { notifications, poller, timer, shown, requests, deps } = setup({
      route: (url) => {
        if (url.searchParams.get('limit') === '1') {
          return json(
            isPlatform(url) ? orders('2026-11-01T10:00:00.000Z') : otzOrders('2026-11-01T09:00:00.000Z'),
          );
        }
        return json(isPlatform(url) ? platformBatch : otzOrders());
      },
    });
    poller.sync();
    expect(timer.lastMs).toBe(10_000);
    await poller.poll();
    expect(requests.map((u) => `${u.pathname}?${u.searchParams}`)).toEqual([
      '/api/v1/orders/?page=1&limit=1&sort=-createdAt',
      '/api/v1/otz-orders/?page=1&limit=1&sort=-createdAt',
    ]);
    expect(shown).toEqual([]);

    platformBatch = orders(
      '2026-11-01T10:05:00.000Z',
      '2026-11-01T10:00:02.000Z',
      '2026-11-01T10:00:01.000Z',
    );
    requests.length = 0;
    timer.fire();
    await poller.poll();
    expect(requests[0]?.searchParams.get('createdAt[gt]')).toBe('2026-11-01T10:00:00.000Z');
    expect(shown.map((s) => s.body)).toEqual(['en:platform:3']);
    const items = [
      {
        kind: 'platform',
        id: '0',
        orderId: 'A-0',
        platformCode: 'AMAZONJP',
        createdAt: '2026-11-01T10:05:00.000Z',
      },
      {
        kind: 'platform',
        id: '1',
        orderId: 'A-1',
        platformCode: 'AMAZONJP',
        createdAt: '2026-11-01T10:00:02.000Z',
      },
      {
        kind: 'platform',
        id: '2',
        orderId: 'A-2',
        platformCode: 'AMAZONJP',
        createdAt: '2026-11-01T10:00:01.000Z',
      },
    ];
    const expected = { items, unseen: true, flags: { platform: true, otz: false } };
    expect(deps.emit).toHaveBeenCalledTimes(1);
    expect(deps.emit).toHaveBeenCalledWith('notifications:changed', expected);
    expect(notifications.getState()).toEqual(expected);
    // What main sends passes the bridge's own check of the event.
    const sent = vi.mocked(deps.emit).mock.calls[0]?.[1];
    expect(ipcEvents['notifications:changed'].safeParse(sent).success).toBe(true);
  });

  it('an order of two lines is one notification of one order; two orders say two', async () => {
    let batch = orders();
    const { notifications, poller, timer, shown } = setup({
      route: (url) => {
        if (url.searchParams.get('limit') === '1') {
          return json(isPlatform(url) ? orders('2026-11-01T10:00:00.000Z') : otzOrders());
        }
        return json(isPlatform(url) ? batch : otzOrders());
      },
    });
    const lines = (...rows: [id: string, orderId: string, createdAt: string][]) => ({
      data: rows.map(([_id, orderId, createdAt]) => ({ _id, orderId, platformCode: 'AMAZONJP', createdAt })),
      totalCount: rows.length,
    });
    poller.sync();
    await poller.poll();

    batch = lines(['p1', '503-1', '2026-11-01T10:05:00.000Z'], ['p2', '503-1', '2026-11-01T10:05:00.000Z']);
    timer.fire();
    await poller.poll();
    expect(shown.map((s) => s.body)).toEqual(['en:platform:1']);
    expect(notifications.getState().items.map((i) => i.id)).toEqual(['p1']);

    // The same order's third line, in a later poll: already announced, so nothing is shown.
    batch = lines(['p3', '503-1', '2026-11-01T10:05:01.000Z']);
    timer.fire();
    await poller.poll();
    expect(shown).toHaveLength(1);

    // Two orders (one of two lines, one new beside the known one): two, and one not known.
    batch = lines(
      ['p4', '503-2', '2026-11-01T10:06:00.000Z'],
      ['p5', '503-2', '2026-11-01T10:06:00.000Z'],
      ['p6', '503-3', '2026-11-01T10:06:00.000Z'],
    );
    timer.fire();
    await poller.poll();
    batch = lines(['p7', '503-4', '2026-11-01T10:07:00.000Z'], ['p8', '503-1', '2026-11-01T10:07:00.000Z']);
    timer.fire();
    await poller.poll();
    expect(shown.map((s) => s.body)).toEqual(['en:platform:1', 'en:platform:2', 'en:platform:1']);
    expect(notifications.getState().items.map((i) => (i.kind === 'platform' ? i.orderId : i.id))).toEqual([
      '503-4',
      '503-2',
      '503-3',
      '503-1',
    ]);
  });

  it('a click focuses the window and opens the matching screen', async () => {
    let phase = 0;
    const { poller, shown, deps, timer } = setup({
      route: (url) => {
        const at = phase === 0 ? '2026-01-01T00:00:00.000Z' : '2026-01-02T00:00:00.000Z';
        return json(isPlatform(url) ? orders(at) : otzOrders(at));
      },
    });
    poller.sync();
    await poller.poll();
    phase = 1;
    timer.fire();
    await poller.poll();
    expect(shown.map((s) => s.body)).toEqual(['en:platform:1', 'en:otz:1']);
    shown[1]?.click();
    expect(deps.focusWindow).toHaveBeenCalledTimes(1);
    expect(deps.emit).toHaveBeenLastCalledWith('navigate', { path: '/otz' });
    shown[0]?.click();
    expect(deps.emit).toHaveBeenLastCalledWith('navigate', { path: '/shipping-management' });
  });

  it.each([
    ['401', () => json({ message: 'Unauthorized' }, 401)],
    ['404', () => json({ message: 'Not Found' }, 404)],
    ['500', () => new Response('oops', { status: 500 })],
    ['not JSON', () => new Response('<html>', { status: 200 })],
  ])('an HTTP failure (%s) shows nothing and sends nothing', async (_name, failure) => {
    const { poller, shown, timer, deps } = setup({ route: () => failure() });
    poller.sync();
    await poller.poll();
    timer.fire();
    await poller.poll();
    expect(shown).toEqual([]);
    expect(deps.emit).not.toHaveBeenCalled();
  });

  it('does not run for an orderCreator', async () => {
    const { poller, deps } = setup({
      session: { token: 't', role: 'orderCreator' },
      route: () => json(orders()),
    });
    poller.sync();
    await poller.poll();
    expect(poller.isRunning()).toBe(false);
    expect(deps.fetch).not.toHaveBeenCalled();
  });
});

/** A poller whose second poll brings one platform order and one OTZ order. */
async function afterOneOrderOfEach(options: Partial<Parameters<typeof setup>[0]> = {}) {
  let phase = 0;
  const ctx = setup({
    route: (url) => {
      const at = phase === 0 ? '2026-01-01T00:00:00.000Z' : '2026-01-02T00:00:00.000Z';
      return json(isPlatform(url) ? orders(at) : otzOrders(at));
    },
    ...options,
  });
  ctx.notifications.sync();
  await ctx.poller.poll();
  phase = 1;
  ctx.timer.fire();
  await ctx.poller.poll();
  return ctx;
}

describe('notification state in main', () => {
  it('keeps what was delivered: a window that reloads reads the same state back', async () => {
    const { notifications } = await afterOneOrderOfEach();
    const state = notifications.getState();
    expect(state.items.map((i) => `${i.kind}:${i.id}`).sort()).toEqual(['otz:0', 'platform:0']);
    expect(state).toMatchObject({ unseen: true, flags: { platform: true, otz: true } });
  });

  it('applies the window actions, answers the new state and sends it', async () => {
    const { notifications, deps } = await afterOneOrderOfEach();
    vi.mocked(deps.emit).mockClear();
    const seen = notifications.update({ seen: true });
    expect(seen).toMatchObject({ unseen: false, flags: { platform: true, otz: true } });
    expect(seen.items).toHaveLength(2);
    expect(deps.emit).toHaveBeenLastCalledWith('notifications:changed', seen);
    const cleared = notifications.update({ clear: 'platform' });
    expect(cleared).toMatchObject({ unseen: false, flags: { platform: false, otz: true } });
    expect(notifications.getState()).toEqual(cleared);
    // Nothing changed, nothing sent.
    vi.mocked(deps.emit).mockClear();
    expect(notifications.update({ clear: 'platform' })).toEqual(cleared);
    expect(deps.emit).not.toHaveBeenCalled();
  });

  it('starts another session from the empty state, and tells the window', async () => {
    const { notifications, deps, state } = await afterOneOrderOfEach();
    // The same session again (e.g. the window saved it once more) keeps the bell.
    notifications.sync();
    expect(notifications.getState().items).toHaveLength(2);
    state.session = { token: 'another-admin', role: 'admin' };
    notifications.sync();
    expect(notifications.getState()).toEqual(EMPTY_NOTIFICATION_STATE);
    expect(deps.emit).toHaveBeenLastCalledWith('notifications:changed', EMPTY_NOTIFICATION_STATE);
  });

  it.each([
    [
      'signing out',
      (ctx: Awaited<ReturnType<typeof afterOneOrderOfEach>>) => void (ctx.state.session = null),
    ],
    [
      'the admin role taken away',
      (ctx: Awaited<ReturnType<typeof afterOneOrderOfEach>>) =>
        void (ctx.state.session = { token: ADMIN.token, role: 'orderCreator' }),
    ],
  ])('empties the state on %s', async (_name, change) => {
    const ctx = await afterOneOrderOfEach();
    change(ctx);
    ctx.notifications.sync();
    expect(ctx.notifications.getState()).toEqual(EMPTY_NOTIFICATION_STATE);
    expect(ctx.poller.isRunning()).toBe(false);
  });

  it('empties the state when the connection changes', async () => {
    const { notifications, poller } = await afterOneOrderOfEach();
    notifications.restart();
    expect(notifications.getState()).toEqual(EMPTY_NOTIFICATION_STATE);
    expect(poller.isRunning()).toBe(true);
    poller.stop();
  });

  it('on the restricted brand never asks for OTZ orders: no OTZ notification, no OTZ item', async () => {
    const { notifications, requests, shown } = await afterOneOrderOfEach({ restrictedBrand: true });
    expect(requests.some((u) => u.pathname.includes('otz'))).toBe(false);
    expect(shown.map((s) => s.body)).toEqual(['en:platform:1']);
    expect(notifications.getState()).toMatchObject({ flags: { platform: true, otz: false } });
    expect(notifications.getState().items.map((i) => i.kind)).toEqual(['platform']);
  });

  it('takes no cursor while the brand is unknown (the config request fails)', async () => {
    const { notifications, requests, shown } = await afterOneOrderOfEach({ restrictedBrand: null });
    expect(requests.map((u) => u.pathname)).toEqual(['/api/v1/config', '/api/v1/config']);
    expect(shown).toEqual([]);
    expect(notifications.getState()).toEqual(EMPTY_NOTIFICATION_STATE);
  });
});

describe('notification text', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  });
  const i18nDir = async (files: Record<string, unknown>) => {
    const dir = await mkdtemp(path.join(tmpdir(), 'kura-i18n-'));
    dirs.push(dir);
    for (const [lng, content] of Object.entries(files)) {
      await mkdir(path.join(dir, lng), { recursive: true });
      await writeFile(
        path.join(dir, lng, 'common.json'),
        typeof content === 'string' ? content : JSON.stringify(content),
      );
    }
    return dir;
  };

  it('uses the renderer translation files, with i18next plurals and {{count}}', async () => {
    const dir = await i18nDir({
      en: {
        notifications: {
          newOrders_one: '{{count}} order arrived',
          newOrders_other: '{{ count }} orders arrived',
        },
      },
      ja: { notifications: { newOtzOrders: 'OTZ注文{{count}}件' } },
    });
    const text = createNotificationText({ i18nDir: dir, readFile });
    await expect(text('en', 'platform', 1)).resolves.toEqual({ title: 'Kura', body: '1 order arrived' });
    await expect(text('en', 'platform', 3)).resolves.toEqual({ title: 'Kura', body: '3 orders arrived' });
    await expect(text('ja', 'otz', 2)).resolves.toMatchObject({ body: 'OTZ注文2件' });
  });

  it('falls back to built-in texts when a key or the file is missing or broken', async () => {
    const dir = await i18nDir({ en: { notifications: {} }, ja: '{not json' });
    const text = createNotificationText({ i18nDir: dir, readFile });
    await expect(text('en', 'platform', 3)).resolves.toMatchObject({ body: '3 new orders' });
    await expect(text('en', 'otz', 1)).resolves.toMatchObject({ body: '1 new OTZ order' });
    await expect(text('ja', 'platform', 3)).resolves.toMatchObject({ body: '新しい注文が3件あります' });
    const missing = createNotificationText({ i18nDir: path.join(dir, 'nowhere'), readFile });
    await expect(missing('ja', 'otz', 5)).resolves.toMatchObject({ body: '新しいOTZ注文が5件あります' });
  });

  it('reads the texts from the renderer’s own translation files, in both languages', async () => {
    // The files the app ships: a key missing there would show the built-in text forever.
    const i18n = path.join(import.meta.dirname, '../../renderer/src/i18n');
    const common = async (lang: string) =>
      JSON.parse(await readFile(path.join(i18n, lang, 'common.json'), 'utf8'));
    for (const lang of ['en', 'ja'] as const) {
      const messages = await common(lang);
      for (const key of Object.values(NOTIFICATION_KEYS)) {
        const [group, name] = key.split('.') as [string, string];
        expect(messages[group]?.[`${name}_other`], `${lang} ${key}`).toEqual(
          expect.stringContaining('{{count}}'),
        );
      }
    }
    const text = createNotificationText({ i18nDir: i18n, readFile });
    await expect(text('en', 'platform', 1)).resolves.toMatchObject({ body: '1 new order' });
    await expect(text('ja', 'otz', 4)).resolves.toMatchObject({ body: '新しいOTZ注文が4件あります' });
  });

  it('accepts flat dotted keys too', async () => {
    const dir = await i18nDir({ en: { 'notifications.newOrders': '{{count}} new' } });
    await expect(
      createNotificationText({ i18nDir: dir, readFile })('en', 'platform', 4),
    ).resolves.toMatchObject({
      body: '4 new',
    });
  });
});

/** The translation files the app ships. */
const SHIPPED_I18N = path.join(import.meta.dirname, '../../renderer/src/i18n');

const liveConnection = (kind: string, state: string, runId: string, code: string, message: string) => ({
  kind,
  state,
  stateMessage: message,
  stateMessageCode: code,
  lastRun: { runId, status: 'failed' },
  consecutiveFailures: state === 'failing' ? 3 : 0,
});

describe('live sync failures in main', () => {
  function watchSetup(answer: { current: unknown }, session: StoredSession = ADMIN) {
    const timer = manualTimer();
    const shown: { title: string; body: string; click: () => void }[] = [];
    const state = { session, lang: 'en' as 'en' | 'ja', enabled: true };
    const paths: string[] = [];
    const deps = {
      fetch: vi.fn(async (url: string, init: { headers: Record<string, string> }) => {
        const parsed = new URL(url);
        expect(init.headers.Authorization).toBe(`Token ${state.session.token}`);
        paths.push(parsed.pathname);
        if (parsed.pathname === '/api/v1/connections') return json(answer.current);
        if (isConfig(parsed)) return json({ restrictedBrand: false });
        return json(parsed.searchParams.get('limit') === '1' ? orders() : orders());
      }),
      createNotification: vi.fn(({ title, body }: { title: string; body: string }) => {
        const entry = { title, body, click: () => {} };
        return {
          onClick: (listener: () => void) => void (entry.click = listener),
          show: () => void shown.push(entry),
        };
      }),
      notificationText: async () => ({ title: 'Kura', body: 'orders' }),
      connectionAlertText: createConnectionAlertText({ i18nDir: SHIPPED_I18N, readFile }),
      getSession: () => state.session,
      getApiBaseUrl: async () => BASE,
      getLanguage: () => state.lang,
      emit: vi.fn(),
      focusWindow: vi.fn(),
      enabled: () => state.enabled,
      timer,
    } satisfies OrderNotificationsDeps;
    const notifications = createOrderNotifications(deps);
    const watch = notifications.connectionWatch!;
    return { notifications, watch, deps, shown, state, paths, timer };
  }

  const refused = formatMessage('shopifyTokenRefused');
  const serverError = formatMessage('amazonServerError', { status: 503 });

  it('tells an admin once per failure, in the user’s language, and a click opens Settings → Connections', async () => {
    const answer = {
      current: {
        data: [
          liveConnection(
            'shopify',
            'failing',
            'run-1',
            'shopifyServerError',
            formatMessage('shopifyServerError', { status: 502 }),
          ),
        ],
      } as unknown,
    };
    const { notifications, watch, deps, shown, state, timer } = watchSetup(answer);
    notifications.sync();
    expect(watch.isRunning()).toBe(true);
    await watch.poll();
    expect(shown.map((s) => [s.title, s.body])).toEqual([
      ['Kura', `Shopify sync is failing: ${formatMessage('shopifyServerError', { status: 502 })}`],
    ]);
    shown[0]?.click();
    expect(deps.focusWindow).toHaveBeenCalledTimes(1);
    expect(deps.emit).toHaveBeenLastCalledWith('navigate', { path: '/settings/connections' });
    expect(ipcEvents.navigate.parse({ path: '/settings/connections' })).toEqual({
      path: '/settings/connections',
    });

    // Read again: the same failure is not told twice.
    timer.fire();
    await watch.poll();
    expect(shown).toHaveLength(1);

    state.lang = 'ja';
    answer.current = {
      data: [
        liveConnection('shopify', 'stopped', 'run-2', 'shopifyTokenRefused', refused),
        liveConnection('amazon', 'failing', 'run-9', 'amazonServerError', serverError),
      ],
    };
    timer.fire();
    await watch.poll();
    expect(shown.slice(1).map((s) => s.body)).toEqual([
      'Shopifyの同期が停止しました：Shopify がトークンを拒否しました。アプリに read_orders の権限があるか確認してください',
      'Amazonの同期が失敗しています：Amazonが応答できませんでした（HTTP 503）。次回の同期で再試行します',
    ]);
  });

  it('never asks an orderCreator’s session for the connections', async () => {
    const answer = {
      current: { data: [liveConnection('shopify', 'stopped', 'r', 'shopifyTokenRefused', refused)] },
    };
    const { notifications, watch, shown, paths, timer } = watchSetup(answer, {
      token: 't',
      role: 'orderCreator',
    });
    notifications.sync();
    timer.fire();
    await watch.poll();
    expect(watch.isRunning()).toBe(false);
    expect(paths).not.toContain('/api/v1/connections');
    expect(shown).toEqual([]);
  });

  it('is silenced by the tray’s switch, and stops with the notifications', async () => {
    const answer = {
      current: { data: [liveConnection('shopify', 'stopped', 'r', 'shopifyTokenRefused', refused)] },
    };
    const { notifications, watch, shown, state, paths } = watchSetup(answer);
    state.enabled = false;
    notifications.sync();
    await watch.poll();
    expect(paths).not.toContain('/api/v1/connections');
    state.enabled = true;
    notifications.sync();
    await watch.poll();
    expect(shown).toHaveLength(1);
    notifications.stop();
    expect(watch.isRunning()).toBe(false);
  });
});

describe('live sync failure text', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  });

  it('reads both texts from the shipped translation files', async () => {
    for (const lang of ['en', 'ja'] as const) {
      const common = JSON.parse(await readFile(path.join(SHIPPED_I18N, lang, 'common.json'), 'utf8'));
      for (const key of Object.values(CONNECTION_ALERT_KEYS)) {
        const [group, name] = key.split('.') as [string, string];
        expect(common[group]?.[name], `${lang} ${key}`).toMatch(/{{platform}}.*{{message}}/);
      }
    }
  });

  it('keeps the English reason where its translation cannot be filled, and falls back to built-in texts', async () => {
    const text = createConnectionAlertText({ i18nDir: SHIPPED_I18N, readFile });
    const alert = {
      key: 'amazon:r',
      kind: 'amazon' as const,
      state: 'failing' as const,
      messageCode: 'amazonServerError',
      message: 'A text of another server version',
    };
    await expect(text('ja', alert)).resolves.toMatchObject({
      body: 'Amazonの同期が失敗しています：A text of another server version',
    });
    await expect(text('ja', { ...alert, messageCode: 'noSuchCode' })).resolves.toMatchObject({
      body: 'Amazonの同期が失敗しています：A text of another server version',
    });
    // No reason given: the generic one of the state.
    await expect(
      text('en', { ...alert, state: 'stopped', messageCode: null, message: null }),
    ).resolves.toMatchObject({ body: `Amazon sync has stopped: ${formatMessage('connectionStopped')}` });

    const dir = await mkdtemp(path.join(tmpdir(), 'kura-i18n-'));
    dirs.push(dir);
    const missing = createConnectionAlertText({ i18nDir: path.join(dir, 'nowhere'), readFile });
    await expect(missing('ja', { ...alert, message: serverErrorText() })).resolves.toMatchObject({
      body: `Amazonの同期が失敗しています：${serverErrorText()}`,
    });
  });
});

const serverErrorText = () => formatMessage('amazonServerError', { status: 500 });
