import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldLabel, formatFieldValue, isShownField, type FormatContext } from './audit-fields';
import { translator } from './audit-test-i18n';

let en: TFunction;
let ja: TFunction;
beforeAll(async () => {
  [en, ja] = await Promise.all([translator('en'), translator('ja')]);
});

const display = { dateFormat: 'YYYY-MM-DD', timeZone: 'Asia/Tokyo' } as const;
const ctxEn = (extra: Partial<FormatContext> = {}): FormatContext => ({
  t: en,
  language: 'en',
  ...display,
  ...extra,
});
const ctxJa = (extra: Partial<FormatContext> = {}): FormatContext => ({
  t: ja,
  language: 'ja',
  ...display,
  ...extra,
});

describe('audit field labels', () => {
  it("are the forms' own labels, in each language", () => {
    expect(fieldLabel(en, 'product', 'purchasePrice')).toBe('Purchase price (JPY)');
    expect(fieldLabel(ja, 'product', 'purchasePrice')).not.toMatch(/purchase/i);
    expect(fieldLabel(en, 'user', 'role')).toBe('Role');
    expect(fieldLabel(en, 'category', 'name')).toBe('Name');
    expect(fieldLabel(en, 'memo', 'body')).toBe('Text');
  });

  it('name the customs fields as the product form does, in each language', () => {
    expect(fieldLabel(en, 'product', 'hsCode')).toBe('HS code');
    expect(fieldLabel(ja, 'product', 'hsCode')).toBe('HSコード');
    expect(fieldLabel(en, 'product', 'countryOfOrigin')).toBe('Country of origin');
    expect(fieldLabel(ja, 'product', 'countryOfOrigin')).toBe('原産国');
    expect(fieldLabel(en, 'product', 'descriptionEn')).toBe('English description');
    expect(fieldLabel(ja, 'product', 'descriptionEn')).toBe('英語の品名');
    expect(fieldLabel(en, 'product', 'netWeightGrams')).toBe('Net weight (g)');
    expect(fieldLabel(ja, 'product', 'netWeightGrams')).toBe('正味重量（g）');
  });

  it('keep the field name for a field no screen knows', () => {
    expect(fieldLabel(en, 'product', 'mystery')).toBe('mystery');
    expect(fieldLabel(en, 'somethingNew', 'name')).toBe('name');
  });

  it('leave bookkeeping out of the sentence', () => {
    expect(isShownField('updatedAt')).toBe(false);
    expect(isShownField('remarksCount')).toBe(false);
    expect(isShownField('purchasePrice')).toBe(true);
  });
});

