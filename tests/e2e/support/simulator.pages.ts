/**
 * Page object of the cost simulator (/Simulator). Names match both languages, so one object
 * serves the English and the Japanese runs.
 */
import { expect, type Page } from '@playwright/test';

export interface SimulationFields {
  name?: string;
  purchasePrice?: string;
  quantity?: string;
  exchangeRate?: string;
  shippingCost?: string;
  customsDuty?: string;
  commission?: string;
  closingFee?: string;
  targetValue?: string;
}

const LABELS: Record<keyof SimulationFields, RegExp> = {
  name: /^(Name|名前)/,
  purchasePrice: /^(Purchase price|仕入れ価格)/,
  quantity: /^(Quantity|数量)/,
  exchangeRate: /^(Exchange rate|為替レート)/,
  shippingCost: /^(Shipping cost|送料)/,
  customsDuty: /^(Customs duty|関税)/,
  commission: /^(Commission|販売手数料)/,
  closingFee: /^(Closing fee|成約料)/,
  targetValue: /^(Target profit \(|目標利益（)/,
};

export class SimulatorPage {
  constructor(readonly page: Page) {}

  field(name: keyof SimulationFields) {
    return this.page.getByRole('main').getByRole('textbox', { name: LABELS[name] });
  }
  get platform() {
    return this.page.getByRole('combobox', { name: /^(Platform|販売先)/ });
  }
  get handling() {
    return this.page.getByRole('combobox', { name: /^(Handling charge|取扱手数料)/ });
  }
  get result() {
    return this.page.getByRole('region', { name: /^(Result|結果)$/ });
  }
  get price() {
    return this.page.getByTestId('simulated-price');
  }
  get profit() {
    return this.page.getByTestId('simulated-profit');
  }
  get save() {
    return this.page.getByRole('button', { name: /^(Save|保存)$/ });
  }
  get update() {
    return this.page.getByRole('button', { name: /^(Update|更新)$/ });
  }
  get newSimulation() {
    return this.page.getByRole('button', { name: /^(New simulation|新しいシミュレーション)$/ });
  }
  get platformDefaults() {
    return this.page.getByRole('button', { name: /^(Platform defaults|販売先の既定値)$/ });
  }
  get savedList() {
    return this.page.getByRole('table', { name: /^(Saved simulations|保存したシミュレーション)$/ });
  }

  /** The breakdown's row of `label` (rupees and yen). */
  line(label: RegExp) {
    return this.result.getByRole('row', { name: label });
  }

  savedRow(name: string) {
    return this.savedList.getByRole('row').filter({ hasText: name });
  }

  async goto(baseUrl: string) {
    await this.page.goto(`${baseUrl}/Simulator`);
    await expect(this.field('purchasePrice')).toBeVisible();
  }

  /**
   * Where each field of the form puts its control (input, dropdown, radio group): the field's
   * label, its grid cell's top and left edges, and the control's box, rounded to the pixel.
   */
  controlBoxes() {
    return this.page
      .getByRole('main')
      .locator('form .fui-Field')
      .evaluateAll((fields) =>
        fields.map((field) => {
          const control = field.querySelector('.fui-Input, .fui-Dropdown, .fui-Combobox, .fui-RadioGroup');
          const box = control!.getBoundingClientRect();
          const cell = field.getBoundingClientRect();
          return {
            label: field.querySelector('label')?.textContent ?? '',
            cellTop: Math.round(cell.top),
            cellLeft: Math.round(cell.left),
            top: Math.round(box.top),
            left: Math.round(box.left),
            width: Math.round(box.width),
            height: Math.round(box.height),
          };
        }),
      );
  }

  async fill(fields: SimulationFields) {
    for (const [name, value] of Object.entries(fields) as [keyof SimulationFields, string][]) {
      await this.field(name).fill(value);
    }
  }

  async choosePlatform(label: RegExp) {
    const option = this.page.getByRole('option', { name: label });
    // A list opened while focus is still moving (a dialog just closed hands it back to its
    // opener) closes again at once: open it until the option shows.
    await expect(async () => {
      if (!(await option.isVisible())) await this.platform.click();
      await expect(option).toBeVisible({ timeout: 2000 });
    }).toPass();
    await option.click();
  }

  async open(name: string) {
    await this.savedRow(name)
      .getByRole('button', { name: new RegExp(`^(Open ${name}|${name} を開く)$`) })
      .click();
  }
}
