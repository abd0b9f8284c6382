/**
 * The settings screens on the demo data: the card menu, adding,
 * validating, editing by double-click with confirmation, and the same in Japanese.
 */
import path from 'node:path';
import { expect, test, type Page, type Request } from '@playwright/test';
import { axeCheck } from '../support/blocks';
import { Shell } from '../support/pages';
import { useKuraServer } from '../support/server';
import {
  CATEGORY_EN,
  HANDLING_EN,
  MANUFACTURER_JA,
  SettingsListPage,
  SettingsMenuPage,
} from '../support/settings.pages';

const kura = useKuraServer({ demo: true });
// Every page starts signed in as the admin; signing in is session.spec's subject.
test.use(kura.signedIn('admin'));
const artifacts = path.resolve(import.meta.dirname, '../../artifacts');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });
/** Checks the screen itself: the toasts (a portal of the app's one toaster) are not part of it. */
const axe = (page: Page) => axeCheck(page, (builder) => builder.exclude('.fui-ToastContainer'));

/** The API calls the page makes, for asserting what was (not) sent. */
function recordApiCalls(page: Page) {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/v1/')) calls.push(request);
  });
  return {
    writes: () =>
      calls.filter((r) => r.method() !== 'GET').map((r) => `${r.method()} ${new URL(r.url()).pathname}`),
    lists: (resource: string) =>
      calls
        .filter((r) => r.method() === 'GET' && new URL(r.url()).pathname.startsWith(`/api/v1/${resource}`))
        .map((r) => new URL(r.url()).search),
  };
}

async function findByName(resource: string, name: string) {
  const res = await kura.api(`${resource}/?name=${encodeURIComponent(name)}`, {
    token: await kura.token(),
  });
  const body = (await res.json()) as { data: { name: string; activeStatus: boolean }[] };
  return body.data.find((row) => row.name === name);
}

test('the card menu links to the six settings lists', async ({ page }) => {
  const menu = new SettingsMenuPage(page);
  await menu.goto(kura.url);
  await expect(menu.cards).toHaveCount(6);
  await shot(page, 'settings-menu-en');
  expect((await axe(page)).violations).toEqual([]);
  const screens: [string, RegExp, string][] = [
    ['Category', /\/settings\/category$/, 'Add a category'],
    ['Manufacturer', /\/settings\/Manufacturer$/, 'Add a manufacturer'],
    ['Supplier', /\/settings\/supplier$/, 'Add a supplier'],
    ['Shipping method', /\/settings\/shippingMethod$/, 'Add a shipping method'],
    ['Handling charges', /\/settings\/handling-charges$/, 'Add a handling charge'],
    ['Exchange rates', /\/settings\/exchange-rates$/, 'Add a rate'],
  ];
  for (const [title, url, addTitle] of screens) {
    await menu.card(title).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('form', { name: addTitle })).toBeVisible();
    // Every list has demo rows (the exchange rates too: one for each day with India orders).
    await expect(page.getByRole('table', { name: title })).toBeVisible();
    await page.goBack();
    await expect(menu.nav).toBeVisible();
  }
});

test('lists page 1 of 10, pages, searches by name and sorts by clicking headers', async ({ page }) => {
  const calls = recordApiCalls(page);
  const screen = new SettingsListPage(page, CATEGORY_EN);
  await screen.goto(kura.url);
  // 13 demo categories: two pages of 10.
  await expect(screen.table.getByRole('row')).toHaveCount(11);
  expect(calls.lists('categories')[0]).toBe('?page=1&limit=10');
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(screen.table.getByRole('row')).toHaveCount(4);
  expect(calls.lists('categories')).toContain('?page=2&limit=10');

  await screen.table.getByRole('columnheader', { name: 'Name' }).click();
  await expect(screen.table.getByRole('row').nth(1)).toContainText('Anime goods');
  expect(calls.lists('categories')).toContain('?page=1&limit=10&sort=name');
  await screen.table.getByRole('columnheader', { name: 'Name' }).click();
  await expect(screen.table.getByRole('row').nth(1)).toContainText('Toys & figures');
  expect(calls.lists('categories')).toContain('?page=1&limit=10&sort=-name');
  await expect(screen.table.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );

  await screen.search.fill('tea');
  await expect(screen.table.getByRole('row')).toHaveCount(2);
  await expect(screen.cell('Green tea / 緑茶')).toBeVisible();
  // Debounced: one request for the whole word, not one per keystroke.
  expect(calls.lists('categories').filter((q) => q.includes('name='))).toEqual([
    '?page=1&limit=10&sort=-name&name=tea',
  ]);
  await screen.search.fill('no such category');
  await expect(page.getByText('Nothing matches “no such category”')).toBeVisible();
});

