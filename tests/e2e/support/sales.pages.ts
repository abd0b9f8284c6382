/** Page objects of the sales reports: sales management and OTZ sales. */
import { expect, type Locator, type Page } from '@playwright/test';

export const CARD_KEYS = [
  'noOfOrders',
  'shippingFee',
  'amazonCommission',
  'customFee',
  'profit',
  'salesValue',
  'totalCostOfGoods',
] as const;
export type CardKey = (typeof CARD_KEYS)[number];

/** A figure as shown (`¥1,234`, `-￥1,234`, `12`) as a number; null for the dash. */
export function figure(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '—' || trimmed === '') return null;
  const digits = trimmed.replace(/[^\d-]/g, '');
  return Number(digits);
}

class SalesReport {
  constructor(
    readonly page: Page,
    readonly path: string,
    readonly tableName: RegExp,
  ) {}
  get table() {
    return this.page.getByRole('table', { name: this.tableName });
  }
  /** The rows of the list, header left out. */
  get rows() {
    return this.table.getByRole('row').filter({ has: this.page.getByTestId('row-profit') });
  }
  get search() {
    return this.page.getByRole('searchbox');
  }
  get noData() {
    return this.page.getByText(/^(No Data|データがありません)$/).first();
  }
  toggle(name: RegExp) {
    return this.page.getByRole('group', { name: /^(Period|期間)$/ }).getByRole('button', { name });
  }
  get reset() {
    return this.page.getByRole('button', { name: /^(This month|今月に戻す)$/ });
  }
  get from() {
    return this.page.getByRole('combobox', { name: /^(From|開始日)/ }).first();
  }
  get to() {
    return this.page.getByRole('combobox', { name: /^(To|終了日)/ }).first();
  }
  card(key: CardKey): Locator {
    return this.page.getByTestId(`card-${key}-value`);
  }
  async cardValue(key: CardKey): Promise<number | null> {
    return figure(await this.card(key).innerText());
  }
  /** The profit column of every row shown, as numbers (null for a dash). */
  async rowProfits(): Promise<(number | null)[]> {
    const texts = await this.table.getByTestId('row-profit').allInnerTexts();
    return texts.map(figure);
  }

  async goto(baseUrl: string, query = '') {
    await this.page.goto(`${baseUrl}${this.path}${query}`);
    await this.loaded();
  }
  /** The cards have their figures and the list its rows or its empty state. */
  async loaded() {
    await expect(this.card('profit')).toBeVisible({ timeout: 30_000 });
    await expect(this.table.or(this.noData).first()).toBeVisible();
  }
}

export class SalesPage extends SalesReport {
  constructor(page: Page) {
    super(page, '/sales-management', /^(Sales|売上)$/);
  }
  get platform() {
    return this.page.getByRole('combobox', { name: /^(Platform|プラットフォーム)$/ }).first();
  }
  async choosePlatform(name: RegExp) {
    await this.platform.click();
    await this.page.getByRole('option', { name }).click();
  }
  get downloadButton() {
    return this.page.getByRole('button', { name: /^(Download CSV|CSVダウンロード)$/ });
  }
  get exportDialog() {
    return this.page.getByRole('dialog', { name: /^(Download sales CSV|売上CSVのダウンロード)$/ });
  }
  get daily() {
    return this.page.getByRole('region', { name: /^(Daily sales value and profit|日別の売上高と利益)$/ });
  }
  get dailyTable() {
    return this.daily.getByRole('table');
  }
  get chart() {
    return this.daily.getByTestId('sales-chart');
  }
  view(name: RegExp) {
    return this.daily.getByRole('tab', { name });
  }
  product(name: string) {
    return this.table.getByRole('button', { name: new RegExp(name) });
  }
}

export class OtzSalesPage extends SalesReport {
  constructor(page: Page) {
    super(page, '/ot-sales-management', /^(OTZ sales|OTZ売上)$/);
  }
}
