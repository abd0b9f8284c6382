import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { withJanCheckDigit } from '#shared/domain/jan';
import { DEMO_ACCOUNTS } from '../../../server/src/demo/seed';
import { ProductFormPage, ProductsListPage, RemarksDialog, StockPanel } from '../support/products.pages';
import { useKuraServer } from '../support/server';

const kura = useKuraServer({ demo: true });
// Every page starts signed in as the admin; signing in is session.spec's subject.
test.use(kura.signedIn('admin'));

interface ApiProduct {
  _id: string;
  name: string;
  skuCode: string;
  janCode: string;
  inStockQuantity: number;
  shelfNumber: string | null;
  lowStockLevel: number;
}

let serial = 0;
/** A JAN no demo product has (the demo data set uses 45/49 prefixes). */
const freshJan = () =>
  withJanCheckDigit(
    `20${String(Date.now() % 1e8).padStart(8, '0')}${String(serial++ % 100).padStart(2, '0')}`,
  );

async function apiProducts(query: string): Promise<{ data: ApiProduct[]; totalCount: number }> {
  const res = await kura.api(`products?${query}`, { token: await kura.token() });
  return (await res.json()) as { data: ApiProduct[]; totalCount: number };
}

async function apiCreateProduct(name: string): Promise<ApiProduct> {
  const res = await kura.api('products', {
    token: await kura.token(),
    body: { name, skuCode: `E2E-${Date.now()}-${serial++}`, janCode: freshJan(), inStockQuantity: 10 },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: ApiProduct }).data;
}

