/**
 * The user's date display: their date format (the `display` preference) and the business's
 * time zone (GET /config). Every screen that shows a date reads it here, so a change in the
 * settings panel reaches them all.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { fetchPreference, savePreference } from '../api/preferences.api';
import { queryKeys } from '../api/query-keys';
import { sessionAtom } from '../features/auth/session.atoms';
import { useConfig } from '../features/shell/use-config';
import {
  DEFAULT_DATE_FORMAT,
  DISPLAY_PREFERENCE,
  formatDateOnly,
  formatDateTime,
  isDateFormatName,
  type DateDisplay,
  type DateFormatName,
} from './date-display';

/** Until the config answers: the default business zone. */
const FALLBACK_ZONE = 'Asia/Tokyo';

export function useDateDisplay() {
  const signedIn = useAtomValue(sessionAtom) !== null;
  const config = useConfig();
  const preference = useQuery({
    queryKey: queryKeys.preference(DISPLAY_PREFERENCE),
    queryFn: () => fetchPreference(DISPLAY_PREFERENCE),
    enabled: signedIn,
    staleTime: Infinity,
  });
  const stored = preference.data?.dateFormat;
  const dateFormat: DateFormatName = isDateFormatName(stored) ? stored : DEFAULT_DATE_FORMAT;
  const timeZone = config.data?.timeZone ?? FALLBACK_ZONE;
  return useMemo(() => {
    const display: DateDisplay = { dateFormat, timeZone };
    return {
      ...display,
      date: (value: string) => formatDateOnly(value, display),
      dateTime: (iso: string) => formatDateTime(iso, display),
    };
  }, [dateFormat, timeZone]);
}

/** Saves the user's date format; every date on screen follows at once. */
export function useSaveDateFormat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (dateFormat: DateFormatName) => savePreference(DISPLAY_PREFERENCE, { dateFormat }),
    // Shown at once; a refused save puts back what the server holds.
    onMutate: (dateFormat) => client.setQueryData(queryKeys.preference(DISPLAY_PREFERENCE), { dateFormat }),
    onError: () => client.invalidateQueries({ queryKey: queryKeys.preference(DISPLAY_PREFERENCE) }),
  });
}
