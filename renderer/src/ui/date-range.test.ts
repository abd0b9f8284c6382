import { describe, expect, it } from 'vitest';
import { dateRangeOf, dateRangeText } from './date-range';

describe('date range in one URL value', () => {
  it('keeps either end open and ignores what is not a date', () => {
    expect(dateRangeOf(dateRangeText('2026-01-01', '2026-01-31'))).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(dateRangeOf(dateRangeText(null, '2026-01-31'))).toEqual({ to: '2026-01-31' });
    expect(dateRangeText(null, null)).toBe('');
    expect(dateRangeOf('yesterday..2026-13')).toEqual({});
  });
});
