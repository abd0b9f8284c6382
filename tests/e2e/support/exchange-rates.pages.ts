/** Page object of the exchange rates settings screen (the settings list page with a date form). */
import { expect, type Page } from '@playwright/test';
import { SettingsListPage, type SettingsScreenTexts } from './settings.pages';

export interface ExchangeRatesTexts extends SettingsScreenTexts {
  dateLabel: string;
  rateLabel: string;
  empty: string;
}

export const EXCHANGE_RATES_EN: ExchangeRatesTexts = {
  path: '/settings/exchange-rates',
  title: 'Exchange rates',
  addTitle: 'Add a rate',
  search: 'Search by date, month or year',
  submit: 'Add',
  save: 'Save',
  close: 'Close',
  dateLabel: 'Date',
  rateLabel: 'Rate (INR → JPY)',
  empty: 'No exchange rates yet',
};

export const EXCHANGE_RATES_JA: ExchangeRatesTexts = {
  path: '/settings/exchange-rates',
  title: '為替レート',
  addTitle: 'レートを追加',
  search: '日付・年月・年で検索',
  submit: '追加',
  save: '保存',
  close: '閉じる',
  dateLabel: '日付',
  rateLabel: 'レート（INR → JPY）',
  empty: '為替レートはまだありません',
};

const exactLabel = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);

export class ExchangeRatesPage extends SettingsListPage {
  constructor(
    page: Page,
    readonly rateTexts: ExchangeRatesTexts,
  ) {
    super(page, rateTexts);
  }
  get date() {
    return this.form.getByLabel(exactLabel(this.rateTexts.dateLabel));
  }
  get rate() {
    return this.form.getByLabel(exactLabel(this.rateTexts.rateLabel));
  }
  /** The field (label, control and message) around the rate input. */
  get rateField() {
    // `has` is matched inside each field, so it must not start from the form.
    return this.form
      .locator('.fui-Field')
      .filter({ has: this.page.getByLabel(exactLabel(this.rateTexts.rateLabel)) });
  }

  /** Opens the screen; an empty list shows its empty state instead of the table. */
  async open(baseUrl: string) {
    await this.page.goto(`${baseUrl}${this.texts.path}`);
    await expect(this.form).toBeVisible();
    await expect(this.table.or(this.page.getByText(this.rateTexts.empty))).toBeVisible();
  }

  /** Adds (or replaces) the rate of `date` (typed as YYYY-MM-DD, or left at today). */
  async add(rate: string, date?: string) {
    if (date !== undefined) {
      await this.date.fill(date);
      await this.date.press('Tab');
    }
    await this.rate.fill(rate);
    await this.submit.click();
  }
}
