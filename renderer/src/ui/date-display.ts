/**
 * How dates read on screen: in the user's chosen date format (a per-user preference) and, for
 * moments in time, in the business's time zone (GET /config), whatever the computer's own zone.
 * Forms and the API still exchange YYYY-MM-DD and ISO timestamps; this is display only.
 */
import { DateTime } from 'luxon';

/** The formats a user may choose, by their stored name; the first is the default. */
export const DATE_FORMATS = {
  'YYYY-MM-DD': 'yyyy-MM-dd',
  'DD/MM/YYYY': 'dd/MM/yyyy',
  YYYY年M月D日: "yyyy'年'M'月'd'日'",
} as const;
export type DateFormatName = keyof typeof DATE_FORMATS;
export const DEFAULT_DATE_FORMAT: DateFormatName = 'YYYY-MM-DD';
/** The preference (user-preferences id) that holds `{ dateFormat }`. */
export const DISPLAY_PREFERENCE = 'display';
/** The business's zone until the server's config says: the server's own default. */
export const FALLBACK_TIME_ZONE = 'Asia/Tokyo';

export const isDateFormatName = (value: unknown): value is DateFormatName =>
  typeof value === 'string' && Object.hasOwn(DATE_FORMATS, value);

export interface DateDisplay {
  dateFormat: DateFormatName;
  /** IANA zone of the business. */
  timeZone: string;
}

/** A calendar date (YYYY-MM-DD) in the user's format; anything else is returned as it is. */
export function formatDateOnly(value: string, display: Pick<DateDisplay, 'dateFormat'>): string {
  const date = DateTime.fromISO(value, { zone: 'utc' });
  return date.isValid && /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? date.toFormat(DATE_FORMATS[display.dateFormat])
    : value;
}

/** A moment (ISO timestamp) as date and time in the business's zone, in the user's format. */
export function formatDateTime(iso: string, display: DateDisplay): string {
  const at = DateTime.fromISO(iso, { zone: 'utc' }).setZone(display.timeZone);
  return at.isValid ? `${at.toFormat(DATE_FORMATS[display.dateFormat])} ${at.toFormat('HH:mm')}` : iso;
}

/**
 * The UTC instants bounding a calendar day in the business's zone: a date range filter from
 * `from` to `to` (both days included) covers [start of from, start of the day after to).
 */
export function dayStartUtc(day: string, timeZone: string): string | null {
  const start = DateTime.fromISO(day, { zone: timeZone }).startOf('day');
  return start.isValid ? (start.toUTC().toISO() ?? null) : null;
}
export function dayEndUtc(day: string, timeZone: string): string | null {
  const end = DateTime.fromISO(day, { zone: timeZone }).startOf('day').plus({ days: 1 });
  return end.isValid ? (end.toUTC().toISO() ?? null) : null;
}
