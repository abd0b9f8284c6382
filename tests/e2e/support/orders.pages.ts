/** Page objects of the order screens: order management, manual order entry, advance orders. */
import { expect, type Page } from '@playwright/test';
import type { KuraServer } from './server';

export class OrdersPage {
  constructor(readonly page: Page) {}
  get table() {
    return this.page.getByRole('table', { name: /^(Platform orders|プラットフォーム注文)$/ });
  }
  get rows() {
    return this.table.getByRole('row');
  }
  get search() {
    return this.page.getByRole('searchbox', { name: /Search orders|注文を検索/ });
  }
  tab(status: string) {
    return this.page.getByTestId(`tab-${status}`);
  }
  count(status: string) {
    // Fluent draws a tab's content twice (a hidden copy keeps the width of its selected, bold form).
    return this.page.getByTestId(`count-${status}`).first();
  }
  row(text: string) {
    return this.rows.filter({ hasText: text });
  }
  /** The row of one order line, told apart by its product. */
  line(product: string) {
    return this.rows.filter({ hasText: product });
  }
  get bulkStatus() {
    return this.page.getByRole('combobox', { name: /New status|新しいステータス/ });
  }
  get bulkApply() {
    return this.page.getByRole('button', { name: /^(Set status|ステータスを設定)$/ });
  }
  get drawer() {
    return this.page.getByRole('dialog');
  }

  async goto(baseUrl: string, query = '') {
    await this.page.goto(`${baseUrl}/shipping-management${query}`);
    await expect(
      this.table
        .or(this.page.getByText(/No order|注文はまだ|条件に合う注文|No results|該当する結果/))
        .first(),
    ).toBeVisible({ timeout: 30_000 });
  }

  async select(product: string) {
    await this.line(product).getByRole('checkbox').check();
  }

  async setStatus(label: RegExp) {
    await this.bulkStatus.click();
    await this.page.getByRole('option', { name: label }).click();
    await this.bulkApply.click();
  }
}

export class OrderEntryPage {
  constructor(readonly page: Page) {}
  get orderId() {
    return this.page.getByRole('textbox', { name: /^(Order ID|注文ID)/ });
  }
  get platform() {
    return this.page.getByRole('combobox', { name: /^(Platform|プラットフォーム)/ });
  }
  get currency() {
    return this.page.getByTestId('currency');
  }
  get submit() {
    return this.page.getByRole('button', { name: /^(Submit|送信)$/ });
  }
  get addLine() {
    return this.page.getByRole('button', { name: /^(Add product|商品を追加)$/ });
  }
  line(n: number) {
    return this.page.getByRole('listitem', { name: new RegExp(`(Product line|商品行) ${n}$`) });
  }

  async goto(baseUrl: string) {
    await this.page.goto(`${baseUrl}/orderentryform`);
    await expect(this.submit).toBeVisible({ timeout: 30_000 });
  }

  async choosePlatform(name: RegExp) {
    await this.platform.click();
    await this.page.getByRole('option', { name }).click();
  }

  async fillLine(n: number, line: { product: string; price: string; discount: string; quantity: string }) {
    const row = this.line(n);
    const picker = row.getByRole('combobox');
    await picker.fill(line.product);
    await this.page
      // A string matches part of the name, literally (product names hold brackets and dots).
      .getByRole('option', { name: line.product })
      .first()
      .click();
    await row.getByRole('textbox', { name: /^(Price|価格)/ }).fill(line.price);
    await row.getByRole('textbox', { name: /^(Discount|割引)/ }).fill(line.discount);
    await row.getByRole('textbox', { name: /^(Order quantity|注文数量)/ }).fill(line.quantity);
  }
}

export class AdvanceOrdersPage {
  constructor(readonly page: Page) {}
  get table() {
    return this.page.getByRole('table', { name: /^(Advance orders|予約注文)$/ });
  }
  get search() {
    return this.page.getByRole('searchbox', { name: /Search by order ID|注文IDで検索/ });
  }
  row(orderId: string) {
    return this.table.getByRole('row').filter({ hasText: orderId });
  }
  async goto(baseUrl: string, query = '') {
    await this.page.goto(`${baseUrl}/AdvanceOrder${query}`);
    await expect(
      this.table
        .or(
          this.page.getByText(/No advance orders yet|予約注文はまだありません|No results Found|該当する結果/),
        )
        .first(),
    ).toBeVisible({ timeout: 30_000 });
  }
}

/**
 * Answers yes to the question a final or stock-moving change asks first (its title ends in a
 * question mark), by its confirming button.
 */
export async function confirmChange(page: Page, button: string | RegExp): Promise<void> {
  await page
    .getByRole('dialog', { name: /[?？]$/ })
    .getByRole('button', { name: button })
    .click();
}

/**
 * Creates one order (a line per product, all or none) through the API, as an integration or the
 * order entry form would: one unit of each at 1,000 in the platform's currency.
 */
export async function postOrder(
  server: KuraServer,
  token: string,
  {
    orderId,
    productIds,
    platformCode = 'AMAZONIND',
  }: { orderId: string; productIds: string[]; platformCode?: string },
): Promise<void> {
  const res = await server.api('orders', {
    token,
    body: productIds.map((product) => ({
      product,
      platformCode,
      orderId,
      orderQuantity: 1,
      currency: platformCode === 'AMAZONJP' ? 'JPY' : 'INR',
      baseOrderPrice: 1000,
      discount: 0,
    })),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

/** The storefront's push: one OTZ order of the server's first product, paid through PayPal. */
export async function pushOtzOrder(
  server: KuraServer,
  token: string,
  paypalTransactionId: string,
): Promise<void> {
  const products = await server.api('products?limit=1', { token });
  const [product] = ((await products.json()) as { data: { _id: string }[] }).data;
  const res = await server.api('otz-orders', {
    token,
    body: {
      paypalTransactionId,
      orderDate: '2026-11-20',
      customer: { name: 'Aiko Tanaka', email: 'aiko@example.com', city: 'Osaka' },
      items: [{ product: product?._id, orderQuantity: 1, price: 1499.5 }],
      currency: 'INR',
      amount: 1499.5,
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

/**
 * Opens the app (order management, an admin's first screen) and waits for the new-order poller
 * to take its cursor on `resource` (its first request there), so what is made next is new to it.
 */
export async function openAndWaitForCursor(page: Page, baseUrl: string, resource: 'orders' | 'otz-orders') {
  const cursor = page.waitForResponse(
    (r) => r.url().endsWith(`/api/v1/${resource}/?page=1&limit=1&sort=-createdAt`) && r.ok(),
  );
  await page.goto(`${baseUrl}/`);
  await expect(page).toHaveURL(/\/shipping-management$/);
  await cursor;
}
