/**
 * A date range as one URL value, `from..to` with either end open (`2026-01-01..`), so that
 * both ends of one date filter (order dates, shipping dates, the history's days) travel
 * together.
 *
 * Every list with a date filter builds its request from `dateRangeOf`, which passes on only what
 * the API can take: an end that is no calendar day (`2026-13-45`, typed or in a hand-edited link)
 * reads as open, and a range whose end is before its start filters nothing. Sent as they were,
 * the first made the API refuse the whole list (and its tab counts) with a 400, the second
 * showed an empty list as if there were no orders. The filter's fields say what is wrong
 * (`checkDateRange`) and keep the text for the user to correct.
 */
import { DateTime } from 'luxon';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface DateRange {
  from?: string;
  to?: string;
}

/** What is wrong with one end of a range: no calendar day, or an end before the start. */
export type DateRangeProblem = 'notADate' | 'beforeFrom';

export interface DateRangeCheck {
  from?: 'notADate';
  to?: DateRangeProblem;
}

/** A calendar day as the API exchanges it: YYYY-MM-DD, and a day that exists. */
export const isCalendarDay = (text: string | null | undefined): text is string =>
  !!text && DATE.test(text) && DateTime.fromFormat(text, 'yyyy-MM-dd').isValid;

/** The ends as the URL holds them, not checked (what the filter's fields show); '' for an open end. */
export function dateRangeEnds(text: string): { from: string; to: string } {
  const [from = '', to = ''] = text.split('..');
  return { from: from.trim(), to: to.trim() };
}

/**
 * The problems of a range whose ends are form values (YYYY-MM-DD, null for empty, or text that
 * is no date); empty when it may be sent.
 */
export function checkDateRange(
  from: string | null | undefined,
  to: string | null | undefined,
): DateRangeCheck {
  const check: DateRangeCheck = {};
  if (from && !isCalendarDay(from)) check.from = 'notADate';
  if (to && !isCalendarDay(to)) check.to = 'notADate';
  // YYYY-MM-DD compares as text in calendar order.
  else if (isCalendarDay(from) && isCalendarDay(to) && to < from) check.to = 'beforeFrom';
  return check;
}

export const isRangeSendable = (check: DateRangeCheck) => !check.from && !check.to;

/** The range a URL value stands for, as a request may carry it (see the module comment). */
export function dateRangeOf(text: string): DateRange {
  const { from, to } = dateRangeEnds(text);
  const range: DateRange = {};
  if (isCalendarDay(from)) range.from = from;
  if (isCalendarDay(to)) range.to = to;
  if (range.from && range.to && range.to < range.from) return {};
  return range;
}

export const dateRangeText = (from: string | null | undefined, to: string | null | undefined) =>
  from || to ? `${from ?? ''}..${to ?? ''}` : '';
