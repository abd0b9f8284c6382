import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORDS } from '../../../server/src/demo/seed';
import { STORAGE_KEYS } from '#shared/constants';
import { LoginPage, Shell } from '../support/pages';
import { useKuraServer } from '../support/server';

const kura = useKuraServer({ demo: true });

test('signed-out visitors are sent to login; /auth goes to login', async ({ page }) => {
  await page.goto(`${kura.url}/products`);
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto(`${kura.url}/no-such-page`);
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto(`${kura.url}/auth`);
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('a wrong password shows the invalid-login message after about a second', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto(kura.url);
  await login.email.fill(DEMO_ACCOUNTS.admin.email);
  await login.password.fill('definitely-wrong');
  const started = Date.now();
  await login.submit.click();
  await expect(login.alert).toHaveText('The login detail is incorrect');
  expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  await expect(login.email).toHaveValue(DEMO_ACCOUNTS.admin.email);
});

test('login validation uses the fixed texts', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto(kura.url);
  await login.email.fill('someone');
  await login.password.fill('ab');
  await login.submit.click();
  await expect(page.getByText('Minimum 3 symbols')).toBeVisible();
});

test('admin: full menu, root goes to order management, signed-in /auth goes home', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto(kura.url);
  await login.signIn(DEMO_ACCOUNTS.admin.email, DEMO_PASSWORDS.admin);
  await expect(page).toHaveURL(/\/shipping-management$/);
  const targets = await new Shell(page).menuTargets();
  expect(targets).toContain('/otz');
  // Every screen an admin may use is on the menu: order entry and shipments too.
  expect(targets).toContain('/orderentryform');
  expect(targets).toContain('/shipment');
  await page.goto(`${kura.url}/auth`);
  await expect(page).toHaveURL(/\/shipping-management$/);
  await page.goto(`${kura.url}/`);
  await expect(page).toHaveURL(/\/shipping-management$/);
});

test('orderCreator sees two entries and lands on /orderentryform', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto(kura.url);
  await login.signIn(DEMO_ACCOUNTS.orderCreator.email, DEMO_PASSWORDS.orderCreator);
  await expect(page).toHaveURL(/\/orderentryform$/);
  const shell = new Shell(page);
  expect(await shell.menuTargets()).toEqual(['/orderentryform', '/packing', '/shipment']);
  await expect(shell.userDropdown).toContainText(DEMO_ACCOUNTS.orderCreator.fullname);
  await shell.userDropdown.click();
  await expect(page.getByRole('menu')).toContainText('OrderCreator');
});

test('logout clears the session', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto(kura.url);
  await login.signIn(DEMO_ACCOUNTS.admin.email, DEMO_PASSWORDS.admin);
  await expect(page).toHaveURL(/\/shipping-management$/);
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.session);
  expect(token).toBeTruthy();

  await new Shell(page).logout();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.session)).toBeNull();
  // The server ended the session too.
  const { token: old } = JSON.parse(token!) as { token: string };
  expect((await kura.api('auth/me', { token: old })).status).toBe(401);
  await page.goto(`${kura.url}/products`);
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('a revoked token on a protected route sends the user back to login', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto(kura.url);
  await login.signIn(DEMO_ACCOUNTS.admin.email, DEMO_PASSWORDS.admin);
  await expect(page).toHaveURL(/\/shipping-management$/);
  const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.session);
  const { token } = JSON.parse(stored!) as { token: string };
  expect((await kura.api('auth/logout', { method: 'POST', token })).status).toBe(204);

  // The app may notice the revoked token by itself first (its new-order poll) and take the menu
  // away before the click lands: either way the user must end up on the login screen.
  await page
    .getByTestId('side-menu')
    .getByRole('link')
    .nth(2)
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.session)).toBeNull();
});
