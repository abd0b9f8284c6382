import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORDS } from '../../../server/src/demo/seed';
import { chromiumArgs } from '../playwright.config';
import { attachDesktop, type DesktopHarness } from '../support/desktop';
import { LoginPage, Shell } from '../support/pages';
import { useKuraServer } from '../support/server';

// A plain http team server off this computer, in the desktop app (window.kura backed by the
// real main-process services). "kura-team.test" is a name that is not loopback by the app's rule;
// Chromium resolves it to this machine, where the team server listens, so the page really
// talks plain http to a non-loopback name.
const TEAM_HOST = 'kura-team.test';
test.use({
  launchOptions: {
    executablePath: process.env.KURA_CHROMIUM ?? '/usr/bin/chromium',
    args: [...chromiumArgs, `--host-resolver-rules=MAP ${TEAM_HOST} 127.0.0.1`],
  },
});

const web = useKuraServer();
const team = useKuraServer({ demo: true, corsFromPageOf: web });
let desktop: DesktopHarness;

test.afterEach(async () => desktop?.close());

/** The desktop app's sign-in screen with the team server's address field open. */
async function openTeamServerForm(page: Page): Promise<LoginPage> {
  desktop = await attachDesktop(page, web.url);
  const login = new LoginPage(page);
  await login.goto(web.url);
  await page.getByText('Team server', { exact: true }).click();
  return login;
}

test('a plain http team server needs the warning accepted, then the top bar keeps warning', async ({
  page,
}) => {
  const login = await openTeamServerForm(page);
  const address = page.getByLabel('Team server address');
  const warning = page.getByRole('dialog', { name: 'Connect without encryption?' });

  // Cancelled: nothing changes, the address stays in the form.
  await address.fill('http://example.com');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('example.com is reached over plain http');
  await warning.getByRole('button', { name: 'Go back' }).click();
  await expect(warning).toBeHidden();
  await expect(address).toHaveValue('http://example.com');
  expect(desktop.app.connection.get()).toEqual({ mode: 'local' });

  // Main refuses the address without the answer, whatever the page does.
  const refused = await page.evaluate(() =>
    (window as unknown as { kura: { setConnection(c: unknown): Promise<unknown> } }).kura
      .setConnection({ mode: 'team', url: 'http://example.com' })
      .then(
        () => 'accepted',
        (e: unknown) => String(e),
      ),
  );
  expect(refused).toContain('invalid request');
  expect(desktop.app.connection.get()).toEqual({ mode: 'local' });

  // Accepted: stored with the flag, the window reloads onto that server.
  const url = `http://${TEAM_HOST}:${new URL(team.url).port}`;
  await address.fill(url);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(warning).toBeVisible();
  const reloaded = page.waitForEvent('load');
  await warning.getByRole('button', { name: 'Connect without encryption' }).click();
  await reloaded;
  expect(desktop.app.connection.get()).toEqual({ mode: 'team', url, insecure: true });
  // The sign-in form says so too: the password is typed there.
  await expect(page.getByText(`Not encrypted: ${TEAM_HOST}:`)).toBeVisible();

  await login.signIn(DEMO_ACCOUNTS.admin.email, DEMO_PASSWORDS.admin);
  await expect(page).toHaveURL(/\/shipping-management$/);
  await expect(new Shell(page).userDropdown).toContainText(DEMO_ACCOUNTS.admin.fullname);
  const topBarWarning = page.getByRole('banner').getByRole('status').filter({ hasText: 'Not encrypted' });
  await expect(topBarWarning).toBeVisible();

  // It stays while connected: another screen, a reload.
  await page.goto(`${web.url}/products`);
  await expect(topBarWarning).toBeVisible();
  await page.reload();
  await expect(topBarWarning).toBeVisible();
});

test('a loopback http team server connects without the question and without the warning', async ({
  page,
}) => {
  const login = await openTeamServerForm(page);
  await page.getByLabel('Team server address').fill(team.url.replace('127.0.0.1', 'localhost'));
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await reloaded;
  expect(desktop.app.connection.get()).toEqual({
    mode: 'team',
    url: team.url.replace('127.0.0.1', 'localhost'),
  });

  await login.signIn(DEMO_ACCOUNTS.admin.email, DEMO_PASSWORDS.admin);
  await expect(page).toHaveURL(/\/shipping-management$/);
  await expect(new Shell(page).userDropdown).toContainText(DEMO_ACCOUNTS.admin.fullname);
  await expect(page.getByText('Not encrypted')).toHaveCount(0);
  await new Shell(page).logout();
  await expect(login.submit).toBeVisible();
  await expect(page.getByText('Not encrypted')).toHaveCount(0);
});
