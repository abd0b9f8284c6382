/**
 * The exchange rates settings screen on the demo data (business zone Asia/Tokyo): replacing
 * the demo's rate of today, seeing it listed with all its decimals, editing it by double-click with the
 * confirmation, the messages of a rate with seven decimals or none above zero, searching by
 * month, the same in Japanese, axe, and the refusal an order creator meets.
 */
import path from 'node:path';
import { expect, test, type Page, type Request } from '@playwright/test';
import { DateTime } from 'luxon';
import { STORAGE_KEYS } from '#shared/constants';
import { DEMO_ACCOUNTS, DEMO_PASSWORDS } from '../../../server/src/demo/seed';
import { seriousViolations } from '../support/blocks';
import { EXCHANGE_RATES_EN, EXCHANGE_RATES_JA, ExchangeRatesPage } from '../support/exchange-rates.pages';
import { LoginPage, Shell } from '../support/pages';
import { useKuraServer } from '../support/server';

const kura = useKuraServer({ demo: true });
const artifacts = path.resolve(import.meta.dirname, '../../artifacts');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });
const today = () => DateTime.now().setZone('Asia/Tokyo').toISODate() as string;

async function signIn(page: Page, account: 'admin' | 'orderCreator' = 'admin') {
  const login = new LoginPage(page);
  await login.goto(kura.url);
  await login.signIn(DEMO_ACCOUNTS[account].email, DEMO_PASSWORDS[account]);
  await expect(page).not.toHaveURL(/\/login/);
}

/** The API writes the page sends. */
function recordWrites(page: Page) {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/v1/') && request.method() !== 'GET')
      calls.push(request);
  });
  return () => calls.map((r) => `${r.method()} ${new URL(r.url()).pathname}`);
}

async function rateToday(page: Page): Promise<number | null> {
  const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.session);
  const { token } = JSON.parse(stored ?? '{}') as { token: string };
  const res = await kura.api('currency', { token });
  return ((await res.json()) as { rate: number | null }).rate;
}

