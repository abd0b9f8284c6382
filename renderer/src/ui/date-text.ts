/**
 * What a date field holds: the text as typed, turned into the exchange format (YYYY-MM-DD)
 * when it is a real date. Anything else is kept as typed, so the form's schema can say what is
 * wrong with it (each form names its own message) and the user can correct it rather than
 * find it gone.
 */
import { DateTime } from 'luxon';

export const DATE_FORMAT = 'yyyy-MM-dd';

/** Formats the field accepts as typed, besides YYYY-MM-DD itself. */
const ALSO_ACCEPTED = ['yyyy/MM/dd', 'yyyy/M/d', 'yyyy-M-d', 'yyyyMMdd'];

/**
 * The calendar date the text names, or null when it names none. `shown` is the format the
 * user reads dates in (their preference), accepted first.
 */
export function parseDateText(text: string, shown?: string): DateTime | null {
  const trimmed = text.trim();
  for (const format of [...(shown ? [shown] : []), DATE_FORMAT, ...ALSO_ACCEPTED]) {
    const date = DateTime.fromFormat(trimmed, format);
    if (date.isValid) return date;
  }
  return null;
}

/** The form value for typed text: null when empty, YYYY-MM-DD when a date, else the text itself. */
export function dateFieldValue(text: string, shown?: string): string | null {
  if (text.trim() === '') return null;
  return parseDateText(text, shown)?.toFormat(DATE_FORMAT) ?? text;
}

/** The calendar's date for a form value; null for empty or not-a-date text. */
export function dateOfValue(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = DateTime.fromFormat(value, DATE_FORMAT);
  return date.isValid ? date.toJSDate() : null;
}

/**
 * A moment (an ISO timestamp) as the business reads it: the date and time in its time zone
 * (GET /config `timeZone`), so every screen and every user's computer shows the same day.
 */
export function formatInstant(iso: string, zone: string | undefined, format = 'yyyy-MM-dd HH:mm'): string {
  const at = DateTime.fromISO(iso, { zone: zone ?? 'local' });
  return at.isValid ? at.toFormat(format) : iso;
}

/** Today's date (YYYY-MM-DD) in the business's time zone. */
export const businessToday = (zone: string | undefined) =>
  DateTime.now()
    .setZone(zone ?? 'local')
    .toFormat(DATE_FORMAT);
