/**
 * The shipment screens end to end: three India orders combined on Combine Orders (the fee
 * shares shown before saving, the success toast, the orders SHIPPED with their shares), the
 * shipment found by an order id on the shipment screen, its orders listed, customs saved (the
 * custom-fee shares shown first) and the orders COMPLETED; the same in Japanese; the quarter
 * default and the status filter; an order creator saving customs; the drawer's add, remove
 * and correction; the tracking link opening outside the page; axe on every screen and dialog.
 */
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { withJanCheckDigit } from '#shared/domain/jan';
import { DEMO_ACCOUNTS, DEMO_PASSWORDS } from '../../../server/src/demo/seed';
import { pageScrollsSideways, seriousViolations, toasts } from '../support/blocks';
import { LoginPage, Shell } from '../support/pages';
import { confirmChange } from '../support/orders.pages';
import { useKuraServer } from '../support/server';
import { CombineOrdersPage, ShipmentsPage } from '../support/shipments.pages';

const kura = useKuraServer({ demo: true });

test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

let serial = 0;
const unique = () => `${Date.now() % 1e8}${String(serial++).padStart(2, '0')}`;
const freshJan = () => withJanCheckDigit(`23${unique().padStart(10, '0').slice(-10)}`);

type Account = 'admin' | 'orderCreator';
/**
 * The server's own token of the account. Not kept in this file: with fully parallel tests a
 * worker that leaves this file for another and comes back gets a new server (a new database),
 * where a token kept from the last one answers 401.
 */
const token = (account: Account = 'admin') => kura.token(account);

interface ApiOrder {
  _id: string;
  orderId: string;
  shipmentStatus: string;
  shippingFee: number;
  customFee: number;
}
interface ApiShipment {
  _id: string;
  shipmentId: string;
  status: string;
}

const today = () => DateTime.now().setZone('Asia/Tokyo');
const day = (date: DateTime) => date.toFormat('yyyy-MM-dd');

/** Packed India orders, one line each, quantities and prices as given. */
async function packedOrders(
  tag: string,
  lines: { quantity: number; price: number; platformCode?: 'AMAZONIND' | 'SHOPIFY' }[],
): Promise<ApiOrder[]> {
  const admin = await token();
  const product = await kura.api('products', {
    token: admin,
    body: { name: `Ship product ${tag}`, skuCode: `SHP-${tag}`, janCode: freshJan(), inStockQuantity: 100 },
  });
  expect(product.status).toBe(201);
  const productId = ((await product.json()) as { data: { _id: string } }).data._id;
  const orders: ApiOrder[] = [];
  for (const [i, line] of lines.entries()) {
    const res = await kura.api('orders', {
      token: admin,
      body: {
        product: productId,
        platformCode: line.platformCode ?? 'AMAZONIND',
        orderId: `SO-${tag}-${i + 1}`,
        orderQuantity: line.quantity,
        currency: 'INR',
        baseOrderPrice: line.price,
        discount: 0,
      },
    });
    expect(res.status).toBe(201);
    const data = ((await res.json()) as { data: ApiOrder | ApiOrder[] }).data;
    orders.push(...(Array.isArray(data) ? data : [data]));
  }
  for (const status of ['ACCEPTED', 'PACKED']) {
    const res = await kura.api('orders/status', {
      method: 'PUT',
      token: admin,
      body: { ids: orders.map((o) => o._id), shipmentStatus: status },
    });
    expect(res.status).toBe(200);
  }
  return orders;
}

async function ordersNow(ids: string[]): Promise<ApiOrder[]> {
  const admin = await token();
  return Promise.all(
    ids.map(async (id) => {
      const res = await kura.api(`orders/${id}`, { token: admin });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: ApiOrder }).data;
    }),
  );
}

