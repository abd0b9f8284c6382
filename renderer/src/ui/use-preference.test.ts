import { QueryClient } from '@tanstack/react-query';
import { expect, it } from 'vitest';
import { queryKeys } from '../api/query-keys';
import type { Preferences } from '../api/preferences.api';
import { showSavingPreference } from './use-preference';

it('keeps a preference chosen while the preferences are still being read', async () => {
  const client = new QueryClient();
  let answer!: (value: Preferences) => void;
  const reading = client
    .fetchQuery({
      queryKey: queryKeys.preferences,
      queryFn: () => new Promise<Preferences>((resolve) => (answer = resolve)),
    })
    .catch(() => undefined);
  await showSavingPreference(client, 'display', { dateFormat: 'YYYY年M月D日' });
  // The read answers late, with what the server held before the save.
  answer({ display: { dateFormat: 'YYYY-MM-DD' } } as Preferences);
  await reading;
  expect(client.getQueryData<Preferences>(queryKeys.preferences)).toMatchObject({
    display: { dateFormat: 'YYYY年M月D日' },
  });
});
