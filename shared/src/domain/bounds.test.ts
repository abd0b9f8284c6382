/**
 * The bounds of quantities and amounts (constants.ts) and what they guarantee: every bounded
 * value fits an int column, and every figure a sale is made of stays a safe integer far below
 * 2^53, so the only figures that can pass it are sums over many sales (written exactly).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, INT_MAX, MAX_AMOUNT, MAX_QUANTITY, MAX_STOCK, MAX_UNIT_PRICE } from '../constants';
import { exactIntegerSchema } from '../schemas/common';
import { otzOrderInputSchema } from '../schemas/otz-order';
import { orderLineInputSchema } from '../schemas/order';
import { MAX_MINOR, parseMoney, toMinor } from './money';
import { otzSaleYenValues, saleYenValues } from './profit';

/** Below this every figure of one sale lies (docs/architecture.md, "Input"). */
const SALE_FIGURE_BOUND = 2 ** 44;

describe('the bounds of quantities and amounts', () => {
  it('fit an int column, in minor units, each of them', () => {
    for (const currency of CURRENCIES) {
      expect(toMinor(MAX_AMOUNT[currency], currency)).toBeLessThanOrEqual(INT_MAX);
      expect(toMinor(MAX_UNIT_PRICE[currency], currency)).toBeLessThanOrEqual(INT_MAX);
      // A unit price is never above what a line may total.
      expect(MAX_UNIT_PRICE[currency]).toBeLessThanOrEqual(MAX_AMOUNT[currency]);
    }
    expect(MAX_STOCK).toBeLessThanOrEqual(INT_MAX);
    expect(MAX_QUANTITY).toBeLessThanOrEqual(MAX_STOCK);
  });

  it('are taken up to the bound and refused one minor unit past it, with the bound in the message', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CURRENCIES), fc.boolean(), (currency, unit) => {
        const max = unit ? MAX_UNIT_PRICE[currency] : MAX_AMOUNT[currency];
        const minor = toMinor(max, currency);
        expect(parseMoney(max, currency, { max })).toMatchObject({ ok: true, minor });
        const past = currency === 'JPY' ? max + 1 : Number(`${max}.01`);
        const refused = parseMoney(past, currency, { max });
        expect(refused.ok).toBe(false);
        if (!refused.ok) expect(refused.error.code).toBe('tooLarge');
      }),
    );
  });

  it('hold each figure of a sale below 2^44, computed exactly', () => {
    const amount = (currency: 'JPY' | 'INR') =>
      fc.oneof(
        fc.constant(toMinor(MAX_AMOUNT[currency], currency)),
        fc.integer({ min: 0, max: toMinor(MAX_AMOUNT[currency], currency) }),
      );
    const sale = fc.constantFrom('JPY', 'INR').chain((currency) =>
      fc.record({
        currency: fc.constant(currency as 'JPY' | 'INR'),
        baseOrderPrice: amount(currency as 'JPY' | 'INR'),
        discount: amount(currency as 'JPY' | 'INR'),
        commission: amount(currency as 'JPY' | 'INR'),
        closingFee: amount(currency as 'JPY' | 'INR'),
        gst: amount(currency as 'JPY' | 'INR'),
        shippingFee: amount('JPY'),
        customFee: amount('INR'),
        orderQuantity: fc.oneof(fc.constant(MAX_QUANTITY), fc.integer({ min: 1, max: MAX_QUANTITY })),
        purchasePrice: fc.option(
          fc.oneof(fc.constant(MAX_UNIT_PRICE.JPY), fc.integer({ min: 0, max: MAX_UNIT_PRICE.JPY })),
          {
            nil: null,
          },
        ),
        exchangeRate: fc.option(fc.oneof(fc.constant(MAX_MINOR), fc.integer({ min: 1, max: MAX_MINOR })), {
          nil: null,
        }),
      }),
    );
    fc.assert(
      fc.property(sale, (o) => {
        const figures = saleYenValues(o);
        for (const value of Object.values(figures)) {
          if (value === null) continue;
          expect(Number.isSafeInteger(value)).toBe(true);
          expect(Math.abs(value)).toBeLessThan(SALE_FIGURE_BOUND);
        }
        if (o.purchasePrice !== null) {
          expect(BigInt(figures.costOfGoods as number)).toBe(
            BigInt(o.purchasePrice) * BigInt(o.orderQuantity),
          );
        }
      }),
      { numRuns: 500 },
    );
  });

  it('hold an OTZ sale of 100 lines at every bound below 2^50', () => {
    const cost = 100 * MAX_UNIT_PRICE.JPY * MAX_QUANTITY;
    expect(cost).toBeLessThan(2 ** 50);
    const figures = otzSaleYenValues({
      currency: 'INR',
      amount: toMinor(MAX_AMOUNT.INR, 'INR'),
      exchangeRate: MAX_MINOR,
      costOfGoods: cost,
    });
    expect(Number.isSafeInteger(figures.profit)).toBe(true);
    expect(figures.profit).toBe((figures.salesValue as number) - cost);
  });

  it('hold an order line to its own currency, naming the field', () => {
    const line = {
      product: 'p1',
      platformCode: 'AMAZONJP',
      orderId: 'A-1',
      orderQuantity: MAX_QUANTITY,
      currency: 'JPY',
      baseOrderPrice: MAX_AMOUNT.JPY,
    };
    expect(orderLineInputSchema.safeParse(line).success).toBe(true);
    const issues = (value: object) =>
      orderLineInputSchema.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ ...line, baseOrderPrice: MAX_AMOUNT.JPY + 1 })).toEqual([
      ['baseOrderPrice', 'Must be at most 2000000000'],
    ]);
    expect(issues({ ...line, currency: 'INR', platformCode: 'AMAZONIND' })).toEqual([
      ['baseOrderPrice', 'Must be at most 20000000.00'],
    ]);
    expect(issues({ ...line, orderQuantity: MAX_QUANTITY + 1 })).toEqual([
      ['orderQuantity', 'Must be at most 100000'],
    ]);
    expect(issues({ ...line, gst: 0.5 })).toEqual([['gst', 'At most 0 decimal places']]);
    const otz = {
      paypalTransactionId: 'PAY-1',
      orderDate: '2026-11-20',
      items: [{ product: 'p1', orderQuantity: 1, price: MAX_UNIT_PRICE.INR + 0.01 }],
      currency: 'INR',
      amount: MAX_AMOUNT.INR,
    };
    expect(otzOrderInputSchema.safeParse(otz).error?.issues.map((i) => i.path.join('.'))).toEqual([
      'items.0.price',
    ]);
  });

  it('write sums past 2^53 as their digits, and nothing else', () => {
    const raw = (JSON as typeof JSON & { rawJSON(text: string): unknown }).rawJSON('18446744073709551621');
    expect(exactIntegerSchema.safeParse(raw).success).toBe(true);
    expect(JSON.stringify({ sum: raw })).toBe('{"sum":18446744073709551621}');
    expect(exactIntegerSchema.safeParse(12).success).toBe(true);
    expect(exactIntegerSchema.safeParse('12').success).toBe(false);
    expect(exactIntegerSchema.safeParse(2 ** 53).success).toBe(false);
    const notInteger = (JSON as typeof JSON & { rawJSON(text: string): unknown }).rawJSON('1.5');
    expect(exactIntegerSchema.safeParse(notInteger).success).toBe(false);
  });
});
