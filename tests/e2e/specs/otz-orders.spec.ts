import { expect, test } from '@playwright/test';
import { seriousViolations, toasts } from '../support/blocks';
import { confirmChange, openAndWaitForCursor, pushOtzOrder } from '../support/orders.pages';
import { useKuraServer } from '../support/server';

const kura = useKuraServer({ demo: true });
// Every page starts signed in as the admin; signing in is session.spec's subject.
test.use(kura.signedIn('admin'));

const pushOtz = async (paypalTransactionId: string) =>
  pushOtzOrder(kura, await kura.token(), paypalTransactionId);

test('an OTZ order pushed by the storefront rings the bell within one poll, then is accepted on /otz', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openAndWaitForCursor(page, kura.url, 'otz-orders');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications: 0');

  await pushOtz('PAYID-E2E-1');
  // One poll is 10 s (and a loaded machine is slow).
  await expect(bell).toHaveAccessibleName('Notifications: 1', { timeout: 25_000 });
  const otzEntry = page.getByRole('navigation').getByRole('link', { name: /OTZ orders/ });
  await expect(otzEntry.getByLabel(/new/i)).toBeVisible();

  await bell.click();
  const item = page.getByRole('link', { name: /New OTZ order PAYID-E2E-1/ });
  await expect(item).toBeVisible();
  await item.click();
  await expect(page).toHaveURL(/\/otz$/);

  const row = page.getByRole('row', { name: /PAYID-E2E-1/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Aiko Tanaka');
  await row.getByRole('button', { name: 'Details' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Osaka');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  await row.getByRole('button', { name: 'Accept' }).click();
  await confirmChange(page, 'Accept order');
  // The toast, not the live region that reads it out.
  await expect(toasts(page).filter({ hasText: 'Status updated' })).toBeVisible();
  // It left the Received tab; it is under Accepted, where only packing or cancelling is offered.
  await expect(page.getByRole('row', { name: /PAYID-E2E-1/ })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Accepted' }).click();
  const accepted = page.getByRole('row', { name: /PAYID-E2E-1/ });
  await expect(accepted.getByRole('button', { name: 'Mark packed' })).toBeVisible();
  await expect(accepted.getByRole('button', { name: 'Accept' })).toHaveCount(0);
});

test.describe(() => {
  test.use(kura.signedIn('admin', { language: 'ja' }));

  test('in Japanese: the bell lists the new OTZ order and /otz speaks Japanese', async ({ page }) => {
    test.setTimeout(120_000);
    await openAndWaitForCursor(page, kura.url, 'otz-orders');
    await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('通知 0 件');
    const bell = page.getByTestId('notification-bell');
    await pushOtz('PAYID-E2E-JA');
    await expect(bell).toHaveAccessibleName('通知 1 件', { timeout: 25_000 });
    await bell.click();
    await page.getByRole('link', { name: /新しいOTZ注文 PAYID-E2E-JA/ }).click();
    await expect(page).toHaveURL(/\/otz$/);
    await expect(page.getByRole('tab', { name: '受付' })).toHaveAttribute('aria-selected', 'true');
    const row = page.getByRole('row', { name: /PAYID-E2E-JA/ });
    await row.getByRole('button', { name: '承認する' }).click();
    await confirmChange(page, '注文を承認');
    await expect(page.getByRole('row', { name: /PAYID-E2E-JA/ })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
