/**
 * The period a sales report covers, as one URL value (`period`): a toggle (`month`, the
 * default; `week`; `today`), computed in the business's time zone when the screen asks, or a
 * chosen date range `from..to` (either end open), which leaves the toggle unselected. Pure, so
 * the ranges can be tested across month and year ends.
 */
import { DateTime } from 'luxon';
import { BUSINESS_ZONE, periodRange } from '#shared/domain/periods';
import { dateRangeOf, dateRangeText, type DateRange } from '../../ui/date-range';

export const PERIOD_TOGGLES = ['month', 'week', 'today'] as const;
export type PeriodToggle = (typeof PERIOD_TOGGLES)[number];
export const DEFAULT_PERIOD: PeriodToggle = 'month';

export type SalesPeriod = { kind: 'toggle'; toggle: PeriodToggle } | { kind: 'range'; range: DateRange };

const isRealDate = (text: string) => DateTime.fromISO(text, { zone: 'utc' }).isValid;

const isToggle = (value: string): value is PeriodToggle =>
  (PERIOD_TOGGLES as readonly string[]).includes(value);

/** The URL value read forgivingly: anything but a toggle or a date range is the current month. */
export function parsePeriod(value: string | null | undefined): SalesPeriod {
  const text = (value ?? '').trim();
  if (isToggle(text)) return { kind: 'toggle', toggle: text };
  const { from, to } = dateRangeOf(text);
  const range: DateRange = {};
  if (from && isRealDate(from)) range.from = from;
  if (to && isRealDate(to)) range.to = to;
  if (range.from || range.to) return { kind: 'range', range };
  return { kind: 'toggle', toggle: DEFAULT_PERIOD };
}

/** The URL value of a period; the default month is its own value (and is left out of the URL). */
export function periodText(period: SalesPeriod): string {
  if (period.kind === 'toggle') return period.toggle;
  return dateRangeText(period.range.from, period.range.to) || DEFAULT_PERIOD;
}

/** A toggle's days (both ends included) in `zone`: Monday to Sunday for a week. */
export function toggleRange(toggle: PeriodToggle, now: Date = new Date(), zone = BUSINESS_ZONE) {
  return periodRange(toggle === 'today' ? 'day' : toggle, now, zone);
}

/** The days a period covers as the API takes them (`from`, `to`; an open end left out). */
export function periodDates(period: SalesPeriod, now: Date = new Date(), zone = BUSINESS_ZONE): DateRange {
  return period.kind === 'toggle' ? toggleRange(period.toggle, now, zone) : period.range;
}

/** The URL value straight to the API's dates. */
export const datesOfPeriodText = (value: string, now?: Date, zone?: string) =>
  periodDates(parsePeriod(value), now, zone);

/**
 * Every day from `from` to `to` (both included), for a chart that shows days without sales as
 * zero. Empty when an end is missing or the range is longer than `maxDays`.
 */
export function daysBetween(from: string, to: string, maxDays = 731): string[] {
  const start = DateTime.fromISO(from, { zone: 'utc' });
  const end = DateTime.fromISO(to, { zone: 'utc' });
  if (!start.isValid || !end.isValid || end < start) return [];
  const count = Math.round(end.diff(start, 'days').days) + 1;
  if (count > maxDays) return [];
  return Array.from({ length: count }, (_v, i) => start.plus({ days: i }).toISODate() as string);
}

export interface DailyPoint {
  date: string;
  noOfOrders: number;
  salesValue: number;
  profit: number;
}

/**
 * The daily figures over the whole period, days without sales as zero. With an open end the
 * range stops at the first or last day with sales.
 */
export function fillDays(points: readonly DailyPoint[], range: DateRange): DailyPoint[] {
  const sorted = [...points].sort((a, b) => a.date.localeCompare(b.date));
  const from = range.from ?? sorted[0]?.date;
  const to = range.to ?? sorted.at(-1)?.date;
  const days = from && to ? daysBetween(from, to) : [];
  if (days.length === 0) return sorted;
  const byDate = new Map(sorted.map((p) => [p.date, p]));
  return days.map((date) => byDate.get(date) ?? { date, noOfOrders: 0, salesValue: 0, profit: 0 });
}
