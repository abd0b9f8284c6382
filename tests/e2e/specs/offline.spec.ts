/**
 * The desktop app on a team server whose link dies, end to end (window.kura backed by the real
 * main process: the encrypted cache, its sync, the outbox): the first sync's progress, then the
 * link cut — the banner, shipments filtered, searched and paged from the cache, the orders popup,
 * an order and a product found by JAN, writes off with their reason, customs entered offline and
 * still pending after a restart of the app; the link back — the entry sent, a second one whose
 * shipment changed meanwhile shown as a conflict with nothing overwritten; sign-out asks while
 * customs wait and wipes the cache. The same in Japanese, and the staff checklist (axe, no raw
 * keys) on the banner and the dialogs.
 *
 * There the link is cut, not the server stopped (cutTeamLink): main's and the window's calls
 * fail as on a dead network while the server runs on, so the test changes a shipment there
 * meanwhile. A last test stops the server's process for real and starts it again on the same
 * address and data.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { STORAGE_KEYS } from '#shared/constants';
import { withJanCheckDigit } from '#shared/domain/jan';
import { DEMO_ACCOUNTS, DEMO_PASSWORDS } from '../../../server/src/demo/seed';
import { seriousViolations, textFindings } from '../support/blocks';
import { attachDesktop, cutTeamLink, type DesktopHarness } from '../support/desktop';
import { LoginPage } from '../support/pages';
import { useKuraServer } from '../support/server';

test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const web = useKuraServer();
const team = useKuraServer({ demo: true, corsFromPageOf: web });

type Lang = 'en' | 'ja';
const TEXT = {
  en: {
    banner:
      /^Offline — showing data synced at (\d{4}-\d{2}-\d{2} )?\d{2}:\d{2} \((just now|\d+ min ago)\)Retry$/,
    retry: 'Retry',
    syncing: /^Syncing with the server… [\d,]+ of [1-9][\d,]*$/,
    pending: 'Customs pending — not sent yet',
    conflict: 'Customs conflict — choose which to keep',
    offline: 'Not available offline',
    addCustomsFor: (id: string) => `Add customs to shipment ${id}`,
    viewOrdersFor: (id: string) => `View orders of shipment ${id}`,
    open: (id: string) => `Open shipment ${id}`,
    customId: /^Custom ID/,
    fee: /^Custom fee \(rupees\)/,
    save: 'Save',
    confirm: 'Save customs',
    searchShipments: 'Search shipments',
    searchOrders: 'Search orders',
    searchProducts: 'Search products',
    table: 'Shipments',
    received: 'Received',
    yours: 'Yours (entered offline)',
    theirs: 'On the server now',
    keepTheirs: "Keep the server's",
    logout: 'Logout',
    signOutBody: /1 customs entry not sent yet\. Signing out deletes it and this computer's offline copy\./,
    stay: 'Stay signed in',
    setStatus: 'Set status',
    addProduct: 'Add product',
  },
  ja: {
    banner:
      /^オフライン — (\d{4}-\d{2}-\d{2} )?\d{2}:\d{2} に同期したデータを表示しています（(たった今|\d+ 分前)）再試行$/,
    retry: '再試行',
    syncing: /^サーバーと同期しています… [1-9][\d,]* 件中 [\d,]+ 件$/,
    pending: '通関情報は送信待ちです（未送信）',
    conflict: '通関情報が競合しています — どちらを残すか選んでください',
    offline: 'オフラインでは利用できません',
    addCustomsFor: (id: string) => `出荷 ${id} の通関情報を追加`,
    viewOrdersFor: (id: string) => `出荷 ${id} の注文を表示`,
    open: (id: string) => `出荷 ${id} を開く`,
    customId: /^通関ID/,
    fee: /^通関手数料（ルピー）/,
    save: '保存',
    confirm: '通関情報を保存',
    searchShipments: '出荷を検索',
    searchOrders: '注文を検索',
    searchProducts: '商品を検索',
    table: '出荷',
    received: '受取済み',
    yours: '入力した内容（オフライン）',
    theirs: '現在のサーバー',
    keepTheirs: 'サーバーの内容を残す',
    logout: 'ログアウト',
    signOutBody:
      /未送信の通関情報が 1 件あります。ログアウトすると、未送信の情報とこのコンピューターのオフライン用データが削除されます。/,
    stay: 'ログインしたままにする',
    setStatus: 'ステータスを設定',
    addProduct: '商品を追加',
  },
} as const;

let serial = 0;
const unique = () => `${Date.now() % 1e8}${String(serial++).padStart(2, '0')}`;
const today = () => DateTime.now().setZone('Asia/Tokyo').toFormat('yyyy-MM-dd');

async function api<T>(pathname: string, init: { method?: string; body?: unknown } = {}, status = 200) {
  const res = await team.api(pathname, { ...init, token: await team.token('admin') });
  expect(res.status, `${init.method ?? 'GET'} ${pathname}`).toBe(status);
  return ((await res.json()) as { data: T }).data;
}

interface Fixture {
  tag: string;
  jan: string;
  productName: string;
  orderIds: string[];
  /** Three shipments of two orders each: A gets customs offline, B changes meanwhile, C stays. */
  shipments: { _id: string; shipmentId: string; orders: { _id: string; orderId: string }[] }[];
  /** Every shipment of the fixture: A, B, C and enough of one order each to fill two pages. */
  total: number;
}

