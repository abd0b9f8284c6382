import { expect, test } from '@playwright/test';
import { Shell } from '../support/pages';
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
});
