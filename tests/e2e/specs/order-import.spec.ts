/**
 * The order import screen on the demo catalog (whose SKUs and listings the sample reports in
 * resources/samples name): preview, import, and the same files again creating nothing; in
 * English and in Japanese, with an accessibility check of each state.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { axeCheck } from '../support/blocks';
import { Shell } from '../support/pages';
import { useKuraServer, type KuraServer } from '../support/server';

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

async function orderCount(kura: KuraServer, platform: string): Promise<number> {
  const res = await kura.api(`orders?platformCode=${platform}&limit=1`, { token: await kura.token() });
  return ((await res.json()) as { totalCount: number }).totalCount;
}

test.describe('in English', () => {
  // Each language's story on a server of its own: both import the same samples.
  const kura = useKuraServer({ demo: true });
  // Every page starts signed in as the admin; signing in is session.spec's subject.
  test.use(kura.signedIn('admin'));
  const orders = (platform: string) => orderCount(kura, platform);

  test('imports the Amazon.co.jp and Shopify samples, and again without duplicates', async ({ page }) => {
    await page.goto(`${kura.url}/`);
    await new Shell(page).menu.getByRole('link', { name: 'Import orders' }).click();
    await expect(page).toHaveURL(/\/order-import$/);
    await expect(page.getByText('No report chosen yet')).toBeVisible();
    expect((await axe(page)).violations).toEqual([]);
    const jpBefore = await orders('AMAZONJP');
    const shopifyBefore = await orders('SHOPIFY');

    // The Shift_JIS report: the preview first, nothing written yet.
    const file = page.getByTestId('file-input');
    await file.setInputFiles(path.join(samples, 'amazon-jp-all-orders.txt'));
    await expect(page.getByRole('heading', { name: 'Preview' })).toBeVisible();
    // Four orders and the item Amazon cancelled before it was ever imported (kept as cancelled).
    await expect(count(page, 'Orders to create')).toHaveText('5');
    await expect(count(page, 'Already imported')).toHaveText('0');
    await expect(count(page, 'Unknown products')).toHaveText('1');
    const unmatched = page
      .getByRole('grid', { name: /product was not found/ })
      .or(page.getByRole('table', { name: /product was not found/ }));
    await expect(unmatched).toContainText('JP-NOTE-A5');
    await expect(unmatched).toContainText('B0ZZZZ0001');
    expect(await orders('AMAZONJP')).toBe(jpBefore);
    expect((await axe(page)).violations).toEqual([]);
    await shot(page, 'order-import-preview-en');

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText('The report has been imported.')).toBeVisible();
    await expect(count(page, 'Orders created')).toHaveText('5');
    await expect(page.getByText('Import finished: 5 created, 0 cancelled').first()).toBeVisible();
    expect(await orders('AMAZONJP')).toBe(jpBefore + 5);

    // The same file again: nothing new, and nothing to press.
    await page.getByRole('button', { name: 'Import another report' }).click();
    await file.setInputFiles(path.join(samples, 'amazon-jp-all-orders.txt'));
    await expect(count(page, 'Orders to create')).toHaveText('0');
    await expect(count(page, 'Already imported')).toHaveText('5');
    await expect(page.getByText('Nothing new to import')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

    // Shopify's CSV, twice. Gift wrapping and a tip have no SKU: listed by name, not imported,
    // while the product line of their order is.
    await page.getByRole('radio', { name: 'Shopify orders export (.csv)' }).check();
    await file.setInputFiles(path.join(samples, 'shopify-orders.csv'));
    await expect(count(page, 'Orders to create')).toHaveText('7');
    await expect(count(page, 'Unknown products')).toHaveText('3');
    await expect(count(page, 'Rows with errors')).toHaveText('0');
    await expect(page.getByText('GIFT-WRAP')).toBeVisible();
    await expect(unmatched).toContainText('Gift wrapping');
    await expect(unmatched).toContainText('Tip');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(count(page, 'Orders created')).toHaveText('7');
    await page.getByRole('button', { name: 'Import another report' }).click();
    await file.setInputFiles(path.join(samples, 'shopify-orders.csv'));
    await expect(count(page, 'Already imported')).toHaveText('7');
    await expect(count(page, 'Orders to create')).toHaveText('0');
    expect(await orders('SHOPIFY')).toBe(shopifyBefore + 7);
    expect(await orders('AMAZONJP')).toBe(jpBefore + 5);
  });

  test('a large report dropped on the screen shows its progress while checking, and the lines done while importing', async ({
    page,
  }) => {
    const lines = 4000;
    const header = 'amazon-order-id\tpurchase-date\tsales-channel\tsku\tasin\tquantity\tcurrency\titem-price';
    const rows = Array.from(
      { length: lines },
      (_, i) =>
        `408-${String(i).padStart(7, '0')}-0000001\t2026-11-02T03:00:00+00:00\tAmazon.in\tKUR-SNK-0004\t\t1\tINR\t499.00`,
    );
    const report = [header, ...rows].join('\r\n');
    await page.goto(`${kura.url}/order-import`);
    await expect(page.getByText('No report chosen yet')).toBeVisible();
    const before = await orders('AMAZONIND');

    // Every state of the progress bar, recorded as the page shows it: a small report goes by
    // faster than a test could look.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[data-testid="import-progress"]');
        const text = bar?.getAttribute('aria-valuetext');
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    const progressSeen = () =>
      page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen.splice(0));

    // Dropped, as from the file manager: a DataTransfer holding the file.
    const dataTransfer = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'large-all-orders.txt', { type: 'text/plain' }));
      return transfer;
    }, report);
    await page.getByTestId('drop-zone').dispatchEvent('dragover', { dataTransfer });
    await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer });
    await expect(count(page, 'Orders to create')).toHaveText('4,000');
    // The file goes up and is read; the preview's line counts follow within milliseconds, often
    // in the same chunk of the stream as its result, so whether they show is not asserted.
    const checking = await progressSeen();
    expect(checking[0]).toMatch(/^(Reading the report…|Sending the file… \d+%)$/);
    expect(await page.getByTestId('import-progress').count()).toBe(0);

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(count(page, 'Orders created')).toHaveText('4,000');
    // Each batch of the import is a transaction of its own, so its count arrives apart.
    const importing = await progressSeen();
    const done = importing.flatMap(
      (text) => /^Imported ([\d,]+) lines \(\d+% of the file\)$/.exec(text)?.[1] ?? [],
    );
    expect(done.length).toBeGreaterThan(0);
    // The lines done only grow.
    const numbers = done.map((figure) => Number(figure.replace(/,/g, '')));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(await orders('AMAZONIND')).toBe(before + lines);
  });

  test('a report of thousands of bad rows lists the first 100 and says how many there are', async ({
    page,
  }) => {
    await page.goto(`${kura.url}/order-import`);
    await page.getByTestId('file-input').setInputFiles({
      name: 'garbage-all-orders.txt',
      mimeType: 'text/plain',
      buffer: garbageReport(4321),
    });
    await expect(count(page, 'Rows with errors')).toHaveText('4,321');
    await expect(page.getByText('Showing the first 100 of 4,321 problems')).toBeVisible();
    const errors = page
      .getByRole('grid', { name: 'Rows with errors (not imported)' })
      .or(page.getByRole('table', { name: 'Rows with errors (not imported)' }));
    await expect(errors.getByRole('row')).toHaveCount(101);
    await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
    expect((await axe(page)).violations).toEqual([]);
    await shot(page, 'order-import-errors-en');
  });
});

/** An All Orders report whose rows are all wrong (no such sales channel, no date). */
function garbageReport(rows: number): Buffer {
  const header = 'amazon-order-id\tpurchase-date\tsales-channel\tsku\tasin\tquantity\tcurrency\titem-price';
  const lines = Array.from({ length: rows }, (_, i) => `garbage-${i}\tnot a date\tnowhere\tX\t\t1\tJPY\t1`);
  return Buffer.from([header, ...lines].join('\r\n'), 'utf8');
}

