/**
 * A date range as one URL value, `from..to` with either end open (`2026-01-01..`), so that
 * both ends of one date filter (order dates, shipping dates, the history's days) travel
 * together. Anything but a date reads as open.
 */
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface DateRange {
  from?: string;
  to?: string;
}

export function dateRangeOf(text: string): DateRange {
  const [from = '', to = ''] = text.split('..');
  const range: DateRange = {};
  if (DATE.test(from)) range.from = from;
  if (DATE.test(to)) range.to = to;
  return range;
}

export const dateRangeText = (from: string | null | undefined, to: string | null | undefined) =>
  from || to ? `${from ?? ''}..${to ?? ''}` : '';