describe('audit values', () => {
  it('show money with its currency sign', () => {
    expect(formatFieldValue('product', 'purchasePrice', 1200, ctxEn())).toBe('¥1,200');
    expect(formatFieldValue('product', 'purchasePrice', 1200, ctxJa())).toBe('￥1,200');
    expect(formatFieldValue('issue', 'expectedPrice', 350, ctxEn())).toBe('¥350');
  });

  it('read a country of origin as its name in the language, and weights as numbers', () => {
    expect(formatFieldValue('product', 'countryOfOrigin', 'JP', ctxEn())).toBe('Japan (JP)');
    expect(formatFieldValue('product', 'countryOfOrigin', 'JP', ctxJa())).toBe('日本 (JP)');
    expect(formatFieldValue('product', 'countryOfOrigin', null, ctxEn())).toBe('—');
    expect(formatFieldValue('product', 'netWeightGrams', 1200, ctxEn())).toBe('1,200');
    expect(formatFieldValue('product', 'hsCode', '090210', ctxEn())).toBe('090210');
  });

  it('translate statuses and roles', () => {
    expect(formatFieldValue('product', 'activeStatus', false, ctxEn())).toBe('Inactive');
    expect(formatFieldValue('category', 'activeStatus', true, ctxJa())).toBe(ja('common:status.active'));
    expect(formatFieldValue('user', 'role', 'orderCreator', ctxEn())).toBe('OrderCreator');
    expect(formatFieldValue('user', 'role', null, ctxEn())).toBe('No role');
    expect(formatFieldValue('issue', 'resolved', true, ctxJa())).toBe('解決済み');
    expect(formatFieldValue('handlingFee', 'type', 'percentage', ctxEn())).toBe('Percentage');
  });

  it('read a handling charge by its type', () => {
    expect(formatFieldValue('handlingFee', 'value', 2.5, ctxEn({ record: { type: 'percentage' } }))).toBe(
      '2.5%',
    );
    expect(formatFieldValue('handlingFee', 'value', 300, ctxEn({ record: { type: 'amount' } }))).toBe('¥300');
  });

  it('read an exchange rate with every decimal it has, and its date in the user format', () => {
    expect(formatFieldValue('exchangeRate', 'rate', 1.734512, ctxJa())).toBe('1.734512');
    expect(formatFieldValue('exchangeRate', 'rate', 1.7, ctxEn())).toBe('1.7');
    expect(formatFieldValue('exchangeRate', 'date', '2026-05-01', ctxEn({ dateFormat: 'DD/MM/YYYY' }))).toBe(
      '01/05/2026',
    );
  });

  it("show dates in the user's format and moments in the business's zone", () => {
    expect(formatFieldValue('product', 'releaseDate', '2024-05-01', ctxEn())).toBe('2024-05-01');
    expect(
      formatFieldValue('product', 'releaseDate', '2024-05-01', ctxEn({ dateFormat: 'DD/MM/YYYY' })),
    ).toBe('01/05/2024');
    expect(
      formatFieldValue('product', 'releaseDate', '2024-05-01', ctxJa({ dateFormat: 'YYYY年M月D日' })),
    ).toBe('2024年5月1日');
    // 20:30 UTC is the next morning in Tokyo.
    expect(formatFieldValue('issue', 'resolvedAt', '2026-11-23T20:30:00.000Z', ctxEn())).toBe(
      '2026-11-24 05:30',
    );
    expect(
      formatFieldValue(
        'issue',
        'resolvedAt',
        '2026-11-23T20:30:00.000Z',
        ctxEn({ timeZone: 'Asia/Kolkata' }),
      ),
    ).toBe('2026-11-24 02:00');
  });

  it('name linked records and platform listings', () => {
    expect(formatFieldValue('product', 'category', { _id: 'c1', name: 'Snacks' }, ctxEn())).toBe('Snacks');
    expect(
      formatFieldValue(
        'product',
        'suppliers',
        [
          { _id: 's1', name: 'Osaka' },
          { _id: 's2', name: 'Tokyo' },
        ],
        ctxEn(),
      ),
    ).toBe('Osaka, Tokyo');
    expect(
      formatFieldValue('product', 'availablePlatforms', [{ code: 'AMAZONIND', asin: 'B0X' }], ctxEn()),
    ).toBe('Amazon India B0X');
    expect(
      formatFieldValue(
        'product',
        'stockMovement',
        { quantity: 2, reason: 'ADJUSTMENT', note: 'Found a box' },
        ctxEn(),
      ),
    ).toBe('+2 · Adjustment · Found a box');
  });

  it('read empty as a dash and clip long text', () => {
    expect(formatFieldValue('product', 'shelfNumber', null, ctxEn())).toBe('—');
    expect(formatFieldValue('product', 'category', null, ctxEn())).toBe('—');
    expect(formatFieldValue('memo', 'body', 'x'.repeat(300), ctxEn())).toHaveLength(120);
    expect(formatFieldValue('product', 'mystery', true, ctxJa())).toBe('はい');
  });
});

describe('shipment history', () => {
  it('reads the shipment fields with their labels, currencies and statuses', () => {
    expect(fieldLabel(en, 'shipment', 'totalCustomFee')).toBe('Custom fee');
    expect(fieldLabel(ja, 'shipment', 'customId')).toBe('通関ID');
    expect(formatFieldValue('shipment', 'totalShippingFee', 1000, ctxEn())).toBe('¥1,000');
    expect(formatFieldValue('shipment', 'totalCustomFee', 1000.5, ctxEn())).toBe('₹1,000.50');
    expect(formatFieldValue('shipment', 'status', 'RECEIVED', ctxJa())).toBe('受取済み');
    expect(formatFieldValue('shipment', 'shippingMethod', { _id: 'm', name: 'EMS' }, ctxEn())).toBe('EMS');
    expect(
      formatFieldValue(
        'shipment',
        'shippedOrders',
        [
          { orderId: '403-1', shippingFee: 167, customFee: 333 },
          { orderId: '403-2', shippingFee: 833, customFee: 667.5 },
        ],
        ctxEn(),
      ),
    ).toBe('403-1 (¥167, ₹333.00), 403-2 (¥833, ₹667.50)');
  });
});
