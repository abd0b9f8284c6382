import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { DEMO_ACCOUNTS, DEMO_PASSWORDS } from '../../../server/src/demo/seed';
import { withJanCheckDigit } from '../../../shared/src/domain/jan';
import { attachDesktop, type DesktopHarness } from '../support/desktop';
import { postOrder } from '../support/orders.pages';
import { STORAGE_KEYS } from '../../../shared/src/constants';
import { loneCharacterFindings, seriousViolations, textFindings } from '../support/blocks';
import { LoginPage, Shell } from '../support/pages';
import { ProductFormPage, ProductsListPage } from '../support/products.pages';
import { ShipmentsPage } from '../support/shipments.pages';
import { useKuraServer } from '../support/server';

// The renderer as the desktop app runs it: window.kura from the real preload bridge, calls
// handled by the real main-process services (IPC router, token vault, local API server).
const web = useKuraServer();
// A team server with the demo data, which accepts calls from the page's origin.
const team = useKuraServer({ demo: true, corsFromPageOf: web });
let desktop: DesktopHarness;

test.afterEach(async () => desktop?.close());

/** The first account of the desktop app's own API (local mode): its administrator. */
async function registerLocally(account: { fullname: string; email: string; password: string }) {
  const { apiBaseUrl } = await desktop.app.connection.resolve();
  const register = await fetch(`${apiBaseUrl}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, username: account.email.split('@')[0] }),
  });
  expect(register.status).toBe(201);
}

/** Chooses the team server on the sign-in screen; main saves it and reloads the window. */
async function connectToTeam(page: Page): Promise<LoginPage> {
  desktop = await attachDesktop(page, web.url);
  const login = new LoginPage(page);
  await login.goto(web.url);
  await page.getByText('Team server', { exact: true }).click();
  await page.getByLabel('Team server address').fill(team.url);
  // Wait for main's reload to finish before using the page.
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Connect' }).click();
  await reloaded;
  return login;
}

test('signs in against the local API and keeps the session encrypted in the vault', async ({ page }) => {
  desktop = await attachDesktop(page, web.url);
  // Local mode: the desktop app runs its own API (its own SQLite in its data folder);
  // seed its first admin through that API.
  await registerLocally({ fullname: 'Aiko Tanaka', email: 'aiko@shop.example', password: 'matcha-latte-42' });

  const login = new LoginPage(page);
  await login.goto(web.url);
  await expect(page.getByText('This computer')).toBeVisible();
  await login.signIn('aiko@shop.example', 'matcha-latte-42');
  await expect(page).toHaveURL(/\/shipping-management$/);
  await expect(new Shell(page).userDropdown).toContainText('Aiko Tanaka');

  // Nothing in the page's storage; the vault holds it encrypted.
  const pageStorage = await page.evaluate(() => JSON.stringify(localStorage));
  expect(pageStorage).not.toContain('token');
  const stored = JSON.stringify(desktop.store.dump());
  expect(stored).not.toMatch(/"token"/);
  expect(desktop.app.vault.get()?.role).toBe('admin');

  // A restart of the window keeps the user signed in.
  await page.reload();
  await expect(page).toHaveURL(/\/shipping-management$/);

  await new Shell(page).logout();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(desktop.app.vault.get()).toBeNull();
});

test('a hostile page call is refused by the main process', async ({ page }) => {
  desktop = await attachDesktop(page, web.url);
  await page.goto(`${web.url}/auth/login`);
  const result = await page.evaluate(async () => {
    const kura = (window as unknown as { kura: { openExternal(url: string): Promise<{ opened: boolean }> } })
      .kura;
    const opened = await kura.openExternal('javascript:alert(1)');
    let invalid = '';
    try {
      await (window as unknown as { __kuraInvoke(c: string, p: unknown): Promise<unknown> })
        .__kuraInvoke('session:set', {
          token: 42,
        })
        .then((r) => {
          invalid = JSON.stringify(r);
        });
    } catch (e) {
      invalid = String(e);
    }
    return { opened, invalid };
  });
  expect(result.opened).toEqual({ opened: false });
  expect(result.invalid).toContain('invalid-payload');
  expect(desktop.openedUrls).toEqual([]);
});

test('a team server chosen on the sign-in screen is used after the window reloads', async ({ page }) => {
  const login = await connectToTeam(page);
  expect(desktop.app.connection.get()).toEqual({ mode: 'team', url: team.url });

  await expect(login.submit).toBeVisible();
  await login.signIn(DEMO_ACCOUNTS.admin.email, DEMO_PASSWORDS.admin);
  await expect(page).toHaveURL(/\/shipping-management$/);
  await expect(new Shell(page).userDropdown).toContainText(DEMO_ACCOUNTS.admin.fullname);
});

test('a shipment label goes through main to the file the save dialog chose, as the PDF the API made', async ({
  page,
}) => {
  const login = await connectToTeam(page);
  await login.signIn(DEMO_ACCOUNTS.admin.email, DEMO_PASSWORDS.admin);
  await expect(page).toHaveURL(/\/shipping-management$/);
  // A shipment of one packed order, made through the team server's API.
  const token = await team.token();
  const call = async (pathname: string, method: string, body: unknown) => {
    const res = await team.api(pathname, { token, method, body });
    const json = (await res.json()) as { data: unknown };
    expect(res.ok, JSON.stringify(json)).toBe(true);
    return json.data;
  };
  const tag = Date.now();
  const product = (await call('products', 'POST', {
    name: 'Desktop label tea',
    skuCode: `DESK-LABEL-${tag}`,
    janCode: withJanCheckDigit(`45${String(tag).slice(-10)}`),
    purchasePrice: 300,
    inStockQuantity: 10,
    amazonStockQuantity: 0,
    availablePlatforms: [],
  })) as { _id: string };
  const today = new Date().toISOString().slice(0, 10);
  const order = (await call('orders', 'POST', {
    product: product._id,
    platformCode: 'SHOPIFY',
    currency: 'INR',
    orderId: `#DESK-${tag}`,
    orderDate: today,
    orderQuantity: 1,
    baseOrderPrice: 1500,
    discount: 0,
    customer: { name: 'Priya Sharma', city: 'Bengaluru', country: 'India', address: '12 MG Road' },
  })) as { _id: string };
  for (const shipmentStatus of ['ACCEPTED', 'PACKED'])
    await call('orders/status', 'PUT', { ids: [order._id], shipmentStatus });
  const shipmentId = `DESK-${tag}`;
  await call('shipments', 'POST', {
    shipmentId,
    shippingDate: today,
    totalShippingFee: 1200,
    shipmentTrackingLink: 'https://track.example/DESK1JP',
    orderIds: [order._id],
  });

  await page.goto(`${web.url}/shipment?open=${encodeURIComponent(shipmentId)}`);
  const drawer = new ShipmentsPage(page).drawer(shipmentId);
  await expect(drawer).toBeVisible({ timeout: 30_000 });
  await drawer.getByRole('button', { name: /^Documents$/ }).click();
  await page.getByRole('menuitem', { name: /^Shipment label$/ }).click();
  await expect.poll(() => desktop.savedFiles.length).toBe(1);
  const saved = desktop.savedFiles[0]?.path ?? '';
  expect(saved.endsWith('.pdf')).toBe(true);
  await expect.poll(() => existsSync(saved)).toBe(true);
  const bytes = new Uint8Array(readFileSync(saved));
  expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  expect(text).toContain(shipmentId);
});

