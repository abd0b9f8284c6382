/** Page objects of the product screens: the list, the add/edit form, stock and remarks. */
import { expect, type Page } from '@playwright/test';

export class ProductsListPage {
  constructor(readonly page: Page) {}
  get search() {
    return this.page.getByRole('searchbox', { name: /Search products|商品を検索/ });
  }
  get table() {
    return this.page.getByRole('table', { name: /^(Products|商品)$/ });
  }
  get rows() {
    return this.table.getByRole('row');
  }
  get lowStock() {
    return this.page.getByRole('switch', { name: /Low stock only|在庫僅少のみ/ });
  }
  get exportButton() {
    return this.page.getByRole('button', { name: /^(Export|エクスポート)$/ });
  }
  get addButton() {
    return this.page.getByRole('button', { name: /^(Add Product|商品を追加)$/ });
  }
  get total() {
    return this.page.getByText(/ in total$|^全 \d+ 件$/);
  }
  columnHeader(name: string) {
    return this.table.getByRole('columnheader', { name, exact: true });
  }
  /** The row whose cells contain the text. */
  row(text: string) {
    return this.rows.filter({ hasText: text });
  }

  async goto(baseUrl: string, query = '') {
    await this.page.goto(`${baseUrl}/products${query}`);
    await expect(this.table).toBeVisible();
  }
}

export interface NewProduct {
  name: string;
  sku: string;
  jan: string;
  stock?: string;
  amazonStock?: string;
  purchasePrice?: string;
}

export class ProductFormPage {
  constructor(readonly page: Page) {}
  /** A field by its whole label; a required field's label ends in an asterisk. */
  field(label: string) {
    return this.page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));
  }
  get name() {
    return this.field('Name');
  }
  get sku() {
    return this.field('SKU');
  }
  get jan() {
    return this.field('JAN code');
  }
  get stock() {
    return this.field('Stock quantity');
  }
  get amazonStock() {
    return this.field('Amazon stock');
  }
  get purchasePrice() {
    return this.field('Purchase price (JPY)');
  }
  get suppliers() {
    return this.page.getByRole('combobox', { name: 'Suppliers' });
  }
  get category() {
    return this.page.getByRole('combobox', { name: 'Category' });
  }
  get submitCreate() {
    return this.page.getByRole('button', { name: 'Add Product' });
  }
  get submitUpdate() {
    return this.page.getByRole('button', { name: 'Update Product' });
  }
  /** The validation message under a field (Fluent puts it in the Field's message slot). */
  messageOf(label: string) {
    return this.page.locator('.fui-Field').filter({ has: this.field(label) });
  }
  platform(name: string) {
    return this.page.getByRole('checkbox', { name });
  }
  asin(platformName: string) {
    return this.page.getByRole('textbox', { name: `ASIN on ${platformName}` });
  }

  async fill(p: NewProduct) {
    await this.name.fill(p.name);
    await this.sku.fill(p.sku);
    await this.jan.fill(p.jan);
    if (p.purchasePrice !== undefined) await this.purchasePrice.fill(p.purchasePrice);
    if (p.stock !== undefined) await this.stock.fill(p.stock);
    if (p.amazonStock !== undefined) await this.amazonStock.fill(p.amazonStock);
  }

  /** The customs section's country box, by its label in either language. */
  get country() {
    return this.page.getByRole('combobox', { name: /^(Country of origin|原産国)$/ });
  }

  /** Types part of a country's name into the country box and picks the option it offers. */
  async chooseCountry(typed: string, option: string) {
    await this.country.fill(typed);
    await this.page.getByRole('option', { name: option, exact: true }).click();
    await expect(this.country).toHaveValue(option);
  }

  async chooseOptions(combobox: ReturnType<Page['getByRole']>, options: string[]) {
    await combobox.click();
    // A multi-select's options are menu item checkboxes; a single select's are options.
    for (const option of options) {
      await this.page
        .getByRole('menuitemcheckbox', { name: option })
        .or(this.page.getByRole('option', { name: option }))
        .click();
    }
    await this.page.keyboard.press('Escape');
  }
}

export class StockPanel {
  constructor(readonly page: Page) {}
  get current() {
    return this.page.getByTestId('current-stock');
  }
  get adjustButton() {
    return this.page.getByRole('button', { name: 'Adjust stock' });
  }
  get history() {
    return this.page.getByRole('table', { name: 'Stock movements' });
  }
  get dialog() {
    return this.page.getByRole('dialog');
  }

  async adjust(quantity: string, reason: string) {
    await this.adjustButton.click();
    await this.dialog.getByLabel(/^Change in units/).fill(quantity);
    await this.dialog.getByLabel(/^Reason/).fill(reason);
    await this.dialog.getByRole('button', { name: 'Save adjustment' }).click();
    await expect(this.dialog).toBeHidden();
  }
}

export class RemarksDialog {
  constructor(readonly page: Page) {}
  get dialog() {
    return this.page.getByRole('dialog');
  }
  get box() {
    return this.dialog.getByLabel('New remark');
  }
  get list() {
    return this.dialog.getByRole('list', { name: 'Remarks' });
  }
  async add(text: string) {
    await this.box.fill(text);
    await this.dialog.getByRole('button', { name: 'Add remark' }).click();
  }
}