test('adds today’s rate, lists it, edits it by double-click with confirmation', async ({ page }) => {
  await signIn(page);
  const writes = recordWrites(page);
  const screen = new ExchangeRatesPage(page, EXCHANGE_RATES_EN);
  await screen.open(kura.url);
  await expect(page.getByRole('heading', { level: 1, name: 'Exchange rates' })).toBeVisible();
  // The demo has a rate for each day with India orders, today's too: adding today's replaces it.
  const demoRate = await rateToday(page);
  expect(demoRate).not.toBeNull();
  await expect(screen.row(String(demoRate))).toContainText(today());
  await expect(screen.form).toContainText('Adding a date that already has a rate replaces that rate.');
  // The date starts at today in the business's time zone.
  await expect(screen.date).toHaveValue(today());

  // Seven decimals, zero and text are refused in the form, and nothing is sent.
  await screen.add('1.7345121');
  await expect(screen.rateField).toContainText('At most 6 decimal places');
  await expect(screen.rate).toHaveValue('1.7345121');
  await screen.add('0');
  await expect(screen.rateField).toContainText('Must be at least 0.000001');
  await screen.add('');
  await expect(screen.rateField).toContainText('Please Enter a number');
  expect(writes()).toEqual([]);

  await screen.add('1.734512');
  await expect(screen.toast('exchange rate saved')).toBeVisible();
  expect(writes()).toEqual([`PUT /api/v1/currency/rates/${today()}`]);
  await expect(screen.rate).toHaveValue('');
  const row = screen.row('1.734512');
  await expect(row).toContainText(today());
  await expect(row).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  expect(await rateToday(page)).toBe(1.734512);
  await shot(page, 'exchange-rates-en');
  expect(await seriousViolations(page)).toEqual([]);

  // Double-click, a new rate, Enter: the confirmation names old and new; Enter saves.
  await screen.editText('1.734512', '1.8');
  await expect(screen.dialog).toContainText('Please confirm the changes');
  await expect(screen.dialog).toContainText('You are about to change the rate.');
  await expect(screen.dialog.getByRole('definition').first()).toHaveText('1.734512');
  await expect(screen.dialog.getByRole('definition').nth(1)).toHaveText('1.8');
  await expect(screen.saveButton).toBeFocused();
  await shot(page, 'exchange-rates-confirm-en');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(screen.toast('Row Updated')).toBeVisible();
  await expect(screen.cell('1.8')).toBeVisible();
  expect(writes()).toEqual([
    `PUT /api/v1/currency/rates/${today()}`,
    `PUT /api/v1/currency/rates/${today()}`,
  ]);
  expect(await rateToday(page)).toBe(1.8);

  // Escape closes without saving; an unchanged value (1.800000 is 1.8) sends nothing.
  await screen.editText('1.8', '2');
  await expect(screen.dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(screen.dialog).toBeHidden();
  await expect(screen.cell('1.8')).toBeVisible();
  await screen.editText('1.8', '1.800000');
  await expect(screen.editor).toBeHidden();
  await expect(screen.dialog).toBeHidden();
  // Seven decimals in the cell: the message under the editor, nothing sent.
  await screen.editText('1.8', '1.8000001');
  await expect(screen.table).toContainText('At most 6 decimal places');
  await screen.editor.press('Escape');
  expect(writes()).toHaveLength(2);

  // Searching by month finds it; text that names no date finds nothing.
  await screen.search.fill(today().slice(0, 7));
  await expect(screen.cell('1.8')).toBeVisible();
  await screen.search.fill('rupee');
  await expect(page.getByText('Nothing matches “rupee”')).toBeVisible();
});

test('in Japanese: adds a dated rate, replaces it by adding the date again, edits it', async ({ page }) => {
  await signIn(page);
  await new Shell(page).chooseLanguage('日本語');
  const writes = recordWrites(page);
  const screen = new ExchangeRatesPage(page, EXCHANGE_RATES_JA);
  await screen.open(kura.url);
  await expect(page.getByRole('heading', { level: 1, name: '為替レート' })).toBeVisible();
  await expect(screen.form).toContainText('そのレートが置き換わります');
  // The demo's rates of recent days fill the first page: the list shows January 2025 only.
  await screen.search.fill('2025-01');

  await screen.add('1.6512345', '2025-01-15');
  await expect(screen.rateField).toContainText('小数点以下は6桁までです');
  await expect(screen.rateField).not.toContainText('At most');
  await screen.add('-1');
  await expect(screen.rateField).toContainText('0.000001');
  expect(writes()).toEqual([]);

  await screen.add('1.65', '2025-01-15');
  await expect(screen.toast('為替レートを保存しました')).toBeVisible();
  await expect(screen.row('1.65')).toContainText('2025-01-15');
  await screen.add('1.66', '2025-01-15');
  await expect(screen.cell('1.66')).toBeVisible();
  await expect(screen.cell('1.65')).toHaveCount(0);
  expect(writes()).toEqual([
    'PUT /api/v1/currency/rates/2025-01-15',
    'PUT /api/v1/currency/rates/2025-01-15',
  ]);

  await screen.editText('1.66', '1.661');
  await expect(screen.dialog).toContainText('変更内容をご確認ください');
  await expect(screen.dialog).toContainText('レートを変更しようとしています。');
  await screen.saveButton.click();
  await expect(screen.toast('行を更新しました')).toBeVisible();
  await expect(screen.cell('1.661')).toBeVisible();
  await shot(page, 'exchange-rates-ja');
  expect(await seriousViolations(page)).toEqual([]);
});

test('an order creator is refused the screen', async ({ page }) => {
  await signIn(page, 'orderCreator');
  await page.goto(`${kura.url}/settings/exchange-rates`);
  await expect(page.getByTestId('forbidden')).toBeVisible();
  await expect(page.getByRole('form')).toHaveCount(0);
});
