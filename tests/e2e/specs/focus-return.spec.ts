/**
 * A keyboard user keeps their place: when a drawer or a confirmation closes, focus goes back
 * to what opened it, or to the nearest place left around it when that is gone, never to the
 * page's <body> or a toast. And an edit typed in the order drawer is not lost without asking.
 */
import { expect, test, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { withJanCheckDigit } from '#shared/domain/jan';
import { OrdersPage } from '../support/orders.pages';
import { useKuraServer } from '../support/server';
import { CATEGORY_EN, SettingsListPage } from '../support/settings.pages';

const kura = useKuraServer({ demo: true });
test.use(kura.signedIn('admin'));

let counter = 0;
const unique = () => `${String(Date.now()).slice(-7)}${counter++}`;
const today = () => DateTime.now().setZone('Asia/Tokyo').toFormat('yyyy-MM-dd');

async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await kura.api(path, { token: await kura.token(), ...init });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return ((await res.json()) as { data: T }).data;
}

async function product(tag: string) {
  return api<{ _id: string }>('products', {
    body: {
      name: `Focus product ${tag}`,
      skuCode: `FOC-${tag}`,
      janCode: withJanCheckDigit(`45${tag.padStart(10, '0').slice(-10)}`),
      inStockQuantity: 100,
    },
  });
}

/** One Amazon India order, received; its id. */
async function order(tag: string): Promise<string> {
  const p = await product(tag);
  const orderId = `FOC-${tag}`;
  await api('orders', {
    body: {
      product: p._id,
      platformCode: 'AMAZONIND',
      orderId,
      orderQuantity: 1,
      currency: 'INR',
      baseOrderPrice: 1000,
      discount: 0,
    },
  });
  return orderId;
}

