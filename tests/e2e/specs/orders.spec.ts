/**
 * The order screens end to end: a two-line manual order entered by an order creator, then
 * managed by an admin (the new-order bell, bulk accept, cancel one line, forbidden changes
 * refused with their fixed texts, the product filter surviving a reload, the order's history),
 * advance orders booked and released, the same in Japanese, and axe on every order screen.
 */
import { expect as baseExpect, test } from '@playwright/test';
import { withJanCheckDigit } from '#shared/domain/jan';
import { seriousViolations, toasts } from '../support/blocks';
import {
  AdvanceOrdersPage,
  confirmChange,
  OrderEntryPage,
  OrdersPage,
  postOrder,
} from '../support/orders.pages';
import { useKuraServer } from '../support/server';

const kura = useKuraServer({ demo: true });

// Each flow crosses two roles and several screens; a shared two-core machine needs the room.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

let serial = 0;
const unique = () => `${Date.now() % 1e8}${String(serial++).padStart(2, '0')}`;
const freshJan = () => withJanCheckDigit(`22${unique().padStart(10, '0').slice(-10)}`);

interface ApiProduct {
  _id: string;
  name: string;
  inStockQuantity: number;
}
interface ApiOrder {
  _id: string;
  orderId: string;
  commission: number;
  expectedShippingDate: string | null;
  customer: Record<string, string> | null;
  shipmentStatus: string;
  baseOrderPrice: number;
  discount: number;
  orderQuantity: number;
  product: { _id: string; name: string } | null;
}

async function createProduct(name: string, stock = 10): Promise<ApiProduct> {
  const res = await kura.api('products', {
    token: await kura.token(),
    body: { name, skuCode: `ORD-${unique()}`, janCode: freshJan(), inStockQuantity: stock },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: ApiProduct }).data;
}

async function ordersOf(orderId: string): Promise<ApiOrder[]> {
  const res = await kura.api(`orders?orderId=${encodeURIComponent(orderId)}&limit=100`, {
    token: await kura.token(),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: ApiOrder[] }).data;
}

const createOrder = async (orderId: string, products: ApiProduct[], platformCode = 'AMAZONIND') =>
  postOrder(kura, await kura.token(), { orderId, productIds: products.map((p) => p._id), platformCode });

const LANGUAGES = {
  English: {
    language: 'en',
    bell: (n: number) => `Notifications: ${n}`,
    newOrder: (orderId: string) => new RegExp(`^New order ${orderId} on`),
    required: ['Order ID is required', 'Platform is required', 'The Product Field is required'],
    bounds: ['Must be at most 10000000.00', 'Must be at most 100000'],
    lineTotal: 'The line total (price × quantity) cannot exceed 20000000.00',
    added: 'A new order was added',
    accepted: /^Accepted$/,
    packed: /^Packed$/,
    cancelled: 'Cancelled',
    updated: 'Orders Updated',
    final: 'Cannot Change Status Of Cancelled or completed Orders',
    same: 'Status Must Be Same',
    none: 'Please select Orders to set Status',
  },
  日本語: {
    language: 'ja',
    bell: (n: number) => `通知 ${n} 件`,
    newOrder: (orderId: string) => new RegExp(`新しい注文 ${orderId} が入りました`),
    required: ['注文IDは必須です', 'プラットフォームは必須です', '商品は必須です'],
    bounds: ['10000000.00以下の値を入力してください', '100000以下の値を入力してください'],
    lineTotal: '行の合計（価格×数量）は20000000.00を超えることはできません',
    added: '新しい注文を追加しました',
    accepted: /^承認済み$/,
    packed: /^梱包済み$/,
    cancelled: 'キャンセル',
    updated: '注文を更新しました',
    final: 'キャンセル済みまたは完了済みの注文のステータスは変更できません',
    same: 'ステータスが同じ注文のみまとめて変更できます',
    none: 'ステータスを変更する注文を選択してください',
  },
} as const;

