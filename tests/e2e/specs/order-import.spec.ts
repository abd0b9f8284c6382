/**
 * The order import screen on the demo catalog (whose SKUs and listings the sample reports in
 * resources/samples name): preview, import, and the same files again creating nothing; in
 * English and in Japanese, with an accessibility check of each state.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { axeCheck } from '../support/blocks';
import { Shell } from '../support/pages';
import { useKuraServer } from '../support/server';

const kura = useKuraServer({ demo: true });
// Every page starts signed in as the admin; signing in is session.spec's subject.
test.use(kura.signedIn('admin'));
// Five imports and four accessibility checks: more than the default minute on a busy machine.
test.describe.configure({ timeout: 240_000 });
const samples = path.resolve(import.meta.dirname, '../../../resources/samples');
const artifacts = path.resolve(import.meta.dirname, '../../artifacts');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });
const axe = (page: Page) => axeCheck(page);

/** The figure on the summary card with this label. */
const count = (page: Page, label: string) =>
  page.getByRole('listitem').filter({ hasText: label }).locator('span').last();

async function orderCount(platform: string): Promise<number> {
  const res = await kura.api(`orders?platformCode=${platform}&limit=1`, { token: await kura.token() });
  return ((await res.json()) as { totalCount: number }).totalCount;
}

test('imports the Amazon.co.jp and Shopify samples, and again without duplicates', async ({ page }) => {
  await page.goto(`${kura.url}/`);
  await new Shell(page).menu.getByRole('link', { name: 'Import orders' }).click();
  await expect(page).toHaveURL(/\/order-import$/);
  await expect(page.getByText('No report chosen yet')).toBeVisible();
  expect((await axe(page)).violations).toEqual([]);
  const jpBefore = await orderCount('AMAZONJP');
  const shopifyBefore = await orderCount('SHOPIFY');

  // The Shift_JIS report: the preview first, nothing written yet.
  const file = page.getByTestId('file-input');
  await file.setInputFiles(path.join(samples, 'amazon-jp-all-orders.txt'));
  await expect(page.getByRole('heading', { name: 'Preview' })).toBeVisible();
  await expect(count(page, 'Orders to create')).toHaveText('4');
  await expect(count(page, 'Already imported')).toHaveText('1');
  await expect(count(page, 'Unknown products')).toHaveText('1');
  const unmatched = page
    .getByRole('grid', { name: /product was not found/ })
    .or(page.getByRole('table', { name: /product was not found/ }));
  await expect(unmatched).toContainText('JP-NOTE-A5');
  await expect(unmatched).toContainText('B0ZZZZ0001');
  expect(await orderCount('AMAZONJP')).toBe(jpBefore);
  expect((await axe(page)).violations).toEqual([]);
  await shot(page, 'order-import-preview-en');

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('The report has been imported.')).toBeVisible();
  await expect(count(page, 'Orders created')).toHaveText('4');
  await expect(page.getByText('Import finished: 4 created, 0 cancelled').first()).toBeVisible();
  expect(await orderCount('AMAZONJP')).toBe(jpBefore + 4);

  // The same file again: nothing new, and nothing to press.
  await page.getByRole('button', { name: 'Import another report' }).click();
  await file.setInputFiles(path.join(samples, 'amazon-jp-all-orders.txt'));
  await expect(count(page, 'Orders to create')).toHaveText('0');
  await expect(count(page, 'Already imported')).toHaveText('5');
  await expect(page.getByText('Nothing new to import')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

  // Shopify's CSV, twice.
  await page.getByRole('radio', { name: 'Shopify orders export (.csv)' }).check();
  await file.setInputFiles(path.join(samples, 'shopify-orders.csv'));
  await expect(count(page, 'Orders to create')).toHaveText('6');
  await expect(page.getByText('GIFT-WRAP')).toBeVisible();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(count(page, 'Orders created')).toHaveText('6');
  await page.getByRole('button', { name: 'Import another report' }).click();
  await file.setInputFiles(path.join(samples, 'shopify-orders.csv'));
  await expect(count(page, 'Already imported')).toHaveText('6');
  await expect(count(page, 'Orders to create')).toHaveText('0');
  expect(await orderCount('SHOPIFY')).toBe(shopifyBefore + 6);
  expect(await orderCount('AMAZONJP')).toBe(jpBefore + 4);
});

test.describe(() => {
  test.use(kura.signedIn('admin', { language: 'ja' }));

  test('the import screen in Japanese: Amazon.in sample with a row error', async ({ page }) => {
    await page.goto(`${kura.url}/`);
    await new Shell(page).menu.getByRole('link', { name: '注文インポート' }).click();
    await expect(page.getByText('レポートが選択されていません')).toBeVisible();
    await page.getByTestId('file-input').setInputFiles(path.join(samples, 'amazon-in-all-orders.txt'));
    await expect(page.getByRole('heading', { name: 'プレビュー' })).toBeVisible();
    await expect(count(page, '作成する注文')).toHaveText('3');
    await expect(count(page, 'エラーのある行')).toHaveText('1');
    await expect(page.getByText('不明な販売チャネルです：Non-Amazon')).toBeVisible();
    expect((await axe(page)).violations).toEqual([]);
    await shot(page, 'order-import-preview-ja');
    await page.getByRole('button', { name: 'インポート', exact: true }).click();
    await expect(page.getByText('レポートを取り込みました。')).toBeVisible();
    await expect(count(page, '作成した注文')).toHaveText('3');
  });
});
