import { describe, expect, it } from 'vitest';
import { checkDateRange, dateRangeEnds, dateRangeOf, dateRangeText, isCalendarDay } from './date-range';

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

  it('never passes on a day that does not exist, though it has the shape of one', () => {
    expect(dateRangeOf('2026-13-45..')).toEqual({});
    expect(dateRangeOf('2026-02-30..2026-03-31')).toEqual({ to: '2026-03-31' });
    expect(dateRangeOf('2026-01-01..2025-02-29')).toEqual({ from: '2026-01-01' });
    expect(dateRangeOf('2024-02-29..2024-02-29')).toEqual({ from: '2024-02-29', to: '2024-02-29' });
  });

  it('filters nothing when the end is before the start', () => {
    expect(dateRangeOf('2026-11-10..2026-11-01')).toEqual({});
    expect(dateRangeOf('2026-11-01..2026-11-01')).toEqual({ from: '2026-11-01', to: '2026-11-01' });
  });

  it('hands the filter its ends as the URL holds them, bad ones included', () => {
    expect(dateRangeEnds('2026-13-45..2026-11-01')).toEqual({ from: '2026-13-45', to: '2026-11-01' });
    expect(dateRangeEnds('..')).toEqual({ from: '', to: '' });
    expect(dateRangeEnds('')).toEqual({ from: '', to: '' });
  });
});

describe('checking a range before it is sent', () => {
  it('finds nothing wrong with real days in order, or open ends', () => {
    expect(checkDateRange('2026-11-01', '2026-11-30')).toEqual({});
    expect(checkDateRange('2026-11-01', '2026-11-01')).toEqual({});
    expect(checkDateRange(null, '2026-11-30')).toEqual({});
    expect(checkDateRange('2026-11-01', null)).toEqual({});
    expect(checkDateRange(null, null)).toEqual({});
    expect(checkDateRange('', undefined)).toEqual({});
  });

  it('names the end that is no calendar day', () => {
    expect(checkDateRange('2026-13-45', null)).toEqual({ from: 'notADate' });
    expect(checkDateRange('2026-11-01', '2026-02-30')).toEqual({ to: 'notADate' });
    expect(checkDateRange('tomorrow', '2026/11/1')).toEqual({ from: 'notADate', to: 'notADate' });
  });

  it('puts a reversed range on its end', () => {
    expect(checkDateRange('2026-11-10', '2026-11-01')).toEqual({ to: 'beforeFrom' });
    expect(checkDateRange('2026-12-31', '2027-01-01')).toEqual({});
    // An end that is no date cannot be compared.
    expect(checkDateRange('2026-13-45', '2026-11-01')).toEqual({ from: 'notADate' });
  });

  it('takes only the exchange format as a calendar day', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    for (const text of ['2025-02-29', '2026-13-45', '2026-1-1', '20261101', '', null, undefined]) {
      expect(isCalendarDay(text)).toBe(false);
    }
  });
});
