/**
 * The sales reports end to end, on an empty shop filled through the API: products with and
 * without purchase prices, Amazon Japan orders completed in order management and an Amazon
 * India order shipped and cleared through customs (valued in yen when a rate exists, else
 * named in the "without rate" note). Then: Month, Week, Today, a chosen range and a platform,
 * each with cards that agree with the table; a product opened from the table; the CSV read
 * back; the chart and its table; Japanese; axe; the order creator refused; OTZ sales.
 */
import { readFileSync } from 'node:fs';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { withJanCheckDigit } from '#shared/domain/jan';
import { periodRange } from '#shared/domain/periods';
import { SALES_EXPORT_COLUMNS } from '#shared/schemas/sales';
import { seriousViolations } from '../support/blocks';
import { LoginPage, Shell } from '../support/pages';
import { OtzSalesPage, SalesPage } from '../support/sales.pages';
import { useKuraServer } from '../support/server';

const kura = useKuraServer();
test.describe.configure({ mode: 'serial', timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const ZONE = 'Asia/Tokyo';
const ADMIN = {
  fullname: 'Sales Admin',
  email: 'sales-admin@shop.example',
  username: 'salesadmin',
  password: 'sales-pass-1',
};
const CREATOR = {
  fullname: 'Order Creator',
  email: 'creator@shop.example',
  username: 'creator',
  password: 'creator-pass-1',
};

const today = DateTime.now().setZone(ZONE);
const TODAY = today.toISODate() as string;
const MONTH_START = today.startOf('month').toISODate() as string;
const LAST_MONTH = today.minus({ months: 1 }).startOf('month').toISODate() as string;

interface Seeded {
  orderId: string;
  platform: 'AMAZONJP' | 'AMAZONIND';
  date: string;
  /** Yen profit when it is known without a rate; undefined for the India order. */
  profit?: number | null;
}

let adminToken = '';
const seeded: Seeded[] = [];
let rated = false;
const productOf: Record<string, { _id: string; name: string; skuCode: string; janCode: string }> = {};

async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<T> {
  const res = await kura.api(path, { token: adminToken, ...init });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

async function login(account: typeof ADMIN): Promise<string> {
  const res = await kura.api('auth/login', { body: { email: account.email, password: account.password } });
  return ((await res.json()) as { token: string }).token;
}

async function product(key: string, purchasePrice: number | null) {
  const tag = `${Date.now() % 1e7}${Object.keys(productOf).length}`;
  const { data } = await api<{ data: (typeof productOf)[string] }>('products', {
    body: {
      name: `Sales ${key} matcha ${tag}`,
      skuCode: `SAL-${key}-${tag}`,
      janCode: withJanCheckDigit(`45${tag.padStart(10, '0').slice(-10)}`),
      inStockQuantity: 50,
      purchasePrice,
    },
  });
  productOf[key] = data;
  return data;
}

async function order(line: {
  orderId: string;
  platform: 'AMAZONJP' | 'AMAZONIND';
  product: string;
  quantity: number;
  price: number;
  date: string;
  commission?: number;
  shippingFee?: number;
}) {
  const { data } = await api<{ data: { _id: string } | { _id: string }[] }>('orders', {
    body: {
      product: productOf[line.product]?._id,
      platformCode: line.platform,
      orderId: line.orderId,
      orderDate: line.date,
      orderQuantity: line.quantity,
      currency: line.platform === 'AMAZONJP' ? 'JPY' : 'INR',
      baseOrderPrice: line.price,
      commission: line.commission ?? 0,
      shippingFee: line.shippingFee ?? 0,
    },
  });
  return Array.isArray(data) ? (data[0] as { _id: string })._id : data._id;
}

const setStatus = (id: string, shipmentStatus: string) =>
  api(`orders/${id}`, { method: 'PUT', body: { shipmentStatus } });

async function completeJapan(id: string) {
  for (const status of ['ACCEPTED', 'PACKED', 'COMPLETED']) await setStatus(id, status);
}

test.beforeAll(async () => {
  // The first account of an empty shop is its administrator; the second is made order creator.
  await kura.api('auth/register', { body: ADMIN });
  adminToken = await login(ADMIN);
  await kura.api('auth/register', { body: CREATOR });
  const users = await api<{ data: { _id: string; email: string }[] }>('users?limit=10');
  const creator = users.data.find((u) => u.email === CREATOR.email);
  await api(`users/${creator?._id}`, { method: 'PUT', body: { role: 'orderCreator' } });

  // A rate for the rupee orders, where this version has the rates API.
  const rate = await kura.api(`currency/rates/${LAST_MONTH}`, {
    method: 'PUT',
    token: adminToken,
    body: { rate: 1.75 },
  });
  rated = rate.ok;

  await product('P1', 800);
  await product('P2', 300);
  await product('P3', null);

  const japan: (Seeded & Parameters<typeof order>[0])[] = [
    // 3000 − 300 − 2 × 800
    {
      orderId: 'JP-A',
      platform: 'AMAZONJP',
      product: 'P1',
      quantity: 2,
      price: 3000,
      commission: 300,
      date: TODAY,
      profit: 1100,
    },
    // A loss: 1000 − 200 − 100 shipping − 800
    {
      orderId: 'JP-B',
      platform: 'AMAZONJP',
      product: 'P1',
      quantity: 1,
      price: 1000,
      commission: 200,
      shippingFee: 100,
      date: TODAY,
      profit: -100,
    },
    // No purchase price: no profit.
    {
      orderId: 'JP-C',
      platform: 'AMAZONJP',
      product: 'P3',
      quantity: 1,
      price: 2000,
      date: MONTH_START,
      profit: null,
    },
    // Last month: 900 − 300
    {
      orderId: 'JP-D',
      platform: 'AMAZONJP',
      product: 'P2',
      quantity: 1,
      price: 900,
      date: LAST_MONTH,
      profit: 600,
    },
  ];
  for (const line of japan) {
    await completeJapan(await order(line));
    seeded.push({ orderId: line.orderId, platform: line.platform, date: line.date, profit: line.profit });
  }
  // Accepted only: not a sale.
  await setStatus(
    await order({
      orderId: 'JP-X',
      platform: 'AMAZONJP',
      product: 'P2',
      quantity: 1,
      price: 700,
      date: TODAY,
    }),
    'ACCEPTED',
  );

  // India: packed, shipped in a shipment, then cleared through customs (COMPLETED).
  const india = await order({
    orderId: 'IN-E',
    platform: 'AMAZONIND',
    product: 'P2',
    quantity: 1,
    price: 2000,
    date: TODAY,
  });
  await setStatus(india, 'ACCEPTED');
  await setStatus(india, 'PACKED');
  const { data: shipment } = await api<{ data: { _id: string } }>('shipments', {
    body: {
      shipmentId: `SHIP-${Date.now() % 1e7}`,
      shippingDate: TODAY,
      totalShippingFee: 500,
      shipmentTrackingLink: 'https://tracking.example/1',
      orderIds: [india],
    },
  });
  await api(`shipments/${shipment._id}`, {
    method: 'PUT',
    body: { customId: 'CUS-1', totalCustomFee: 100, receivedDate: TODAY },
  });
  seeded.push({ orderId: 'IN-E', platform: 'AMAZONIND', date: TODAY });
});

async function signIn(page: Page, account = ADMIN) {
  const form = new LoginPage(page);
  await form.goto(kura.url);
  await form.signIn(account.email, account.password);
  await expect(page).not.toHaveURL(/\/auth\//);
}

interface Summary {
  noOfOrders: number;
  profit: number;
  salesValue: number;
  withoutYenValue: number;
  withoutPurchasePrice: number;
}
const summaryOf = async (from: string, to: string, platformCode?: string) =>
  (
    await api<{ data: Summary }>(
      `sales/summary?from=${from}&to=${to}${platformCode ? `&platformCode=${platformCode}` : ''}`,
    )
  ).data;

/** The cards, the table and the API say the same of the period shown. */
async function expectReportAgrees(
  sales: SalesPage,
  range: { from: string; to: string },
  platform?: 'AMAZONJP',
) {
  const mine = seeded.filter(
    (s) => s.date >= range.from && s.date <= range.to && (!platform || s.platform === platform),
  );
  await expect(sales.card('noOfOrders')).toHaveText(String(mine.length));
  await expect(sales.rows).toHaveCount(mine.length);
  for (const s of mine) await expect(sales.rows.filter({ hasText: s.orderId })).toHaveCount(1);

  const summary = await summaryOf(range.from, range.to, platform);
  expect(summary.noOfOrders).toBe(mine.length);
  await expect.poll(() => sales.cardValue('profit')).toBe(summary.profit);
  await expect.poll(() => sales.cardValue('salesValue')).toBe(summary.salesValue);
  // The profit column adds up to the profit card (dashes are left out of both).
  const profits = await sales.rowProfits();
  expect(profits.reduce<number>((sum, p) => sum + (p ?? 0), 0)).toBe(summary.profit);
  // Where the Japanese figures need no rate, they are the ones entered.
  if (platform === 'AMAZONJP' || !rated) {
    const known = mine.filter((s) => s.platform === 'AMAZONJP');
    expect(summary.profit).toBe(known.reduce((sum, s) => sum + (s.profit ?? 0), 0));
  }
}

test('Month, Week, Today, a chosen range and a platform: the cards agree with the table', async ({
  page,
}) => {
  await signIn(page);
  const sales = new SalesPage(page);
  await sales.goto(kura.url);
  await expect(sales.toggle(/^Month$/)).toHaveAttribute('aria-pressed', 'true');

  const month = periodRange('month', new Date(), ZONE);
  await expect(sales.from).toHaveValue(month.from);
  await expect(sales.to).toHaveValue(month.to);
  await expectReportAgrees(sales, month);
  // The loss shows as one, in the danger colour; the unknown profit as a dash.
  const loss = sales.rows.filter({ hasText: 'JP-B' }).getByTestId('row-profit');
  // The column's header says yen; its cells are bare figures.
  await expect(loss).toHaveText('-100');
  if (MONTH_START >= month.from) {
    await expect(sales.rows.filter({ hasText: 'JP-C' }).getByTestId('row-profit')).toHaveText('—');
    await expect(page.getByTestId('note-without-purchase-price')).toContainText(
      '1 sale has no purchase price',
    );
  }
  // The India order without a rate is named in the note, and left out of the yen sums.
  if (!rated)
    await expect(page.getByTestId('note-without-yen-value')).toContainText(
      '1 sale left out: no exchange rate',
    );
  else await expect(page.getByTestId('note-without-yen-value')).toBeHidden();

  // The Profit header sorts, largest first, then smallest first; an unknown profit is last both ways.
  const profitHeader = sales.table.getByRole('columnheader', { name: /^Profit/ });
  const profits = async () =>
    (await sales.rows.getByTestId('row-profit').allTextContents()).map((text) =>
      text === '—' ? null : Number(text.replaceAll(',', '')),
    );
  for (const [direction, url] of [
    ['descending', /sort=-profit/],
    ['ascending', /sort=profit(&|$)/],
  ] as const) {
    await profitHeader.getByRole('button').click();
    await expect(page).toHaveURL(url);
    await expect(profitHeader).toHaveAttribute('aria-sort', direction);
    await expect(async () => {
      const shown = await profits();
      const known = shown.filter((v): v is number => v !== null);
      expect(shown).toEqual([
        ...[...known].sort((a, b) => (direction === 'descending' ? b - a : a - b)),
        ...shown.filter((v) => v === null),
      ]);
      expect(known.length).toBeGreaterThan(1);
    }).toPass();
  }
  await sales.goto(kura.url);

  await sales.toggle(/^Week$/).click();
  await expect(page).toHaveURL(/period=week/);
  await expect(sales.toggle(/^Week$/)).toHaveAttribute('aria-pressed', 'true');
  await expectReportAgrees(sales, periodRange('week', new Date(), ZONE));

  await sales.toggle(/^Today$/).click();
  await expect(page).toHaveURL(/period=today/);
  await expectReportAgrees(sales, { from: TODAY, to: TODAY });

  await sales.choosePlatform(/^Amazon Japan$/);
  await expect(page).toHaveURL(/platform=AMAZONJP/);
  await expectReportAgrees(sales, { from: TODAY, to: TODAY }, 'AMAZONJP');

  // Dates chosen by hand: the toggle lets go, and last month's sale is there.
  await sales.from.fill(LAST_MONTH);
  await sales.from.press('Tab');
  await sales.to.fill(LAST_MONTH);
  await sales.to.press('Tab');
  await expect(page).toHaveURL(new RegExp(`period=${LAST_MONTH}\\.\\.${LAST_MONTH}`));
  for (const name of [/^Month$/, /^Week$/, /^Today$/]) {
    await expect(sales.toggle(name)).toHaveAttribute('aria-pressed', 'false');
  }
  await expectReportAgrees(sales, { from: LAST_MONTH, to: LAST_MONTH }, 'AMAZONJP');

  // A reload shows the same report; the reset goes back to this month.
  await page.reload();
  await sales.loaded();
  await expect(sales.rows.filter({ hasText: 'JP-D' })).toHaveCount(1);
  await sales.reset.click();
  await expect(sales.toggle(/^Month$/)).toHaveAttribute('aria-pressed', 'true');
  await expect(page).not.toHaveURL(/period=/);
  await expectReportAgrees(sales, month, 'AMAZONJP');

  // A search asks for completed orders and finds the one.
  await sales.search.fill('JP-A');
  await expect(sales.rows).toHaveCount(1);
  await expect(sales.rows.first()).toContainText('JP-A');
});

test('a product opens from the table; the CSV downloads as served and an empty period says so; axe', async ({
  page,
}) => {
  await signIn(page);
  const sales = new SalesPage(page);
  await sales.goto(kura.url);
  const month = periodRange('month', new Date(), ZONE);

  // The product of a row, in the shared product-details dialog.
  const p1 = productOf.P1;
  if (!p1) throw new Error('no product');
  await sales.rows.filter({ hasText: 'JP-A' }).getByRole('button', { name: p1.name }).click();
  const details = page.getByRole('dialog', { name: 'Product details' });
  await expect(details).toContainText(p1.skuCode);
  await expect(details).toContainText(p1.janCode);
  expect(await seriousViolations(page)).toEqual([]);
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toBeHidden();

  // The CSV of the month: the dialog starts from the screen's period and platform.
  await sales.downloadButton.click();
  const dialog = sales.exportDialog;
  await expect(dialog.getByRole('combobox', { name: /^From/ })).toHaveValue(month.from);
  await expect(dialog.getByRole('combobox', { name: /^To/ })).toHaveValue(month.to);
  expect(await seriousViolations(page)).toEqual([]);
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('sales-management.csv');
  await expect(dialog).toBeHidden();
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...lines] = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  expect(header).toBe(SALES_EXPORT_COLUMNS.join(','));
  const inMonth = seeded.filter((s) => s.date >= month.from && s.date <= month.to);
  expect(lines).toHaveLength(inMonth.length);
  for (const s of inMonth) expect(lines.filter((l) => l.split(',')[1] === s.orderId)).toHaveLength(1);
  const jpA = lines.find((l) => l.split(',')[1] === 'JP-A')?.split(',') ?? [];
  expect(jpA[0]).toBe(TODAY);
  expect(jpA[2]).toBe(p1.skuCode);
  expect(jpA[5]).toBe('2');
  expect(jpA[6]).toBe('AMAZONJP');

  // A period without sales: nothing to download.
  await sales.downloadButton.click();
  await dialog.getByRole('combobox', { name: /^From/ }).fill('2001-01-01');
  await dialog.getByRole('combobox', { name: /^To/ }).fill('2001-01-31');
  await dialog.getByRole('button', { name: 'Download' }).click();
  await expect(dialog.getByTestId('export-problem')).toHaveText('List is empty');
});

test('the daily chart switches to a table of every day, and the report speaks Japanese', async ({ page }) => {
  await signIn(page);
  const sales = new SalesPage(page);
  await sales.goto(kura.url);
  await expect(sales.chart.locator('svg').first()).toBeVisible();
  await expect(sales.chart).toContainText('Sales value');

  await sales.view(/^Table$/).click();
  await expect(page).toHaveURL(/view=table/);
  const month = periodRange('month', new Date(), ZONE);
  const days = DateTime.fromISO(month.to).day;
  // Days without sales show as zero: one row per day, plus the header.
  await expect(sales.dailyTable.getByRole('row')).toHaveCount(days + 1);
  const todayRow = sales.dailyTable.getByRole('row').filter({ hasText: TODAY });
  const inToday = seeded.filter((s) => s.date === TODAY).length;
  await expect(todayRow.getByRole('cell').nth(1)).toHaveText(String(inToday));

  await new Shell(page).chooseLanguage('日本語');
  await expect(sales.toggle(/^今月$/)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('売上サマリー')).toBeVisible();
  await expect(page.getByTestId('card-profit')).toContainText('利益');
  await expect(sales.table.getByRole('columnheader', { name: '注文日' })).toBeVisible();
  // The yen sorts in Japanese too.
  for (const name of [/^利益/, /^注文金額/]) {
    await expect(sales.table.getByRole('columnheader', { name }).getByRole('button')).toBeVisible();
  }
  await expect(sales.view(/^表$/)).toHaveAttribute('aria-selected', 'true');
  await sales.view(/^グラフ$/).click();
  await expect(sales.chart).toContainText('売上高');
  await expect(sales.rows.filter({ hasText: 'JP-B' }).getByTestId('row-profit')).toHaveText('-100');
  if (!rated) await expect(page.getByTestId('note-without-yen-value')).toContainText('為替レートがない');
  await sales.downloadButton.click();
  await expect(sales.exportDialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('an order creator is refused; OTZ sales show their report with the PayPal note', async ({
  page,
  browser,
}) => {
  const creator = await browser.newPage();
  await signIn(creator, CREATOR);
  await creator.goto(`${kura.url}/sales-management`);
  await expect(creator.getByTestId('forbidden')).toBeVisible();
  await creator.goto(`${kura.url}/ot-sales-management`);
  await expect(creator.getByTestId('forbidden')).toBeVisible();
  await creator.close();

  await signIn(page);
  const sales = new SalesPage(page);
  await sales.goto(kura.url);
  await page.getByRole('link', { name: 'OTZ sales' }).click();
  await expect(page).toHaveURL(/\/ot-sales-management$/);
  const otz = new OtzSalesPage(page);
  await otz.loaded();
  await expect(otz.toggle(/^Month$/)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('card-amazonCommission')).toContainText('PayPal fees are not recorded');
  await expect(otz.card('noOfOrders')).toHaveText('0');
  await expect(otz.noData).toBeVisible();
  await otz.toggle(/^Week$/).click();
  await expect(page).toHaveURL(/period=week/);
  await expect(otz.card('profit')).toHaveText('¥0');
  expect(await seriousViolations(page)).toEqual([]);
});
