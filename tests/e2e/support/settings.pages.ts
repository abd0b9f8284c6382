/** Page objects of the settings screens: the card menu and the six list sub-screens. */
import { expect, type Locator, type Page } from '@playwright/test';

export class SettingsMenuPage {
  constructor(
    readonly page: Page,
    readonly label = 'Settings lists',
  ) {}
  get nav() {
    return this.page.getByRole('navigation', { name: this.label });
  }
  get cards() {
    return this.nav.getByRole('link');
  }
  card(title: string) {
    return this.nav.getByRole('link', { name: new RegExp(`^${title}`) });
  }

  async goto(baseUrl: string) {
    await this.page.goto(`${baseUrl}/settings`);
    await expect(this.nav).toBeVisible();
  }
}

/** A settings sub-screen, found by the texts it shows in the current language. */
export interface SettingsScreenTexts {
  /** Route, e.g. /settings/category. */
  path: string;
  /** The table's name: the screen title. */
  title: string;
  /** The add form's name. */
  addTitle: string;
  search: string;
  submit: string;
  save: string;
  close: string;
}

export const CATEGORY_EN: SettingsScreenTexts = {
  path: '/settings/category',
  title: 'Category',
  addTitle: 'Add a category',
  search: 'Search categories',
  submit: 'Add',
  save: 'Save',
  close: 'Close',
};

export const HANDLING_EN: SettingsScreenTexts = {
  ...CATEGORY_EN,
  path: '/settings/handling-charges',
  title: 'Handling charges',
  addTitle: 'Add a handling charge',
  search: 'Search handling charges',
};

export const MANUFACTURER_JA: SettingsScreenTexts = {
  path: '/settings/Manufacturer',
  title: 'メーカー',
  addTitle: 'メーカーを追加',
  search: 'メーカーを検索',
  submit: '追加',
  save: '保存',
  close: '閉じる',
};

export class SettingsListPage {
  constructor(
    readonly page: Page,
    readonly texts: SettingsScreenTexts,
  ) {}
  get form() {
    return this.page.getByRole('form', { name: this.texts.addTitle });
  }
  get submit() {
    return this.form.getByRole('button', { name: this.texts.submit, exact: true });
  }
  get table() {
    return this.page.getByRole('table', { name: this.texts.title });
  }
  get search() {
    return this.page.getByRole('searchbox', { name: this.texts.search });
  }
  get dialog() {
    return this.page.getByRole('dialog');
  }
  get saveButton() {
    return this.dialog.getByRole('button', { name: this.texts.save });
  }
  get closeButton() {
    return this.dialog.getByRole('button', { name: this.texts.close });
  }
  /** The table cell showing exactly `text`. */
  cell(text: string) {
    return this.table.getByRole('cell', { name: text, exact: true });
  }
  row(text: string) {
    // `has` is matched inside each row, so it must not start from the table.
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell', { name: text, exact: true }) });
  }
  /** The inline editor of the cell being edited. */
  get editor(): Locator {
    return this.table.getByRole('textbox').or(this.table.getByRole('combobox'));
  }
  /** A toast, which Fluent renders twice. */
  toast(text: string) {
    return this.page.getByText(text, { exact: true }).first();
  }

  async goto(baseUrl: string) {
    await this.page.goto(`${baseUrl}${this.texts.path}`);
    await expect(this.table).toBeVisible();
  }

  /** Narrows the table to rows matching `text` (the search is debounced and server-side). */
  async find(text: string) {
    await this.search.fill(text);
    await expect(this.cell(text)).toBeVisible();
  }

  /** Double-clicks the cell showing `current`, types `next` and presses Enter. */
  async editText(current: string, next: string) {
    await this.cell(current).dblclick();
    await expect(this.editor).toBeFocused();
    await this.editor.fill(next);
    await this.editor.press('Enter');
  }
}
