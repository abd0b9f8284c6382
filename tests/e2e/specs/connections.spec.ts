/**
 * Settings → Connections against Shopify's and Amazon's fakes (real HTTP servers) on the demo
 * data: an admin connects both platforms, tests them, syncs, sees the runs succeed with their
 * counts and the orders in order management; maps a waiting SKU to a product and its order
 * comes in; the shop cancels an order and "Sync now" cancels it in Kura; a revoked token stops
 * the connection with Shopify's reason; Japan and India as separate Amazon accounts, each
 * region with its own refresh token, a refused India token naming Amazon.in. The same path in
 * Japanese. An order creator never sees
 * the screen. At 1280×800: the tables' headers stay on top, axe finds nothing serious, no call
 * of the screen is refused, focus comes back after the dialog, unsaved work asks before leaving.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { withJanCheckDigit } from '#shared/domain/jan';
import { FAKE_CREDENTIALS, FAKE_REGION_TOKENS } from '../../../server/test/fakes/amazon-fake';
import { FAKE_CLIENT, FAKE_TOKEN } from '../../../server/test/fakes/shopify-fake';
import { axeCheck } from '../support/blocks';
import {
  CONNECTIONS_EN,
  CONNECTIONS_JA,
  ConnectionsPage,
  revokeShopifyToken,
  usePlatformFakes,
  type Fakes,
} from '../support/connections.pages';
import { OrdersPage } from '../support/orders.pages';
import { Shell } from '../support/pages';
import { useKuraServer, type KuraServer } from '../support/server';

const artifacts = path.resolve(import.meta.dirname, '../../artifacts');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });

test.use({ viewport: { width: 1280, height: 800 } });

/**
 * Products Kura knows before the first sync: SKU-1 to SKU-3 of the shop (its orders #1001 to
 * #1006 also name SKU-4 to SKU-7, which wait), the SKU of the first shipped Amazon.co.jp order,
 * and a product the staff will map SKU-6 (order #1006's only line) to.
 */
async function seedProducts(kura: KuraServer, fakes: Fakes) {
  const token = await kura.token('admin');
  const create = async (name: string, skuCode: string, jan: string) => {
    const res = await kura.api('products', {
      token,
      body: {
        name,
        skuCode,
        janCode: withJanCheckDigit(jan),
        purchasePrice: 500,
        inStockQuantity: 20,
        amazonStockQuantity: 0,
        availablePlatforms: [],
      },
    });
    if (res.status !== 201) throw new Error(`product ${skuCode}: ${res.status} ${await res.text()}`);
  };
  for (const n of [1, 2, 3]) await create(`Live matcha ${n}`, `SKU-${n}`, `49000001000${n}`);
  const jp = [...fakes.amazon.orders.values()].find(
    (o) => o.order.MarketplaceId === 'A1VC38T7YXB528' && o.order.OrderStatus === 'Shipped',
  );
  if (!jp?.items[0]?.SellerSKU) throw new Error('no shipped Amazon.co.jp order in the fake');
  await create('Live hojicha', String(jp.items[0].SellerSKU), '490000020000');
  await create('Live gyokuro tin', 'KURA-GYOKURO', '490000030000');
  return { amazonOrderId: jp.order.AmazonOrderId };
}

/** Axe's serious findings on this screen, the shell's notification bell with its count included. */
async function seriousViolations(page: Page) {
  const result = await axeCheck(page);
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

/** Every API answer of the page that refused something (4xx). */
function refusals(page: Page) {
  const refused: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/v1/') && response.status() >= 400 && response.status() < 500)
      refused.push(`${response.status()} ${response.request().method()} ${url.pathname}`);
  });
  return () => refused;
}

/** The runs table's header stays on top when its rows scroll. */
async function headerSticks(page: Page, table: ReturnType<ConnectionsPage['runs']>) {
  const position = await table.locator('thead').evaluate((head) => getComputedStyle(head).position);
  expect(position).toBe('sticky');
}

