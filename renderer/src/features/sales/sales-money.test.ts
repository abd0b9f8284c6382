import { describe, expect, it } from 'vitest';
import { formatYen, MISSING, saleDiscountYen } from './sales-money';

describe('report money', () => {
  it('shows whole yen with the sign and thousands separators', () => {
    expect(formatYen(1234567, 'en')).toBe('¥1,234,567');
    expect(formatYen(0, 'en')).toBe('¥0');
    expect(formatYen(1234567, 'ja')).toBe('￥1,234,567');
  });

  it('shows a loss with a minus sign', () => {
    expect(formatYen(-1234, 'en')).toBe('-¥1,234');
    expect(formatYen(-1234, 'ja')).toBe('-￥1,234');
    expect(formatYen(-0, 'en')).toBe('¥0');
  });

  it('shows a missing figure as a dash', () => {
    expect(formatYen(null, 'en')).toBe(MISSING);
    expect(formatYen(undefined, 'ja')).toBe(MISSING);
    expect(formatYen(Number.NaN, 'en')).toBe(MISSING);
  });

  it('shows a discount in yen like the other columns: rupees at the order rate, rounded up once', () => {
    expect(saleDiscountYen({ discount: 300, currency: 'JPY', exchangeRate: null })).toBe(300);
    // ₹25.50 × 1.734512 = 44.230056 → 45.
    expect(saleDiscountYen({ discount: 25.5, currency: 'INR', exchangeRate: 1.734512 })).toBe(45);
    // ₹10.00 × 2 = 20 exactly: not rounded up.
    expect(saleDiscountYen({ discount: 10, currency: 'INR', exchangeRate: 2 })).toBe(20);
    expect(saleDiscountYen({ discount: 0.1, currency: 'INR', exchangeRate: 1.7 })).toBe(1);
    expect(formatYen(saleDiscountYen({ discount: 25, currency: 'INR', exchangeRate: null }), 'en')).toBe(
      MISSING,
    );
  });
});
