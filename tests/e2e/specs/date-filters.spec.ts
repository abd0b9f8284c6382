/**
 * Bad input in a list's date filter is a message on the field, never a broken list: a day that
 * does not exist (typed, or in a hand-edited link) and a range whose end is before its start are
 * not sent, and the list keeps its last good answer with its counts. The orders, the sales and
 * the history share the one filter; each is checked here, in English and in Japanese.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { OrdersPage } from '../support/orders.pages';
import { useKuraServer } from '../support/server';
import { SalesPage } from '../support/sales.pages';

const kura = useKuraServer({ demo: true });
const ZONE = 'Asia/Tokyo';
const day = (daysAgo: number) => DateTime.now().setZone(ZONE).minus({ days: daysAgo }).toFormat('yyyy-MM-dd');

const NOT_A_DATE = {
  en: 'Not a date: type it as YYYY-MM-DD or pick it on the calendar',
  ja: '日付ではありません。YYYY-MM-DD の形式で入力するか、カレンダーから選んでください',
};
const BEFORE_FROM = {
  en: 'The end date is before the start date: change one of them',
  ja: '終了日が開始日より前です。どちらかを変更してください',
};

/** Every API request the page sends from now on (path and query). */
function recordRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) sent.push(decodeURIComponent(url.pathname + url.search));
  });
  return sent;
}

/** Types into a date field and leaves it, as staff do. */
async function type(field: Locator, text: string) {
  await field.fill(text);
  await field.press('Tab');
}

/** The field is marked invalid and its message is the one read out with it. */
async function expectMessage(field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field.page().getByText(message, { exact: true })).toBeVisible();
}

test.describe('orders', () => {
  test.use(kura.signedIn('admin'));

  test('a day that does not exist and a reversed range stay on their fields; the list and its counts stay', async ({
    page,
  }) => {
    const orders = new OrdersPage(page);
    await orders.goto(kura.url);
    await expect(orders.count('ALL')).toHaveText(/^\d+$/);
    const from = page.getByRole('combobox', { name: 'Order date from' });
    const to = page.getByRole('combobox', { name: 'Order date to' });

    // A good start first: the list it answers is the last good one. Its counts are read from
    // their answer: the tab may still show the unfiltered count when the page looks idle.
    const filtered = page.waitForResponse(
      (r) =>
        r.url().includes('/orders/total?') && new URL(r.url()).searchParams.get('start_date') === day(20),
    );
    await type(from, day(20));
    await expect(page).toHaveURL(new RegExp(`dates=${day(20)}`));
    const counted = String(((await (await filtered).json()) as { totalCount: number }).totalCount);
    await expect(orders.count('ALL')).toHaveText(counted);
    await page.waitForLoadState('networkidle');
    const rows = await orders.rows.count();
    expect(rows).toBeGreaterThan(1);
    const sent = recordRequests(page);

    await type(from, '2026-13-45');
    await expectMessage(from, NOT_A_DATE.en);
    await expect(from).toHaveValue('2026-13-45');
    await expect(page).toHaveURL(new RegExp(`dates=${day(20)}`));
    await expect(orders.count('ALL')).toHaveText(counted);
    await expect(orders.rows).toHaveCount(rows);

    await type(from, day(5));
    await expect(page).toHaveURL(new RegExp(`dates=${day(5)}`));
    await type(to, day(10));
    await expectMessage(to, BEFORE_FROM.en);
    // Corrected, the range is sent at once.
    await type(from, day(20));
    await expect(page).toHaveURL(new RegExp(`dates=${day(20)}..${day(10)}`));
    await expect(to).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(BEFORE_FROM.en)).toHaveCount(0);

    // Nothing bad was ever asked of the API, and the list never lost its rows or its counts.
    expect(sent.filter((r) => r.includes('2026-13-45'))).toEqual([]);
    expect(sent.filter((r) => r.includes(day(5)) && r.includes(day(10)))).toEqual([]);
    await expect(page.getByText('Could not load this')).toHaveCount(0);
    await expect(orders.count('ALL')).toHaveText(/^\d+$/);
  });

  test('a hand-edited link with a day that does not exist shows every order and says so on the field', async ({
    page,
  }) => {
    const orders = new OrdersPage(page);
    await orders.goto(kura.url);
    await expect(orders.count('ALL')).toHaveText(/^\d+$/);
    const all = await orders.count('ALL').innerText();

    await orders.goto(kura.url, '?dates=2026-13-45..');
    const from = page.getByRole('combobox', { name: 'Order date from' });
    await expect(from).toHaveValue('2026-13-45');
    await expectMessage(from, NOT_A_DATE.en);
    await expect(orders.count('ALL')).toHaveText(all);
    await expect(orders.rows.nth(1)).toBeVisible();
    await expect(page.getByText('Could not load this')).toHaveCount(0);

    await orders.goto(kura.url, `?dates=${day(5)}..${day(10)}`);
    await expectMessage(page.getByRole('combobox', { name: 'Order date to' }), BEFORE_FROM.en);
    await expect(orders.count('ALL')).toHaveText(all);
    await expect(page.getByText('No orders yet')).toHaveCount(0);
  });
});

