import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { withJanCheckDigit } from '#shared/domain/jan';
import { DEMO_ACCOUNTS, DEMO_PASSWORDS } from '../../../server/src/demo/seed';
import { LoginPage, Shell } from '../support/pages';
import { ProductFormPage, ProductsListPage, RemarksDialog, StockPanel } from '../support/products.pages';
import { useKuraServer } from '../support/server';

const kura = useKuraServer({ demo: true });

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

async function adminToken(): Promise<string> {
  const res = await kura.api('auth/login', {
    body: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORDS.admin },
  });
  return ((await res.json()) as { token: string }).token;
}

async function apiProducts(query: string): Promise<{ data: ApiProduct[]; totalCount: number }> {
  const res = await kura.api(`products?${query}`, { token: await adminToken() });
  return (await res.json()) as { data: ApiProduct[]; totalCount: number };
}

async function apiCreateProduct(name: string): Promise<ApiProduct> {
  const res = await kura.api('products', {
    token: await adminToken(),
    body: { name, skuCode: `E2E-${Date.now()}-${serial++}`, janCode: freshJan(), inStockQuantity: 10 },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: ApiProduct }).data;
}

async function signIn(page: Page) {
  const login = new LoginPage(page);
  await login.goto(kura.url);
  await login.signIn(DEMO_ACCOUNTS.admin.email, DEMO_PASSWORDS.admin);
  await expect(page).toHaveURL(/\/shipping-management$/);
}

test.beforeEach(async ({ page }) => signIn(page));

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

test('export downloads products.csv with its header row', async ({ page }) => {
  const list = new ProductsListPage(page);
  await list.goto(kura.url);
  const downloading = page.waitForEvent('download');
  await list.exportButton.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('products.csv');
  const text = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const [header, ...rows] = text.trim().split(/\r?\n/);
  expect(header).toMatch(/SKU/i);
  expect(rows.length).toBeGreaterThanOrEqual(200);
});

test('in Japanese: the list, a validation message and an update', async ({ page }) => {
  const product = await apiCreateProduct('E2E 日本語テスト');
  await new Shell(page).chooseLanguage('日本語');
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