test('the list shows the first page of the 200 demo products with the default columns, and searches', async ({
  page,
}) => {
  const list = new ProductsListPage(page);
  await list.goto(kura.url);
  await expect(list.total).toHaveText('200 in total');
  await expect(list.rows).toHaveCount(26); // header + 25
  for (const column of ['Name', 'SKU', 'Category', 'Manufacturer', 'Stock quantity', 'Status', 'Remarks']) {
    await expect(list.columnHeader(column)).toBeVisible();
  }
  // The others wait in the column chooser, so the default choice fits a 1280-pixel window.
  await page.getByRole('button', { name: 'Columns' }).click();
  for (const column of [
    'JAN code',
    'Amazon stock',
    'Release date',
    'Last order date',
    'Monthly quantity',
    'Suppliers',
    'Low stock level',
  ]) {
    await expect(page.getByRole('menuitemcheckbox', { name: column })).not.toBeChecked();
    await expect(list.columnHeader(column)).toBeHidden();
  }
  await page.keyboard.press('Escape');

  const [sample] = (await apiProducts('page=1&limit=1&sort=name')).data;
  if (!sample) throw new Error('no demo product');
  const part = sample.name.split(/\s+/).find((w) => w.length >= 4) ?? sample.name.slice(0, 5);
  await list.search.fill(part);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(part).replace(/%20/g, '\\+')}`));
  await expect(list.row(sample.name).first()).toBeVisible();
  for (const name of await list.table.getByRole('link').allTextContents()) {
    expect(name.toLowerCase()).toContain(part.toLowerCase());
  }
});

test('sorting by a header and the low-stock filter live in the URL and survive a reload', async ({
  page,
}) => {
  const list = new ProductsListPage(page);
  await list.goto(kura.url);
  await list.columnHeader('Stock quantity').click();
  await expect(page).toHaveURL(/sort=-inStockQuantity/);
  await list.lowStock.click();
  await expect(page).toHaveURL(/lowStock=true/);
  const expected = (await apiProducts('lowStock=true&limit=1')).totalCount;
  expect(expected).toBeGreaterThan(0);
  await expect(list.total).toHaveText(`${expected} in total`);
  await page.reload();
  await expect(list.lowStock).toBeChecked();
  await expect(list.total).toHaveText(`${expected} in total`);
  await page.goBack();
  await expect(list.lowStock).not.toBeChecked();
});

test('the column chooser shows a column and remembers it for the user', async ({ page }) => {
  const list = new ProductsListPage(page);
  await list.goto(kura.url);
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Monthly quantity' }).click();
  await page.keyboard.press('Escape');
  await expect(list.columnHeader('Monthly quantity')).toBeVisible();
  await page.reload();
  await expect(list.columnHeader('Name')).toBeVisible();
  await expect(list.columnHeader('Monthly quantity')).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Monthly quantity' }).click();
  await expect(list.columnHeader('Monthly quantity')).toBeHidden();
});

test('create a product with two suppliers and an Amazon India ASIN', async ({ page }) => {
  const list = new ProductsListPage(page);
  await list.goto(kura.url);
  await list.addButton.click();
  await expect(page).toHaveURL(/\/products\/new$/);
  const form = new ProductFormPage(page);
  const sku = `E2E-SUP-${Date.now()}`;
  await form.fill({
    name: 'E2E Sencha 100g',
    sku,
    jan: freshJan(),
    stock: '12',
    amazonStock: '3',
    purchasePrice: '850',
  });
  await form.chooseOptions(form.suppliers, ['Askul (B2B)', 'Costco Japan — Kawasaki']);
  await form.platform('Amazon India').check();
  await form.asin('Amazon India').fill('B0E2E12345');
  await form.submitCreate.click();

  await expect(page.getByText('Product E2E Sencha 100g was added').first()).toBeVisible();
  await expect(page).toHaveURL(/\/products$/);
  await list.search.fill(sku);
  const row = list.row(sku);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('12');
  // Suppliers is an extra column: shown for this check, then put back.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Suppliers' }).click();
  await page.keyboard.press('Escape');
  await expect(row).toContainText('Askul (B2B), Costco Japan — Kawasaki');
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Suppliers' }).click();
  await page.keyboard.press('Escape');
  await expect(list.columnHeader('Suppliers')).toBeHidden();
  const saved = (await apiProducts(`skuCode=${encodeURIComponent(sku)}`)).data[0] as unknown as {
    availablePlatforms: { code: string; asin: string }[];
    suppliers: unknown[];
  };
  expect(saved.availablePlatforms).toEqual([{ code: 'AMAZONIND', asin: 'B0E2E12345' }]);
  expect(saved.suppliers).toHaveLength(2);
});

test('validation keeps the form: invalid JAN, Amazon stock above total, duplicate SKU', async ({ page }) => {
  const [taken] = (await apiProducts('page=1&limit=1')).data;
  if (!taken) throw new Error('no demo product');
  await page.goto(`${kura.url}/products/new`);
  const form = new ProductFormPage(page);
  const jan = freshJan();
  const badJan = `${jan.slice(0, 12)}${(Number(jan.at(-1)) + 1) % 10}`;
  await form.fill({ name: 'E2E Validation', sku: taken.skuCode, jan: badJan, stock: '2', amazonStock: '5' });
  await form.submitCreate.click();
  await expect(form.messageOf('JAN code')).toContainText('Invalid JANCODE');
  await expect(form.messageOf('Amazon stock')).toContainText(
    'Total Stock Quantity cannot be less than Amazon Stock Quantity',
  );

  await form.jan.fill(jan);
  await form.amazonStock.fill('1');
  await form.submitCreate.click();
  await expect(form.messageOf('SKU')).toContainText('Duplicate field');
  await expect(page).toHaveURL(/\/products\/new$/);
  await expect(form.name).toHaveValue('E2E Validation');
  await expect(form.sku).toHaveValue(taken.skuCode);
  await expect(form.jan).toHaveValue(jan);
  await expect(form.stock).toHaveValue('2');
  await expect(form.amazonStock).toHaveValue('1');
});

test('adjust stock by +5 with a reason, then add a remark', async ({ page }) => {
  const product = await apiCreateProduct('E2E Ledger Tea');
  await page.goto(`${kura.url}/product-edit?id=${product._id}`);
  const stock = new StockPanel(page);
  await expect(stock.current).toHaveText('10');
  await stock.adjust('5', 'Found a carton in the back room');
  await expect(page.getByText('Stock updated: now 15').first()).toBeVisible();
  await expect(stock.current).toHaveText('15');
  const newest = stock.history.getByRole('row').nth(1);
  await expect(newest).toContainText('+5');
  await expect(newest).toContainText('Adjustment');
  await expect(newest).toContainText('Found a carton in the back room');
  await expect(newest).toContainText(DEMO_ACCOUNTS.admin.fullname);
  await expect(stock.history.getByRole('row').nth(2)).toContainText('Initial stock');

  await page.getByRole('button', { name: /^Remarks \(0\)$/ }).click();
  const remarks = new RemarksDialog(page);
  await remarks.add('Customer asked for the 200 g size');
  await expect(remarks.list.getByRole('listitem').first()).toContainText('Customer asked for the 200 g size');
  await expect(remarks.list.getByRole('listitem').first()).toContainText(DEMO_ACCOUNTS.admin.fullname);
});

test('a scanned JAN in the search box shows the product details, and leads on to its edit screen', async ({
  page,
}) => {
  const [target] = (await apiProducts('page=1&limit=1&sort=-name')).data;
  if (!target) throw new Error('no demo product');
  const list = new ProductsListPage(page);
  await list.goto(kura.url);
  await list.search.fill(target.janCode);
  await list.search.press('Enter');

  const details = page.getByRole('dialog', { name: 'Product details' });
  await expect(details).toContainText(target.skuCode);
  await expect(details).toContainText(target.janCode);
  await expect(details).toContainText(String(target.inStockQuantity));
  if (target.shelfNumber) await expect(details).toContainText(target.shelfNumber);
  await details.getByRole('button', { name: 'Edit product' }).click();
  await expect(page).toHaveURL(new RegExp(`/product-edit\\?id=${target._id}$`));
  await expect(new ProductFormPage(page).sku).toHaveValue(target.skuCode);
});

/** One CSV line's fields (quoted fields may hold commas and doubled quotes). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted && c === '"' && line[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (c === ',' && !quoted) {
      fields.push(field);
      field = '';
    } else {
      field += c;
    }
  }
  fields.push(field);
  return fields;
}

test('export saves exactly what the searched list shows, in its order, as the bytes served (BOM kept)', async ({
  page,
}) => {
  const list = new ProductsListPage(page);
  await list.goto(kura.url);
  await list.search.fill('curry');
  const found = (await (
    await kura.api('products/search?searchString=curry&page=1&limit=100', { token: await kura.token() })
  ).json()) as { data: ApiProduct[]; totalcount: number };
  expect(found.totalcount).toBeGreaterThan(0);
  expect(found.totalcount).toBeLessThan(200);
  await expect(list.rows).toHaveCount(found.totalcount + 1);

  const downloading = page.waitForEvent('download');
  await list.exportButton.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('products.csv');
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header = '', ...rows] = bytes.subarray(3).toString('utf8').trim().split(/\r?\n/);
  const skuColumn = csvFields(header).findIndex((name) => /^SKU/i.test(name));
  expect(skuColumn).toBeGreaterThanOrEqual(0);
  const exported = rows.map((row) => csvFields(row)[skuColumn]);
  expect(exported).toHaveLength(found.totalcount);
  // The screen's own order, row for row.
  const shown = await list.rows.evaluateAll((trs) => trs.slice(1).map((tr) => tr.textContent ?? ''));
  exported.forEach((sku, i) => expect(shown[i]).toContain(sku));
});

test('a form with unsaved changes asks before the menu, browser back or closing the tab takes it away', async ({
  page,
}) => {
  const list = new ProductsListPage(page);
  await list.goto(kura.url);
  await list.addButton.click();
  const form = new ProductFormPage(page);
  await form.name.fill('Unsaved Hojicha');
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });

  // Browser back: stay, and nothing typed is lost.
  await page.goBack();
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/products\/new$/);
  await expect(form.name).toHaveValue('Unsaved Hojicha');

  // The side menu: leave.
  await page.getByTestId('side-menu').getByRole('link').first().click();
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(page).not.toHaveURL(/\/products\/new$/);

  // An untouched form lets go at once.
  await page.goto(`${kura.url}/products/new`);
  await page.getByTestId('side-menu').getByRole('link').first().click();
  await expect(page).not.toHaveURL(/\/products\/new$/);
  await expect(leave).toHaveCount(0);

  // Closing the tab: the browser's own question.
  await page.goto(`${kura.url}/products/new`);
  await form.name.fill('Unsaved again');
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
});

test('the release date keeps an impossible date as typed and says so; numbers never show raw text', async ({
  page,
}) => {
  await page.goto(`${kura.url}/products/new`);
  const form = new ProductFormPage(page);
  const date = form.field('Release date');
  await date.fill('2026-02-30');
  await form.name.click();
  await expect(form.messageOf('Release date')).toContainText('Invalid Release Date');
  await expect(date).toHaveValue('2026-02-30');
  await form.submitCreate.click();
  await expect(date).toHaveValue('2026-02-30');
  await expect(form.messageOf('Release date')).toContainText('Invalid Release Date');

  await date.fill('2026/11/1');
  await form.name.click();
  await expect(date).toHaveValue('2026-11-01');
  await expect(form.messageOf('Release date')).not.toContainText('Invalid Release Date');

  await form.purchasePrice.fill('-1');
  await form.stock.fill('-3');
  await form.submitCreate.click();
  await expect(form.messageOf('Purchase price (JPY)')).toContainText('Must be at least 0');
  await expect(form.messageOf('Stock quantity')).toContainText('Invalid Stock Quantity');
  await expect(page.getByText(/Too small|expected number/)).toHaveCount(0);

  // One past the bounds: the bound in the message.
  await form.purchasePrice.fill('100000001');
  await form.stock.fill('1000000001');
  await form.submitCreate.click();
  await expect(form.messageOf('Purchase price (JPY)')).toContainText('Must be at most 100000000');
  await expect(form.messageOf('Stock quantity')).toContainText('Must be at most 1000000000');
});

test.describe('in Japanese', () => {
  test.use(kura.signedIn('admin', { language: 'ja' }));

  test('in Japanese: the date, number and leave messages come from the translations', async ({ page }) => {
    const list = new ProductsListPage(page);
    await list.goto(kura.url);
    await list.addButton.click();
    const form = new ProductFormPage(page);
    const date = form.field('発売日');
    await date.fill('2026-13-01');
    await form.field('商品名').click();
    await expect(form.messageOf('発売日')).toContainText('発売日が正しくありません');
    await expect(date).toHaveValue('2026-13-01');
    await form.field('仕入価格（円）').fill('-1');
    await page.getByRole('button', { name: '商品を追加' }).last().click();
    await expect(form.messageOf('仕入価格（円）')).toContainText('0以上の値を入力してください');
    await form.field('仕入価格（円）').fill('100000001');
    await page.getByRole('button', { name: '商品を追加' }).last().click();
    await expect(form.messageOf('仕入価格（円）')).toContainText('100000000以下の値を入力してください');
    await expect(page.getByText(/Too small|Must be at least|Invalid Release Date/)).toHaveCount(0);

    await page.goBack();
    const leave = page.getByRole('dialog', { name: '保存せずに移動しますか？' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: '移動する' }).click();
    await expect(page).toHaveURL(/\/products$/);
  });

  test('in Japanese: the list, a validation message and an update', async ({ page }) => {
    const product = await apiCreateProduct('E2E 日本語テスト');
    const list = new ProductsListPage(page);
    await list.goto(kura.url);
    await expect(list.columnHeader('在庫数')).toBeVisible();
    await expect(list.total).toHaveText(/^全 \d+ 件$/);

    await page.goto(`${kura.url}/product-edit?id=${product._id}`);
    const form = new ProductFormPage(page);
    await form.field('JANコード').fill('4900000000000');
    await page.getByRole('button', { name: '商品を更新' }).click();
    await expect(form.messageOf('JANコード')).toContainText('JANコードが正しくありません');
    await form.field('JANコード').fill(product.janCode);
    await form.field('在庫下限').fill('20');
    await page.getByRole('button', { name: '商品を更新' }).click();
    await expect(page.getByText('商品を更新しました').first()).toBeVisible();
    await expect(page).toHaveURL(/\/products$/);
    await list.search.fill(product.skuCode);
    await expect(list.row(product.skuCode)).toBeVisible();
    // The low-stock level is not a default column: the saved value is read back from the API.
    const [saved] = (await apiProducts(`skuCode=${encodeURIComponent(product.skuCode)}`)).data;
    expect(saved?.lowStockLevel).toBe(20);
  });
});