async function createShipment(shipmentId: string, orderIds: string[], shippingDate = day(today())) {
  const res = await kura.api('shipments', {
    token: await token(),
    body: {
      shipmentId,
      shippingDate,
      totalShippingFee: 900,
      shipmentTrackingLink: `${kura.url}/api/v1/health`,
      orderIds,
    },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: ApiShipment }).data;
}

async function saveCustoms(id: string, customId: string) {
  const res = await kura.api(`shipments/${id}`, {
    method: 'PUT',
    token: await token(),
    body: { customId, totalCustomFee: 300, receivedDate: day(today()) },
  });
  expect(res.status).toBe(200);
}

async function signIn(page: Page, account: Account) {
  const login = new LoginPage(page);
  await login.goto(kura.url);
  await login.signIn(DEMO_ACCOUNTS[account].email, DEMO_PASSWORDS[account]);
  await expect(page).toHaveURL(account === 'admin' ? /\/shipping-management$/ : /\/orderentryform$/);
}

const yen = (n: number) => new RegExp(`[¥￥]${n.toLocaleString('en')}\\b`);
const rupees = (n: number) => new RegExp(`₹${n.toLocaleString('en-IN')}\\b`);
/** A cell of a column whose header names its currency: the figure alone, no sign. */
const bare = (row: Locator, n: number) =>
  row.getByRole('cell', { name: n.toLocaleString('en'), exact: true });

const TEXTS = {
  English: {
    selectOrders: 'Please select Orders to club together',
    required: (label: string) => `${label} is required`,
    assigned: 'SuccessFully Assigned Shipment ID to Orders',
    amazonWarning: /Amazon India shows the tracking of combined orders wrongly/,
    shipmentId: 'Shipment ID',
    fee: 'Total shipping fee (yen)',
    link: 'Tracking link',
    byOrderId: /^Order ID$/,
    viewOrders: /^View orders of shipment/,
    addCustoms: /^Add customs to shipment/,
    customsRequired: 'Please Enter the Custom Id, Custom Fees & Received Date',
    customId: 'Custom ID',
    customFee: 'Custom fee (rupees)',
    save: /^Save$/,
    confirmCustoms: 'Save customs',
    rowUpdated: 'Row Updated',
    received: /^Received$/,
    shipped: /^Shipped$/,
    close: /^Close$/,
  },
  日本語: {
    selectOrders: 'まとめる注文を選択してください',
    required: (label: string) => `${label}は必須です`,
    assigned: '注文に出荷IDを割り当てました',
    amazonWarning: /Amazonインドでは、まとめた注文の追跡情報が正しく表示されません/,
    shipmentId: '出荷ID',
    fee: '送料合計（円）',
    link: '追跡リンク',
    byOrderId: /^注文ID$/,
    viewOrders: /^出荷 .* の注文を表示$/,
    addCustoms: /^出荷 .* の通関情報を追加$/,
    customsRequired: '通関ID、通関手数料、受取日を入力してください',
    customId: '通関ID',
    customFee: '通関手数料（ルピー）',
    save: /^保存$/,
    confirmCustoms: '通関情報を保存',
    rowUpdated: '行を更新しました',
    received: /^受取済み$/,
    shipped: /^発送済み$/,
    close: /^閉じる$/,
  },
} as const;

