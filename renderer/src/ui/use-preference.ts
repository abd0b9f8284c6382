/**
 * One of the user's saved preferences, read from all of them (fetched once a session), and its
 * save, shown at once; a refused save puts back what the server holds.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchPreferences, savePreference, type Preferences } from '../api/preferences.api';
import { queryKeys } from '../api/query-keys';
import { useAppMutation } from './use-app-mutation';

/** The saved value of `id`, or null while unset (or not read yet). */
export function usePreference(id: string | undefined, enabled = true): Record<string, unknown> | null {
  const all = useQuery({
    queryKey: queryKeys.preferences,
    queryFn: fetchPreferences,
    enabled: enabled && id !== undefined,
    staleTime: Infinity,
  });
  return (id !== undefined && all.data?.[id]) || null;
}

export function useSavePreference(id: string | undefined) {
  const client = useQueryClient();
  return useAppMutation({
    mutationFn: (value: Record<string, unknown>) => savePreference(id as string, value),
    onMutate: (value) =>
      client.setQueryData<Preferences>(queryKeys.preferences, (all) => ({ ...all, [id as string]: value })),
    onError: () => client.invalidateQueries({ queryKey: queryKeys.preferences }),
  });
}