/** What has the focus, as a user would name it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return `${el.tagName.toLowerCase()}:${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}`;
  });

test.describe('the order drawer', () => {
  test('X and Escape give focus back to the order that opened it', async ({ page }) => {
    const orderId = await order(unique());
    const orders = new OrdersPage(page);
    await orders.goto(kura.url, `?q=${orderId}`);
    const opener = orders.table.getByRole('button', { name: `Open order ${orderId}` });

    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(orders.drawer).toBeVisible();
    await orders.drawer.getByRole('button', { name: 'Close' }).click();
    await expect(orders.drawer).toBeHidden();
    await expect(opener).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(orders.drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(orders.drawer).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('after saving an edit focus is on Edit order, Escape still closes, focus goes back to the order', async ({
    page,
  }) => {
    const orderId = await order(unique());
    const orders = new OrdersPage(page);
    await orders.goto(kura.url, `?q=${orderId}`);
    const opener = orders.table.getByRole('button', { name: `Open order ${orderId}` });
    await opener.focus();
    await page.keyboard.press('Enter');
    const drawer = orders.drawer;
    await drawer.getByRole('button', { name: 'Edit order' }).click();
    await drawer.getByRole('textbox', { name: /^Discount/ }).fill('12');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Row Updated').first()).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Edit order' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('unsaved edits ask before Escape or X closes the drawer', async ({ page }) => {
    const orderId = await order(unique());
    const orders = new OrdersPage(page);
    await orders.goto(kura.url, `?q=${orderId}`);
    const opener = orders.table.getByRole('button', { name: `Open order ${orderId}` });
    await opener.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: `Order ${orderId}` });
    await drawer.getByRole('button', { name: 'Edit order' }).click();
    const discount = drawer.getByRole('textbox', { name: /^Discount/ });
    await discount.fill('34');

    const ask = page.getByRole('dialog', { name: 'Discard changes?' });
    await discount.press('Escape');
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect(ask).toBeHidden();
    await expect(drawer).toBeVisible();
    await expect(discount).toHaveValue('34');

    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Discard' }).click();
    await expect(drawer).toBeHidden();
    await expect(opener).toBeFocused();

    // Nothing was saved; an edit left unchanged closes without asking.
    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('₹34.00')).toHaveCount(0);
    await drawer.getByRole('button', { name: 'Edit order' }).click();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(ask).toHaveCount(0);
  });

  test('unsaved edits hold a move to another screen', async ({ page }) => {
    const orderId = await order(unique());
    // Into order management from another screen, as staff come: back leaves it.
    await page.goto(`${kura.url}/products`);
    await page.getByRole('navigation').getByRole('link', { name: 'Order management' }).click();
    await expect(page).toHaveURL(/\/shipping-management$/);
    const orders = new OrdersPage(page);
    await orders.table.getByRole('button', { name: `Open order ${orderId}` }).click();
    const drawer = orders.drawer;
    await drawer.getByRole('button', { name: 'Edit order' }).click();
    await drawer.getByRole('textbox', { name: /^Discount/ }).fill('5');
    await page.goBack();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
    await expect(page).toHaveURL(/\/shipping-management$/);
    await expect(drawer.getByRole('textbox', { name: /^Discount/ })).toHaveValue('5');
  });
});

test('the settings confirmation’s Close gives focus back to the cell being edited', async ({ page }) => {
  const screen = new SettingsListPage(page, CATEGORY_EN);
  await screen.goto(kura.url);
  await screen.find('Cosmetics / 化粧品');
  await screen.editText('Cosmetics / 化粧品', 'Makeup');
  await expect(screen.dialog).toBeVisible();
  await screen.closeButton.click();
  await expect(screen.dialog).toBeHidden();
  await expect(screen.cell('Cosmetics / 化粧品')).toBeFocused();
});

test('cancelling an advance order gives focus to its row, not the page', async ({ page }) => {
  const tag = unique();
  const p = await product(tag);
  const orderId = `ADV-FOC-${tag}`;
  await api('advance-orders', {
    body: {
      product: p._id,
      platformCode: 'SHOPIFY',
      orderId,
      orderQuantity: 1,
      currency: 'INR',
      baseOrderPrice: 500,
      deliveryDate: '2030-01-15',
    },
  });
  await page.goto(`${kura.url}/AdvanceOrder?q=${orderId}`);
  const row = page.getByRole('row').filter({ hasText: orderId });
  await row.getByRole('button', { name: `Cancel advance order ${orderId}` }).click();
  const ask = page.getByRole('dialog', { name: `Cancel advance order ${orderId}?` });
  await ask.getByRole('button', { name: 'Cancel advance order' }).click();
  await expect(ask).toBeHidden();
  await expect(row.getByText('Cancelled')).toBeVisible();
  // The Cancel button left with the status that offered it: its cell in the row has the focus.
  await expect.poll(() => focused(page)).not.toBe('body');
  expect(await row.evaluate((el) => el.contains(document.activeElement))).toBe(true);
});

test('taking an order out of a shipment keeps focus in the drawer’s orders', async ({ page }) => {
  const tag = unique();
  const ids: string[] = [];
  const p = await product(tag);
  for (let i = 0; i < 3; i++) {
    const created = await api<{ _id: string } | { _id: string }[]>('orders', {
      body: {
        product: p._id,
        platformCode: 'AMAZONIND',
        orderId: `FOC-SH-${tag}-${i}`,
        orderQuantity: 1,
        currency: 'INR',
        baseOrderPrice: 1000,
        discount: 0,
      },
    });
    ids.push(...(Array.isArray(created) ? created : [created]).map((o) => o._id));
  }
  for (const status of ['ACCEPTED', 'PACKED']) {
    await api('orders/status', { method: 'PUT', body: { ids, shipmentStatus: status } });
  }
  const shipmentId = `SHIP-FOC-${tag}`;
  await api('shipments', {
    body: {
      shipmentId,
      shippingDate: today(),
      totalShippingFee: 900,
      shipmentTrackingLink: 'https://tracking.example/focus',
      orderIds: ids,
    },
  });
  await page.goto(`${kura.url}/shipment?q=${shipmentId}`);
  await page.getByRole('button', { name: new RegExp(`Open shipment ${shipmentId}`) }).click();
  const drawer = page.getByRole('dialog', { name: `Shipment ${shipmentId}` });
  const first = `FOC-SH-${tag}-0`;
  await drawer.getByRole('button', { name: `Remove order ${first} from the shipment` }).click();
  const ask = page.getByRole('dialog', { name: new RegExp(`Remove order ${first}`) });
  await ask.getByRole('button', { name: 'Remove order' }).click();
  await expect(ask).toBeHidden();
  await expect(drawer.getByRole('row').filter({ hasText: first })).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(() => document.activeElement?.closest('[role="dialog"]')?.getAttribute('aria-label')),
    )
    .toBe(`Shipment ${shipmentId}`);
  // Escape reaches the drawer: focus is in it.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
});