test('adds a category and shows it in the table; the form resets', async ({ page }) => {
  const screen = new SettingsListPage(page, CATEGORY_EN);
  await screen.goto(kura.url);
  await screen.form.getByLabel('Category name').fill('Retro video games');
  await screen.submit.click();
  await expect(screen.toast('new category added')).toBeVisible();
  await expect(screen.form.getByLabel('Category name')).toHaveValue('');
  // Newest first: the new row is on page 1, active, dated today.
  const row = screen.row('Retro video games');
  await expect(row).toBeVisible();
  await expect(row).toContainText('Active');
  await expect(row).toContainText(/\d{4}-\d{2}-\d{2}/);
  await shot(page, 'settings-category-en');
  expect((await axe(page)).violations).toEqual([]);

  // A third of the width beside the table; stacked above it on a narrow window.
  const [form, table] = [await screen.form.boundingBox(), await screen.table.boundingBox()];
  expect(form!.x + form!.width).toBeLessThan(table!.x);
  expect(form!.width / table!.width).toBeGreaterThan(0.4);
  expect(form!.width / table!.width).toBeLessThan(0.6);
  await page.setViewportSize({ width: 820, height: 900 });
  await expect(async () => {
    const [narrowForm, narrowTable] = [await screen.form.boundingBox(), await screen.table.boundingBox()];
    expect(narrowForm!.y + narrowForm!.height).toBeLessThan(narrowTable!.y);
  }).toPass();
  await shot(page, 'settings-category-narrow-en');
});

test('a blank or single-space name shows the message and sends nothing', async ({ page }) => {
  const calls = recordApiCalls(page);
  const screen = new SettingsListPage(page, CATEGORY_EN);
  await screen.goto(kura.url);
  await screen.submit.click();
  await expect(screen.form.getByText('Please Enter the Category name')).toBeVisible();
  await screen.form.getByLabel('Category name').fill(' ');
  await screen.submit.click();
  await expect(screen.form.getByText('Please Enter the Category name')).toBeVisible();
  await expect(screen.form.getByLabel('Category name')).toHaveValue(' ');
  expect(calls.writes()).toEqual([]);
});

test('edits a name by double-click and Save; a reload shows the new name', async ({ page }) => {
  const calls = recordApiCalls(page);
  const screen = new SettingsListPage(page, CATEGORY_EN);
  await screen.goto(kura.url);
  await screen.find('Kitchenware / キッチン用品');
  await screen.editText('Kitchenware / キッチン用品', 'Kitchen & dining');
  await expect(screen.dialog).toContainText('Please confirm the changes');
  await expect(screen.dialog).toContainText('You are about to change the name.');
  // The confirmation says what changes, from what to what, and Enter answers it.
  await expect(screen.dialog.getByRole('definition').first()).toHaveText('Kitchenware / キッチン用品');
  await expect(screen.dialog.getByRole('definition').nth(1)).toHaveText('Kitchen & dining');
  await expect(screen.saveButton).toBeFocused();
  expect(calls.writes()).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(screen.toast('Row Updated')).toBeVisible();
  expect(calls.writes()).toEqual([expect.stringMatching(/^PUT \/api\/v1\/categories\/.+/)]);

  await page.reload();
  await screen.find('Kitchen & dining');
  expect(await findByName('categories', 'Kitchenware / キッチン用品')).toBeUndefined();
});

