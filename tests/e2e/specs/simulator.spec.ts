/**
 * The cost simulator: a simulation worked by hand (shared/src/domain/simulator.test.ts: r = 1.7,
 * B = ¥700, S = ¥110, q = 1, c = 5%, F = ₹61.5, d = 15.5%, T = ¥2,760 → P = ₹3,245 exactly),
 * saved, reopened from the list, changed and updated; an unreachable target; Japanese; axe.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORDS } from '../../../server/src/demo/seed';
import { seriousViolations } from '../support/blocks';
import { LoginPage, Shell } from '../support/pages';
import { SimulatorPage } from '../support/simulator.pages';
import { useKuraServer } from '../support/server';

const kura = useKuraServer({ demo: true });
const admin = DEMO_ACCOUNTS.admin;

async function signInAsAdmin(page: Page) {
  const login = new LoginPage(page);
  await login.goto(kura.url);
  await login.signIn(admin.email, DEMO_PASSWORDS.admin);
  await expect(page).toHaveURL(/\/shipping-management$/);
}

const artifacts = path.resolve(import.meta.dirname, '../../artifacts');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });

const HAND_WORKED = {
  purchasePrice: '700',
  quantity: '1',
  exchangeRate: '1.7',
  shippingCost: '110',
  customsDuty: '15.5',
  commission: '5',
  closingFee: '61.5',
  targetValue: '2760',
};

async function adminToken() {
  const login = await kura.api('auth/login', {
    body: { email: admin.email, password: DEMO_PASSWORDS.admin },
  });
  return ((await login.json()) as { token: string }).token;
}

test('without a rate for today the rate field is empty and says so', async ({ page }) => {
  // The demo data has today's rate; the server's answer for a day without one is played here.
  await page.route('**/api/v1/currency*', (route) =>
    route.fulfill({
      json: { date: new Date().toISOString().slice(0, 10), from: 'INR', to: 'JPY', rate: null },
    }),
  );
  await signInAsAdmin(page);
  const sim = new SimulatorPage(page);
  await sim.goto(kura.url);
  await expect(sim.platform).toHaveText(/Amazon India/);
  await expect(sim.field('exchangeRate')).toHaveValue('');
  await expect(page.getByText('No rate for today: type one')).toBeVisible();
});

