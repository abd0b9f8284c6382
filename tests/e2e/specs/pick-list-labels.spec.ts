/**
 * Pick lists and product labels end to end, in English and Japanese: two accepted orders chosen
 * in order management open the printable pick list (shelves in natural order, the product of both
 * orders once with its total), whose saved PDF reads back the same; products chosen in the list
 * print labels with their quantities, 40 to a sheet from a chosen start position, and the saved
 * PDF holds that many labels; the dialog gives focus back to its opener.
 */
import { readFileSync } from 'node:fs';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { seriousViolations } from '../support/blocks';
import { OrdersPage } from '../support/orders.pages';
import { ProductsListPage } from '../support/products.pages';
import { useKuraServer } from '../support/server';
import { warehouseData } from '../support/warehouse';

const kura = useKuraServer({ demo: true });

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const { unique, createProduct, acceptedOrder } = warehouseData(kura);

/** The saved PDF as a viewer reads it: its pages' text. */
async function readPdf(file: string) {
  const pdf = await getDocumentProxy(new Uint8Array(readFileSync(file)));
  const { totalPages, text } = await extractText(pdf, { mergePages: false });
  return { pages: totalPages, text };
}

const name = (page: Page, en: string, ja: string) =>
  page.getByRole('button', { name: new RegExp(`^(${en}|${ja})$`) });

const TEXTS = {
  en: { shelf: (s: string) => `Shelf ${s}`, units: 'Units', summary: /2 orders · 7 units/ },
  ja: { shelf: (s: string) => `棚番号 ${s}`, units: '点数', summary: /注文 2 件 ・ 7 点/ },
} as const;

for (const language of ['en', 'ja'] as const) {
  test.describe(language, () => {
    test.use(kura.signedIn('admin', { language }));

    test('two orders chosen in order management: the pick list groups them by shelf, and its PDF says the same', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      const tag = unique();
      const matcha = await createProduct({
        name: `抹茶ラテ ${tag}`,
        skuCode: `PLM-${tag}`,
        shelfNumber: 'Z-10',
      });
      const sencha = await createProduct({
        name: `Sencha ${tag}`,
        skuCode: `PLS-${tag}`,
        shelfNumber: 'Z-2',
      });
      await acceptedOrder(`PL-${tag}-1`, [[matcha, 2]]);
      await acceptedOrder(`PL-${tag}-2`, [
        [matcha, 4],
        [sencha, 1],
      ]);

      const orders = new OrdersPage(page);
      await orders.goto(kura.url, `?q=${encodeURIComponent(`PL-${tag}`)}`);
      await expect(orders.rows).toHaveCount(4);
      await orders.table.getByRole('checkbox').first().check();
      await name(page, 'Pick list', 'ピッキングリスト').click();

      await expect(page).toHaveURL(/\/pick-list\?orders=/);
      const sheet = page.getByTestId('pick-list');
      await expect(sheet).toBeVisible();
      await expect(page.getByTestId('pick-list-summary')).toHaveText(TEXTS[language].summary);
      const headings = sheet.getByRole('heading', { level: 3 });
      await expect(headings).toHaveCount(2);
      await expect(headings.nth(0)).toContainText(TEXTS[language].shelf('Z-2'));
      await expect(headings.nth(1)).toContainText(TEXTS[language].shelf('Z-10'));
      const matchaRow = sheet.getByRole('row').filter({ hasText: matcha.skuCode });
      await expect(matchaRow).toHaveCount(1);
      await expect(matchaRow).toContainText(`PL-${tag}-1 × 2`);
      await expect(matchaRow).toContainText(`PL-${tag}-2 × 4`);
      await expect(matchaRow.getByRole('cell').nth(4)).toHaveText('6');
      expect(await seriousViolations(page)).toEqual([]);

      const downloading = page.waitForEvent('download');
      await name(page, 'Save PDF', 'PDFを保存').click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^pick-list-\d{4}-\d{2}-\d{2}\.pdf$/);
      const { pages, text } = await readPdf(await download.path());
      expect(pages).toBe(1);
      const printed = text[0] ?? '';
      expect(printed).toContain(matcha.name);
      expect(printed).toContain(sencha.name);
      expect(printed).toContain(`PL-${tag}-1 × 2`);
      expect(printed).toContain(`PL-${tag}-2 × 1`);
      expect(printed.indexOf(TEXTS[language].shelf('Z-2'))).toBeLessThan(
        printed.indexOf(TEXTS[language].shelf('Z-10')),
      );
      expect(printed).toContain(`${TEXTS[language].units}: 7`);
    });

    test('products chosen in the list: labels with quantities from a start position, saved as a PDF', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      const tag = unique();
      const matcha = await createProduct({ name: `抹茶ラテ ラベル ${tag}`, skuCode: `LBM-${tag}` });
      const sencha = await createProduct({ name: `Sencha label ${tag}`, skuCode: `LBS-${tag}` });

      const list = new ProductsListPage(page);
      await list.goto(kura.url, `?q=${encodeURIComponent(tag)}`);
      await expect(list.rows).toHaveCount(3);
      await list.row(matcha.skuCode).getByRole('checkbox').check();
      await list.row(sencha.skuCode).getByRole('checkbox').check();
      const opener = name(page, 'Print labels', 'ラベルを印刷');
      await opener.click();

      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      // Escape without changes closes at once, and focus is back on the button.
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(opener).toBeFocused();
      await opener.press('Enter');
      await expect(dialog).toBeVisible();

      await dialog.getByRole('spinbutton', { name: new RegExp(matcha.name) }).fill('3');
      await dialog.getByRole('spinbutton', { name: new RegExp(sencha.name) }).fill('2');
      await dialog.getByRole('radio', { name: /^40/ }).check();
      // The start position: clicked, then moved with the keyboard (down a row of four, left one).
      const grid = dialog.getByRole('radiogroup', { name: /First free label|最初の空きラベル/ });
      await grid.getByRole('radio', { name: /^(Label|ラベル) 2$/ }).click();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowLeft');
      await expect(grid.getByRole('radio', { name: /^(Label|ラベル) 5$/ })).toBeChecked();
      await expect(grid.getByRole('radio', { name: /^(Label|ラベル) 5$/ })).toBeFocused();
      await expect(dialog.getByTestId('labels-total')).toContainText(/5/);
      expect(await seriousViolations(page)).toEqual([]);

      const downloading = page.waitForEvent('download');
      await name(dialog as unknown as Page, 'Save PDF', 'PDFを保存').click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('product-labels.pdf');
      const { pages, text } = await readPdf(await download.path());
      expect(pages).toBe(1);
      const printed = text[0] ?? '';
      expect(printed.split(matcha.skuCode).length - 1).toBe(3);
      expect(printed.split(sencha.skuCode).length - 1).toBe(2);
      expect(printed).toContain(matcha.name);
      await expect(dialog).toHaveCount(0);
      await expect(opener).toBeFocused();
    });
  });
}