for (const language of ['English', '日本語'] as const) {
  const texts = TEXTS[language];

  test(`${language}: an admin combines three orders into a shipment, then finds it by an order id and saves its customs`, async ({
    page,
  }) => {
    const tag = unique();
    // Quantities 1, 2, 3 and prices 100, 200, 300: 1,000 of either fee splits 167 / 333 / 500.
    const orders = await packedOrders(tag, [
      { quantity: 1, price: 100 },
      { quantity: 2, price: 200, platformCode: 'SHOPIFY' },
      { quantity: 3, price: 300 },
    ]);
    const orderIds = orders.map((o) => o.orderId);
    await signIn(page, 'admin');
    if (language === '日本語') await new Shell(page).chooseLanguage('日本語');

    const combine = new CombineOrdersPage(page);
    await combine.goto(kura.url, `?q=SO-${tag}`);
    await expect(combine.rows).toHaveCount(4);
    expect(await seriousViolations(page), 'combine orders').toEqual([]);

    // Nothing chosen: refused with its fixed text.
    await combine.create.click();
    await expect(toasts(page).filter({ hasText: texts.selectOrders })).toBeVisible();

    for (const id of orderIds) await combine.select(id);
    await expect(combine.selectedCount).toContainText('3');
    await combine.create.click();
    await expect(combine.dialog).toBeVisible();
    await expect(combine.dialog.getByText(texts.amazonWarning)).toBeVisible();

    // Empty fields: each of id, fee and link says it is required, once.
    await combine.dialog.getByRole('button', { name: /^(Create shipment|出荷を作成)$/ }).click();
    for (const label of [texts.shipmentId, texts.fee, texts.link])
      await expect(combine.dialog.getByText(texts.required(label), { exact: true })).toHaveCount(1);
    expect(await seriousViolations(page), 'create shipment dialog with messages').toEqual([]);

    const shipmentId = `SHIP-${tag}`;
    await combine.dialogField(texts.shipmentId).fill(shipmentId);
    await combine.dialogField(texts.fee).fill('1000');
    await combine.dialogField(texts.link).fill(`${kura.url}/api/v1/health`);
    // The shares before saving, in the order chosen.
    for (const [i, share] of [167, 333, 500].entries()) {
      await expect(combine.shares.getByRole('row').filter({ hasText: orderIds[i] as string })).toContainText(
        yen(share),
      );
    }
    await combine.dialog.getByRole('button', { name: /^(Create shipment|出荷を作成)$/ }).click();
    await expect(toasts(page).filter({ hasText: texts.assigned })).toBeVisible();
    await expect(combine.dialog).toBeHidden();
    // The orders have left the list of orders ready to ship.
    await expect(combine.empty.first()).toBeVisible();
    const shipped = await ordersNow(orders.map((o) => o._id));
    expect(shipped.map((o) => [o.shipmentStatus, o.shippingFee])).toEqual([
      ['SHIPPED', 167],
      ['SHIPPED', 333],
      ['SHIPPED', 500],
    ]);

    // The shipment screen: found by the second order's id.
    const shipments = new ShipmentsPage(page);
    await shipments.goto(kura.url);
    // The search asks for 50 a page, by order id.
    const searched = page.waitForRequest(
      (r) =>
        r.url().includes('/shipments/search?') &&
        /[?&]limit=50\b/.test(r.url()) &&
        r.url().includes('searchBy=orderId'),
    );
    await shipments.searchFor(orderIds[1] as string, texts.byOrderId);
    await searched;
    await expect(page).toHaveURL(/by=orderId/);
    await expect(shipments.rows).toHaveCount(2);
    const row = shipments.row(shipmentId);
    await expect(row.getByText(texts.shipped)).toBeVisible();
    expect(await seriousViolations(page), 'shipments').toEqual([]);

    await row.getByRole('button', { name: texts.viewOrders }).click();
    const popup = shipments.dialog;
    await expect(popup.getByRole('row')).toHaveCount(4);
    for (const [i, share] of [167, 333, 500].entries()) {
      await expect(
        bare(popup.getByRole('row').filter({ hasText: orderIds[i] as string }), share),
      ).toBeVisible();
    }
    expect(await seriousViolations(page), 'orders popup').toEqual([]);
    await popup.getByRole('button', { name: texts.close }).click();
    await expect(popup).toBeHidden();

    await row.getByRole('button', { name: texts.addCustoms }).click();
    const customs = shipments.dialog;
    await customs.getByRole('button', { name: texts.save }).click();
    await expect(customs.getByText(texts.customsRequired).first()).toBeVisible();
    await shipments.dialogField(texts.customId).fill(`CUS-${tag}`);
    await shipments.dialogField(texts.customFee).fill('1000');
    for (const [i, share] of [167, 333, 500].entries()) {
      await expect(customs.getByRole('row').filter({ hasText: orderIds[i] as string })).toContainText(
        rupees(share),
      );
    }
    expect(await seriousViolations(page), 'customs dialog').toEqual([]);
    await customs.getByRole('button', { name: texts.save }).click();
    // Completing the orders is final: asked first.
    await confirmChange(page, texts.confirmCustoms);
    await expect(toasts(page).filter({ hasText: texts.rowUpdated })).toBeVisible();
    await expect(customs).toBeHidden();
    await expect(row.getByText(texts.received)).toBeVisible();
    await expect(row).toContainText(`CUS-${tag}`);

    const completed = await ordersNow(orders.map((o) => o._id));
    expect(completed.map((o) => [o.shipmentStatus, o.customFee])).toEqual([
      ['COMPLETED', 167],
      ['COMPLETED', 333],
      ['COMPLETED', 500],
    ]);
    // Saved once: the dialog shows the customs, and its save button is disabled.
    await row.getByRole('button', { name: texts.addCustoms }).click();
    await expect(shipments.dialogField(texts.customId)).toHaveValue(`CUS-${tag}`);
    await expect(shipments.dialog.getByRole('button', { name: texts.save })).toBeDisabled();
  });
}