test.describe('in English', () => {
  const { fakes } = usePlatformFakes();
  const kura = useKuraServer({ demo: true, platformEndpoints: async () => (await fakes()).endpoints });
  test.use(kura.signedIn('admin'));

  test('connect, test, sync, map a SKU, a cancellation, a revoked token', async ({ page }) => {
    test.setTimeout(180_000);
    const f = await fakes();
    const { amazonOrderId } = await seedProducts(kura, f);
    const refused = refusals(page);
    const screen = new ConnectionsPage(page, CONNECTIONS_EN);

    // From the settings menu.
    await page.goto(`${kura.url}/settings`);
    await page
      .getByRole('navigation', { name: 'Sales channels' })
      .getByRole('link', { name: /^Connections/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Connections' })).toBeVisible();
    await expect(screen.section('shopify')).toContainText('Not set up yet');
    await expect(screen.section('shopify')).toContainText('Not set');
    await shot(page, 'connections-empty-en');
    expect(await seriousViolations(page)).toEqual([]);

    // The shared schema's message; nothing is sent; what was typed stays.
    await screen.field('shopify', CONNECTIONS_EN.shopDomain).fill('kura-test.example.com');
    await screen.button('shopify', 'Save').click();
    await expect(screen.section('shopify')).toContainText(
      "Enter the shop's address ending in .myshopify.com",
    );
    await expect(screen.section('shopify')).toContainText('Enter it: none is saved yet');
    await expect(screen.field('shopify', CONNECTIONS_EN.shopDomain)).toHaveValue('kura-test.example.com');
    await screen.field('shopify', 'Every').fill('1441');
    await screen.button('shopify', 'Save').click();
    await expect(screen.section('shopify')).toContainText('Must be at most 1440');
    await screen.field('shopify', 'Every').fill('5');
    // Amazon without a marketplace: at least one.
    await screen.field('amazon', CONNECTIONS_EN.clientId).fill('amzn1.application-oa2-client.x');
    await screen.button('amazon', 'Save').click();
    await expect(screen.section('amazon')).toContainText('Choose at least 1');

    // Unsaved work asks before leaving; "Keep editing" keeps it.
    await new Shell(page).menu.getByRole('link', { name: 'Products' }).click();
    const leave = page.getByRole('dialog');
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: /keep/i }).click();
    await expect(page).toHaveURL(/\/settings\/connections$/);

    // Shopify, then Amazon.co.jp.
    await screen.connectShopify('kura-test.myshopify.com', FAKE_TOKEN);
    await expect(screen.toast('Shopify connection saved')).toBeVisible();
    await expect(screen.field('shopify', CONNECTIONS_EN.accessToken)).toHaveValue('');
    await expect(screen.section('shopify')).toContainText(/Set on \d{4}-\d{2}-\d{2}/);
    await expect(screen.state('shopify')).toContainText('Idle');
    await screen.connectAmazon(FAKE_CREDENTIALS);
    await expect(screen.toast('Amazon connection saved')).toBeVisible();
    await expect(screen.state('amazon')).toContainText('Idle');

    await screen.button('shopify', 'Test connection').click();
    await expect(screen.toast('Shopify answered: the connection works')).toBeVisible();
    await screen.button('amazon', 'Test connection').click();
    await expect(screen.toast('Amazon answered: the connection works')).toBeVisible();

    // Sync now: the run goes, the list is asked again until it ends.
    await screen.button('shopify', 'Sync now').click();
    await expect(screen.runs('shopify').getByRole('row').nth(1)).toContainText('Succeeded', {
      timeout: 30_000,
    });
    await screen.button('amazon', 'Sync now').click();
    await expect(screen.runs('amazon').getByRole('row').nth(1)).toContainText('Succeeded', {
      timeout: 30_000,
    });
    // The shop's 6 orders hold 12 lines: the 5 of SKU-1..3 came in, the 7 of SKU-4..7 wait
    // (SKU-6: one line of #1005, the only line of #1006).
    const shopRun = screen.runs('shopify').getByRole('row').nth(1).getByRole('cell');
    await expect(shopRun.nth(3)).toHaveText('5');
    await expect(shopRun.nth(5)).toHaveText('7');
    await expect(shopRun.nth(6)).toHaveText('0');
    await expect(screen.lastRun('shopify')).toContainText('5 new, 0 updated, 7 unmatched, 0 errors');
    await expect(screen.waitingRow('shopify', 'SKU-6')).toBeVisible();

    // The synced orders are new orders to the admin: the bell rings and lists them (one poll
    // is 10 s).
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName(/^Notifications: [1-9]\d*$/, { timeout: 25_000 });
    await expect(page.getByTestId('notification-ring')).toBeVisible();
    await bell.click();
    await expect(page.getByRole('link', { name: /^New order #1001 on/ })).toBeVisible();
    await expect(
      page.getByRole('link', { name: new RegExp(`^New order ${amazonOrderId} on`) }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(bell).toBeFocused();

    await headerSticks(page, screen.runs('shopify'));
    // Every column of the runs in view at 1280 pixels: the table does not scroll sideways.
    const frame = screen.runs('shopify').locator('xpath=..');
    expect(await frame.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await shot(page, 'connections-synced-en');
    expect(await seriousViolations(page)).toEqual([]);

    // No poll once the runs ended.
    let polls = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('/runs')) polls += 1;
    });
    await page.waitForTimeout(4_500);
    expect(polls).toBe(0);

    // Map SKU-6 to a product: Cancel first (focus back on the button), then for real.
    const mapButton = screen.waitingRow('shopify', 'SKU-6').getByRole('button');
    await mapButton.click();
    await expect(screen.dialog).toContainText('Map SKU-6 to a product');
    await shot(page, 'connections-map-en');
    expect(await seriousViolations(page)).toEqual([]);
    await screen.dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(mapButton).toBeFocused();
    await screen.mapTo('shopify', 'SKU-6', 'gyokuro', 'Live gyokuro tin');
    await expect(screen.toast('2 lines applied')).toBeVisible();
    await expect(screen.waitingRow('shopify', 'SKU-6')).toHaveCount(0);

    // The orders are in order management, #1006 too now.
    const orders = new OrdersPage(page);
    await orders.goto(kura.url);
    await orders.search.fill('#1006');
    await expect(orders.row('Live gyokuro tin')).toBeVisible();
    await orders.search.fill(amazonOrderId);
    await expect(orders.row('Live hojicha')).toBeVisible();
    await orders.search.fill('#1001');
    await expect(orders.row('Live matcha 1')).not.toContainText('Cancelled');

    // The shop cancels #1001; Sync now cancels it in Kura. The shop first answers 503 (the
    // client waits and tries again): the run is seen running, its list asked for every 2 s.
    f.shop.cancel(1);
    await screen.open(kura.url);
    const asked: number[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('/connections/shopify/runs')) asked.push(Date.now());
    });
    f.shop.failNext(1, 503, { 'Retry-After': '5' });
    await screen.button('shopify', 'Sync now').click();
    await expect(screen.runs('shopify').getByRole('row').nth(1)).toContainText('Running');
    await expect(screen.state('shopify')).toContainText('Syncing…');
    await expect(screen.runs('shopify').getByRole('row').nth(1)).toContainText('Succeeded', {
      timeout: 30_000,
    });
    // The list read after the 202, then at least one poll while the run went, 2 s apart.
    expect(asked.length).toBeGreaterThanOrEqual(2);
    const gaps = asked.slice(1).map((at, i) => at - (asked[i] as number));
    for (const gap of gaps) expect(gap).toBeGreaterThan(1_500);
    await expect(screen.runs('shopify').getByRole('row').nth(1).getByRole('cell').nth(4)).not.toHaveText('0');
    await orders.goto(kura.url);
    await orders.search.fill('#1001');
    await expect(orders.row('Live matcha 1')).toContainText('Cancelled');

    // The shop revokes the token: the next run stops the connection with Shopify's reason.
    revokeShopifyToken(f.shop);
    await screen.open(kura.url);
    await screen.button('shopify', 'Sync now').click();
    await expect(screen.state('shopify')).toContainText('Stopped', { timeout: 30_000 });
    await expect(screen.state('shopify')).toContainText(
      'Shopify refused the token: check that the app has read_orders',
    );
    await expect(screen.state('shopify')).toContainText('Save the credentials again to resume the sync.');
    await expect(screen.runs('shopify').getByRole('row').nth(1)).toContainText('Failed');
    await shot(page, 'connections-stopped-en');
    expect(await seriousViolations(page)).toEqual([]);

    // The seller moves to a Dev Dashboard app: its client id and secret instead of a token.
    await screen
      .section('shopify')
      .getByRole('radio', { name: /Dev Dashboard app/ })
      .check();
    await expect(screen.field('shopify', 'Admin API access token')).toHaveCount(0);
    await screen.button('shopify', 'Save').click();
    await expect(screen.section('shopify')).toContainText('Required field');
    await expect(screen.section('shopify')).toContainText('Enter it: none is saved yet');
    await screen.field('shopify', 'Client ID').fill(FAKE_CLIENT.clientId);
    await screen.field('shopify', 'Client secret').fill(FAKE_CLIENT.clientSecret);
    await screen.button('shopify', 'Save').click();
    await expect(screen.toast('Shopify connection saved')).toBeVisible();
    await expect(screen.state('shopify')).not.toContainText('Stopped');
    await expect(screen.section('shopify')).toContainText(/Set on \d{4}/);
    await screen.button('shopify', 'Sync now').click();
    await expect(screen.runs('shopify').getByRole('row').nth(1)).toContainText('Succeeded', {
      timeout: 30_000,
    });
    expect(f.shop.tokenRequests).toBeGreaterThan(0);

    // Japan and India authorized apart: a refresh token for each region. Until India's own is
    // typed, each region's field says the single token (the one saved above) is used.
    await screen.open(kura.url);
    const amazonSection = screen.section('amazon');
    await expect(screen.checkbox('amazon', CONNECTIONS_EN.separateAccounts)).toHaveCount(0);
    await screen.checkbox('amazon', CONNECTIONS_EN.india).check();
    await screen.checkbox('amazon', CONNECTIONS_EN.separateAccounts).check();
    await expect(screen.field('amazon', CONNECTIONS_EN.refreshToken)).toHaveCount(2);
    await expect(screen.field('amazon', CONNECTIONS_EN.refreshTokenFe)).toBeVisible();
    await expect(screen.field('amazon', CONNECTIONS_EN.refreshTokenEu)).toBeVisible();
    await expect(
      amazonSection.getByText(/^Not set: the refresh token set on \d{4}-\d{2}-\d{2} is used\.$/),
    ).toHaveCount(2);
    // Unsaved, it asks before leaving.
    await new Shell(page).menu.getByRole('link', { name: 'Products' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: /keep/i }).click();
    await shot(page, 'connections-amazon-regions-en');
    expect(await seriousViolations(page)).toEqual([]);
    await screen.separateAmazonAccounts({ fe: FAKE_REGION_TOKENS.fe, eu: 'Atzr|revoked-india-account' });
    await expect(screen.toast('Amazon connection saved')).toBeVisible();
    await expect(screen.checkbox('amazon', CONNECTIONS_EN.separateAccounts)).toBeChecked();
    await expect(
      amazonSection.getByText(/^Set on \d{4}-\d{2}-\d{2}\. Leave empty to keep it\.$/),
    ).toHaveCount(3);
    // Test connection tries both regions and names the one refused.
    await screen.button('amazon', 'Test connection').click();
    const indiaRefused =
      'Amazon refused the refresh token of Amazon.in: authorize the app again with that account in Seller Central and enter its new refresh token';
    await expect(screen.toast(indiaRefused)).toBeVisible();
    await screen.button('amazon', 'Sync now').click();
    await expect(screen.state('amazon')).toContainText('Stopped', { timeout: 30_000 });
    await expect(screen.state('amazon')).toContainText(indiaRefused);
    // India's right token: the stop clears, and each marketplace syncs with its own account's.
    await screen.field('amazon', CONNECTIONS_EN.refreshTokenEu).fill(FAKE_REGION_TOKENS.eu);
    await screen.button('amazon', 'Save').click();
    await expect(screen.state('amazon')).not.toContainText('Stopped');
    const regionCalls = f.amazon.requests.length;
    await screen.button('amazon', 'Sync now').click();
    await expect(screen.runs('amazon').getByRole('row').nth(1)).toContainText('Succeeded', {
      timeout: 30_000,
    });
    // Japan's query ended in the stopped run (its page was stored): this run asks India only,
    // at the Europe endpoint, which takes only the India account's token.
    const regions = new Set(
      f.amazon.requests.slice(regionCalls).flatMap((r) => (r.operation === 'getOrders' ? [r.region] : [])),
    );
    expect(regions).toEqual(new Set(['eu']));

    // One account again: unticked, the regions' own tokens are forgotten on save.
    await screen.checkbox('amazon', CONNECTIONS_EN.separateAccounts).uncheck();
    await expect(screen.field('amazon', CONNECTIONS_EN.refreshTokenEu)).toHaveCount(0);
    await screen.button('amazon', 'Save').click();
    await expect(screen.toast('Amazon connection saved')).toBeVisible();
    await screen.open(kura.url);
    await expect(screen.checkbox('amazon', CONNECTIONS_EN.separateAccounts)).not.toBeChecked();
    await expect(screen.field('amazon', CONNECTIONS_EN.refreshToken)).toHaveCount(1);

    // The one refusal of the test: Test connection's answer naming Amazon.in.
    expect(refused()).toEqual(['400 POST /api/v1/connections/amazon/test']);
  });
});

test.describe('in Japanese', () => {
  const { fakes } = usePlatformFakes();
  const kura = useKuraServer({ demo: true, platformEndpoints: async () => (await fakes()).endpoints });
  test.use(kura.signedIn('admin', { language: 'ja' }));

  test('接続、同期、SKU の割り当て、停止の理由', async ({ page }) => {
    test.setTimeout(180_000);
    const f = await fakes();
    await seedProducts(kura, f);
    const refused = refusals(page);
    const screen = new ConnectionsPage(page, CONNECTIONS_JA);
    await page.goto(`${kura.url}/settings`);
    await page.getByRole('navigation', { name: '販売チャネル' }).getByRole('link', { name: /^連携/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: '連携' })).toBeVisible();
    await expect(screen.section('shopify')).toContainText('未設定');

    await screen.connectShopify('kura-test.myshopify.com', FAKE_TOKEN);
    await expect(screen.toast('Shopify の連携を保存しました')).toBeVisible();
    await expect(screen.section('shopify')).toContainText(/\d{4}-\d{2}-\d{2} に設定済み/);
    await screen.connectAmazon(FAKE_CREDENTIALS);
    await expect(screen.toast('Amazon の連携を保存しました')).toBeVisible();
    // Japan and India as separate accounts: India's token refused stops the sync, named.
    await screen.checkbox('amazon', CONNECTIONS_JA.india).check();
    await screen.checkbox('amazon', CONNECTIONS_JA.separateAccounts).check();
    await expect(
      screen
        .section('amazon')
        .getByText(/^未設定：\d{4}-\d{2}-\d{2} に設定したリフレッシュトークンを使います。$/),
    ).toHaveCount(2);
    await screen.separateAmazonAccounts({ eu: 'Atzr|revoked-india-account' });
    await expect(screen.toast('Amazon の連携を保存しました')).toBeVisible();
    await expect(screen.field('amazon', CONNECTIONS_JA.refreshTokenFe)).toBeVisible();
    await screen.button('amazon', '今すぐ同期').click();
    await expect(screen.state('amazon')).toContainText('停止中', { timeout: 30_000 });
    await expect(screen.state('amazon')).toContainText(
      'Amazonが Amazon.in のリフレッシュトークンを受け付けませんでした',
    );
    await screen.field('amazon', CONNECTIONS_JA.refreshTokenEu).fill(FAKE_REGION_TOKENS.eu);
    await screen.button('amazon', '保存').click();
    await expect(screen.state('amazon')).not.toContainText('停止中');
    await screen.button('shopify', '接続をテスト').click();
    await expect(screen.toast('Shopify から応答がありました。接続は正常です')).toBeVisible();

    await screen.button('shopify', '今すぐ同期').click();
    await expect(screen.runs('shopify').getByRole('row').nth(1)).toContainText('成功', { timeout: 30_000 });
    await expect(screen.lastRun('shopify')).toContainText('新規 5、更新 0、未照合 7、エラー 0');
    await shot(page, 'connections-synced-ja');
    expect(await seriousViolations(page)).toEqual([]);

    const mapButton = screen.waitingRow('shopify', 'SKU-6').getByRole('button');
    await mapButton.click();
    await expect(screen.dialog).toContainText('SKU-6 を商品に割り当て');
    await shot(page, 'connections-map-ja');
    await screen.dialog.getByRole('button', { name: 'キャンセル' }).click();
    await expect(mapButton).toBeFocused();
    await screen.mapTo('shopify', 'SKU-6', 'gyokuro', 'Live gyokuro tin');
    await expect(screen.toast('2 明細を取り込みました')).toBeVisible();
    await expect(screen.waitingRow('shopify', 'SKU-6')).toHaveCount(0);

    revokeShopifyToken(f.shop);
    await screen.button('shopify', '今すぐ同期').click();
    await expect(screen.state('shopify')).toContainText('停止中', { timeout: 30_000 });
    await expect(screen.state('shopify')).toContainText('認証情報を保存し直すと同期を再開します。');
    // Shopify's reason, in Japanese: not the server's English.
    await expect(screen.state('shopify')).toContainText('Shopify がトークンを拒否しました');
    await expect(screen.state('shopify')).not.toContainText('Shopify refused the token');
    await shot(page, 'connections-stopped-ja');
    expect(await seriousViolations(page)).toEqual([]);
    expect(refused()).toEqual([]);
  });
});

test.describe('an order creator', () => {
  const kura = useKuraServer({ demo: true });
  test.use(kura.signedIn('orderCreator'));

  test('does not see Connections and is refused it by address', async ({ page }) => {
    const refused = refusals(page);
    await page.goto(`${kura.url}/`);
    const menu = await new Shell(page).menuTargets();
    expect(menu).not.toContain('/settings');
    expect(menu).not.toContain('/settings/connections');
    await page.goto(`${kura.url}/settings/connections`);
    await expect(page.getByTestId('forbidden')).toBeVisible();
    expect(refused()).toEqual([]);
  });
});
