import { describe, expect, it } from 'vitest';
import type { Currency } from '#shared/constants';
import { customShares, declaredValue, shippingShares, typedFee } from './shipment-shares';

const qty = (...quantities: number[]) => quantities.map((orderQuantity) => ({ orderQuantity }));
const line = (baseOrderPrice: number, discount = 0, currency: Currency = 'INR') => ({
  baseOrderPrice,
  discount,
  currency,
});
const sum = (shares: number[]) => shares.reduce((a, b) => a + b, 0);

describe('shipping fee shares: by quantity, whole yen, largest remainder', () => {
  it('gives 1 yen over three equal orders to the first chosen', () => {
    expect(shippingShares(1, qty(1, 1, 1))).toEqual([1, 0, 0]);
    expect(shippingShares(2, qty(1, 1, 1))).toEqual([1, 1, 0]);
  });

  it('shares nothing when the fee is 0', () => {
    expect(shippingShares(0, qty(1, 2, 3))).toEqual([0, 0, 0]);
  });

  it('gives one order the whole fee', () => {
    expect(shippingShares(1234, qty(5))).toEqual([1234]);
  });

  it('splits 1000 over quantities 1, 2 and 3 into 167, 333 and 500', () => {
    expect(shippingShares(1000, qty(1, 2, 3))).toEqual([167, 333, 500]);
  });

  it('breaks ties by the order the orders were chosen in', () => {
    expect(shippingShares(100, qty(1, 1, 1))).toEqual([34, 33, 33]);
    expect(shippingShares(100, qty(3, 1, 1, 1))).toEqual([50, 17, 17, 16]);
  });

  it('always adds up to the total', () => {
    for (const total of [1, 7, 99, 1000, 12_345, 2_000_000_000]) {
      const shares = shippingShares(total, qty(1, 3, 7, 2, 5));
      expect(sum(shares)).toBe(total);
      expect(shares.every((s) => Number.isInteger(s) && s >= 0)).toBe(true);
    }
  });
});

describe('custom fee shares: by declared value (price less discount), whole rupees', () => {
  it('splits 1000 rupees over declared values 100, 200 and 300 into 167, 333 and 500', () => {
    expect(customShares(1000, [line(100), line(200), line(300)])).toEqual([167, 333, 500]);
  });

  it('takes the discount off the declared value', () => {
    expect(declaredValue(line(1200.5, 200.5))).toBe(1000);
    expect(customShares(300, [line(1200, 200), line(1000, 500)])).toEqual([200, 100]);
  });

  it('handles 1 rupee over three, 0, one order, and all-zero declared values', () => {
    expect(customShares(1, [line(10), line(10), line(10)])).toEqual([1, 0, 0]);
    expect(customShares(0, [line(10), line(20)])).toEqual([0, 0]);
    expect(customShares(450.75, [line(99)])).toEqual([450.75]);
    // Fully discounted orders declare nothing: the fee is shared equally.
    expect(customShares(3, [line(10, 10), line(5, 5), line(1, 1)])).toEqual([1, 1, 1]);
  });

  it('weighs declared values exactly in paise, never as floats', () => {
    // 0.10 + 0.20 declared: the second weighs twice the first.
    expect(customShares(3, [line(0.1), line(0.2)])).toEqual([1, 2]);
  });

  it('gives the paise of a total to the order that took the first leftover rupee, as the server does', () => {
    // 100.50 over three equal orders: 34, 33, 33 rupees; the first took the leftover rupee.
    expect(customShares(100.5, [line(100), line(100), line(100)])).toEqual([34.5, 33, 33]);
    // 1,000.50 over 1,000 and 2,000: 333 and 667, the second took the leftover rupee.
    expect(customShares(1000.5, [line(1000), line(2000)])).toEqual([333, 667.5]);
    // Rupees that split exactly: the paise go to the largest share.
    expect(customShares(300.99, [line(1), line(2)])).toEqual([100, 200.99]);
    const shares = customShares(1234.56, [line(19.99), line(0.01), line(0), line(7)]);
    expect(Math.round(sum(shares) * 100)).toBe(123456);
  });
});

describe('a fee as typed', () => {
  it('reads digits with thousands separators, and nothing else', () => {
    expect(typedFee('1,200', 'JPY')).toBe(1200);
    expect(typedFee(' 99.5 ', 'INR')).toBe(99.5);
    expect(typedFee('', 'JPY')).toBeNull();
    expect(typedFee('12.5', 'JPY')).toBeNull();
    expect(typedFee('1.005', 'INR')).toBeNull();
    expect(typedFee('-5', 'JPY')).toBeNull();
    expect(typedFee('1e3', 'JPY')).toBeNull();
  });
});
