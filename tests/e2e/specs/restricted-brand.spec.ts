import { expect, test } from '@playwright/test';
import { pushOtzOrder } from '../support/orders.pages';
import { Shell } from '../support/pages';
import { ShipmentsPage } from '../support/shipments.pages';
import { useKuraServer } from '../support/server';

// On the restricted brand the admin menu hides OTZ and adds order entry and shipments.
const kura = useKuraServer({ demo: true, restrictedBrand: true });
// Every page starts signed in as the admin; signing in is session.spec's subject.
test.use(kura.signedIn('admin'));

test('restricted brand: no OTZ entry; order entry and shipments for admin', async ({ page }) => {
  await page.goto(`${kura.url}/`);
  await expect(page).toHaveURL(/\/shipping-management$/);
  const targets = await new Shell(page).menuTargets();
  expect(targets).not.toContain('/otz');
  expect(targets).toContain('/orderentryform');
  expect(targets).toContain('/shipment');
  expect(targets.slice(-2)).toEqual(['/orderentryform', '/shipment']);
});

test('restricted brand: OTZ orders and OTZ sales do not open by address either', async ({ page }) => {
  for (const path of ['/otz', '/ot-sales-management']) {
    await page.goto(`${kura.url}${path}`);
    await expect(page.getByTestId('forbidden')).toBeVisible();
  }
  // The screens on its menu still open.
  await new ShipmentsPage(page).goto(kura.url);
  await expect(page.getByTestId('forbidden')).toHaveCount(0);
});

test('restricted brand: the bell never polls OTZ orders, so none is listed leading to the hidden /otz', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const otzRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/otz-orders')) otzRequests.push(r.url());
  });
  const isPlatformPoll = (url: string, cursor: boolean) => {
    const { pathname, searchParams } = new URL(url);
    return pathname === '/api/v1/orders/' && searchParams.has('createdAt[gt]') !== cursor;
  };
  const cursor = page.waitForResponse((r) => isPlatformPoll(r.url(), true) && r.ok());
  await page.goto(`${kura.url}/`);
  await expect(page).toHaveURL(/\/shipping-management$/);
  await cursor;

  // The storefront still pushes OTZ orders to this server.
  await pushOtzOrder(kura, await kura.token(), 'PAYID-RESTRICTED-1');

  // The next poll (10 s on) asks for platform orders only; before, OTZ was asked right after
  // each platform request, its cursor within the first poll.
  await page.waitForResponse((r) => isPlatformPoll(r.url(), false) && r.ok(), { timeout: 30_000 });
  expect(otzRequests).toEqual([]);
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Notifications: 0');
});
