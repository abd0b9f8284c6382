/**
 * The history a person can read, end to end in both languages: a product's History button
 * opens its changes as sentences (names, the forms' labels, yen with its sign, statuses
 * translated, the time in the business's zone and the user's date format), the filters live in
 * the URL, and the raw record is one click away for an administrator.
 */
import { expect, test } from '@playwright/test';
import { DateTime } from 'luxon';
import { withJanCheckDigit } from '#shared/domain/jan';
import { DEMO_ACCOUNTS } from '../../../server/src/demo/seed';
import { Shell } from '../support/pages';
import { useKuraServer } from '../support/server';

// The browser runs in Tokyo (the config); the business is in India: times must follow the business.
const BUSINESS_ZONE = 'Asia/Kolkata';
const kura = useKuraServer({ demo: true, timeZone: BUSINESS_ZONE });
// Every page starts signed in as the admin; signing in is session.spec's subject.
test.use(kura.signedIn('admin'));

let serial = 0;

interface Entry {
  at: string;
  action: string;
}

/** A product, then an edit of its purchase price and status; answers its id and the edit's time. */
async function productWithEdit(name: string): Promise<{ id: string; editedAt: string }> {
  const token = await kura.token();
  const body = {
    name,
    skuCode: `HIST-${Date.now()}-${serial}`,
    janCode: withJanCheckDigit(
      `22${String(Date.now() % 1e8).padStart(8, '0')}${String(serial++ % 100).padStart(2, '0')}`,
    ),
    purchasePrice: 120,
    inStockQuantity: 5,
    activeStatus: true,
  };
  const created = await kura.api('products', { token, body });
  expect(created.status).toBe(201);
  const id = ((await created.json()) as { data: { _id: string } }).data._id;
  const edited = await kura.api(`products/${id}`, {
    method: 'PUT',
    token,
    body: { ...body, purchasePrice: 150, activeStatus: false },
  });
  expect(edited.status).toBe(200);
  const history = await kura.api(`audit-logs?entity=product&entityId=${id}&action=update`, { token });
  const entry = ((await history.json()) as { data: Entry[] }).data[0];
  return { id, editedAt: entry?.at ?? '' };
}

test('English: the History button opens the product history as sentences, with filters in the URL and the raw record', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { id, editedAt } = await productWithEdit('History Pocky Matcha');
  const category = await kura.api('categories/', {
    token: await kura.token(),
    body: { name: 'History sample category' },
  });
  expect(category.status).toBe(201);
  await page.goto(`${kura.url}/product-edit?id=${id}`);
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page).toHaveURL(new RegExp(`/audit-log\\?entity=product&entityId=${id}$`));

  const table = page.getByRole('table', { name: 'History' });
  const update = table.getByRole('row').filter({ hasText: 'changed the product' });
  await expect(update).toContainText(
    `${DEMO_ACCOUNTS.admin.fullname} changed the product “History Pocky Matcha”`,
  );
  await expect(update).toContainText('Purchase price (JPY): ¥120 → ¥150');
  await expect(update).toContainText('Status: Active → Inactive');
  const when = DateTime.fromISO(editedAt).setZone(BUSINESS_ZONE).toFormat('yyyy-MM-dd HH:mm');
  await expect(update.locator('time')).toHaveText(when);
  await expect(
    table.getByRole('row').filter({ hasText: 'created the product “History Pocky Matcha”' }),
  ).toBeVisible();
  await expect(table).not.toContainText(id);
  await expect(table).not.toContainText('purchasePrice');
  await expect(page.getByRole('button', { name: 'Only “History Pocky Matcha”' })).toBeVisible();

  // The raw record, one click away.
  await update.getByRole('button', { name: /^Raw record/ }).click();
  const raw = page.getByRole('dialog', { name: 'Raw record of this change' });
  await expect(raw).toContainText('"purchasePrice": 150');
  await expect(raw).toContainText(id);
  await raw.getByRole('button', { name: 'Close' }).last().click();
  await expect(raw).toBeHidden();

  // A date range after today leaves nothing; the range is in the URL, and back restores it.
  const tomorrow = DateTime.now().setZone(BUSINESS_ZONE).plus({ days: 1 }).toFormat('yyyy-MM-dd');
  await page.getByRole('combobox', { name: 'From' }).fill(tomorrow);
  await expect(page).toHaveURL(new RegExp(`when=${tomorrow}`));
  await expect(page.getByText('No changes match these filters')).toBeVisible();
  await page.goBack();
  await expect(update).toBeVisible();

  // Every record again, then only categories: the product's entries are gone.
  await page.getByRole('button', { name: 'Only “History Pocky Matcha”' }).click();
  await expect(page).not.toHaveURL(/entityId=/);
  await page.getByRole('combobox', { name: 'What' }).click();
  await page.getByRole('option', { name: 'Categories' }).click();
  await expect(page).toHaveURL(/entity=category/);
  await expect(table.getByRole('row').nth(1)).toContainText('created the category “History sample category”');
  await expect(table).not.toContainText('History Pocky Matcha');

  // Who: another person's changes only.
  await page.getByRole('combobox', { name: 'What' }).click();
  await page.getByRole('option', { name: 'Everything' }).click();
  await page.getByRole('combobox', { name: 'Who' }).click();
  await page.getByRole('option', { name: DEMO_ACCOUNTS.admin.fullname }).click();
  await expect(page).toHaveURL(/userId=/);
  await expect(table.getByRole('row').nth(1)).toContainText(DEMO_ACCOUNTS.admin.fullname);

  // The menu leads here too, under Settings.
  await new Shell(page).menu.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/audit-log$/);
});

