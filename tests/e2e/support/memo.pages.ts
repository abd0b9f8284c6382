/** Page object of the memo board (/memo); names match both languages. */
import { expect, type Page } from '@playwright/test';

export class MemoBoard {
  constructor(readonly page: Page) {}
  get newMemo() {
    return this.page.getByRole('button', { name: /^(New memo|新しいメモ)$/ });
  }
  get search() {
    return this.page.getByRole('searchbox', { name: /Search memos|メモを検索/ });
  }
  get editor() {
    return this.page.getByRole('dialog');
  }
  get titleField() {
    return this.editor.getByRole('textbox', { name: /^(Title|タイトル)/ });
  }
  get bodyField() {
    return this.editor.getByRole('textbox', { name: /^(Text|本文)/ });
  }
  get save() {
    return this.editor.getByRole('button', { name: /^(Save|保存)$/ });
  }

  async goto(baseUrl: string) {
    await this.page.goto(`${baseUrl}/memo`);
    await expect(this.newMemo).toBeVisible();
  }

  card(title: string) {
    return this.page.getByRole('article', { name: title, exact: true });
  }

  async openActions(title: string, action: RegExp) {
    await this.card(title)
      .getByRole('button', { name: /Actions for|の操作/ })
      .click();
    await this.page.getByRole('menuitem', { name: action }).click();
  }
}
