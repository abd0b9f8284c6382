import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORDS } from '../../../server/src/demo/seed';
import { axeCheck } from '../support/blocks';
import { LoginPage, Shell } from '../support/pages';
import { useKuraServer } from '../support/server';

const kura = useKuraServer({ demo: true });
const artifacts = path.resolve(import.meta.dirname, '../../artifacts');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });

const axe = (page: Page) => axeCheck(page);

test('English by default; switching to Japanese survives a reload; screenshots of both', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto(kura.url);
  await expect(page.getByRole('heading', { name: 'Sign in to Kura' })).toBeVisible();
  await shot(page, 'login-en');
  expect((await axe(page)).violations).toEqual([]);

  await login.signIn(DEMO_ACCOUNTS.admin.email, DEMO_PASSWORDS.admin);
  await expect(page).toHaveURL(/\/shipping-management$/);
  const shell = new Shell(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Order management' })).toBeVisible();
  await shot(page, 'shell-en');
  expect((await axe(page)).violations).toEqual([]);

  await shell.chooseLanguage('日本語');
  await expect(shell.menu.getByRole('link', { name: '注文管理' })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('i18nConfig') ?? '{}'))).toEqual({
    selectedLang: 'ja',
  });

  await page.reload();
  await expect(shell.menu.getByRole('link', { name: '注文管理' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: '注文管理' })).toBeVisible();
  await shot(page, 'shell-ja');
  await shell.userDropdown.click();
  await expect(page.getByRole('menuitem', { name: 'ログアウト' })).toBeVisible();
  await page.keyboard.press('Escape');

  await shell.logout();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByLabel('メールアドレス')).toBeVisible();
  await shot(page, 'login-ja');
  expect((await axe(page)).violations).toEqual([]);
});
