import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT, MAX_UNIT_PRICE } from '../constants';
import { MESSAGES, formatMessage } from '../messages';
import { handlingFeeCreateSchema } from '../schemas/catalog';
import { moneySchema, rateSchema } from '../schemas/common';
import {
  MAX_MINOR,
  formatMinor,
  formatMoney,
  formatRate,
  fromMinor,
  parseMoney,
  sumMinor,
  toMinor,
  toRateMicro,
  toYenMinor,
} from './money';

describe('money in minor units', () => {
  it('reads major units through their decimal text, exactly', () => {
    expect(toMinor(1234.56, 'INR')).toBe(123456);
    expect(toMinor('19.99', 'INR')).toBe(1999);
    expect(toMinor(19.99, 'INR')).toBe(1999);
    // 4.35 * 100 is 434.99999999999994 in floats.
    expect(toMinor(4.35, 'INR')).toBe(435);
    expect(toMinor('2.50', 'INR')).toBe(250);
    expect(toMinor(1500, 'JPY')).toBe(1500);
    expect(fromMinor(123456, 'INR')).toBe(1234.56);
  });

  it('gives the number the exact decimal text reads as, for every safe amount', () => {
    const same = (minor: number, currency: 'INR' | 'JPY') =>
      Object.is(fromMinor(minor, currency), Number(formatMinor(minor, currency)));
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -1e9, max: 1e9 }), fc.maxSafeInteger()),
        (minor) => same(minor, 'INR') && same(minor, 'JPY'),
      ),
      { numRuns: 20_000 },
    );
    for (const minor of [0, -0, 1, -1, 5, 10, 99, 101, 435, 1999, -1999, Number.MAX_SAFE_INTEGER]) {
      expect(same(minor, 'INR') && same(minor, 'JPY'), String(minor)).toBe(true);
    }
    expect(() => fromMinor(12.5, 'INR')).toThrow(RangeError);
    expect(() => fromMinor(Number.MAX_SAFE_INTEGER + 1, 'JPY')).toThrow(RangeError);
  });

  it('refuses more decimals than the currency has instead of rounding', () => {
    // 0.1 + 0.2 is 0.30000000000000004: not an amount of rupees.
    expect(() => toMinor(0.1 + 0.2, 'INR')).toThrow(RangeError);
    // Math.round(1.005 * 100) is 100, not 101: there is no right rounding, so refuse.
    expect(() => toMinor(1.005, 'INR')).toThrow(RangeError);
    expect(() => toMinor(1200.5, 'JPY')).toThrow(RangeError);
    expect(parseMoney(1200.5, 'JPY')).toEqual({
      ok: false,
      error: { code: 'tooManyDecimals', params: { max: 0 } },
    });
    expect(parseMoney('0.001', 'INR')).toEqual({
      ok: false,
      error: { code: 'tooManyDecimals', params: { max: 2 } },
    });
    expect(parseMoney(1e-7, 'INR')).toEqual({
      ok: false,
      error: { code: 'tooManyDecimals', params: { max: 2 } },
    });
  });

  it('holds amounts to their bound (MAX_AMOUNT unless told), however far out of range', () => {
    const max = MAX_AMOUNT.JPY;
    expect(parseMoney(max, 'JPY')).toEqual({ ok: true, minor: max, major: max });
    const tooLarge = { ok: false, error: { code: 'tooLarge', params: { max: '2000000000' } } };
    expect(parseMoney(max + 1, 'JPY')).toEqual(tooLarge);
    expect(parseMoney(MAX_MINOR, 'JPY')).toEqual(tooLarge);
    expect(parseMoney(1e308, 'JPY')).toEqual(tooLarge);
    expect(parseMoney('9'.repeat(400), 'JPY')).toEqual(tooLarge);
    expect(parseMoney(20_000_000, 'INR')).toEqual({ ok: true, minor: 2_000_000_000, major: 20_000_000 });
    expect(parseMoney(20_000_000.01, 'INR')).toEqual({
      ok: false,
      error: { code: 'tooLarge', params: { max: '20000000.00' } },
    });
    expect(parseMoney(10_000_000.01, 'INR', { max: MAX_UNIT_PRICE.INR })).toEqual({
      ok: false,
      error: { code: 'tooLarge', params: { max: '10000000.00' } },
    });
    expect(parseMoney(-1, 'JPY')).toEqual({ ok: false, error: { code: 'tooSmall', params: { min: '0' } } });
    expect(parseMoney(-1e308, 'JPY')).toEqual({
      ok: false,
      error: { code: 'tooSmall', params: { min: '0' } },
    });
    expect(parseMoney(Number.NaN, 'JPY')).toEqual({ ok: false, error: { code: 'notANumber' } });
    expect(parseMoney('1e3', 'JPY')).toEqual({ ok: false, error: { code: 'notANumber' } });
    expect(parseMoney('', 'JPY')).toEqual({ ok: false, error: { code: 'notANumber' } });
    expect(parseMoney('100', 'JPY', { max: 100 })).toEqual({ ok: true, minor: 100, major: 100 });
  });

  it('formats and sums exactly', () => {
    expect(formatMinor(1999, 'INR')).toBe('19.99');
    expect(formatMinor(5, 'INR')).toBe('0.05');
    expect(formatMinor(-5, 'INR')).toBe('-0.05');
    expect(formatMinor(1500, 'JPY')).toBe('1500');
    // ₹0.10 + ₹0.20 is ₹0.30, not 0.30000000000000004.
    expect(sumMinor([10, 20])).toBe(30);
    expect(formatMinor(sumMinor([10, 20]), 'INR')).toBe('0.30');
    expect(() => sumMinor([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
    expect(() => sumMinor([0.5])).toThrow(RangeError);
  });
});

describe('money on screen', () => {
  it('shows the currency sign and its decimals in each language', () => {
    expect(formatMoney(1200, 'JPY')).toBe('¥1,200');
    expect(formatMoney(12.5, 'INR')).toBe('₹12.50');
    expect(formatMoney(1200, 'JPY', 'ja')).toBe('￥1,200');
    expect(formatMoney(123456.78, 'INR')).toBe('₹1,23,456.78');
  });
});

describe('exchange rates in micro-units', () => {
  it('reads rates with up to 6 decimals exactly', () => {
    expect(toRateMicro(1.7)).toBe(1_700_000);
    expect(toRateMicro('1.734512')).toBe(1_734_512);
    expect(formatRate(1_700_000)).toBe('1.7');
    expect(formatRate(1_734_512)).toBe('1.734512');
    expect(formatRate(100_000_000)).toBe('100');
    expect(() => toRateMicro('1.0000001')).toThrow(RangeError);
    expect(() => toRateMicro(0)).toThrow(RangeError);
    expect(() => toRateMicro(-1.7)).toThrow(RangeError);
  });

  it('converts with one exact multiplication and one final rounding', () => {
    // ₹19.99 × 1.7 = ¥33.983 exactly: shown as ¥34.
    expect(toYenMinor(1999, 'INR', toRateMicro(1.7))).toBe(34);
    // ₹0.07 × 100 = ¥7 exactly; in floats 0.07 * 100 is 7.000000000000001 and ceil gives 8.
    expect(Math.ceil(0.07 * 100)).toBe(8);
    expect(toYenMinor(7, 'INR', toRateMicro(100))).toBe(7);
    // ₹0.57 × 100 = ¥57; floats give 56.99999999999999, which floors to 56.
    expect(Math.floor(0.57 * 100)).toBe(56);
    expect(toYenMinor(57, 'INR', toRateMicro(100), 'floor')).toBe(57);
    expect(toYenMinor(1999, 'INR', toRateMicro(1.7), 'floor')).toBe(33);
    expect(toYenMinor(115, 'INR', toRateMicro(1), 'half-up')).toBe(1);
    expect(toYenMinor(150, 'INR', toRateMicro(1), 'half-up')).toBe(2);
    expect(toYenMinor(-1999, 'INR', toRateMicro(1.7))).toBe(-33);
    // A total is converted once: three lines of ₹0.01 at 1.7 are ¥0.051 → ¥1, not 3 × ¥1.
    expect(toYenMinor(sumMinor([1, 1, 1]), 'INR', toRateMicro(1.7))).toBe(1);
    expect(toYenMinor(1500, 'JPY', toRateMicro(1.7))).toBe(1500);
  });
});

describe('money schemas', () => {
  const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues[0]?.message;

  it('takes whole yen and paise, refusing the rest with a coded message', () => {
    expect(moneySchema('JPY').parse(1200)).toBe(1200);
    expect(moneySchema('INR').parse(19.99)).toBe(19.99);
    expect(messageOf(moneySchema('JPY').safeParse(1200.5))).toBe(
      formatMessage('tooManyDecimals', { max: 0 }),
    );
    expect(messageOf(moneySchema('INR').safeParse(19.999))).toBe(
      formatMessage('tooManyDecimals', { max: 2 }),
    );
    expect(messageOf(moneySchema('JPY').safeParse(2 ** 31))).toBe(
      formatMessage('tooLarge', { max: '2000000000' }),
    );
    expect(messageOf(moneySchema('JPY', { max: MAX_UNIT_PRICE.JPY }).safeParse(100_000_001))).toBe(
      formatMessage('tooLarge', { max: '100000000' }),
    );
    expect(messageOf(moneySchema('JPY').safeParse('12'))).toBe(MESSAGES.enterNumber);
  });

  it('holds a handling charge value to its type', () => {
    const fee = (type: string, value: unknown) =>
      handlingFeeCreateSchema.safeParse({ title: 'Fee', type, value });
    expect(fee('percentage', '2.50').data?.value).toBe(2.5);
    expect(fee('amount', '300').data?.value).toBe(300);
    expect(messageOf(fee('percentage', 150))).toBe(MESSAGES.percentOver100);
    expect(messageOf(fee('percentage', 2.555))).toBe(formatMessage('tooManyDecimals', { max: 2 }));
    expect(messageOf(fee('amount', 1200.5))).toBe(formatMessage('tooManyDecimals', { max: 0 }));
    expect(messageOf(fee('amount', 1e308))).toBe(formatMessage('tooLarge', { max: MAX_AMOUNT.JPY }));
    expect(fee('amount', MAX_AMOUNT.JPY).data?.value).toBe(MAX_AMOUNT.JPY);
    expect(messageOf(fee('amount', '-3'))).toBe(MESSAGES.fillValue);
    expect(messageOf(fee('amount', 'abc'))).toBe(MESSAGES.fillValue);
  });
});

describe('rate schema', () => {
  it('takes positive rates with up to 6 decimals', () => {
    expect(rateSchema.parse(1.734512)).toBe(1.734512);
    expect(rateSchema.safeParse(1.0000001).error?.issues[0]?.message).toBe(
      formatMessage('tooManyDecimals', { max: 6 }),
    );
    expect(rateSchema.safeParse(0).success).toBe(false);
    expect(rateSchema.safeParse(1e308).success).toBe(false);
  });
});