const FILLERS = 24;

/** A product with a fresh JAN, six packed India orders of it, three shipments of two. */
async function makeFixture(): Promise<Fixture> {
  const tag = unique();
  const jan = withJanCheckDigit(`24${tag.padStart(10, '0').slice(-10)}`);
  const productName = `Offline matcha ${tag}`;
  const product = await api<{ _id: string }>(
    'products',
    { body: { name: productName, skuCode: `OFF-${tag}`, janCode: jan, inStockQuantity: 100 } },
    201,
  );
  const orders: { _id: string; orderId: string }[] = [];
  for (let i = 1; i <= 6 + FILLERS; i++) {
    const data = await api<{ _id: string; orderId: string } | { _id: string; orderId: string }[]>(
      'orders',
      {
        body: {
          product: product._id,
          platformCode: 'AMAZONIND',
          orderId: `OFF-${tag}-${i}`,
          orderQuantity: 1,
          currency: 'INR',
          baseOrderPrice: 1000 * i,
          discount: 0,
        },
      },
      201,
    );
    orders.push(...(Array.isArray(data) ? data : [data]));
  }
  for (const status of ['ACCEPTED', 'PACKED']) {
    await api('orders/status', {
      method: 'PUT',
      body: { ids: orders.map((o) => o._id), shipmentStatus: status },
    });
  }
  const shipments: Fixture['shipments'] = [];
  for (const [i, letter] of ['A', 'B', 'C'].entries()) {
    const pair = orders.slice(i * 2, i * 2 + 2);
    const shipment = await api<{ _id: string; shipmentId: string }>(
      'shipments',
      {
        body: {
          shipmentId: `OFF-${tag}-${letter}`,
          shippingDate: today(),
          totalShippingFee: 900,
          shipmentTrackingLink: `${team.url}/api/v1/health`,
          orderIds: pair.map((o) => o._id),
        },
      },
      201,
    );
    shipments.push({ ...shipment, orders: pair });
  }
  for (const [i, order] of orders.slice(6).entries()) {
    await api(
      'shipments',
      {
        body: {
          shipmentId: `OFF-${tag}-F${String(i + 1).padStart(2, '0')}`,
          shippingDate: today(),
          totalShippingFee: 100,
          shipmentTrackingLink: `${team.url}/api/v1/health`,
          orderIds: [order._id],
        },
      },
      201,
    );
  }
  return { tag, jan, productName, orderIds: orders.map((o) => o.orderId), shipments, total: 3 + FILLERS };
}

/** The desktop app on the team server, signed in as the admin, in the language asked. */
async function openApp(page: Page, lang: Lang, options: Parameters<typeof attachDesktop>[2] = {}) {
  const desktop = await attachDesktop(page, web.url, options);
  // As Electron's main does once ready: the stored session's cache opens before the window asks.
  desktop.app.start();
  if (lang === 'ja') {
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      STORAGE_KEYS.i18nConfig,
      JSON.stringify({ selectedLang: 'ja' }),
    ] as const);
  }
  return desktop;
}

async function connectAndSignIn(page: Page) {
  const login = new LoginPage(page);
  await page.goto(`${web.url}/auth/login`);
  await page.getByText(/^(Team server|チームサーバー)$/).click();
  await page.getByLabel(/^(Team server address|チームサーバーのアドレス)/).fill(team.url);
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: /^(Connect|接続)$/ }).click();
  await reloaded;
  await login.email.or(page.getByLabel('メールアドレス')).first().fill(DEMO_ACCOUNTS.admin.email);
  await login.password.or(page.getByLabel('パスワード')).first().fill(DEMO_PASSWORDS.admin);
  await page.getByRole('button', { name: /^(Sign in|ログイン)$/ }).click();
  await expect(page).toHaveURL(/\/shipping-management$/);
}

