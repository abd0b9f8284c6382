/**
 * No raw validation text reaches a form: every message any form schema can give, for any
 * input a user (or a number box) can produce, is a MESSAGES text with a translation in
 * both languages, so `useFieldMessage` always finds one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { messageCodeOf } from '#shared/messages';
import { registrationFormSchema } from '#shared/schemas/auth';
import {
  categoryCreateSchema,
  handlingFeeCreateSchema,
  handlingFeeUpdateSchema,
  manufacturerCreateSchema,
  shippingMethodCreateSchema,
  supplierCreateSchema,
} from '#shared/schemas/catalog';
import { exchangeRateEditSchema, exchangeRateFormSchema } from '#shared/schemas/currency';
import { memoInputSchema } from '#shared/schemas/misc';
import { productInputSchema, productUpdateSchema } from '#shared/schemas/product';
import { MAX_QUANTITY, MAX_STOCK, MAX_UNIT_PRICE } from '#shared/constants';
import type { Product } from '#shared/schemas/product';
import { handlingFormErrors } from '../features/catalog/catalog.resources';
import { requestFormSchema } from '../features/issues/request-form';
import { orderEntrySchema } from '../features/orders/order-entry-form';
import { translateMessage, type Translate } from '../i18n/error-message';

const errorsOf = (lang: 'en' | 'ja') =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, `../i18n/${lang}/errors.json`), 'utf8')) as Record<
    string,
    unknown
  >;
const catalogs = { en: errorsOf('en'), ja: errorsOf('ja') };

/** i18next's lookup, enough for `errors:<code>` with {{placeholders}}. */
const translator =
  (lang: 'en' | 'ja'): Translate =>
  (key, options = {}) => {
    const text = catalogs[lang][key.replace(/^errors:/, '')];
    if (typeof text !== 'string') return String(options.defaultValue ?? key);
    return text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(options[name] ?? ''));
  };

/** What a form's inputs can hand the schema: typed text, emptied boxes, NaN from a number box. */
const ODD = ['', ' ', 'abc', '-1', '1.5', '1200.5', '1e20', '１２', '<b>', 'x'.repeat(30_000), '\u0007'];
const ODD_NUMBERS = [NaN, -1, 1.5, 1e20, -0.01, Infinity, 0.001];
const ANY = [...ODD, ...ODD_NUMBERS, null, undefined, true, [], {}];

interface FormCase {
  name: string;
  schema: z.ZodType;
  /** A valid value of every field; each field in turn is replaced with every odd input. */
  valid: Record<string, unknown>;
  /** The form's own error map, when it passes one to its resolver. */
  error?: (issue: { path?: PropertyKey[] }) => string | undefined;
}

const validProduct = {
  name: 'Matcha',
  nameJa: null,
  skuCode: 'SKU-1',
  janCode: '4901234567894',
  categoryId: null,
  manufacturerId: null,
  supplierIds: [],
  purchasePrice: 100,
  inStockQuantity: 5,
  amazonStockQuantity: 1,
  shelfNumber: null,
  releaseDate: '2026-11-01',
  lowStockLevel: 0,
  activeStatus: true,
  availablePlatforms: [],
  hsCode: '090210',
  countryOfOrigin: 'JP',
  descriptionEn: 'Green tea',
  netWeightGrams: 250,
};

const FORMS: FormCase[] = [
  { name: 'new product', schema: productInputSchema, valid: validProduct },
  { name: 'product edit', schema: productUpdateSchema, valid: validProduct },
  ...[categoryCreateSchema, manufacturerCreateSchema, supplierCreateSchema, shippingMethodCreateSchema].map(
    (schema, i) => ({ name: `named setting ${i}`, schema: schema as z.ZodType, valid: { name: 'Tea' } }),
  ),
  {
    name: 'handling charge (amount)',
    schema: handlingFeeCreateSchema,
    valid: { title: 'Gift wrap', type: 'amount', value: '300' },
    error: handlingFormErrors,
  },
  {
    name: 'handling charge (percentage)',
    schema: handlingFeeCreateSchema,
    valid: { title: 'Card fee', type: 'percentage', value: '2.5' },
    error: handlingFormErrors,
  },
  {
    name: 'handling charge cell edit',
    schema: handlingFeeUpdateSchema,
    valid: { title: 'Gift wrap', type: 'amount', value: '300' },
  },
  {
    name: 'registration',
    schema: registrationFormSchema,
    valid: {
      fullname: 'Hanako Yamada',
      email: 'hanako@example.com',
      username: 'hanako',
      password: 'secret-123',
      confirmPassword: 'secret-123',
      acceptTerms: true,
    },
  },
  { name: 'memo', schema: memoInputSchema, valid: { title: 'Note', body: 'Text' } },
  { name: 'exchange rate', schema: exchangeRateFormSchema, valid: { date: '2026-05-01', rate: '1.734512' } },
  { name: 'exchange rate cell edit', schema: exchangeRateEditSchema, valid: { rate: '1.734512' } },
  {
    name: 'product request',
    schema: requestFormSchema,
    valid: { title: 'Hojicha', link: 'https://example.com', expectedPrice: '1,980', quantity: '2', note: '' },
  },
];

