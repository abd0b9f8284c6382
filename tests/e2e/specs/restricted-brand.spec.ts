import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORDS } from '../../../server/src/demo/seed';
import { LoginPage, Shell } from '../support/pages';
import { useKuraServer } from '../support/server';

// On the restricted brand the admin menu hides OTZ and adds order entry and shipments.
const kura = useKuraServer({ demo: true, restrictedBrand: true });

test('restricted brand: no OTZ entry; order entry and shipments for admin', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto(kura.url);
  await login.signIn(DEMO_ACCOUNTS.admin.email, DEMO_PASSWORDS.admin);
  await expect(page).toHaveURL(/\/shipping-management$/);
  const targets = await new Shell(page).menuTargets();
  expect(targets).not.toContain('/otz');
  expect(targets).toContain('/orderentryform');
  expect(targets).toContain('/shipment');
});
