/**
 * The order import screen tells staff what to do with a file it cannot use, in their language:
 * an empty file, a report with its header alone, and a report of the other platform.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { useKuraServer } from '../support/server';

const samples = path.resolve(import.meta.dirname, '../../../resources/samples');
const SHOPIFY = readFileSync(path.join(samples, 'shopify-orders.csv'));
const AMAZON_IN = readFileSync(path.join(samples, 'amazon-in-all-orders.txt'));
const headerOf = (report: Buffer) => report.subarray(0, report.indexOf(0x0a) + 1);

const kura = useKuraServer({ demo: true });

const TEXTS = {
  en: {
    amazon: 'Amazon All Orders report (.txt)',
    empty: 'The file is empty: choose the report exported from Amazon',
    noLines: 'The file has no order lines',
    nothingNew: 'Nothing new to import',
    shopify: 'This looks like a Shopify report: choose Shopify as the platform',
    shopifySource: 'Shopify orders export (.csv)',
  },
  ja: {
    amazon: 'Amazon 全注文レポート（.txt）',
    empty: 'ファイルが空です。Amazon からエクスポートしたレポートを選んでください',
    noLines: 'ファイルに注文の行がありません',
    nothingNew: '新たに取り込む行はありません',
    shopify: 'Shopify のレポートのようです。レポートの種類で Shopify を選んでください',
    shopifySource: 'Shopify 注文エクスポート（.csv）',
  },
};

async function choose(page: Page, name: string, buffer: Buffer) {
  await page.getByTestId('file-input').setInputFiles({ name, mimeType: 'text/plain', buffer });
}

for (const language of ['en', 'ja'] as const) {
  test.describe(() => {
    test.use(kura.signedIn('admin', { language }));
    const texts = TEXTS[language];

    test(`a file the import cannot use says what to do (${language})`, async ({ page }) => {
      await page.goto(`${kura.url}/order-import`);
      await expect(page.getByRole('radio', { name: texts.amazon })).toBeChecked();

      await choose(page, 'orders.txt', Buffer.alloc(0));
      await expect(page.getByTestId('refused-file')).toHaveText(texts.empty);

      await choose(page, 'orders.txt', headerOf(AMAZON_IN));
      await expect(page.getByText(texts.noLines, { exact: true })).toBeVisible();
      await expect(page.getByText(texts.nothingNew)).toHaveCount(0);

      await choose(page, 'orders_export.csv', SHOPIFY);
      await expect(page.getByTestId('refused-file')).toHaveText(texts.shopify);
      // Choosing the platform it names previews the file.
      await page.getByRole('radio', { name: texts.shopifySource }).check();
      await expect(page.getByTestId('refused-file')).toHaveCount(0);
      await expect(
        page.getByRole('button', { name: language === 'en' ? 'Import' : 'インポート' }),
      ).toBeEnabled();
    });
  });
}