test('Close or Escape cancels an edit: nothing is saved and the old name returns', async ({ page }) => {
  const calls = recordApiCalls(page);
  const screen = new SettingsListPage(page, CATEGORY_EN);
  await screen.goto(kura.url);
  await screen.find('Cosmetics / 化粧品');
  await screen.editText('Cosmetics / 化粧品', 'Makeup');
  await expect(screen.dialog).toBeVisible();
  await expect(screen.saveButton).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(screen.dialog).toBeHidden();
  await expect(screen.cell('Cosmetics / 化粧品')).toBeVisible();
  await screen.editText('Cosmetics / 化粧品', 'Makeup');
  await screen.closeButton.click();
  await expect(screen.dialog).toBeHidden();
  await expect(screen.cell('Cosmetics / 化粧品')).toBeVisible();

  // Escape while typing restores the old value without asking.
  await screen.cell('Cosmetics / 化粧品').dblclick();
  await screen.editor.fill('Makeup');
  await screen.editor.press('Escape');
  await expect(screen.cell('Cosmetics / 化粧品')).toBeVisible();
  expect(calls.writes()).toEqual([]);

  await page.reload();
  await screen.find('Cosmetics / 化粧品');
  expect(await findByName('categories', 'Makeup')).toBeUndefined();
});

test('confirming an unchanged value sends no request', async ({ page }) => {
  const calls = recordApiCalls(page);
  const screen = new SettingsListPage(page, CATEGORY_EN);
  await screen.goto(kura.url);
  await screen.find('Stationery / 文房具');
  await screen.cell('Stationery / 文房具').dblclick();
  await expect(screen.editor).toBeFocused();
  await screen.editor.press('Enter');
  await expect(screen.editor).toBeHidden();
  await expect(screen.dialog).toBeHidden();
  // Trailing spaces are no change either: the server would trim them.
  await screen.editText('Stationery / 文房具', 'Stationery / 文房具  ');
  await expect(screen.editor).toBeHidden();
  await expect(screen.cell('Stationery / 文房具')).toBeVisible();
  expect(calls.writes()).toEqual([]);
});

