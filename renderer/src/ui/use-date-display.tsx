/**
 * The user's date display: their date format and the business's time zone. Every screen that
 * shows a date reads it here; the signed-in chrome provides it (from the user's preference and
 * the server's config), so a change in the settings panel reaches them all.
 */
import { createContext, use, useMemo, type ReactNode } from 'react';
import {
  DEFAULT_DATE_FORMAT,
  FALLBACK_TIME_ZONE,
  formatDateOnly,
  formatDateTime,
  type DateDisplay,
} from './date-display';

const DateDisplayContext = createContext<DateDisplay>({
  dateFormat: DEFAULT_DATE_FORMAT,
  timeZone: FALLBACK_TIME_ZONE,
});

export function DateDisplayProvider({ display, children }: { display: DateDisplay; children: ReactNode }) {
  const { dateFormat, timeZone } = display;
  const value = useMemo(() => ({ dateFormat, timeZone }), [dateFormat, timeZone]);
  return <DateDisplayContext value={value}>{children}</DateDisplayContext>;
}

export function useDateDisplay() {
  const display = use(DateDisplayContext);
  return useMemo(
    () => ({
      ...display,
      date: (value: string) => formatDateOnly(value, display),
      dateTime: (iso: string) => formatDateTime(iso, display),
    }),
    [display],
  );
}
