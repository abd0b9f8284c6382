/**
 * The shipment screen's date range: by default the current calendar quarter (first to last day)
 * in the business's time zone, whatever the computer's zone. The URL holds `''` for that
 * default, `..` for every date, or an explicit `from..to` (either end open).
 */
import { DateTime } from 'luxon';
import { dateRangeOf, type DateRange } from '../../ui/date-range';

const DAY = 'yyyy-MM-dd';
/** Until the config answers, and for a zone luxon does not know. */
export const DEFAULT_ZONE = 'Asia/Tokyo';

/** The calendar quarter holding `now` in `zone`, as whole days. */
export function quarterOf(now: Date | number, zone: string | undefined): Required<DateRange> {
  let at = DateTime.fromMillis(typeof now === 'number' ? now : now.getTime(), { zone: zone ?? DEFAULT_ZONE });
  if (!at.isValid)
    at = DateTime.fromMillis(typeof now === 'number' ? now : now.getTime(), { zone: DEFAULT_ZONE });
  return { from: at.startOf('quarter').toFormat(DAY), to: at.endOf('quarter').toFormat(DAY) };
}

/** The URL value meaning "every date" (both ends open). */
export const ALL_DATES = '..';

/** The range a URL value stands for: the quarter for `''`, nothing for `..`. */
export function shipmentDates(text: string, now: Date | number, zone: string | undefined): DateRange {
  return text === '' ? quarterOf(now, zone) : dateRangeOf(text);
}

/** The URL value for a range the user set: both ends cleared means every date, not the quarter. */
export const shipmentDatesText = (from: string | null | undefined, to: string | null | undefined) =>
  from || to ? `${from ?? ''}..${to ?? ''}` : ALL_DATES;
