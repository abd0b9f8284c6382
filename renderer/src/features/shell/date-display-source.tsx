/**
 * Where the dates on screen get their display from (ui/use-date-display.tsx): the user's date
 * format (the `display` preference) and the business's time zone (GET /config). The signed-in
 * chrome wraps every screen in it, so a change in the settings panel reaches them all.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { fetchPreference, savePreference } from '../../api/preferences.api';
import { queryKeys } from '../../api/query-keys';
import {
  DEFAULT_DATE_FORMAT,
  DISPLAY_PREFERENCE,
  FALLBACK_TIME_ZONE,
  isDateFormatName,
  type DateFormatName,
} from '../../ui/date-display';
import { useAppMutation } from '../../ui/use-app-mutation';
import { DateDisplayProvider } from '../../ui/use-date-display';
import { sessionAtom } from '../auth/session.atoms';
import { useConfig } from './use-config';

export function DateDisplaySource({ children }: { children: ReactNode }) {
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
  const timeZone = config.data?.timeZone ?? FALLBACK_TIME_ZONE;
  return <DateDisplayProvider display={{ dateFormat, timeZone }}>{children}</DateDisplayProvider>;
}

/** Saves the user's date format; every date on screen follows at once. */
export function useSaveDateFormat() {
  const client = useQueryClient();
  return useAppMutation({
    mutationFn: (dateFormat: DateFormatName) => savePreference(DISPLAY_PREFERENCE, { dateFormat }),
    // Shown at once; a refused save puts back what the server holds.
    onMutate: (dateFormat) => client.setQueryData(queryKeys.preference(DISPLAY_PREFERENCE), { dateFormat }),
    onError: () => client.invalidateQueries({ queryKey: queryKeys.preference(DISPLAY_PREFERENCE) }),
  });
}
