/**
 * Import CSV on the Products screen, in English and in Japanese: a file with one bad row is
 * checked at once and that row rejected (nothing imported), the fixed file is imported after the
 * question, and the product has its new HS code; focus is back on "Import CSV" afterwards.
 */
import { expect, test, type Page } from '@playwright/test';
import { withJanCheckDigit } from '#shared/domain/jan';
import { seriousViolations } from '../support/blocks';
import { useKuraServer } from '../support/server';

const kura = useKuraServer({ demo: true });

const TEXTS = {
  en: {
    open: 'Import CSV',
    title: 'Import products from CSV',
    rejectedCounts: '0 new, 1 updated, 0 unchanged',
    fixedCounts: '1 new, 1 updated, 0 unchanged',
    field: 'HS code',
    message: 'Enter an HS code of 6 to 10 digits',
    ignored: 'Not imported: Stock',
    import: 'Import',
    ask: 'Import these products?',
    done: 'Products imported: 1 new, 1 updated',
  },
  ja: {
    open: 'CSV を取り込む',
    title: 'CSV から商品を取り込む',
    rejectedCounts: '新規 0 件、更新 1 件、変更なし 0 件',
    fixedCounts: '新規 1 件、更新 1 件、変更なし 0 件',
    field: 'HSコード',
    message: 'HSコードは6～10桁の数字で入力してください',
    ignored: '取り込まない列：Stock',
    import: '取り込む',
    ask: 'これらの商品を取り込みますか？',
    done: '商品を取り込みました：新規 1 件、更新 1 件',
  },
} as const;

let serial = 0;
/** A JAN no demo product has (the demo data set uses 45/49 prefixes). */
const freshJan = () =>
  withJanCheckDigit(
    `22${String(Date.now() % 1e8).padStart(8, '0')}${String(serial++ % 100).padStart(2, '0')}`,
  );

const csvFile = (rows: string[]) => ({
  name: 'products.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`\uFEFF${rows.join('\r\n')}\r\n`),
});

async function hsCodeOf(sku: string): Promise<string | null> {
  const res = await kura.api(`products?skuCode=${encodeURIComponent(sku)}`, { token: await kura.token() });
  const [product] = ((await res.json()) as { data: { hsCode: string | null }[] }).data;
  if (!product) throw new Error(`no product ${sku}`);
  return product.hsCode;
}

async function story(page: Page, language: 'en' | 'ja') {
  const texts = TEXTS[language];
  const sku = `E2E-IMP-${language}-${Date.now()}`;
  const res = await kura.api('products', {
    token: await kura.token(),
    body: { name: `Import ${language}`, skuCode: sku, janCode: freshJan(), hsCode: '090210' },
  });
  expect(res.status).toBe(201);
  const janCode = ((await res.json()) as { data: { janCode: string } }).data.janCode;
  const newSku = `${sku}-NEW`;
  const header = 'SKU,Name,JAN,HS code,Stock';
  const edited = `${sku},Import ${language},${janCode},2106.90,5`;
  const bad = csvFile([header, edited, `${newSku},New tea,${freshJan()},12345,`]);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${kura.url}/products`);
  const opener = page.getByRole('button', { name: texts.open, exact: true });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: texts.title });
  await expect(dialog).toBeVisible();

  await dialog.getByTestId('file-input').setInputFiles(bad);
  // The new row's HS code is too short: rejected, and so nothing is imported.
  await expect(dialog.getByTestId('import-counts')).toHaveText(texts.rejectedCounts);
  const rejected = dialog.getByRole('region', { name: /Rejected rows|取り込めない行/ });
  await expect(rejected.getByRole('row').filter({ hasText: newSku })).toContainText(texts.field);
  await expect(rejected.getByRole('row').filter({ hasText: newSku })).toContainText(texts.message);
  await expect(rejected.getByRole('row').filter({ hasText: newSku })).toContainText('3');
  await expect(dialog.getByTestId('ignored-columns')).toContainText(texts.ignored);
  await expect(dialog.getByRole('button', { name: texts.import, exact: true })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);

  await dialog
    .getByTestId('file-input')
    .setInputFiles(csvFile([header, edited, `${newSku},New tea,${freshJan()},0902.10,`]));
  await expect(dialog.getByTestId('import-counts')).toHaveText(texts.fixedCounts);
  await expect(rejected).toHaveCount(0);
  expect(await hsCodeOf(sku)).toBe('090210');

  await dialog.getByRole('button', { name: texts.import, exact: true }).click();
  const ask = page.getByRole('dialog', { name: texts.ask });
  await ask.getByRole('button', { name: texts.import, exact: true }).click();
  await expect(page.getByText(texts.done).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  expect(await hsCodeOf(sku)).toBe('210690');
  expect(await hsCodeOf(newSku)).toBe('090210');
}

test.describe('in English', () => {
  test.use(kura.signedIn('admin'));
  test('a bad row is rejected with nothing imported; the fixed file imports the new HS code', async ({
    page,
  }) => {
    await story(page, 'en');
  });
});

test.describe('in Japanese', () => {
  test.use(kura.signedIn('admin', { language: 'ja' }));
  test('取り込めない行があると何も取り込まず、直したファイルで HS コードが変わる', async ({ page }) => {
    await story(page, 'ja');
  });
});
