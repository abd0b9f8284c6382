import { expect, test } from '@playwright/test';
import { MESSAGES } from '#shared/messages';
import { LoginPage, RegistrationPage, Shell } from '../support/pages';
import { useKuraServer } from '../support/server';

// An empty database: the first registration makes the shop's administrator.
const kura = useKuraServer();
test.describe.configure({ mode: 'serial' });

const admin = {
  fullname: 'Aiko Tanaka',
  email: 'aiko@shop.example',
  username: 'aiko',
  password: 'matcha-latte-42',
};

test('registration validates with the fixed texts and keeps submit off until terms are ticked', async ({
  page,
}) => {
  const form = new RegistrationPage(page);
  await form.goto(kura.url);
  await expect(form.submit).toBeDisabled();
  await form.fill({ fullname: 'Al', email: 'not-an-email', username: 'al', password: 'secret' }, 'secreT');
  await form.terms.check();
  await expect(form.submit).toBeEnabled();
  await form.submit.click();
  await expect(page.getByText(MESSAGES.minLength).first()).toBeVisible();
  await expect(page.getByText(MESSAGES.wrongEmail)).toBeVisible();
  await expect(page.getByText(MESSAGES.passwordMismatch)).toBeVisible();
  // Nothing was lost: what was typed is still there.
  await expect(form.fullname).toHaveValue('Al');
  await expect(form.email).toHaveValue('not-an-email');
});

test('the terms link opens /terms in a new tab', async ({ page, context }) => {
  const form = new RegistrationPage(page);
  await form.goto(kura.url);
  const [terms] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: /terms of use/i }).click(),
  ]);
  await terms.waitForLoadState();
  expect(new URL(terms.url()).pathname).toBe('/terms');
  await expect(terms.getByRole('heading', { name: 'Terms of use' })).toBeVisible();
});

test('the first account on an empty database becomes admin and sees the full menu', async ({ page }) => {
  const form = new RegistrationPage(page);
  await form.goto(kura.url);
  await form.fill(admin);
  await form.terms.check();
  await form.submit.click();

  await expect(page).toHaveURL(/\/shipping-management$/);
  const shell = new Shell(page);
  expect(await shell.menuTargets()).toEqual([
    '/shipping-management',
    '/packing',
    '/orderentryform',
    '/order-amalgamation',
    '/shipment',
    '/products',
    '/otz',
    '/sales-management',
    '/issues',
    '/AdvanceOrder',
    '/Simulator',
    '/newproductrequest',
    '/memo',
    '/order-import',
    '/settings',
    '/users',
    '/audit-log',
  ]);
  await expect(shell.userDropdown).toContainText('Aiko Tanaka');
  await shell.userDropdown.click();
  await expect(page.getByRole('menu')).toContainText('Admin');
  await page.keyboard.press('Escape');
  // Order management, on an empty database: no orders yet.
  await expect(page.getByRole('heading', { level: 1, name: 'Order management' })).toBeVisible();
});

test('a later registration waits for an administrator to grant a role', async ({ page }) => {
  const form = new RegistrationPage(page);
  await form.goto(kura.url);
  await form.fill({
    fullname: 'Rahul Mehta',
    email: 'rahul@shop.example',
    username: 'rahul',
    password: 'chai-time-7',
  });
  await form.terms.check();
  await form.submit.click();
  await expect(page.getByRole('heading', { name: 'Waiting for access' })).toBeVisible();
  await expect(page.getByTestId('side-menu')).toHaveCount(0);
});

test('a failed registration reads like a failed sign-in, whatever the cause, in both languages', async ({
  page,
}) => {
  const form = new RegistrationPage(page);
  const taken = {
    fullname: 'Rahul Again',
    email: 'rahul@shop.example',
    username: 'rahul2',
    password: 'chai-time-8',
  };
  await form.goto(kura.url);
  await form.fill(taken);
  await form.terms.check();
  await form.submit.click();
  await expect(page.getByRole('alert')).toHaveText('The login detail is incorrect');
  await expect(page.getByText('Duplicate field')).toHaveCount(0);
  // What was typed stays.
  await expect(form.email).toHaveValue('rahul@shop.example');

  await page.evaluate(() => localStorage.setItem('i18nConfig', JSON.stringify({ selectedLang: 'ja' })));
  await page.goto(`${kura.url}/auth/registration`);
  // The Japanese screen's fields, in order (a taken user name this time).
  const fields = page.locator('form input:not([type="checkbox"])');
  const values = [taken.fullname, taken.email, 'rahul', taken.password, taken.password];
  for (const [i, value] of values.entries()) await fields.nth(i).fill(value);
  await form.terms.check();
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByRole('alert')).toHaveText('ログイン情報が正しくありません');
  await page.evaluate(() => localStorage.removeItem('i18nConfig'));
});

test('the admin grants the role on the Users screen; the new user then gets in', async ({
  page,
  browser,
}) => {
  const login = new LoginPage(page);
  await login.goto(kura.url);
  await login.signIn(admin.email, admin.password);
  await expect(page).toHaveURL(/\/shipping-management$/);
  await page.getByTestId('side-menu').getByRole('link', { name: 'Users' }).click();
  const row = page.getByRole('row', { name: /rahul@shop\.example/ });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Actions for Rahul Mehta' }).click();
  await page.getByRole('menuitem', { name: 'Make OrderCreator' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(row).toContainText('OrderCreator');

  const other = await browser.newPage();
  const rahul = new LoginPage(other);
  await rahul.goto(kura.url);
  await rahul.signIn('rahul@shop.example', 'chai-time-7');
  await expect(other).toHaveURL(/\/orderentryform$/);
  expect(await new Shell(other).menuTargets()).toEqual(['/orderentryform', '/packing', '/shipment']);
  await other.close();
});

test('forgot password: an unknown email is named in the message', async ({ page }) => {
  await page.goto(`${kura.url}/auth/forgot-password`);
  await page.getByLabel('Email').fill('nobody@shop.example');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/nobody@shop\.example/)).toBeVisible();
});
