/**
 * Where the dates on screen get their display from (ui/use-date-display.tsx): the user's date
 * format (the `display` preference) and the business's time zone (GET /config). The signed-in
 * chrome wraps every screen in it, so a change in the settings panel reaches them all.
 */
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import {
  DEFAULT_DATE_FORMAT,
  DISPLAY_PREFERENCE,
  FALLBACK_TIME_ZONE,
  isDateFormatName,
  type DateFormatName,
} from '../../ui/date-display';
import { DateDisplayProvider } from '../../ui/use-date-display';
import { usePreference, useSavePreference } from '../../ui/use-preference';
import { sessionAtom } from '../auth/session.atoms';
import { useConfig } from './use-config';

export function DateDisplaySource({ children }: { children: ReactNode }) {
  const signedIn = useAtomValue(sessionAtom) !== null;
  const config = useConfig();
  const stored = usePreference(DISPLAY_PREFERENCE, signedIn)?.dateFormat;
  const dateFormat: DateFormatName = isDateFormatName(stored) ? stored : DEFAULT_DATE_FORMAT;
  const timeZone = config.data?.timeZone ?? FALLBACK_TIME_ZONE;
  return <DateDisplayProvider display={{ dateFormat, timeZone }}>{children}</DateDisplayProvider>;
}

/** Saves the user's date format; every date on screen follows at once. */
export function useSaveDateFormat() {
  const save = useSavePreference(DISPLAY_PREFERENCE);
  return { ...save, mutate: (dateFormat: DateFormatName) => save.mutate({ dateFormat }) };
}
