/**
 * A search box over a list of dates (the exchange rates): the text names a day, a month or a
 * year, and becomes the date range the API filters on. Pure, so it is tested in Node.
 */
import { DateTime } from 'luxon';
import type { FilterInput } from '#shared/query';
import { DATE_FORMAT, parseDateText } from '../../ui/date-text';

export interface DateRange {
  from: string;
  to: string;
}

const MONTH_FORMATS = ['yyyy-MM', 'yyyy-M', 'yyyy/MM', 'yyyy/M', 'MM/yyyy', 'M/yyyy', "yyyy'年'M'月'"];
const YEAR_FORMATS = ['yyyy', "yyyy'年'"];

function parsed(text: string, formats: readonly string[]): DateTime | null {
  for (const format of formats) {
    const date = DateTime.fromFormat(text, format);
    if (date.isValid) return date;
  }
  return null;
}

/**
 * The days a search text names: one day (in the user's date format `shown`, or YYYY-MM-DD and
 * the other forms a date field accepts), a month (2026-05, 05/2026, 2026年5月) or a year
 * (2026, 2026年). Null when it names none.
 */
export function dateSearchRange(text: string, shown?: string): DateRange | null {
  const trimmed = text.trim();
  const day = parseDateText(trimmed, shown);
  if (day) return { from: day.toFormat(DATE_FORMAT), to: day.toFormat(DATE_FORMAT) };
  const month = parsed(trimmed, MONTH_FORMATS);
  if (month) {
    return {
      from: month.startOf('month').toFormat(DATE_FORMAT),
      to: month.endOf('month').toFormat(DATE_FORMAT),
    };
  }
  const year = parsed(trimmed, YEAR_FORMATS);
  if (year) {
    return { from: year.startOf('year').toFormat(DATE_FORMAT), to: year.endOf('year').toFormat(DATE_FORMAT) };
  }
  return null;
}

/**
 * The API filters on `field` for a search text: its range, or, for text that names no date, a
 * range before any date, so the list answers "nothing matches" rather than showing everything.
 */
export function dateSearchFilters(field: string, text: string, shown?: string): Record<string, FilterInput> {
  const range = dateSearchRange(text, shown);
  if (!range) return { [field]: { lt: '0001-01-01' } };
  return { [field]: range.from === range.to ? range.from : { gte: range.from, lte: range.to } };
}
