/**
 * Order management sorts by order price only where the prices are of one currency: a chosen
 * platform fixes it. With every platform listed, rupees and yen would sort as bare numbers.
 */
import { expect, test } from '@playwright/test';
import { OrdersPage } from '../support/orders.pages';
import { useKuraServer } from '../support/server';

const kura = useKuraServer({ demo: true });
test.use(kura.signedIn('admin'));

test('the order price sorts within one platform only; clearing the platform drops that sort', async ({
  page,
}) => {
  const orders = new OrdersPage(page);
  await orders.goto(kura.url);
  const price = orders.table.getByRole('columnheader', { name: 'Order price' });
  await expect(price).toBeVisible();
  await expect(price.getByRole('button')).toHaveCount(0);

  await orders.goto(kura.url, '?platform=AMAZONIND');
  await price.getByRole('button').click();
  await expect(page).toHaveURL(/sort=-baseOrderPrice/);
  await expect(price).toHaveAttribute('aria-sort', 'descending');

  // Every platform again: the price sort would mix currencies, so the default order returns.
  await page.getByRole('combobox', { name: 'Platform' }).click();
  await page.getByRole('option', { name: 'All platforms' }).click();
  await expect(page).not.toHaveURL(/baseOrderPrice/);
  await expect(price.getByRole('button')).toHaveCount(0);

  // A link asking for it is answered in the default order too.
  await orders.goto(kura.url, '?sort=baseOrderPrice');
  await expect(page).not.toHaveURL(/baseOrderPrice/);
});
