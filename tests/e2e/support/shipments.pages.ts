/** Page objects of the shipment screens: Combine Orders and the shipment list with its dialogs and drawer. */
import { expect, type Locator, type Page } from '@playwright/test';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field by its label as a user reads it (a required field's label ends with an asterisk). */
const field = (scope: Page | Locator, label: RegExp | string) =>
  scope.getByLabel(typeof label === 'string' ? new RegExp(`^${escape(label)}\\s*\\*?$`) : label);

export class CombineOrdersPage {
  constructor(readonly page: Page) {}
  get table() {
    return this.page.getByRole('table', { name: /^(Packed orders ready to ship|出荷待ちの梱包済み注文)$/ });
  }
  get rows() {
    return this.table.getByRole('row');
  }
  row(orderId: string) {
    return this.rows.filter({ hasText: orderId });
  }
  get empty() {
    return this.page.getByText(
      /No packed orders|No packed order matches|No results Found|梱包済みの注文はありません|該当する結果/,
    );
  }
  get selectedCount() {
    return this.page.getByTestId('selected-count');
  }
  get create() {
    return this.page.getByRole('button', { name: /^(Create shipment|出荷を作成)$/ });
  }
  get dialog() {
    return this.page.getByRole('dialog');
  }
  dialogField(label: RegExp | string) {
    return field(this.dialog, label);
  }
  get shares() {
    return this.dialog.getByRole('table', { name: /shipping fee|送料の按分/ });
  }

  async goto(baseUrl: string, query = '') {
    await this.page.goto(`${baseUrl}/order-amalgamation${query}`);
    await expect(this.table.or(this.empty).first()).toBeVisible({ timeout: 30_000 });
  }

  async select(orderId: string) {
    await this.row(orderId).getByRole('checkbox').check();
  }
}

export class ShipmentsPage {
  constructor(readonly page: Page) {}
  get table() {
    return this.page.getByRole('table', { name: /^(Shipments|出荷)$/ });
  }
  get rows() {
    return this.table.getByRole('row');
  }
  row(shipmentId: string) {
    return this.rows.filter({ hasText: shipmentId });
  }
  get empty() {
    return this.page.getByText(
      /No shipment|No results Found|出荷はありません|条件に合う出荷|今四半期|該当する結果/,
    );
  }
  get search() {
    return this.page.getByRole('searchbox', { name: /^(Search shipments|出荷を検索)$/ });
  }
  get searchBy() {
    return this.page.getByRole('combobox', { name: /^(Search by|検索対象)/ });
  }
  dateField(label: RegExp | string) {
    return field(this.page, label);
  }
  tab(name: RegExp) {
    return this.page.getByRole('tab', { name });
  }
  get dialog() {
    return this.page.getByRole('dialog');
  }
  dialogField(label: RegExp | string) {
    return field(this.dialog, label);
  }
  /** The drawer of one shipment (a dialog named after it). */
  drawer(shipmentId: string) {
    return this.page.getByRole('dialog', { name: new RegExp(`^(Shipment|出荷) ${escape(shipmentId)}$`) });
  }

  async goto(baseUrl: string, query = '') {
    await this.page.goto(`${baseUrl}/shipment${query}`);
    await expect(this.table.or(this.empty).first()).toBeVisible({ timeout: 30_000 });
  }

  async searchFor(text: string, by: RegExp) {
    await this.searchBy.click();
    await this.page.getByRole('option', { name: by }).click();
    await this.search.fill(text);
  }
}