const state = (desktop: DesktopHarness) => desktop.app.offline.state();

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

/** Customs entered on a shipment's row, confirmed (offline: into the outbox). */
async function enterCustoms(page: Page, lang: Lang, shipmentId: string, customId: string) {
  const T = TEXT[lang];
  const opener = page.getByRole('button', { name: T.addCustomsFor(shipmentId) });
  await opener.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(T.customId).fill(customId);
  await dialog.getByLabel(T.fee).fill('1500');
  await dialog.getByRole('button', { name: T.save, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: T.confirm }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Focus goes back to the row's button (disabled now: one entry waits at a time).
  await expect(opener).toBeDisabled();
}

/** The server answers again: Retry, unless main found it first (its backoff), until the banner goes. */
async function backOnline(page: Page, lang: Lang) {
  await page
    .getByTestId('offline-banner')
    .getByRole('button', { name: TEXT[lang].retry })
    .click({ timeout: 5_000 })
    .catch(() => {});
  await expect(page.getByTestId('offline-banner')).toHaveCount(0, { timeout: 70_000 });
}

/** The staff checklist on what is on screen: no serious axe finding, no raw key or stray English. */
async function checklist(page: Page, lang: Lang, data: string[]) {
  expect(await seriousViolations(page)).toEqual([]);
  // The signed-in user's name is data too.
  expect(await textFindings(page, lang, [...data, DEMO_ACCOUNTS.admin.fullname])).toEqual([]);
}

for (const lang of ['en', 'ja'] as const) {
  test(`${lang}: the warehouse keeps working while the team server is out of reach`, async ({ browser }) => {
    const T = TEXT[lang];
    const fx = await makeFixture();
    const [A, B, C] = fx.shipments as [
      Fixture['shipments'][0],
      Fixture['shipments'][0],
      Fixture['shipments'][0],
    ];
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kura-offline-e2e-'));
    let page = await newPage(browser);
    let desktop = await openApp(page, lang, { dataDir });
    try {
      // A far server: the first sync's pages come apart, so its progress shows.
      desktop.teamLink.origin = new URL(team.url).origin;
      desktop.teamLink.slowMs = 300;
      desktop.teamLink.syncPageLimit = 100;
      await connectAndSignIn(page);
      await expect(page.getByTestId('offline-banner')).toHaveText(T.syncing);
      await expect(page.getByTestId('offline-banner').getByRole('progressbar')).toBeVisible();
      await checklist(page, lang, []);

      // The first sync: a full one, its progress sent to the window, then the cache is ready.
      await expect.poll(async () => (await state(desktop)).syncedAt, { timeout: 120_000 }).not.toBeNull();
      const progress = desktop.events
        .filter((e) => e.event === 'offline:changed')
        .map((e) => (e.payload as { syncing: { kind: string; done: number; total: number } | null }).syncing)
        .filter((s) => s?.kind === 'full');
      expect(progress.length).toBeGreaterThan(0);
      expect(Math.max(...progress.map((p) => p?.total ?? 0))).toBeGreaterThan(0);
      desktop.teamLink.slowMs = 0;
      desktop.teamLink.syncPageLimit = null;
      // Idle and online: no banner.
      await expect(page.getByTestId('offline-banner')).toHaveCount(0);

      // The link dies. The next read finds the server gone and the banner says so.
      const link = await cutTeamLink(page, desktop, team.url);
      await page.goto(`${web.url}/shipment`);
      const banner = page.getByTestId('offline-banner');
      await expect(banner).toHaveText(T.banner);
      await expect(banner.getByRole('button', { name: T.retry })).toBeVisible();

      // Shipments from the cache: searched, filtered by status, paged.
      // Of the page on screen (a new one after the restart).
      const table = () => page.getByRole('table', { name: T.table, exact: true });
      const search = page.getByRole('searchbox', { name: T.searchShipments });
      await search.fill(`OFF-${fx.tag}`);
      for (const s of fx.shipments)
        await expect(table().getByRole('row').filter({ hasText: s.shipmentId })).toHaveCount(1);
      await search.fill(B.shipmentId);
      await expect(
        table()
          .getByRole('row')
          .filter({ hasText: `OFF-${fx.tag}` }),
      ).toHaveCount(1);
      // A header row and the page's rows.
      await page.goto(`${web.url}/shipment?q=OFF-${fx.tag}`);
      await expect(table().getByRole('row')).toHaveCount(1 + fx.total);
      await page.goto(`${web.url}/shipment?q=OFF-${fx.tag}&limit=25`);
      await expect(table().getByRole('row')).toHaveCount(1 + 25);
      await page.goto(`${web.url}/shipment?q=OFF-${fx.tag}&limit=25&page=2`);
      await expect(table().getByRole('row')).toHaveCount(1 + fx.total - 25);
      await page.goto(`${web.url}/shipment?status=RECEIVED&q=OFF-${fx.tag}`);
      await expect(
        table()
          .getByRole('row')
          .filter({ hasText: `OFF-${fx.tag}` }),
      ).toHaveCount(0);
      await page.goto(`${web.url}/shipment?q=OFF-${fx.tag}`);

      // The orders popup opens from the cache.
      await page.getByRole('button', { name: T.viewOrdersFor(A.shipmentId) }).click();
      const ordersDialog = page.getByRole('dialog');
      await expect(ordersDialog).toContainText(A.orders[0]!.orderId);
      await checklist(page, lang, [...fx.orderIds, A.shipmentId, fx.productName, fx.jan]);
      await page.keyboard.press('Escape');
      await expect(ordersDialog).toBeHidden();

      // An order and a product found by JAN; their writes off, with the reason.
      await page.goto(`${web.url}/shipping-management`);
      await page.getByRole('searchbox', { name: T.searchOrders }).fill(fx.jan);
      // The orders of the product and only those (the list's first page of 25).
      const orderRows = page.getByRole('table').getByRole('row');
      await expect(orderRows.filter({ hasText: `OFF-${fx.tag}-` })).toHaveCount(25);
      await expect(orderRows).toHaveCount(1 + 25);
      const setStatus = page.getByRole('button', { name: T.setStatus });
      await expect(setStatus).toBeDisabled();
      await expect(setStatus).toHaveAttribute('title', T.offline);
      await page.goto(`${web.url}/products`);
      await page.getByRole('searchbox', { name: T.searchProducts }).fill(fx.jan);
      await expect(page.getByRole('row').filter({ hasText: fx.productName })).toHaveCount(1);
      const add = page.getByRole('button', { name: T.addProduct });
      await expect(add).toBeDisabled();
      await expect(add).toHaveAttribute('title', T.offline);

      // Customs of A entered offline: kept in the outbox, the row says so.
      await page.goto(`${web.url}/shipment?q=OFF-${fx.tag}`);
      await enterCustoms(page, lang, A.shipmentId, `CUS-${fx.tag}-A`);
      const badge = (shipmentId: string) =>
        table().getByRole('row').filter({ hasText: shipmentId }).getByTestId('outbox-badge');
      await expect(badge(A.shipmentId)).toHaveText(T.pending);

      // Meanwhile B changes on the server (an order taken out); the app cannot know.
      await api(`shipments/${B._id}/orders/${B.orders[1]!._id}`, { method: 'DELETE' });
      await enterCustoms(page, lang, B.shipmentId, `CUS-${fx.tag}-B`);
      await expect(badge(B.shipmentId)).toHaveText(T.pending);
      await expect(badge(C.shipmentId)).toHaveCount(0);
      await checklist(page, lang, [
        ...fx.orderIds,
        ...fx.shipments.map((s) => s.shipmentId),
        `CUS-${fx.tag}-A`,
      ]);

      // The app restarts (a new main on the same data folder and store), still cut off: pending.
      const store = desktop.store;
      await desktop.close();
      await page.context().close();
      page = await newPage(browser);
      desktop = await openApp(page, lang, { dataDir, store });
      const relink = await cutTeamLink(page, desktop, team.url);
      await link.restore().catch(() => {});
      await page.goto(`${web.url}/shipment?q=OFF-${fx.tag}`);
      await expect(page.getByTestId('offline-banner')).toHaveText(T.banner);
      await expect(badge(A.shipmentId)).toHaveText(T.pending);
      await expect(badge(B.shipmentId)).toHaveText(T.pending);

      // Drawer of A: the values entered, not sent yet.
      await page.getByRole('button', { name: T.open(A.shipmentId) }).click();
      const notice = page.getByTestId('outbox-notice');
      await expect(notice).toContainText(T.pending);
      await expect(notice).toContainText(`CUS-${fx.tag}-A`);
      await page.keyboard.press('Escape');

      // The link comes back: A is sent, B is a conflict; nothing of B overwritten.
      await relink.restore();
      await backOnline(page, lang);
      await expect
        .poll(async () => (await api<{ customId: string | null }>(`shipments/${A._id}`)).customId)
        .toBe(`CUS-${fx.tag}-A`);
      await expect(badge(A.shipmentId)).toHaveCount(0);
      await expect(table().getByRole('row').filter({ hasText: A.shipmentId })).toContainText(T.received);
      await expect(badge(B.shipmentId)).toHaveText(T.conflict);
      expect((await api<{ customId: string | null }>(`shipments/${B._id}`)).customId).toBeNull();

      // Sign-out asks while customs wait; staying keeps everything. Once main is idle: the
      // window refetches every list as the server comes back, and a menu opened in the middle
      // of that re-render can lose its click (once in a CI run).
      await expect.poll(async () => (await state(desktop)).syncing).toBeNull();
      const question = page.getByRole('dialog');
      await expect(async () => {
        if (!(await page.getByRole('menuitem', { name: T.logout }).isVisible()))
          await page.getByTestId('user-dropdown').click();
        await page.getByRole('menuitem', { name: T.logout }).click({ timeout: 2_000 });
        await expect(question).toContainText(T.signOutBody, { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await checklist(page, lang, [...fx.orderIds, ...fx.shipments.map((s) => s.shipmentId)]);
      await question.getByRole('button', { name: T.stay }).click();
      await expect(page).toHaveURL(/\/shipment/);

      // The conflict side by side; keeping the server's drops mine, and the server's stays.
      await badge(B.shipmentId).click();
      const conflict = page.getByRole('dialog');
      await expect(conflict.getByTestId('outbox-conflict')).toContainText(T.yours);
      await expect(conflict.getByTestId('outbox-conflict')).toContainText(T.theirs);
      await expect(conflict.getByTestId('outbox-conflict')).toContainText(`CUS-${fx.tag}-B`);
      await checklist(page, lang, [
        ...fx.orderIds,
        ...fx.shipments.map((s) => s.shipmentId),
        `CUS-${fx.tag}-B`,
      ]);
      await conflict.getByRole('button', { name: T.keepTheirs }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(badge(B.shipmentId)).toHaveCount(0);
      expect((await api<{ customId: string | null }>(`shipments/${B._id}`)).customId).toBeNull();

      // Sign-out with nothing waiting: no question, and this computer's copy is gone.
      const offlineDir = path.join(dataDir, 'offline');
      expect(existsSync(offlineDir) && readdirSync(offlineDir).length).toBeTruthy();
      await page.getByTestId('user-dropdown').click();
      await page.getByRole('menuitem', { name: T.logout }).click();
      await expect(page).toHaveURL(/\/auth\/login/);
      await expect
        .poll(() => (existsSync(offlineDir) ? readdirSync(offlineDir).filter((f) => !f.startsWith('.')) : []))
        .toEqual([]);
      expect((await state(desktop)).available).toBe(false);
    } finally {
      await desktop.close().catch(() => {});
      await page
        .context()
        .close()
        .catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

test('en: the team server really stopped, then started again: the copy answers meanwhile, and the customs that waited are sent', async ({
  browser,
}) => {
  const T = TEXT.en;
  const fx = await makeFixture();
  const C = fx.shipments[2]!;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kura-offline-e2e-'));
  const page = await newPage(browser);
  const desktop = await openApp(page, 'en', { dataDir });
  let stopped = false;
  try {
    await connectAndSignIn(page);
    await expect.poll(async () => (await state(desktop)).syncedAt, { timeout: 120_000 }).not.toBeNull();

    // Not a cut link: the server's process is gone, its port refuses.
    await team.stop();
    stopped = true;
    await page.goto(`${web.url}/shipment?q=OFF-${fx.tag}`);
    await expect(page.getByTestId('offline-banner')).toHaveText(T.banner);
    const row = page.getByRole('table', { name: T.table, exact: true }).getByRole('row').filter({
      hasText: C.shipmentId,
    });
    await expect(row).toHaveCount(1);

    await enterCustoms(page, 'en', C.shipmentId, `CUS-${fx.tag}-C`);
    await expect(row.getByTestId('outbox-badge')).toHaveText(T.pending);

    // Back on the same address with the same data: main finds it (its backoff, or Retry).
    await team.restart();
    stopped = false;
    await backOnline(page, 'en');
    await expect
      .poll(async () => (await api<{ customId: string | null }>(`shipments/${C._id}`)).customId)
      .toBe(`CUS-${fx.tag}-C`);
    await expect(row.getByTestId('outbox-badge')).toHaveCount(0);
    await expect(row).toContainText(T.received);
  } finally {
    if (stopped) await team.restart();
    await desktop.close().catch(() => {});
    await page
      .context()
      .close()
      .catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
});
