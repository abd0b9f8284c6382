/**
 * Safe actions and form messages on the order screens: a change that cannot be undone or that
 * moves stock asks first in the one confirmation dialog (its safe button focused, focus back on
 * the button that asked), in the order drawer, the bulk status bar and OTZ orders; manual order
 * entry looks an existing order id up before saving; its amounts and the new-shipment dialog say
 * what is wrong once, on the field.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { withJanCheckDigit } from '#shared/domain/jan';
import { toasts } from '../support/blocks';
import { OrderEntryPage, OrdersPage, postOrder } from '../support/orders.pages';
import { useKuraServer } from '../support/server';
import { CombineOrdersPage } from '../support/shipments.pages';

const kura = useKuraServer({ demo: true });

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

let serial = 0;
const unique = () => `${Date.now() % 1e8}${String(serial++).padStart(2, '0')}`;
const freshJan = () => withJanCheckDigit(`24${unique().padStart(10, '0').slice(-10)}`);

interface ApiOrder {
  _id: string;
  orderId: string;
  shipmentStatus: string;
  product: { _id: string } | null;
}

async function createProduct(name: string, stock = 10): Promise<{ _id: string; name: string }> {
  const res = await kura.api('products', {
    token: await kura.token(),
    body: { name, skuCode: `SAFE-${unique()}`, janCode: freshJan(), inStockQuantity: stock },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { _id: string; name: string } }).data;
}

async function stockOf(productId: string): Promise<number> {
  const res = await kura.api(`products/${productId}`, { token: await kura.token() });
  return ((await res.json()) as { data: { inStockQuantity: number } }).data.inStockQuantity;
}

async function ordersOf(orderId: string): Promise<ApiOrder[]> {
  const res = await kura.api(`orders?orderId=${encodeURIComponent(orderId)}&limit=100`, {
    token: await kura.token(),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: ApiOrder[] }).data;
}

async function setStatus(ids: string[], ...statuses: string[]) {
  for (const shipmentStatus of statuses) {
    const res = await kura.api('orders/status', {
      method: 'PUT',
      token: await kura.token(),
      body: { ids, shipmentStatus },
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }
}

/** The confirmation on screen: its title ends in a question mark. */
const question = (page: Page) => page.getByRole('dialog', { name: /[?？]$/ });

