/**
 * The bell and the menu dots in the browser build, where the renderer polls and keeps the
 * notification state itself: the empty list in both languages; a new order rings the bell and
 * dots order management, following the entry clears the dot and opening the bell the ring; a
 * long list scrolls within its 300 px.
 */
import { expect, test } from '@playwright/test';
import { NOTIFICATION_LIST_MAX_HEIGHT_PX } from '#shared/constants';
import { openAndWaitForCursor, postOrder } from '../support/orders.pages';
import { Shell } from '../support/pages';
import { useKuraServer } from '../support/server';

const kura = useKuraServer({ demo: true });

let serial = 0;
const unique = () => `${Date.now() % 1e8}${String(serial++).padStart(2, '0')}`;

/** New one-line orders of the first demo product, as an order creator's form would make them. */
async function createOrders(count: number): Promise<string[]> {
  const token = await kura.token();
  const products = await kura.api('products?limit=1', { token });
  const [product] = ((await products.json()) as { data: { _id: string }[] }).data;
  const orderIds: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const orderId = `N-${unique()}`;
    await postOrder(kura, token, { orderId, productIds: [product?._id ?? ''] });
    orderIds.push(orderId);
  }
  return orderIds;
}

for (const [language, allCaughtUp, bellName] of [
  ['en', 'All caught up! No new notifications.', 'Notifications: 0'],
  ['ja', '新しい通知はありません。', '通知 0 件'],
] as const) {
  test.describe(() => {
    test.use(kura.signedIn('admin', { language }));

    test(`${language}: with nothing new the bell's list says so, without a ring`, async ({ page }) => {
      await page.goto(`${kura.url}/`);
      await expect(page).toHaveURL(/\/shipping-management$/);
      const bell = page.getByTestId('notification-bell');
      await expect(bell).toHaveAccessibleName(bellName);
      await expect(page.getByTestId('notification-ring')).toHaveCount(0);
      await bell.click();
      await expect(page.getByText(allCaughtUp, { exact: true })).toBeVisible();
    });
  });
}

test.describe(() => {
  test.use(kura.signedIn('admin'));

  test('a new order rings the bell and dots order management; the entry clears its dot, the bell its ring; a long list scrolls within 300 px', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await openAndWaitForCursor(page, kura.url, 'orders');
    const bell = page.getByTestId('notification-bell');
    const ring = page.getByTestId('notification-ring');
    const entry = new Shell(page).menu.getByRole('link', { name: /^Order management/ });
    await expect(bell).toHaveAccessibleName('Notifications: 0');
    await expect(ring).toHaveCount(0);
    await expect(entry.getByLabel('New items')).toHaveCount(0);

    const [orderId] = await createOrders(1);
    // One poll is 10 s (and a loaded machine is slow).
    await expect(bell).toHaveAccessibleName('Notifications: 1', { timeout: 25_000 });
    await expect(ring).toBeVisible();
    await expect(entry.getByLabel('New items')).toBeVisible();

    // Following the entry clears its dot, not the ring.
    await entry.click();
    await expect(entry.getByLabel('New items')).toHaveCount(0);
    await expect(ring).toBeVisible();

    // Opening the bell stops the ring and lists the order.
    await bell.click();
    await expect(ring).toHaveCount(0);
    await expect(page.getByRole('link', { name: new RegExp(`^New order ${orderId} on`) })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(entry.getByLabel('New items')).toHaveCount(0);

    // Many more: the list scrolls within its maximum height.
    await createOrders(24);
    await expect(bell).toHaveAccessibleName('Notifications: 25', { timeout: 25_000 });
    await expect(ring).toBeVisible();
    await bell.click();
    const list = page.getByRole('group', { name: 'Notifications' }).getByRole('list');
    await expect(list.getByRole('listitem')).toHaveCount(25);
    const size = await list.evaluate((ul) => ({
      maxHeight: getComputedStyle(ul).maxHeight,
      height: ul.getBoundingClientRect().height,
      scrolls: ul.scrollHeight > ul.clientHeight,
    }));
    expect(size.maxHeight).toBe(`${NOTIFICATION_LIST_MAX_HEIGHT_PX}px`);
    expect(NOTIFICATION_LIST_MAX_HEIGHT_PX).toBe(300);
    expect(size.height).toBeLessThanOrEqual(300);
    expect(size.scrolls).toBe(true);
  });
});
