/**
 * Japanese throughout: the footer, the names screen readers hear for Fluent's inner buttons
 * (which it names in English), the OTZ next step as a verb, one yen sign in the simulator; and
 * times in the business's time zone whatever the computer's, on the stock ledger too.
 */
import { expect, test, type Page } from '@playwright/test';
import { withJanCheckDigit } from '#shared/domain/jan';
import { pushOtzOrder } from '../support/orders.pages';
import { useKuraServer } from '../support/server';

const kura = useKuraServer({ demo: true });

/** Fluent's English defaults for its inner buttons and regions. */
const ENGLISH_DEFAULTS = ['clear', 'Clear selection', 'Open', 'information', 'Legends'];

async function englishLabels(page: Page): Promise<string[]> {
  return page.evaluate((defaults) => {
    const found: string[] = [];
    for (const el of document.querySelectorAll('[aria-label]')) {
      const label = el.getAttribute('aria-label') ?? '';
      if (defaults.includes(label) || /^Open /.test(label)) found.push(label);
    }
    return found;
  }, ENGLISH_DEFAULTS);
}

test.describe('in Japanese', () => {
  test.use(kura.signedIn('admin', { language: 'ja' }));

  test('the footer and the screen readers’ names of inner buttons are Japanese', async ({ page }) => {
    await page.goto(`${kura.url}/shipping-management`);
    await expect(page.getByRole('table').first()).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('無断転載を禁じます');
    await expect(page.getByRole('contentinfo')).not.toContainText('All rights reserved');
    // A search typed shows the search box's clear button.
    await page.getByRole('searchbox').fill('408');
    expect(await englishLabels(page)).toEqual([]);

    await page.goto(`${kura.url}/products/new`);
    await expect(page.getByRole('combobox').first()).toBeVisible();
    expect(await englishLabels(page)).toEqual([]);

    await page.goto(`${kura.url}/sales-management?period=2020-01-01..2030-12-31`);
    await expect(page.getByTestId('sales-chart')).toBeVisible();
    expect(await englishLabels(page)).toEqual([]);
  });

  test('an OTZ order’s next step reads as a verb', async ({ page }) => {
    const token = await kura.token();
    const id = `PAYID-NOISE-${Date.now()}`;
    await pushOtzOrder(kura, token, id);
    const list = await kura.api(`otz-orders/search?searchStr=${id}`, { token });
    const otz = ((await list.json()) as { data: { _id: string }[] }).data[0];
    for (const to of ['ACCEPTED', 'PACKED']) {
      const res = await kura.api(`otz-orders/${otz?._id}`, {
        method: 'PUT',
        token,
        body: { shipmentStatus: to },
      });
      expect(res.status).toBe(200);
    }
    await page.goto(`${kura.url}/otz?status=PACKED&q=${id}`);
    const row = page.getByRole('row').filter({ hasText: id });
    await expect(row.getByRole('button', { name: '完了にする' })).toBeVisible();
    await expect(row.getByRole('button', { name: '完了', exact: true })).toHaveCount(0);
  });

  test('the simulator writes yen one way: ¥', async ({ page }) => {
    await page.goto(`${kura.url}/Simulator`);
    await expect(page.getByText(/¥/).first()).toBeVisible();
    expect(await page.locator('main').innerText()).not.toContain('￥');
  });
});

test.describe('on a computer in New York', () => {
  test.use({ ...kura.signedIn('admin'), timezoneId: 'America/New_York' });

  test('the stock ledger shows times in the business’s zone (Tokyo), as the order history does', async ({
    page,
  }) => {
    const token = await kura.token();
    const tag = String(Date.now()).slice(-8);
    const created = await kura.api('products', {
      token,
      body: {
        name: `Ledger product ${tag}`,
        skuCode: `LED-${tag}`,
        janCode: withJanCheckDigit(`47${tag.padStart(10, '0')}`),
        inStockQuantity: 5,
      },
    });
    const product = ((await created.json()) as { data: { _id: string } }).data;
    const moves = await kura.api(`products/${product._id}/stock-movements?page=1&limit=10`, { token });
    const [first] = ((await moves.json()) as { data: { createdAt: string }[] }).data;
    expect(first).toBeDefined();
    const tokyo = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Tokyo',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(first?.createdAt ?? 0));

    await page.goto(`${kura.url}/product-edit?id=${product._id}`);
    const ledger = page.getByRole('table', { name: 'Stock movements' });
    await expect(ledger.getByRole('row').nth(1)).toContainText(tokyo);
  });
});
