/**
 * One of the user's saved preferences, read from all of them (fetched once a session), and its
 * save, shown at once; a refused save puts back what the server holds.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
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

/**
 * Shows a preference being saved at once. A read of the preferences still on its way (the first
 * of a session, a refetch) is cancelled first: answering after, it would put back the old value
 * over the one just chosen (a date format picked right after sign-in snapped back).
 */
export async function showSavingPreference(
  client: QueryClient,
  id: string,
  value: Record<string, unknown>,
): Promise<void> {
  await client.cancelQueries({ queryKey: queryKeys.preferences });
  client.setQueryData<Preferences>(queryKeys.preferences, (all) => ({ ...all, [id]: value }));
}

export function useSavePreference(id: string | undefined) {
  const client = useQueryClient();
  return useAppMutation({
    mutationFn: (value: Record<string, unknown>) => savePreference(id as string, value),
    onMutate: (value) => showSavingPreference(client, id as string, value),
    // The others, should the cancelled read have been the first: the server holds them all.
    invalidate: (queryClient) => queryClient.invalidateQueries({ queryKey: queryKeys.preferences }),
    onError: () => client.invalidateQueries({ queryKey: queryKeys.preferences }),
  });
}