test('toggles a category to Inactive through the status cell', async ({ page }) => {
  const screen = new SettingsListPage(page, CATEGORY_EN);
  await screen.goto(kura.url);
  await screen.find('Skincare / スキンケア');
  const row = screen.row('Skincare / スキンケア');
  await row.getByRole('cell', { name: 'Active', exact: true }).dblclick();
  await row.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Inactive' });
  await expect(screen.dialog).toContainText('You are about to change the status.');
  await screen.saveButton.click();
  await expect(screen.toast('Row Updated')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Inactive', exact: true })).toBeVisible();
  expect(await findByName('categories', 'Skincare / スキンケア')).toMatchObject({
    activeStatus: false,
  });
});

test('a duplicate name shows Duplicate field, keeps the input and restores an edited cell', async ({
  page,
}) => {
  const screen = new SettingsListPage(page, CATEGORY_EN);
  await screen.goto(kura.url);
  await screen.form.getByLabel('Category name').fill('SNACKS / スナック菓子');
  await screen.submit.click();
  await expect(screen.toast('Duplicate field')).toBeVisible();
  await expect(screen.form.getByLabel('Category name')).toHaveValue('SNACKS / スナック菓子');
  await expect(screen.submit).toBeEnabled();

  await screen.find('Health supplements / 健康食品');
  await screen.editText('Health supplements / 健康食品', 'green tea / 緑茶');
  await screen.saveButton.click();
  await expect(screen.toast('Duplicate field')).toBeVisible();
  await expect(screen.cell('Health supplements / 健康食品')).toBeVisible();
});

test('adds a handling charge with a percentage; the type cell is read-only', async ({ page }) => {
  const calls = recordApiCalls(page);
  const screen = new SettingsListPage(page, HANDLING_EN);
  await screen.goto(kura.url);
  await screen.submit.click();
  await expect(screen.form.getByText('Please Enter Name')).toBeVisible();
  await expect(screen.form.getByText('Please Fill Value')).toBeVisible();
  await screen.form.getByLabel('Title').fill('Card surcharge');
  await screen.form.getByLabel('Type').selectOption({ label: 'Percentage' });
  await screen.form.getByLabel('Value').fill('abc');
  await screen.submit.click();
  await expect(screen.form.getByText('Please Fill Value')).toBeVisible();
  expect(calls.writes()).toEqual([]);

  await screen.form.getByLabel('Value').fill('3.5');
  await screen.submit.click();
  await expect(screen.toast('new handling charge added')).toBeVisible();
  const row = screen.row('Card surcharge');
  await expect(row).toContainText('Percentage');
  await expect(row).toContainText('3.5%');
  await shot(page, 'settings-handling-en');
  expect((await axe(page)).violations).toEqual([]);

  await row.getByRole('cell', { name: 'Percentage' }).dblclick();
  await expect(screen.editor).toHaveCount(0);
  await screen.editText('3.5%', '4.25');
  await expect(screen.dialog).toContainText('You are about to change the value.');
  await screen.saveButton.click();
  await expect(screen.toast('Row Updated')).toBeVisible();
  await expect(row).toContainText('4.25%');
});

test('a fixed charge money cannot hold exactly (1200.5 yen) is refused in the form, never rounded', async ({
  page,
}) => {
  const calls = recordApiCalls(page);
  const screen = new SettingsListPage(page, HANDLING_EN);
  await screen.goto(kura.url);
  await screen.form.getByLabel('Title').fill('Gift wrap');
  await screen.form.getByLabel('Type').selectOption({ label: 'Amount (yen)' });
  await screen.form.getByLabel('Value').fill('1200.5');
  await screen.submit.click();
  await expect(screen.form.getByText('At most 0 decimal places')).toBeVisible();
  await expect(screen.form.getByLabel('Value')).toHaveValue('1200.5');
  expect(calls.writes()).toEqual([]);

  // The same form in Japanese (its name and button are Japanese now).
  await new Shell(page).chooseLanguage('日本語');
  const form = page.locator('form').filter({ has: page.locator('select[name="type"]') });
  await form.locator('button[type="submit"]').click();
  await expect(form.getByText('小数点以下は0桁までです')).toBeVisible();
  await expect(form.getByText('At most 0 decimal places')).toHaveCount(0);
  expect(calls.writes()).toEqual([]);
});

test.describe('in Japanese', () => {
  test.use(kura.signedIn('admin', { language: 'ja' }));

  test('in Japanese: adds a manufacturer and edits its name', async ({ page }) => {
    const menu = new SettingsMenuPage(page, '設定リスト');
    await menu.goto(kura.url);
    await shot(page, 'settings-menu-ja');
    await menu.card('メーカー').click();
    const screen = new SettingsListPage(page, MANUFACTURER_JA);
    await expect(screen.table).toBeVisible();

    await screen.submit.click();
    await expect(screen.form.getByText('メーカー名を入力してください')).toBeVisible();
    await screen.form.getByLabel('メーカー名').fill('ヤマサ醤油');
    await screen.submit.click();
    await expect(screen.toast('メーカーを追加しました')).toBeVisible();
    await expect(screen.cell('ヤマサ醤油')).toBeVisible();
    await expect(screen.row('ヤマサ醤油')).toContainText('有効');
    await shot(page, 'settings-manufacturer-ja');

    await screen.editText('ヤマサ醤油', 'ヤマサ醤油株式会社');
    await expect(screen.dialog).toContainText('変更内容をご確認ください');
    await expect(screen.dialog).toContainText('名称を変更しようとしています。');
    await shot(page, 'settings-confirm-ja');
    await screen.saveButton.click();
    await expect(screen.toast('行を更新しました')).toBeVisible();
    await expect(screen.cell('ヤマサ醤油株式会社')).toBeVisible();
    expect(await findByName('manufacturers', 'ヤマサ醤油株式会社')).toBeDefined();
  });
});