test('run a simulation, save it, reopen it from the list, change it and update it', async ({ page }) => {
  await signInAsAdmin(page);
  const sim = new SimulatorPage(page);
  await sim.goto(kura.url);

  // A new simulation starts from Amazon India's demo defaults and today's rate (the demo data
  // has a rate for every day it has India orders; without one, see the next test).
  await expect(sim.platform).toHaveText(/Amazon India/);
  await expect(sim.field('commission')).toHaveValue('15');
  await expect(sim.field('closingFee')).toHaveValue('30');
  await expect(sim.field('exchangeRate')).toHaveValue(/^\d+\.\d+$/);
  await expect(page.getByText('No rate for today: type one')).toBeHidden();
  await expect(sim.result).toContainText('Fill in the inputs to see the price');

  await sim.fill(HAND_WORKED);
  await expect(sim.result.getByText('Final selling price, including 18% tax')).toBeVisible();
  await expect(sim.price).toHaveText('₹3,245.00');
  await expect(sim.profit).toHaveText('Profit at this price: ¥2,760');
  const expected: [RegExp, string, string][] = [
    [/^Selling price/, '₹3,245.00', '¥5,517'],
    [/^Tax/, '₹495.00', '¥842'],
    [/^Price before tax/, '₹2,750.00', '¥4,675'],
    [/^Commission/, '₹162.25', '¥276'],
    [/^Closing fees/, '₹61.50', '¥105'],
    [/^Customs duty/, '₹426.25', '¥725'],
    [/^Handling/, '₹0.00', '¥0'],
    [/^Purchase cost/, '₹411.76', '¥700'],
    [/^Shipping/, '₹64.71', '¥110'],
    [/^Profit/, '₹1,623.53', '¥2,760'],
  ];
  for (const [label, inr, jpy] of expected) {
    const row = sim.line(label);
    await expect(row).toContainText(inr);
    await expect(row).toContainText(jpy);
  }
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'simulator-en');

  // Save needs a name.
  await sim.save.click();
  await expect(page.getByText('Please Enter Name')).toBeVisible();
  await sim.fill({ name: 'E2E Pocky matcha' });
  await sim.save.click();
  await expect(page.getByText('Simulation E2E Pocky matcha saved').first()).toBeVisible();
  await expect(page).toHaveURL(/[?&]open=/);
  await expect(page.getByRole('heading', { name: 'Simulation: E2E Pocky matcha' })).toBeVisible();
  const id = new URL(page.url()).searchParams.get('open') as string;
  await expect(sim.savedRow('E2E Pocky matcha')).toContainText('₹3,245.00');
  await expect(sim.savedRow('E2E Pocky matcha')).toContainText('¥2,760');

  // A fresh form, then the saved one again from the list, exactly as typed.
  await sim.newSimulation.click();
  await expect(page.getByRole('heading', { name: 'New simulation' })).toBeVisible();
  await expect(sim.field('customsDuty')).toHaveValue('');
  await sim.open('E2E Pocky matcha');
  await expect(page.getByRole('heading', { name: 'Simulation: E2E Pocky matcha' })).toBeVisible();
  await expect(sim.field('customsDuty')).toHaveValue('15.5');
  await expect(sim.field('closingFee')).toHaveValue('61.5');
  await expect(sim.field('exchangeRate')).toHaveValue('1.7');
  await expect(sim.price).toHaveText('₹3,245.00');

  // Twice the units and twice the target: twice the price, as the result shows while typing.
  await sim.fill({ quantity: '2', targetValue: '5520' });
  await expect(sim.price).toHaveText('₹6,490.00');

  // Unsaved changes: leaving asks first.
  await new Shell(page).menu.getByRole('link', { name: 'Memo' }).click();
  const leave = page.getByRole('dialog').filter({ hasText: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
  await expect(page).toHaveURL(/\/Simulator/);

  await sim.update.click();
  await expect(page.getByText('Simulation E2E Pocky matcha updated').first()).toBeVisible();
  await expect(sim.savedRow('E2E Pocky matcha')).toContainText('₹6,490.00');
  const saved = await kura.api(`simulation/${id}`, { token: await adminToken() });
  const { data } = (await saved.json()) as {
    data: { quantity: number; result: { price: number; profit: number } };
  };
  expect(data.quantity).toBe(2);
  expect(data.result).toMatchObject({ price: 6490, profit: 5520 });

  // Saved: nothing to lose, so leaving does not ask.
  await new Shell(page).menu.getByRole('link', { name: 'Memo' }).click();
  await expect(page).toHaveURL(/\/memo$/);
});

test('an unreachable target says so; platform defaults fill the form', async ({ page }) => {
  await signInAsAdmin(page);
  const sim = new SimulatorPage(page);
  await sim.goto(kura.url);
  await sim.fill({ ...HAND_WORKED, commission: '90' });
  await expect(sim.result).toContainText('No price reaches this target');
  await expect(sim.price).toHaveCount(0);
  await sim.fill({ commission: '5' });
  await expect(sim.price).toHaveText('₹3,245.00');

  // An administrator changes the own shop's defaults; choosing the platform takes them.
  await sim.platformDefaults.click();
  const dialog = page.getByRole('dialog', { name: 'Platform defaults' });
  await expect(dialog).toBeVisible();
  const shop = dialog.getByRole('group', { name: /Own shop/ });
  await shop.getByRole('textbox', { name: /^Commission/ }).fill('2.75');
  await shop.getByRole('textbox', { name: /^Closing fee/ }).fill('12.5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Platform defaults saved').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  // The dialog gives focus back to the button that opened it before anything else is used.
  await expect(sim.platformDefaults).toBeFocused();
  await sim.choosePlatform(/^Own shop$/);
  await expect(sim.field('commission')).toHaveValue('2.75');
  await expect(sim.field('closingFee')).toHaveValue('12.5');
  await expect(sim.price).not.toHaveText('₹3,245.00');
});

test('the simulator in Japanese', async ({ page }) => {
  await signInAsAdmin(page);
  await new Shell(page).chooseLanguage('日本語');
  const sim = new SimulatorPage(page);
  await sim.goto(kura.url);
  // Today's rate from the demo data, said in Japanese.
  await expect(page.getByText(/^\d{4}-\d{2}-\d{2} のレート: ¥\d+\.\d+$/)).toBeVisible();
  await sim.fill(HAND_WORKED);
  await expect(sim.result.getByText('最終販売価格（18% の税込み）')).toBeVisible();
  await expect(sim.price).toHaveText('₹3,245.00');
  await expect(sim.profit).toHaveText('この価格での利益: ¥2,760');
  await expect(sim.line(/^関税/)).toContainText('₹426.25');
  await expect(sim.line(/^関税/)).toContainText('¥725');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'simulator-ja');

  await sim.fill({ commission: '90' });
  await expect(sim.result).toContainText('この目標に届く価格はありません');
  await sim.fill({ commission: '5', name: '抹茶ポッキー' });
  await sim.save.click();
  await expect(page.getByText('シミュレーション 抹茶ポッキー を保存しました').first()).toBeVisible();
  await expect(sim.savedRow('抹茶ポッキー')).toContainText('₹3,245.00');
  expect(await seriousViolations(page)).toEqual([]);
});

function groupBy<T, K>(items: readonly T[], key: (item: T) => K) {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

for (const language of ['en', 'ja'] as const) {
  test.describe(() => {
    test.use({ ...kura.signedIn('admin', { language }), viewport: { width: 1280, height: 800 } });
    test(`the form's fields line up: one row, one top edge; one column, one left edge (${language})`, async ({
      page,
    }) => {
      const sim = new SimulatorPage(page);
      await sim.goto(kura.url);
      // Today's rate brings its hint under the rate's input: that cell is taller than its row's other.
      await expect(sim.field('exchangeRate')).toHaveValue(/^\d+\.\d+$/);
      const boxes = await sim.controlBoxes();
      expect(boxes.length).toBeGreaterThanOrEqual(12);
      const top = (b: (typeof boxes)[number]) => `${b.label}: top ${b.top}, height ${b.height}`;
      for (const row of groupBy(boxes, (b) => b.cellTop).values()) {
        expect(row.map(top), 'the controls of one row').toEqual(
          row.map((b) => top({ ...row[0]!, label: b.label })),
        );
      }
      const columns = groupBy(boxes, (b) => b.cellLeft);
      expect(columns.size, 'two columns').toBe(2);
      const left = (b: (typeof boxes)[number]) => `${b.label}: left ${b.left}`;
      for (const [cellLeft, column] of columns) {
        expect(column.map(left), 'the controls of one column').toEqual(
          column.map((b) => left({ ...b, left: cellLeft })),
        );
      }
      // The half-width controls (both columns) are one width.
      const half = boxes.filter((b) => b.width < Math.max(...boxes.map((x) => x.width)));
      expect(new Set(half.map((b) => b.width)).size, 'half-width controls share a width').toBe(1);
    });
  });
}