test.describe('sales', () => {
  test.use(kura.signedIn('admin', { language: 'ja' }));

  test('a reversed range is not sent: the report keeps its figures (Japanese)', async ({ page }) => {
    const sales = new SalesPage(page);
    await sales.goto(kura.url);
    const orders = await sales.card('noOfOrders').innerText();
    const sent = recordRequests(page);

    await type(sales.to, day(400));
    await expectMessage(sales.to, BEFORE_FROM.ja);
    await type(sales.from, '2026-02-30');
    await expectMessage(sales.from, NOT_A_DATE.ja);

    expect(sent.filter((r) => r.includes(day(400)) || r.includes('2026-02-30'))).toEqual([]);
    await expect(page).not.toHaveURL(/period=/);
    await expect(sales.card('noOfOrders')).toHaveText(orders);
    await expect(sales.toggle(/^(今月)$/)).toHaveAttribute('aria-pressed', 'true');
  });
});

test.describe('history', () => {
  for (const language of ['en', 'ja'] as const) {
    test.describe(() => {
      test.use(kura.signedIn('admin', { language }));

      test(`a day that does not exist is a message on the field; the history stays (${language})`, async ({
        page,
      }) => {
        // The demo data set writes no history: one change to read.
        const made = await kura.api('categories/', {
          token: await kura.token(),
          body: { name: `Date filter sample ${language}` },
        });
        expect(made.status).toBe(201);
        await page.goto(`${kura.url}/audit-log`);
        const table = page.getByRole('table', { name: language === 'en' ? 'History' : '変更履歴' });
        await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
        const first = table.getByRole('row').filter({ hasText: `Date filter sample ${language}` });
        await expect(first).toBeVisible();
        const from = page.getByRole('combobox', { name: language === 'en' ? 'From' : '開始日' });
        const to = page.getByRole('combobox', { name: language === 'en' ? 'To' : '終了日' });
        const sent = recordRequests(page);

        await type(from, '2026-13-45');
        await expectMessage(from, NOT_A_DATE[language]);
        // A busy machine: the start's commit reaches the address (the router applies it in a
        // transition) only after the end is typed, and must not wipe the end's text.
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
        await from.fill(day(1));
        await to.fill(day(3));
        await to.press('Tab');
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        await expectMessage(to, BEFORE_FROM[language]);

        expect(sent.filter((r) => r.includes('audit-logs') && /at\[/.test(r) && /\[lt\]/.test(r))).toEqual(
          [],
        );
        await expect(page).not.toHaveURL(/2026-13-45/);
        await expect(first).toBeVisible();

        // A link with the same mistake opens the whole history, the field saying why.
        await page.goto(`${kura.url}/audit-log?when=2026-13-45..`);
        await expectMessage(from, NOT_A_DATE[language]);
        await expect(first).toBeVisible();
      });
    });
  }
});