for (const language of ['English', '日本語'] as const) {
  const texts = LANGUAGES[language];

  test(`${language}: an order creator enters a two-line manual order; an admin hears of it, accepts, cancels and is refused`, async ({
    browser,
  }) => {
    const tag = unique();
    const [first, second] = await Promise.all([
      createProduct(`Entry first ${tag}`),
      createProduct(`Entry second ${tag}`),
    ]);
    const orderId = `M-${tag}`;

    // The admin is at work first: the bell's poller takes its cursor with its first request.
    const adminContext = await browser.newContext({
      storageState: await kura.storageState('admin', { language: texts.language }),
    });
    const admin = await adminContext.newPage();
    const cursor = admin.waitForResponse(
      (r) => r.url().endsWith('/api/v1/orders/?page=1&limit=1&sort=-createdAt') && r.ok(),
    );
    const orders = new OrdersPage(admin);
    await orders.goto(kura.url);
    await cursor;
    const bell = admin.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName(texts.bell(0));

    // The order creator's form.
    const creatorContext = await browser.newContext({
      storageState: await kura.storageState('orderCreator', { language: texts.language }),
    });
    const creator = await creatorContext.newPage();
    const entry = new OrderEntryPage(creator);
    await entry.goto(kura.url);
    await entry.submit.click();
    for (const message of texts.required) await expect(creator.getByText(message).first()).toBeVisible();
    await expect(entry.currency).toBeHidden();

    await entry.orderId.fill(orderId);
    await entry.platform.click();
    await creator.getByRole('option').first().click(); // Amazon India comes first
    await expect(entry.currency).toHaveValue('INR');
    // Past the bounds each field names its own; within them, a line total past its bound.
    await entry.fillLine(1, { product: first.name, price: '10000000.01', discount: '0', quantity: '100001' });
    await entry.submit.click();
    for (const message of texts.bounds) await expect(creator.getByText(message).first()).toBeVisible();
    const price = entry.line(1).getByRole('textbox', { name: /^(Price|価格)/ });
    const quantity = entry.line(1).getByRole('textbox', { name: /^(Order quantity|注文数量)/ });
    await price.fill('10000000');
    await quantity.fill('3');
    await entry.submit.click();
    await expect(creator.getByText(texts.lineTotal).first()).toBeVisible();
    await price.fill('100.50');
    await quantity.fill('2');
    await expect(creator.getByTestId('line-total-1')).toHaveText(/201\.00/);
    await entry.addLine.click();
    await entry.fillLine(2, { product: second.name, price: '50', discount: '5', quantity: '1' });
    await entry.submit.click();
    await expect(toasts(creator).filter({ hasText: texts.added })).toBeVisible();
    await expect(entry.orderId).toHaveValue('');

    const lines = await ordersOf(orderId);
    expect(lines.map((o) => [o.product?._id, o.baseOrderPrice, o.discount, o.orderQuantity]).sort()).toEqual(
      [
        [first._id, 201, 0, 2],
        [second._id, 50, 5, 1],
      ].sort(),
    );
    await creatorContext.close();

    // Within one poll (10 s; more on a loaded machine) the bell has the order (one notification
    // for its two lines), and leads to it.
    await expect(bell).toHaveAccessibleName(texts.bell(1), { timeout: 25_000 });
    await bell.click();
    await expect(admin.getByRole('link', { name: texts.newOrder(orderId) })).toHaveCount(1);
    await admin
      .getByRole('link', { name: texts.newOrder(orderId) })
      .first()
      .click();
    await expect(admin).toHaveURL(/\/shipping-management$/);
    await orders.goto(kura.url, `?q=${orderId}`);
    await expect(orders.rows).toHaveCount(3);
    // The tabs count what the search shows: its two lines, both received.
    await expect(orders.count('ALL')).toHaveText('2');
    await expect(orders.count('RECEIVED')).toHaveText('2');

    // Nothing selected, then both lines accepted together.
    await orders.setStatus(texts.accepted);
    await expect(toasts(admin).filter({ hasText: texts.none })).toBeVisible();
    await orders.select(first.name);
    await orders.select(second.name);
    await orders.setStatus(texts.accepted);
    await confirmChange(admin, /^(Accept orders|注文を承認)$/);
    await expect(toasts(admin).filter({ hasText: texts.updated })).toBeVisible();
    await expect(orders.line(first.name).getByText(texts.accepted)).toBeVisible();
    await expect(orders.line(second.name).getByText(texts.accepted)).toBeVisible();
    expect((await ordersOf(orderId)).every((o) => o.shipmentStatus === 'ACCEPTED')).toBe(true);
    await expect(orders.count('ACCEPTED')).toHaveText('2');
    await expect(orders.count('RECEIVED')).toHaveText('0');

    // One line cancelled from its drawer; its history names the order, not its key.
    await orders
      .line(first.name)
      .getByRole('button', { name: new RegExp(orderId) })
      .click();
    await expect(orders.drawer).toBeVisible();
    await orders.drawer.getByRole('button', { name: /^(Cancel order|注文をキャンセル)$/ }).click();
    await confirmChange(admin, /^(Cancel order|注文をキャンセル)$/);
    await expect(orders.drawer.getByText(texts.cancelled, { exact: true }).first()).toBeVisible();
    await expect(orders.drawer.getByText(new RegExp(`(Order|注文) ${orderId}`)).first()).toBeVisible();
    await expect(orders.drawer.getByText(lines[0]?._id ?? 'no id')).toHaveCount(0);
    // The pressed button is gone with its status; focus stayed in the drawer, so Escape closes it.
    await admin.keyboard.press('Escape');
    await expect(orders.drawer).toBeHidden();

    // Mixed statuses, then a cancelled order: both refused with their fixed texts.
    await orders.select(first.name);
    await orders.select(second.name);
    await orders.setStatus(texts.packed);
    await expect(toasts(admin).filter({ hasText: texts.same })).toBeVisible();
    await orders.line(second.name).getByRole('checkbox').uncheck();
    await orders.setStatus(texts.packed);
    await expect(toasts(admin).filter({ hasText: texts.final })).toBeVisible();
    const after = await ordersOf(orderId);
    expect(after.find((o) => o.product?._id === first._id)?.shipmentStatus).toBe('CANCELLED');
    expect(after.find((o) => o.product?._id === second._id)?.shipmentStatus).toBe('ACCEPTED');
    await adminContext.close();
  });
}

