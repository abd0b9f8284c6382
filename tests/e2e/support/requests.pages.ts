/**
 * Page objects of the product-request screens (/newproductrequest, /issues). Names match
 * both languages, so one object serves the English and the Japanese runs.
 */
import { expect, type Page } from '@playwright/test';

export interface ProductRequest {
  title: string;
  link?: string;
  expectedPrice?: string;
  quantity?: string;
  note?: string;
}

export class NewProductRequestPage {
  constructor(readonly page: Page) {}
  get title() {
    return this.page.getByRole('textbox', { name: /^(Product name|商品名)/ });
  }
  get link() {
    return this.page.getByRole('textbox', { name: /^(Link|リンク)/ });
  }
  get expectedPrice() {
    return this.page.getByRole('textbox', { name: /^(Expected price|想定価格)/ });
  }
  get quantity() {
    return this.page.getByRole('textbox', { name: /^(Quantity|数量)/ });
  }
  get note() {
    return this.page.getByRole('textbox', { name: /^(Note|備考)/ });
  }
  get submit() {
    return this.page.getByRole('button', { name: /Send request|リクエストを送信/ });
  }
  get recent() {
    return this.page.getByRole('region', { name: /My recent requests|自分の最近のリクエスト/ });
  }

  recentItem(title: string) {
    return this.recent.getByRole('listitem').filter({ hasText: title });
  }

  async goto(baseUrl: string) {
    await this.page.goto(`${baseUrl}/newproductrequest`);
    await expect(this.submit).toBeVisible();
  }

  async fill(request: ProductRequest) {
    await this.title.fill(request.title);
    await this.link.fill(request.link ?? '');
    await this.expectedPrice.fill(request.expectedPrice ?? '');
    await this.quantity.fill(request.quantity ?? '');
    await this.note.fill(request.note ?? '');
  }
}

export type IssueFilter = 'Unresolved' | 'Resolved' | 'All';
const FILTER_LABELS: Record<IssueFilter, RegExp> = {
  Unresolved: /^(Unresolved|未解決)$/,
  Resolved: /^(Resolved|解決済み)$/,
  All: /^(All|すべて)$/,
};

export class IssuesPage {
  constructor(readonly page: Page) {}
  get table() {
    return this.page.getByRole('table');
  }
  get search() {
    return this.page.getByRole('searchbox');
  }
  get confirmDialog() {
    return this.page.getByRole('dialog');
  }

  async goto(baseUrl: string) {
    await this.page.goto(`${baseUrl}/issues`);
    await expect(this.page.getByRole('tablist')).toBeVisible();
  }

  row(title: string) {
    return this.table.getByRole('row').filter({ hasText: title });
  }

  async showOnly(filter: IssueFilter) {
    await this.page.getByRole('tab', { name: FILTER_LABELS[filter] }).click();
  }

  async markResolved(title: string) {
    await this.row(title)
      .getByRole('button', { name: /Mark as resolved|解決済みにする/ })
      .click();
    await expect(this.confirmDialog).toBeVisible();
    await this.confirmDialog.getByRole('button', { name: /Mark as resolved|解決済みにする/ }).click();
    await expect(this.confirmDialog).toBeHidden();
  }

  async createProductFrom(title: string) {
    await this.row(title)
      .getByRole('button', { name: /Create product|商品を登録/ })
      .click();
  }
}