test.describe('an admin', () => {
  test.use(kura.signedIn('admin'));

  test('is asked before cancelling an order in its drawer: the safe button has focus, and focus comes back', async ({
    page,
  }) => {
    const tag = unique();
    const product = await createProduct(`Drawer cancel ${tag}`, 10);
    const orderId = `SAFE-D-${tag}`;
    await postOrder(kura, await kura.token(), { orderId, productIds: [product._id] });
    const [order] = await ordersOf(orderId);
    await setStatus([order!._id], 'ACCEPTED');
    expect(await stockOf(product._id)).toBe(9);

    const orders = new OrdersPage(page);
    await orders.goto(kura.url, `?q=${orderId}`);
    await orders
      .row(orderId)
      .getByRole('button', { name: new RegExp(orderId) })
      .click();
    const drawer = page.getByRole('dialog', { name: `Order ${orderId}`, exact: true });
    const cancel = drawer.getByRole('button', { name: 'Cancel order', exact: true });
    await cancel.click();

    const ask = question(page);
    await expect(ask).toHaveAccessibleName(`Cancel order ${orderId}?`);
    await expect(ask).toContainText('Stock of 1 product goes back. This cannot be undone.');
    const keep = ask.getByRole('button', { name: 'Keep order' });
    await expect(keep).toBeFocused();
    // Enter answers the focused, safe button: nothing changes, and focus is back on the opener.
    await page.keyboard.press('Enter');
    await expect(ask).toBeHidden();
    await expect(cancel).toBeFocused();
    // Escape closes the question alone, not the drawer under it.
    await cancel.click();
    await expect(ask).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(ask).toBeHidden();
    await expect(drawer).toBeVisible();
    await expect(cancel).toBeFocused();
    expect((await ordersOf(orderId))[0]?.shipmentStatus).toBe('ACCEPTED');
    expect(await stockOf(product._id)).toBe(9);

    await cancel.click();
    await ask.getByRole('button', { name: 'Cancel order' }).click();
    await expect(toasts(page).filter({ hasText: 'Status updated' })).toBeVisible();
    await expect(drawer.getByText("This order's status cannot be changed here.")).toBeVisible();
    expect((await ordersOf(orderId))[0]?.shipmentStatus).toBe('CANCELLED');
    expect(await stockOf(product._id)).toBe(10);
  });

  for (const lang of ['en', 'ja'] as const) {
    test(`${lang}: a bulk cancel names how many orders and products, and changes nothing until confirmed`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        storageState: await kura.storageState('admin', { language: lang }),
      });
      const page = await context.newPage();
      const tag = unique();
      const [first, second] = await Promise.all([
        createProduct(`Bulk first ${tag}`),
        createProduct(`Bulk second ${tag}`),
      ]);
      const orderId = `SAFE-B-${tag}`;
      // Three lines over two products: one order id per line, so each is its own order.
      const token = await kura.token();
      await postOrder(kura, token, { orderId: `${orderId}-1`, productIds: [first._id] });
      await postOrder(kura, token, { orderId: `${orderId}-2`, productIds: [first._id] });
      await postOrder(kura, token, { orderId: `${orderId}-3`, productIds: [second._id] });
      const all = (await Promise.all([1, 2, 3].map((n) => ordersOf(`${orderId}-${n}`)))).flat();
      await setStatus(
        all.map((o) => o._id),
        'ACCEPTED',
      );

      const orders = new OrdersPage(page);
      await orders.goto(kura.url, `?q=${orderId}`);
      await expect(orders.rows).toHaveCount(4);
      for (const n of [1, 2, 3]) await orders.row(`${orderId}-${n}`).getByRole('checkbox').check();
      await orders.setStatus(lang === 'en' ? /^Cancelled$/ : /^キャンセル$/);

      const ask = question(page);
      const texts =
        lang === 'en'
          ? {
              title: 'Cancel 3 orders?',
              body: 'Stock of 2 products goes back. This cannot be undone.',
              keep: 'Keep orders',
              confirm: 'Cancel orders',
            }
          : {
              title: '3件の注文をキャンセルしますか？',
              body: '2商品の在庫が戻ります。この操作は取り消せません。',
              keep: '注文を残す',
              confirm: '注文をキャンセル',
            };
      await expect(ask).toHaveAccessibleName(texts.title);
      await expect(ask).toContainText(texts.body);
      await expect(ask.getByRole('button', { name: texts.keep })).toBeFocused();
      await ask.getByRole('button', { name: texts.keep }).click();
      await expect(ask).toBeHidden();
      await expect(orders.bulkApply).toBeFocused();
      for (const o of all) expect((await ordersOf(o.orderId))[0]?.shipmentStatus).toBe('ACCEPTED');

      await orders.bulkApply.click();
      await ask.getByRole('button', { name: texts.confirm }).click();
      await expect(toasts(page).filter({ hasText: lang === 'en' ? 'Orders Updated' : /更新/ })).toBeVisible();
      for (const o of all) expect((await ordersOf(o.orderId))[0]?.shipmentStatus).toBe('CANCELLED');
      expect([await stockOf(first._id), await stockOf(second._id)]).toEqual([10, 10]);
      await context.close();
    });
  }

  test('an OTZ order asks before it is accepted (stock) and before it is cancelled', async ({ page }) => {
    const tag = unique();
    const product = await createProduct(`OTZ safe ${tag}`, 5);
    const paypal = `PAYID-SAFE-${tag}`;
    const res = await kura.api('otz-orders', {
      token: await kura.token(),
      body: {
        paypalTransactionId: paypal,
        orderDate: '2026-11-20',
        customer: { name: 'Ravi Kumar', email: 'ravi@example.com' },
        items: [{ product: product._id, orderQuantity: 2, price: 100 }],
        currency: 'INR',
        amount: 200,
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);

    await page.goto(`${kura.url}/otz?q=${paypal}`);
    const row = page.getByRole('row', { name: new RegExp(paypal) });
    await row.getByRole('button', { name: 'Accept' }).click();
    const ask = question(page);
    await expect(ask).toHaveAccessibleName(`Accept order ${paypal}?`);
    await expect(ask).toContainText('Stock of 1 product is taken.');
    await expect(ask.getByRole('button', { name: 'Go back' })).toBeFocused();
    await ask.getByRole('button', { name: 'Accept order' }).click();
    await expect(toasts(page).filter({ hasText: 'Status updated' })).toBeVisible();
    expect(await stockOf(product._id)).toBe(3);

    await page.goto(`${kura.url}/otz?status=ACCEPTED&q=${paypal}`);
    const accepted = page.getByRole('row', { name: new RegExp(paypal) });
    const cancel = accepted.getByRole('button', { name: 'Cancel order' });
    await cancel.click();
    await expect(ask).toHaveAccessibleName(`Cancel order ${paypal}?`);
    await expect(ask).toContainText('Stock of 1 product goes back. This cannot be undone.');
    await expect(ask.getByRole('button', { name: 'Keep order' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(ask).toBeHidden();
    await expect(cancel).toBeFocused();
    expect(await stockOf(product._id)).toBe(3);
    await cancel.click();
    await ask.getByRole('button', { name: 'Cancel order' }).click();
    await expect(page.getByRole('row', { name: new RegExp(paypal) })).toHaveCount(0);
    expect(await stockOf(product._id)).toBe(5);
  });

  test('the new-shipment dialog says what is wrong once, on the field, and counts one order as one', async ({
    page,
  }) => {
    const tag = unique();
    const product = await createProduct(`Ship safe ${tag}`);
    const orderId = `SAFE-S-${tag}`;
    await postOrder(kura, await kura.token(), { orderId, productIds: [product._id] });
    await setStatus(
      (await ordersOf(orderId)).map((o) => o._id),
      'ACCEPTED',
      'PACKED',
    );
    const combine = new CombineOrdersPage(page);
    await combine.goto(kura.url, `?q=${orderId}`);
    await combine.select(orderId);
    await combine.create.click();
    await expect(combine.dialog).toHaveAccessibleName('New shipment of 1 order');

    // Every field filled, the link not a web address: only the link says so.
    await combine.dialogField('Shipment ID').fill(`SHIP-${tag}`);
    await combine.dialogField('Total shipping fee (yen)').fill('-5');
    await combine.dialogField('Tracking link').fill('track.example.com/123');
    await combine.dialog.getByRole('button', { name: 'Create shipment' }).click();
    await expect(combine.dialog.getByText('Not correct format', { exact: true })).toHaveCount(1);
    await expect(combine.dialog.getByText('Must be at least 0', { exact: true })).toHaveCount(1);
    await expect(combine.dialog.getByText(/Please Enter the Shipment ID/)).toHaveCount(0);
    await expect(combine.dialogField('Tracking link')).toHaveAttribute('aria-invalid', 'true');
    await expect(combine.dialogField('Shipment ID')).not.toHaveAttribute('aria-invalid', 'true');
  });
});

test.describe('an order creator entering an order', () => {
  test.use(kura.signedIn('orderCreator'));

  const fill = async (
    entry: OrderEntryPage,
    orderId: string,
    line: { product: string; price: string; discount: string; quantity: string },
  ) => {
    await entry.orderId.fill(orderId);
    await entry.choosePlatform(/^Amazon India$/);
    await entry.fillLine(1, line);
  };

  test('is asked before lines are added to an order id already on the platform', async ({ page }) => {
    const tag = unique();
    const [a, b, c] = await Promise.all([
      createProduct(`Existing A ${tag}`),
      createProduct(`Existing B ${tag}`),
      createProduct(`New C ${tag}`),
    ]);
    const orderId = `SAFE-E-${tag}`;
    await postOrder(kura, await kura.token(), { orderId, productIds: [a._id, b._id] });

    const entry = new OrderEntryPage(page);
    await entry.goto(kura.url);
    // A product the order already has is marked on its line, and nothing is sent.
    await fill(entry, orderId, { product: a.name, price: '10', discount: '0', quantity: '1' });
    await entry.submit.click();
    await expect(entry.line(1).getByText(`Order ${orderId} already has this product`)).toBeVisible();
    await expect(question(page)).toHaveCount(0);

    // A fresh form with a product the order does not have yet.
    await entry.goto(kura.url);
    await fill(entry, orderId, { product: c.name, price: '10', discount: '0', quantity: '1' });
    await entry.submit.click();
    const ask = question(page);
    await expect(ask).toHaveAccessibleName(`Add to order ${orderId}?`);
    await expect(ask).toContainText(
      `Order ${orderId} on Amazon India already has 2 lines — add these lines to it?`,
    );
    await expect(ask.getByRole('button', { name: 'Go back' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(ask).toBeHidden();
    expect(await ordersOf(orderId)).toHaveLength(2);

    await entry.submit.click();
    await ask.getByRole('button', { name: 'Add to this order' }).click();
    await expect(toasts(page).filter({ hasText: 'A new order was added' })).toBeVisible();
    expect(await ordersOf(orderId)).toHaveLength(3);
  });

  test('a Duplicate field from the server says which field and which order it is about', async ({ page }) => {
    const tag = unique();
    const product = await createProduct(`Race ${tag}`);
    const orderId = `SAFE-R-${tag}`;
    // The line is stored after the form looked the order id up: the look-up found nothing.
    await page.route('**/api/v1/orders/search?**', (route) =>
      route.fulfill({ json: { data: [], totalcount: 0 } }),
    );
    await postOrder(kura, await kura.token(), { orderId, productIds: [product._id] });
    const entry = new OrderEntryPage(page);
    await entry.goto(kura.url);
    await fill(entry, orderId, { product: product.name, price: '10', discount: '0', quantity: '1' });
    await entry.submit.click();
    const said = `Duplicate field: Order ID. Order ${orderId} on Amazon India already has one of these products.`;
    await expect(toasts(page).filter({ hasText: said })).toBeVisible();
    await expect(entry.orderId).toHaveAttribute('aria-invalid', 'true');
  });

  test('amounts: a negative price must be zero or more; totals after discount; Add product focuses the product', async ({
    page,
  }) => {
    const tag = unique();
    const [a, b] = await Promise.all([createProduct(`Sum A ${tag}`), createProduct(`Sum B ${tag}`)]);
    const entry = new OrderEntryPage(page);
    await entry.goto(kura.url);
    await fill(entry, `SAFE-T-${tag}`, { product: a.name, price: '-5', discount: '0', quantity: '1' });
    await entry.submit.click();
    await expect(entry.line(1).getByText('Must be at least 0')).toBeVisible();
    await expect(entry.line(1).getByText('Please Enter a number')).toHaveCount(0);

    // 19.99 × 3 − 1.50 = 58.47; 0.10 × 3 − 0.20 = 0.10: added in paise, 58.57.
    const line1 = entry.line(1);
    await line1.getByRole('textbox', { name: /^Price/ }).fill('19.99');
    await line1.getByRole('textbox', { name: /^Discount/ }).fill('1.50');
    await line1.getByRole('textbox', { name: /^Order quantity/ }).fill('3');
    await expect(page.getByTestId('line-total-1')).toHaveText(/58\.47/);
    await entry.addLine.click();
    await expect(entry.line(2).getByRole('combobox')).toBeFocused();
    await entry.fillLine(2, { product: b.name, price: '0.1', discount: '0.2', quantity: '3' });
    await expect(page.getByTestId('line-total-2')).toHaveText(/0\.10/);
    await expect(page.getByTestId('order-total')).toHaveText(/58\.57/);
  });
});
