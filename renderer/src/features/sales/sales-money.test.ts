import { describe, expect, it } from 'vitest';
import { formatYen, MISSING } from './sales-money';

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
});