test('the list opens on the current quarter; the dates and the status filter change it', async ({ page }) => {
  const tag = unique();
  const [a, b, c] = await packedOrders(tag, [
    { quantity: 1, price: 100 },
    { quantity: 1, price: 100 },
    { quantity: 1, price: 100 },
  ]);
  const lastQuarter = day(today().minus({ quarters: 1 }).startOf('quarter').plus({ days: 3 }));
  await createShipment(`Q-${tag}-SHIPPED`, [a!._id]);
  const received = await createShipment(`Q-${tag}-RECEIVED`, [b!._id]);
  await saveCustoms(received._id, `QC-${tag}`);
  await createShipment(`Q-${tag}-OLD`, [c!._id], lastQuarter);

  await signIn(page, 'admin');
  await page.setViewportSize({ width: 1280, height: 800 });
  const shipments = new ShipmentsPage(page);
  await shipments.goto(kura.url, `?q=Q-${tag}`);
  await expect(shipments.rows).toHaveCount(3);
  // A 1280-pixel window holds the screen; the table scrolls in its own frame.
  expect(await pageScrollsSideways(page)).toBe(false);
  await new CombineOrdersPage(page).goto(kura.url);
  expect(await pageScrollsSideways(page)).toBe(false);
  await shipments.goto(kura.url, `?q=Q-${tag}`);
  const quarter = { from: day(today().startOf('quarter')), to: day(today().endOf('quarter')) };
  await expect(shipments.dateField('Shipping date from')).toHaveValue(quarter.from);
  await expect(shipments.dateField('Shipping date to')).toHaveValue(quarter.to);
  await expect(shipments.rows).toHaveCount(3);
  await expect(shipments.row(`Q-${tag}-OLD`)).toHaveCount(0);

  await shipments.tab(/^Received$/).click();
  await expect(shipments.rows).toHaveCount(2);
  await expect(shipments.row(`Q-${tag}-RECEIVED`)).toHaveCount(1);
  await shipments.tab(/^Shipped$/).click();
  await expect(shipments.rows).toHaveCount(2);
  await expect(shipments.row(`Q-${tag}-SHIPPED`)).toHaveCount(1);
  await shipments.tab(/^All$/).click();
  await expect(shipments.rows).toHaveCount(3);

  // From the start of last quarter: the old shipment too; back to this quarter: gone again.
  const from = shipments.dateField('Shipping date from');
  await from.fill(day(today().minus({ quarters: 1 }).startOf('quarter')));
  await from.press('Tab');
  await expect(shipments.row(`Q-${tag}-OLD`)).toHaveCount(1);
  await expect(shipments.rows).toHaveCount(4);
  await page.getByRole('button', { name: 'This quarter' }).click();
  await expect(shipments.row(`Q-${tag}-OLD`)).toHaveCount(0);
  await expect(shipments.dateField('Shipping date from')).toHaveValue(quarter.from);
});