test('main streams a searched export to the chosen file as served, and knows when a form is unsaved', async ({
  page,
}) => {
  const login = await connectToTeam(page);
  await expect(login.submit).toBeVisible();
  await login.signIn(DEMO_ACCOUNTS.admin.email, DEMO_PASSWORDS.admin);
  await expect(page).toHaveURL(/\/shipping-management$/);

  const list = new ProductsListPage(page);
  await list.goto(web.url);
  await list.search.fill('curry');
  const token = desktop.app.vault.get()?.token ?? '';
  const found = (await (
    await team.api('products/search?searchString=curry&page=1&limit=100', { token })
  ).json()) as { totalcount: number };
  await expect(list.rows).toHaveCount(found.totalcount + 1);
  await list.exportButton.click();
  await expect(page.getByText('Products exported').first()).toBeVisible();
  const [saved] = desktop.savedFiles;
  if (!saved) throw new Error('nothing saved');
  const bytes = readFileSync(saved.path);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trim().split(/\r?\n/);
  expect(lines).toHaveLength(found.totalcount + 1);

  // A long export shows the rows saved so far and can be cancelled: no file is left.
  desktop.holdExports.on = true;
  await list.search.fill('');
  await list.exportButton.click();
  const progress = page.getByRole('status').filter({ hasText: /rows? saved so far/ });
  await expect(progress).toBeVisible();
  await progress.getByRole('button', { name: 'Cancel export' }).click();
  await expect(page.getByText('Export cancelled: no file was saved.').first()).toBeVisible();
  await expect(progress).toBeHidden();
  const second = desktop.savedFiles.at(-1)?.path ?? '';
  expect(second).not.toBe('');
  expect(existsSync(second) && second !== saved.path).toBe(false);
  desktop.holdExports.on = false;

  // The close guard follows the form: dirty while something is typed, clean once it is gone.
  await list.addButton.click();
  const form = new ProductFormPage(page);
  await form.name.fill('Unsaved in the app');
  await expect.poll(() => desktop.app.closeGuard.unsaved).toBe(true);
  await form.name.fill('');
  await expect.poll(() => desktop.app.closeGuard.unsaved).toBe(false);
});

