import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  fillDays,
  parsePeriod,
  periodDates,
  periodText,
  toggleRange,
  type SalesPeriod,
} from './sales-period';

const TOKYO = 'Asia/Tokyo';
const KOLKATA = 'Asia/Kolkata';
/** A moment given in UTC, so the test reads the same on any computer. */
const at = (iso: string) => new Date(iso);

describe('period toggles in the business time zone', () => {
  it('month: first to last day of the current month', () => {
    expect(toggleRange('month', at('2026-02-10T03:00:00Z'), TOKYO)).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    // Leap year February.
    expect(toggleRange('month', at('2028-02-10T03:00:00Z'), TOKYO)).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
  });

  it('month: the business zone decides which month it is at a month end', () => {
    // 31 Jan 16:00 UTC is already 1 Feb 01:00 in Tokyo, still 31 Jan 21:30 in Kolkata.
    const now = at('2026-01-31T16:00:00Z');
    expect(toggleRange('month', now, TOKYO)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(toggleRange('month', now, KOLKATA)).toEqual({ from: '2026-01-01', to: '2026-01-31' });
  });

  it('month: across a year end', () => {
    // 31 Dec 15:30 UTC is 1 Jan 00:30 in Tokyo.
    expect(toggleRange('month', at('2025-12-31T15:30:00Z'), TOKYO)).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(toggleRange('month', at('2025-12-31T14:59:59Z'), TOKYO)).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
  });

  it('week: Monday to Sunday, also when a Sunday is today', () => {
    // Wednesday 2026-03-11.
    expect(toggleRange('week', at('2026-03-11T00:00:00Z'), TOKYO)).toEqual({
      from: '2026-03-09',
      to: '2026-03-15',
    });
    // Sunday 2026-03-15 in Tokyo: the week that started the Monday before.
    expect(toggleRange('week', at('2026-03-15T10:00:00Z'), TOKYO)).toEqual({
      from: '2026-03-09',
      to: '2026-03-15',
    });
    // Sunday 15:00 UTC is Monday 00:00 in Tokyo: the next week.
    expect(toggleRange('week', at('2026-03-15T15:00:00Z'), TOKYO)).toEqual({
      from: '2026-03-16',
      to: '2026-03-22',
    });
  });

  it('week: across a month end and a year end', () => {
    // Thursday 2026-04-30 → Mon 27 Apr to Sun 3 May.
    expect(toggleRange('week', at('2026-04-30T05:00:00Z'), TOKYO)).toEqual({
      from: '2026-04-27',
      to: '2026-05-03',
    });
    // Thursday 2026-01-01 → Mon 29 Dec 2025 to Sun 4 Jan 2026.
    expect(toggleRange('week', at('2026-01-01T05:00:00Z'), TOKYO)).toEqual({
      from: '2025-12-29',
      to: '2026-01-04',
    });
  });

  it('today: the business day, not the computer’s', () => {
    const now = at('2026-06-30T20:00:00Z');
    expect(toggleRange('today', now, TOKYO)).toEqual({ from: '2026-07-01', to: '2026-07-01' });
    expect(toggleRange('today', now, KOLKATA)).toEqual({ from: '2026-07-01', to: '2026-07-01' });
    expect(toggleRange('today', at('2026-06-30T18:00:00Z'), KOLKATA)).toEqual({
      from: '2026-06-30',
      to: '2026-06-30',
    });
  });
});

describe('the period in the URL', () => {
  const cases: [string, SalesPeriod][] = [
    ['month', { kind: 'toggle', toggle: 'month' }],
    ['week', { kind: 'toggle', toggle: 'week' }],
    ['today', { kind: 'toggle', toggle: 'today' }],
    ['2026-01-01..2026-01-31', { kind: 'range', range: { from: '2026-01-01', to: '2026-01-31' } }],
    ['2026-01-01..', { kind: 'range', range: { from: '2026-01-01' } }],
    ['..2026-01-31', { kind: 'range', range: { to: '2026-01-31' } }],
  ];

  it.each(cases)('%s reads and writes back the same', (text, period) => {
    expect(parsePeriod(text)).toEqual(period);
    expect(periodText(period)).toBe(text);
  });

  it('reads anything else as the current month', () => {
    for (const text of [null, '', 'year', '..', '2026-13-45..x', ' Month ']) {
      expect(parsePeriod(text)).toEqual({ kind: 'toggle', toggle: 'month' });
    }
  });

  it('gives the API a toggle’s days, and a chosen range as chosen', () => {
    const now = at('2026-05-20T00:00:00Z');
    expect(periodDates(parsePeriod('today'), now, TOKYO)).toEqual({ from: '2026-05-20', to: '2026-05-20' });
    expect(periodDates(parsePeriod('2026-01-01..'), now, TOKYO)).toEqual({ from: '2026-01-01' });
  });
});

describe('daily points', () => {
  it('lists every day of a range, across a year end', () => {
    expect(daysBetween('2025-12-30', '2026-01-02')).toEqual([
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
    ]);
    expect(daysBetween('2026-01-02', '2026-01-01')).toEqual([]);
    expect(daysBetween('2020-01-01', '2026-01-01')).toEqual([]);
  });

  it('shows days without sales as zero, in date order', () => {
    const filled = fillDays(
      [
        { date: '2026-03-03', noOfOrders: 1, salesValue: 500, profit: -20 },
        { date: '2026-03-01', noOfOrders: 2, salesValue: 1000, profit: 300 },
      ],
      { from: '2026-03-01', to: '2026-03-04' },
    );
    expect(filled.map((d) => [d.date, d.salesValue, d.profit])).toEqual([
      ['2026-03-01', 1000, 300],
      ['2026-03-02', 0, 0],
      ['2026-03-03', 500, -20],
      ['2026-03-04', 0, 0],
    ]);
  });

  it('with an open end stops at the first or last day with sales', () => {
    const filled = fillDays(
      [
        { date: '2026-03-01', noOfOrders: 1, salesValue: 1, profit: 1 },
        { date: '2026-03-03', noOfOrders: 1, salesValue: 1, profit: 1 },
      ],
      {},
    );
    expect(filled.map((d) => d.date)).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(fillDays([], {})).toEqual([]);
  });
});