test.describe('in Japanese', () => {
  const kura = useKuraServer({ demo: true });
  test.use(kura.signedIn('admin', { language: 'ja' }));
  const orders = (platform: string) => orderCount(kura, platform);

  test('the import screen in Japanese: each sample twice, a row error, no duplicates', async ({ page }) => {
    await page.goto(`${kura.url}/`);
    await new Shell(page).menu.getByRole('link', { name: '注文インポート' }).click();
    await expect(page.getByText('レポートが選択されていません')).toBeVisible();
    const file = page.getByTestId('file-input');
    const before = { AMAZONIND: 0, AMAZONJP: 0, SHOPIFY: 0 };
    for (const platform of ['AMAZONIND', 'AMAZONJP', 'SHOPIFY'] as const)
      before[platform] = await orders(platform);

    // Amazon.in (UTF-8 with a BOM): a row of another channel is an error with its row number.
    await file.setInputFiles(path.join(samples, 'amazon-in-all-orders.txt'));
    await expect(page.getByRole('heading', { name: 'プレビュー' })).toBeVisible();
    await expect(count(page, '作成する注文')).toHaveText('4');
    await expect(count(page, 'エラーのある行')).toHaveText('1');
    await expect(page.getByText('不明な販売チャネルです：Non-Amazon')).toBeVisible();
    expect((await axe(page)).violations).toEqual([]);
    await shot(page, 'order-import-preview-ja');
    await page.getByRole('button', { name: 'インポート', exact: true }).click();
    await expect(page.getByText('レポートを取り込みました。')).toBeVisible();
    await expect(count(page, '作成した注文')).toHaveText('4');

    // The Shift_JIS Amazon.co.jp report and Shopify's CSV; then each of the three again.
    const samplesOnce = [
      { name: 'amazon-jp-all-orders.txt', source: 'Amazon 全注文', created: '5' },
      { name: 'shopify-orders.csv', source: 'Shopify 注文', created: '7' },
    ];
    for (const sample of samplesOnce) {
      await page.getByRole('button', { name: '別のレポートを取り込む' }).click();
      await page.getByRole('radio', { name: new RegExp(sample.source) }).check();
      await file.setInputFiles(path.join(samples, sample.name));
      await expect(count(page, '作成する注文')).toHaveText(sample.created);
      await page.getByRole('button', { name: 'インポート', exact: true }).click();
      await expect(count(page, '作成した注文')).toHaveText(sample.created);
    }
    // A file chosen after a preview (or the other source picked) supersedes it.
    await page.getByRole('button', { name: '別のレポートを取り込む' }).click();
    for (const sample of [
      { name: 'amazon-in-all-orders.txt', source: 'Amazon 全注文', stored: '4' },
      { name: 'amazon-jp-all-orders.txt', source: 'Amazon 全注文', stored: '5' },
      { name: 'shopify-orders.csv', source: 'Shopify 注文', stored: '7' },
    ]) {
      await page.getByRole('radio', { name: new RegExp(sample.source) }).check();
      await file.setInputFiles(path.join(samples, sample.name));
      await expect(count(page, '取り込み済み')).toHaveText(sample.stored);
      await expect(count(page, '作成する注文')).toHaveText('0');
      await expect(page.getByRole('button', { name: 'インポート', exact: true })).toBeDisabled();
    }
    expect(await orders('AMAZONIND')).toBe(before.AMAZONIND + 4);
    expect(await orders('AMAZONJP')).toBe(before.AMAZONJP + 5);
    expect(await orders('SHOPIFY')).toBe(before.SHOPIFY + 7);

    // Thousands of bad rows: the first 100 listed, and how many there are in all.
    await page.getByRole('radio', { name: /Amazon 全注文/ }).check();
    await file.setInputFiles({ name: 'garbage.txt', mimeType: 'text/plain', buffer: garbageReport(2500) });
    await expect(count(page, 'エラーのある行')).toHaveText('2,500');
    await expect(page.getByText('全 2,500 件の問題のうち最初の 100 件を表示しています')).toBeVisible();
    await expect(page.getByText('不明な販売チャネルです：nowhere').first()).toBeVisible();
  });
});
