/**
 * What every list screen does the same way, because they share one building block: the list
 * in the URL (reload, back, a hand-edited link), the page clamped to the last one that
 * exists, and a list inside the side panel that leaves the page's URL alone.
 */
import { expect, test } from '@playwright/test';
import { IssuesPage } from '../support/requests.pages';
import { useKuraServer } from '../support/server';
import { CATEGORY_EN, SettingsListPage } from '../support/settings.pages';

const kura = useKuraServer({ demo: true });
// Every page starts signed in as the admin; signing in is session.spec's subject.
test.use(kura.signedIn('admin'));

test('a link to a page past the end shows the last page; a hand-edited URL shows the defaults', async ({
  page,
}) => {
  const screen = new SettingsListPage(page, CATEGORY_EN);
  // 13 demo categories: two pages of 10.
  await page.goto(`${kura.url}/settings/category?page=9`);
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(screen.table.getByRole('row')).toHaveCount(4);
  await expect(page).toHaveURL(/\/settings\/category\?page=2$/);

  await page.goto(`${kura.url}/settings/category?page=abc&limit=7&sort=password`);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(screen.table.getByRole('row')).toHaveCount(11);
});

test('the search text and the filter live in the URL: reload and back show the same list', async ({
  page,
}) => {
  const token = await kura.token();
  for (const title of ['Kokeshi doll set', 'Furoshiki wrapping cloth']) {
    expect((await kura.api('issues/', { token, body: { title } })).status).toBe(201);
  }
  const issues = new IssuesPage(page);
  await issues.goto(kura.url);
  await expect(issues.row('Kokeshi doll set')).toBeVisible();
  await expect(issues.row('Furoshiki wrapping cloth')).toBeVisible();

  await issues.search.fill('Kokeshi');
  await expect(page).toHaveURL(/[?&]q=Kokeshi/);
  await expect(issues.row('Furoshiki wrapping cloth')).toHaveCount(0);
  await issues.showOnly('All');
  await expect(page).toHaveURL(/resolved=all/);

  await page.reload();
  await expect(issues.search).toHaveValue('Kokeshi');
  await expect(page.getByRole('tab', { name: 'All', selected: true })).toBeVisible();
  await expect(issues.row('Kokeshi doll set')).toBeVisible();
  await expect(issues.row('Furoshiki wrapping cloth')).toHaveCount(0);

  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Unresolved', selected: true })).toBeVisible();
  await expect(issues.search).toHaveValue('Kokeshi');
});

test('the audit log in the side panel filters by kind, reads as sentences and leaves the page URL alone', async ({
  page,
}) => {
  const token = await kura.token();
  const created = await kura.api('categories/', { token, body: { name: 'Audit sample category' } });
  expect(created.status).toBe(201);

  await page.goto(`${kura.url}/products`);
  await page.getByRole('button', { name: 'Activity and settings' }).click();
  await page.getByRole('tab', { name: 'Audit log' }).click();
  const entries = page.getByRole('list', { name: 'Audit log' });
  await expect(entries).toBeVisible();

  await page.getByRole('combobox', { name: 'What' }).click();
  await page.getByRole('option', { name: 'Categories' }).click();
  await expect(entries.getByRole('listitem').first()).toContainText(
    'created the category “Audit sample category”',
  );
  await expect(async () => {
    const texts = await entries.getByRole('listitem').allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    // Entries hold their changed fields as nested items: no entry may name another kind.
    for (const text of texts)
      expect(text).not.toMatch(/the (product|user|manufacturer|supplier|memo|issue) “/);
  }).toPass();
  await expect(page).toHaveURL(/\/products$/);
});