test('an admin takes an order out and puts it back before customs, and corrects the customs after', async ({
  page,
}) => {
  const tag = unique();
  const orders = await packedOrders(tag, [
    { quantity: 1, price: 100 },
    { quantity: 2, price: 200 },
  ]);
  const shipmentId = `DRW-${tag}`;
  const shipment = await createShipment(
    shipmentId,
    orders.map((o) => o._id),
  );
  await signIn(page, 'admin');
  const shipments = new ShipmentsPage(page);
  await shipments.goto(kura.url, `?q=${shipmentId}`);

  // Enter on the row opens the drawer.
  await shipments.row(shipmentId).focus();
  await page.keyboard.press('Enter');
  const drawer = shipments.drawer(shipmentId);
  await expect(drawer).toBeVisible();
  expect(await seriousViolations(page), 'shipment drawer').toEqual([]);
  const first = orders[0]!.orderId;
  await drawer.getByRole('button', { name: `Remove order ${first} from the shipment` }).click();
  await page
    .getByRole('dialog', { name: new RegExp(`Remove order ${first}`) })
    .getByRole('button', { name: 'Remove order' })
    .click();
  await expect(toasts(page).filter({ hasText: 'Order removed from the shipment' })).toBeVisible();
  await expect(drawer.getByRole('row').filter({ hasText: first })).toHaveCount(0);
  // The other order carries the whole fee now; the removed one is packed again.
  await expect(bare(drawer.getByRole('row').filter({ hasText: orders[1]!.orderId }), 900)).toBeVisible();
  expect((await ordersNow([orders[0]!._id]))[0]?.shipmentStatus).toBe('PACKED');

  await drawer.getByRole('button', { name: 'Add orders' }).click();
  const add = page.getByRole('dialog', { name: `Add orders to shipment ${shipmentId}` });
  await add.getByRole('searchbox').fill(first);
  await add.getByRole('row').filter({ hasText: first }).getByRole('checkbox').check();
  expect(await seriousViolations(page), 'add orders dialog').toEqual([]);
  await add.getByRole('button', { name: 'Add 1 order', exact: true }).click();
  await expect(toasts(page).filter({ hasText: 'Orders added to the shipment' })).toBeVisible();
  await expect(bare(drawer.getByRole('row').filter({ hasText: first }), 300)).toBeVisible();

  await saveCustoms(shipment._id, `DC-${tag}`);
  await page.keyboard.press('Escape');
  await shipments.goto(kura.url, `?q=${shipmentId}`);
  await shipments
    .row(shipmentId)
    .getByRole('button', { name: `Open shipment ${shipmentId}` })
    .click();
  await expect(drawer.getByRole('button', { name: 'Add orders' })).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Correct customs' }).click();
  const correct = page.getByRole('dialog', { name: `Correct the customs of shipment ${shipmentId}` });
  await correct.getByLabel(/^Custom fee \(rupees\)/).fill('301');
  await correct.getByRole('button', { name: 'Save' }).click();
  await expect(toasts(page).filter({ hasText: 'Row Updated' })).toBeVisible();
  // 301 rupees by declared values 100 and 200: 100.33 and 200.67, whole rupees 100 and 201.
  const fees = await ordersNow(orders.map((o) => o._id));
  expect(fees.map((o) => o.customFee)).toEqual([100, 201]);
});