describe('form messages', () => {
  for (const form of FORMS) {
    it(`${form.name}: every message is translated in English and Japanese`, () => {
      expect(form.schema.safeParse(form.valid).success, 'the valid sample passes').toBe(true);
      const messages = new Set<string>();
      for (const field of Object.keys(form.valid)) {
        for (const input of ANY) {
          const result = form.schema.safeParse(
            { ...form.valid, [field]: input },
            form.error ? { error: form.error } : undefined,
          );
          for (const issue of result.error?.issues ?? []) messages.add(issue.message);
        }
      }
      expect(messages.size).toBeGreaterThan(0);
      for (const message of messages) {
        expect(messageCodeOf(message), `"${message}" is a MESSAGES text`).toBeDefined();
        for (const lang of ['en', 'ja'] as const) {
          const shown = translateMessage(translator(lang), message);
          if (lang === 'ja') expect(shown, `"${message}" has Japanese`).not.toBe(message);
          expect(shown).not.toMatch(/^(Too small|Too big|Invalid input|expected)/i);
        }
      }
    });
  }

  it('refuses an amount that money cannot hold exactly, with the form’s message', () => {
    const result = handlingFeeCreateSchema.safeParse({ title: 'Wrap', type: 'amount', value: '1200.5' });
    expect(result.success).toBe(false);
    const message = result.error?.issues.find((i) => i.path[0] === 'value')?.message ?? '';
    expect(translateMessage(translator('en'), message)).toBe('At most 0 decimal places');
    expect(translateMessage(translator('ja'), message)).toBe('小数点以下は0桁までです');
  });

  it('the product and order entry forms name each bound, in both languages', () => {
    const shown = (message: string | undefined) =>
      (['en', 'ja'] as const).map((lang) => translateMessage(translator(lang), message ?? ''));
    const productIssue = (field: string, value: number) =>
      productInputSchema
        .safeParse({ ...validProduct, [field]: value })
        .error?.issues.find((i) => i.path[0] === field)?.message;
    expect(shown(productIssue('purchasePrice', MAX_UNIT_PRICE.JPY + 1))).toEqual([
      'Must be at most 100000000',
      '100000000以下の値を入力してください',
    ]);
    for (const field of ['inStockQuantity', 'amazonStockQuantity', 'lowStockLevel']) {
      expect(shown(productIssue(field, MAX_STOCK + 1))).toEqual([
        'Must be at most 1000000000',
        '1000000000以下の値を入力してください',
      ]);
    }
    expect(productInputSchema.safeParse({ ...validProduct, purchasePrice: MAX_UNIT_PRICE.JPY }).success).toBe(
      true,
    );

    const entry = (line: { price: string; discount: string; quantity: string }) => {
      const result = orderEntrySchema('Price').safeParse({
        orderId: 'A-1',
        platformCode: 'AMAZONIND',
        lines: [{ product: { _id: 'p1' } as Product, ...line }],
      });
      return Object.fromEntries(
        (result.error?.issues ?? []).map((i) => [i.path.slice(2).join('.'), shown(i.message)]),
      );
    };
    expect(entry({ price: '10,000,000', discount: '20000000', quantity: '2' })).toEqual({});
    expect(
      entry({ price: '10000000.01', discount: '20000000.01', quantity: String(MAX_QUANTITY + 1) }),
    ).toEqual({
      price: ['Must be at most 10000000.00', '10000000.00以下の値を入力してください'],
      discount: ['Must be at most 20000000.00', '20000000.00以下の値を入力してください'],
      quantity: ['Must be at most 100000', '100000以下の値を入力してください'],
    });
    // Each within its bound, their product past the line total's.
    expect(entry({ price: '10000000', discount: '0', quantity: '3' })).toEqual({
      price: [
        'The line total (price × quantity) cannot exceed 20000000.00',
        '行の合計（価格×数量）は20000000.00を超えることはできません',
      ],
    });
  });
});