test.describe(() => {
  test.use(kura.signedIn('admin', { language: 'ja' }));

  test('Japanese: sentences, labels and money in Japanese, in the date format chosen in the settings panel', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { id, editedAt } = await productWithEdit('履歴テスト ポッキー');
    await page.goto(`${kura.url}/audit-log`);
    // The date format is the user's own choice, kept on the server.
    await page.getByRole('button', { name: 'アクティビティと設定' }).click();
    await page.getByRole('tab', { name: '設定' }).click();
    const sample = DateTime.now().setZone(BUSINESS_ZONE);
    await page.getByRole('radio', { name: sample.toFormat("yyyy'年'M'月'd'日'") }).check();
    await expect(page.getByRole('radio', { name: sample.toFormat("yyyy'年'M'月'd'日'") })).toBeChecked();
    await page.keyboard.press('Escape');

    await page.goto(`${kura.url}/audit-log?entity=product&entityId=${id}`);
    const table = page.getByRole('table', { name: '変更履歴' });
    const update = table.getByRole('row').filter({ hasText: 'を変更しました' });
    // A full page load: the screen's chunk may take a while on a busy machine.
    await expect(table).toBeVisible({ timeout: 30_000 });
    await expect(update).toContainText(
      `${DEMO_ACCOUNTS.admin.fullname}が商品「履歴テスト ポッキー」を変更しました`,
    );
    await expect(update).toContainText('￥120 → ￥150');
    const when = DateTime.fromISO(editedAt).setZone(BUSINESS_ZONE).toFormat("yyyy'年'M'月'd'日' HH:mm");
    await expect(update.locator('time')).toHaveText(when);
    const text = (await table.textContent()) ?? '';
    expect(text).not.toMatch(/product|purchasePrice|Purchase price|Active|Inactive/);
    expect(text).not.toContain(id);

    // The panel's audit tab reads the same sentences.
    await page.getByRole('button', { name: 'アクティビティと設定' }).click();
    await page.getByRole('tab', { name: '監査ログ' }).click();
    await expect(page.getByRole('list', { name: '監査ログ' })).toContainText(
      '商品「履歴テスト ポッキー」を変更しました',
    );
  });
});