test('a shipment id in the order table and the order drawer opens that shipment, also one outside the quarter shown', async ({
  page,
}) => {
  const tag = unique();
  const [order] = await packedOrders(tag, [{ quantity: 1, price: 100 }]);
  const shipmentId = `LNK-${tag}`;
  // Shipped a year ago: the shipment list's default quarter does not show it.
  await createShipment(shipmentId, [order!._id], day(today().minus({ years: 1 })));
  await signIn(page, 'admin');
  await page.goto(`${kura.url}/shipping-management?q=${order!.orderId}`);
  const row = page.getByRole('row').filter({ hasText: order!.orderId });
  await row.getByRole('link', { name: shipmentId }).click();
  await expect(page).toHaveURL(new RegExp(`/shipment\\?open=${shipmentId}$`));
  const shipments = new ShipmentsPage(page);
  const drawer = shipments.drawer(shipmentId);
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/shipment$/);

  // From the order's drawer too.
  await page.goto(`${kura.url}/shipping-management?q=${order!.orderId}`);
  await row.getByRole('button', { name: new RegExp(order!.orderId) }).click();
  await page.getByRole('dialog').getByRole('link', { name: shipmentId }).click();
  await expect(shipments.drawer(shipmentId)).toBeVisible();
});

test('the tracking link opens in a new page that cannot reach the app', async ({ page, context }) => {
  const tag = unique();
  const [order] = await packedOrders(tag, [{ quantity: 1, price: 100 }]);
  const shipmentId = `TRK-${tag}`;
  await createShipment(shipmentId, [order!._id]);
  await signIn(page, 'admin');
  const shipments = new ShipmentsPage(page);
  await shipments.goto(kura.url, `?q=${shipmentId}`);
  const opened = context.waitForEvent('page');
  await shipments
    .row(shipmentId)
    .getByRole('button', { name: `Track shipment ${shipmentId}` })
    .click();
  const tab = await opened;
  await tab.waitForLoadState();
  expect(tab.url()).toBe(`${kura.url}/api/v1/health`);
  expect(await tab.evaluate(() => window.opener)).toBeNull();
  await tab.close();
});

test('an order creator saves the customs of a shipment on the shipment screen, which is read-only otherwise', async ({
  page,
}) => {
  const tag = unique();
  const orders = await packedOrders(tag, [
    { quantity: 1, price: 250 },
    { quantity: 1, price: 750 },
  ]);
  const shipmentId = `OC-${tag}`;
  await createShipment(
    shipmentId,
    orders.map((o) => o._id),
  );
  await signIn(page, 'orderCreator');
  await expect(new Shell(page).menu.getByRole('link', { name: 'Shipments' })).toBeVisible();
  const shipments = new ShipmentsPage(page);
  await shipments.goto(kura.url, `?q=${shipmentId}`);
  const row = shipments.row(shipmentId);
  await row.getByRole('button', { name: `Open shipment ${shipmentId}` }).click();
  const drawer = shipments.drawer(shipmentId);
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Add orders' })).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: /^Remove order/ })).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Add customs' }).click();
  const customs = page.getByRole('dialog', { name: `Customs of shipment ${shipmentId}` });
  await customs.getByLabel(/^Custom ID/).fill(`OCC-${tag}`);
  await customs.getByLabel(/^Custom fee \(rupees\)/).fill('100.50');
  // 100.50 by declared values 250 and 750: 25 and 75 rupees, the 50 paise to the larger share.
  await expect(customs.getByRole('row').filter({ hasText: orders[1]!.orderId })).toContainText('₹75.50');
  await customs.getByRole('button', { name: 'Save' }).click();
  await confirmChange(page, 'Save customs');
  await expect(toasts(page).filter({ hasText: 'Row Updated' })).toBeVisible();
  await expect(drawer.getByText('Received', { exact: true })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Correct customs' })).toHaveCount(0);
  const fees = await ordersNow(orders.map((o) => o._id));
  expect(fees.map((o) => [o.shipmentStatus, o.customFee])).toEqual([
    ['COMPLETED', 25],
    ['COMPLETED', 75.5],
  ]);

  // Combine Orders is the admin's.
  await page.goto(`${kura.url}/order-amalgamation`);
  await expect(page.getByTestId('forbidden')).toBeVisible();
});