test("main keeps the bell: a new order's notification survives a window reload, and so do the seen ring and the cleared dot", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const login = await connectToTeam(page);
  await expect(login.submit).toBeVisible();
  await login.signIn(DEMO_ACCOUNTS.admin.email, DEMO_PASSWORDS.admin);
  await expect(page).toHaveURL(/\/shipping-management$/);
  // Main took its platform cursor (its first request of the kind).
  await expect
    .poll(() => desktop.polled.some((url) => url.endsWith('/api/v1/orders/?page=1&limit=1&sort=-createdAt')))
    .toBe(true);

  const token = desktop.app.vault.get()?.token ?? '';
  const products = await team.api('products?limit=1', { token });
  const [product] = ((await products.json()) as { data: { _id: string }[] }).data;
  const orderId = `D-${Date.now() % 1e8}`;
  await postOrder(team, token, { orderId, productIds: [product?._id ?? ''] });

  const bell = page.getByTestId('notification-bell');
  const ring = page.getByTestId('notification-ring');
  const entry = new Shell(page).menu.getByRole('link', { name: /^Order management/ });
  const item = page.getByRole('link', { name: new RegExp(`^New order ${orderId} on`) });
  // Main's next poll, now rather than in up to 10 s.
  await expect(async () => {
    await desktop.app.poller.poll();
    await expect(bell).toHaveAccessibleName('Notifications: 1', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  expect(desktop.notifications).toHaveLength(1);
  await expect(ring).toBeVisible();
  await expect(entry.getByLabel('New items')).toBeVisible();

  // The window reloads: the bell, its ring and the dot come back from main.
  await page.reload();
  await expect(bell).toHaveAccessibleName('Notifications: 1');
  await expect(ring).toBeVisible();
  await expect(entry.getByLabel('New items')).toBeVisible();

  // Opening the bell and following the entry are main's to keep.
  await bell.click();
  await expect(item).toBeVisible();
  await expect(ring).toHaveCount(0);
  await expect.poll(() => desktop.app.notifications.getState().unseen).toBe(false);
  await page.keyboard.press('Escape');
  await entry.click();
  await expect(entry.getByLabel('New items')).toHaveCount(0);
  await expect.poll(() => desktop.app.notifications.getState().flags.platform).toBe(false);

  await page.reload();
  await expect(bell).toHaveAccessibleName('Notifications: 1');
  await expect(ring).toHaveCount(0);
  await expect(entry.getByLabel('New items')).toHaveCount(0);
  await bell.click();
  await expect(item).toBeVisible();
  // Still one native notification: a reload announces nothing again.
  expect(desktop.notifications).toHaveLength(1);
});

test('local mode backs up to a chosen file and an administrator restores it: exactly its data comes back', async ({
  page,
}) => {
  desktop = await attachDesktop(page, web.url);
  await registerLocally({ fullname: 'Ren Sato', email: 'ren@shop.example', password: 'hojicha-latte-42' });
  const login = new LoginPage(page);
  await login.goto(web.url);
  await login.signIn('ren@shop.example', 'hojicha-latte-42');
  await expect(page).toHaveURL(/\/shipping-management$/);
  const token = desktop.app.vault.get()?.token ?? '';
  const addProduct = async (name: string, jan: string) => {
    const { apiBaseUrl: base } = await desktop.app.connection.resolve();
    const res = await fetch(`${base}/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
      body: JSON.stringify({
        name,
        skuCode: name.toUpperCase().replaceAll(' ', '-'),
        janCode: jan,
        inStockQuantity: 1,
      }),
    });
    expect(res.status).toBe(201);
  };
  await addProduct('Kept in the backup', withJanCheckDigit('490000000010'));

  // The day's automatic copy (main makes it at start and checks every hour).
  await desktop.app.backups.runScheduled();
  await page.goto(`${web.url}/settings`);
  const section = page.getByRole('region', { name: "Backups of this computer's data" });
  await expect(section).toBeVisible();
  await expect(section).toContainText(
    `The latest automatic backup is from ${new Date().toISOString().slice(0, 10)}.`,
  );
  await section.getByRole('button', { name: 'Back up now…' }).click();
  await expect(page.getByText(/Backup saved: .*kura-backup-\d{4}-\d{2}-\d{2}\.sqlite/).first()).toBeVisible();
  const saved = `${desktop.dataDir}/kura-backup-${new Date().toISOString().slice(0, 10)}.sqlite`;
  expect(readFileSync(saved).subarray(0, 15).toString()).toBe('SQLite format 3');

  await addProduct('Added after the backup', withJanCheckDigit('490000000011'));
  // Restore asks first; keeping the data changes nothing and focus goes back to the button.
  const restore = section.getByRole('button', { name: 'Restore from backup…' });
  await restore.click();
  const question = page.getByRole('dialog', { name: 'Restore from a backup?' });
  await expect(question).toContainText('The current data is kept as a backup of its own');
  await question.getByRole('button', { name: 'Keep the current data' }).press('Enter');
  await expect(question).toBeHidden();
  await expect(restore).toBeFocused();
  desktop.openPaths.push(saved);
  await restore.click();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Choose a backup and restore' }).click();
  await reloaded;
  await page.goto(`${web.url}/products`);
  const products = new ProductsListPage(page);
  await expect(products.table).toContainText('Kept in the backup');
  await expect(products.table).not.toContainText('Added after the backup');

  // A file that is not a backup is refused with a message, and nothing changes.
  await page.goto(`${web.url}/settings`);
  desktop.openPaths.push(`${desktop.dataDir}/not-a-backup.sqlite`);
  writeFileSync(`${desktop.dataDir}/not-a-backup.sqlite`, 'plain text, not a database'.repeat(100));
  await page.getByRole('button', { name: 'Restore from backup…' }).click();
  await page.getByRole('button', { name: 'Choose a backup and restore' }).click();
  await expect(
    page.getByText('That file is damaged and cannot be restored. Nothing was changed.').first(),
  ).toBeVisible();
});

test('File → Export sales CSV… opens the sales screen with its export dialog, also when already there', async ({
  page,
}) => {
  const login = await connectToTeam(page);
  await login.signIn(DEMO_ACCOUNTS.admin.email, DEMO_PASSWORDS.admin);
  await expect(page).toHaveURL(/\/shipping-management$/);
  await desktop.app.chrome.run('exportSales');
  await expect(page).toHaveURL(/\/sales-management$/);
  const dialog = page.getByRole('dialog', { name: 'Download sales CSV' });
  await expect(dialog).toBeVisible();
  await dialog.press('Escape');
  await expect(dialog).toBeHidden();
  // Again from the screen itself: the menu opens it once more.
  await desktop.app.chrome.run('exportSales');
  await expect(dialog).toBeVisible();
});

test('in Japanese: the backups section, its restore question and a long export pass the staff checklist', async ({
  page,
}) => {
  desktop = await attachDesktop(page, web.url);
  await registerLocally({ fullname: 'Aoi Kato', email: 'aoi@shop.example', password: 'genmaicha-tea-77' });
  const login = new LoginPage(page);
  await login.goto(web.url);
  await login.signIn('aoi@shop.example', 'genmaicha-tea-77');
  await expect(page).toHaveURL(/\/shipping-management$/);
  await page.evaluate(
    ([key]) => localStorage.setItem(key!, JSON.stringify({ selectedLang: 'ja' })),
    [STORAGE_KEYS.i18nConfig],
  );
  const checklist = async () => {
    expect(await seriousViolations(page)).toEqual([]);
    // The account's name is the user's data, not the screen's words (the folder is quoted).
    expect(await textFindings(page, 'ja', ['Aoi Kato'])).toEqual([]);
    expect(await loneCharacterFindings(page)).toEqual([]);
  };

  await desktop.app.backups.runScheduled();
  await page.goto(`${web.url}/settings`);
  const section = page.getByRole('region', { name: 'このコンピューターのデータのバックアップ' });
  await expect(section).toContainText(
    `最新の自動バックアップは${new Date().toISOString().slice(0, 10)}のものです。`,
  );
  await checklist();

  const restore = section.getByRole('button', { name: 'バックアップから復元…' });
  await restore.click();
  const question = page.getByRole('dialog', { name: 'バックアップから復元しますか？' });
  await expect(question).toContainText('現在のデータは別のバックアップとして保存されるため');
  await checklist();
  await question.press('Escape');
  await expect(question).toBeHidden();
  await expect(restore).toBeFocused();

  // A long export's progress and its cancellation, in Japanese.
  const { apiBaseUrl } = await desktop.app.connection.resolve();
  const created = await fetch(`${apiBaseUrl}/products`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Token ${desktop.app.vault.get()?.token ?? ''}`,
    },
    body: JSON.stringify({ name: '抹茶', skuCode: 'MATCHA-1', janCode: withJanCheckDigit('490000000020') }),
  });
  expect(created.status).toBe(201);
  desktop.holdExports.on = true;
  const list = new ProductsListPage(page);
  await page.goto(`${web.url}/products`);
  await list.exportButton.click();
  const progress = page.getByRole('status').filter({ hasText: /行を保存しました/ });
  await expect(progress).toBeVisible();
  await checklist();
  await progress.getByRole('button', { name: 'エクスポートを中止' }).click();
  await expect(
    page.getByText('エクスポートを中止しました。ファイルは保存されていません。').first(),
  ).toBeVisible();
  await expect(progress).toBeHidden();
  desktop.holdExports.on = false;
  await expect(list.table).toBeVisible();
});