test.describe('as admin', () => {
  test.use(kura.signedIn('admin'));

  test('filters travel in the URL: the product filter keeps its name after a reload, search keeps the platform', async ({
    page,
  }) => {
    const tag = unique();
    const product = await createProduct(`Filter product ${tag}`);
    await createOrder(`F-IN-${tag}`, [product], 'AMAZONIND');
    await createOrder(`F-JP-${tag}`, [product], 'AMAZONJP');
    const orders = new OrdersPage(page);
    await orders.goto(kura.url, `?product=${product._id}`);
    await expect(orders.rows).toHaveCount(3);
    await page.reload();
    await expect(page.getByRole('combobox', { name: /^Product/ })).toHaveValue(product.name);
    // The text search within one platform finds only that platform's order.
    await orders.goto(kura.url, `?q=F-&platform=AMAZONJP&product=${product._id}`);
    await expect(orders.rows).toHaveCount(2);
    await expect(orders.row(`F-JP-${tag}`)).toHaveCount(1);
  });

  test('the drawer edits an order: a fee, the expected shipping date and every part of the customer', async ({
    page,
  }) => {
    const tag = unique();
    const product = await createProduct(`Edit product ${tag}`);
    const orderId = `E-${tag}`;
    await createOrder(orderId, [product]);
    const orders = new OrdersPage(page);
    await orders.goto(kura.url, `?q=${orderId}`);
    await orders
      .row(orderId)
      .getByRole('button', { name: new RegExp(orderId) })
      .click();
    await expect(orders.drawer).toBeVisible();
    await orders.drawer.getByRole('button', { name: 'Edit order' }).click();
    const form = orders.drawer.getByRole('form', { name: 'Edit order' });
    await form.getByLabel('Commission (INR)').fill('150.25');
    await form.getByLabel('Expected shipping date').fill('2026-12-24');
    const customer = {
      Name: 'Asha Rao',
      Email: 'asha.rao@example.in',
      Phone: '+91 98200 12345',
      Address: 'Flat 4, "Sea View", Marine Drive',
      City: 'Mumbai',
      State: 'Maharashtra',
      Country: 'India',
      Postcode: '400020',
    };
    for (const [label, value] of Object.entries(customer)) {
      await form.getByRole('textbox', { name: label, exact: true }).fill(value);
    }
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(toasts(page).filter({ hasText: 'Row Updated' })).toBeVisible();
    await expect(form).toBeHidden();
    await expect(orders.drawer.getByText('Asha Rao, Mumbai, India')).toBeVisible();

    const [saved] = await ordersOf(orderId);
    expect(saved).toMatchObject({
      commission: 150.25,
      expectedShippingDate: '2026-12-24',
      customer: {
        name: customer.Name,
        email: customer.Email,
        phone: customer.Phone,
        address: customer.Address,
        city: customer.City,
        state: customer.State,
        country: customer.Country,
        postcode: customer.Postcode,
      },
    });
    // Opened again, the form holds what was saved.
    await orders.drawer.getByRole('button', { name: 'Edit order' }).click();
    await expect(form.getByRole('textbox', { name: 'Postcode', exact: true })).toHaveValue('400020');
  });

  test('AMAZONJP orders go from packed to completed in order management', async ({ page }) => {
    const tag = unique();
    const product = await createProduct(`Japan product ${tag}`);
    const orderId = `JP-${tag}`;
    await createOrder(orderId, [product], 'AMAZONJP');
    const orders = new OrdersPage(page);
    await orders.goto(kura.url, `?q=${orderId}`);
    const open = () =>
      orders
        .row(orderId)
        .getByRole('button', { name: new RegExp(orderId) })
        .click();
    await open();
    await orders.drawer.getByRole('button', { name: 'Accept' }).click();
    await confirmChange(page, 'Accept order');
    await expect(orders.drawer.getByRole('button', { name: 'Mark packed' })).toBeVisible();
    await orders.drawer.getByRole('button', { name: 'Mark packed' }).click();
    await orders.drawer.getByRole('button', { name: 'Complete' }).click();
    await confirmChange(page, 'Complete order');
    await expect(orders.drawer.getByText("This order's status cannot be changed here.")).toBeVisible();
    expect((await ordersOf(orderId))[0]?.shipmentStatus).toBe('COMPLETED');
  });

  test('an advance order is booked, then released into order management; a cancelled one stays', async ({
    page,
  }) => {
    const tag = unique();
    const product = await createProduct(`Advance product ${tag}`, 0);
    const ids = [`ADV-A-${tag}`, `ADV-B-${tag}`];
    for (const orderId of ids) {
      const res = await kura.api('advance-orders', {
        token: await kura.token(),
        body: {
          product: product._id,
          platformCode: 'SHOPIFY',
          orderId,
          orderQuantity: 1,
          currency: 'INR',
          baseOrderPrice: 500,
          deliveryDate: '2030-01-15',
        },
      });
      expect(res.status).toBe(201);
    }
    const advance = new AdvanceOrdersPage(page);
    await advance.goto(kura.url, `?q=ADV-`);
    await advance.goto(kura.url, `?q=${ids[0]}`);
    await expect(advance.row(ids[0] as string)).toHaveCount(1);
    await advance
      .row(ids[0] as string)
      .getByRole('button', { name: /^Book/ })
      .click();
    await expect(advance.row(ids[0] as string).getByText('Booked')).toBeVisible();
    await advance
      .row(ids[0] as string)
      .getByRole('button', { name: /^Release/ })
      .click();
    await expect(toasts(page).filter({ hasText: 'Released' })).toBeVisible();

    await advance.goto(kura.url, `?q=${ids[1]}&delivery=2030-01-01..2030-01-31`);
    await advance
      .row(ids[1] as string)
      .getByRole('button', { name: /^Cancel/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel advance order' }).click();
    await expect(advance.row(ids[1] as string).getByText('Cancelled')).toBeVisible();
    await advance.goto(kura.url, `?q=${ids[1]}&delivery=2031-01-01..`);
    await expect(
      page.getByText('No results Found').or(page.getByText('No advance orders yet')),
    ).toBeVisible();

    const released = await ordersOf(ids[0] as string);
    expect(released[0]?.shipmentStatus).toBe('RECEIVED');
    const orders = new OrdersPage(page);
    await orders.goto(kura.url, `?q=${ids[0]}`);
    await expect(orders.row(ids[0] as string)).toHaveCount(1);
  });
});

// One test per language, each signed in in its language: two workers share them.
for (const language of ['English', '日本語'] as const) {
  test.describe(() => {
    test.use(kura.signedIn('admin', { language: language === '日本語' ? 'ja' : 'en' }));
    test(`axe finds nothing serious on the order screens (${language}), scrolled across and with the drawer open`, async ({
      page,
    }) => {
      const tag = unique();
      const product = await createProduct(
        `Axe product with a name long enough to be cut in its column ${tag}`,
      );
      await createOrder(`AXE-${tag}`, [product]);
      await page.setViewportSize({ width: 1280, height: 800 });
      const orders = new OrdersPage(page);
      await orders.goto(kura.url);
      await expect(orders.table).toBeVisible();
      expect(await seriousViolations(page), `${language} orders`).toEqual([]);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      ).toBe(true);
      await orders.table.locator('xpath=..').evaluate((el) => el.scrollBy(3000, 3000));
      expect(await seriousViolations(page), `${language} orders scrolled`).toEqual([]);
      await orders.goto(kura.url, `?q=AXE-${tag}`);
      await orders
        .row(`AXE-${tag}`)
        .getByRole('button', { name: new RegExp(`AXE-${tag}`) })
        .click();
      await expect(orders.drawer).toBeVisible();
      expect(await seriousViolations(page), `${language} order drawer`).toEqual([]);
      await page.keyboard.press('Escape');

      await page.goto(`${kura.url}/AdvanceOrder`);
      await expect(
        page
          .getByRole('table')
          .or(page.getByText(/No advance orders yet|予約注文はまだありません/))
          .first(),
      ).toBeVisible();
      expect(await seriousViolations(page), `${language} advance orders`).toEqual([]);
      await page.goto(`${kura.url}/orderentryform`);
      await new OrderEntryPage(page).submit.click();
      expect(await seriousViolations(page), `${language} order entry with messages`).toEqual([]);
    });
  });
}

test.describe('as order creator', () => {
  test.use(kura.signedIn('orderCreator'));

  test('the product picker lists what text brings without a key press (a Japanese IME, a paste)', async ({
    page,
  }) => {
    const tag = unique();
    const product = await createProduct(`Picker 抹茶ラテ ${tag}`);
    const entry = new OrderEntryPage(page);
    await entry.goto(kura.url);
    const picker = entry.line(1).getByRole('combobox');
    await picker.focus();
    // What an IME commits: input events only, no key press of a character.
    await page.keyboard.insertText(`抹茶ラテ ${tag}`);
    const option = page.getByRole('option', { name: product.name });
    await expect(option).toBeVisible();
    await option.click();
    await expect(picker).toHaveValue(product.name);
    await expect(option).toBeHidden();
  });

  test('an order creator cannot use order management', async ({ page }) => {
    await page.goto(`${kura.url}/shipping-management`);
    await expect(page.getByTestId('forbidden')).toBeVisible();
  });
});
