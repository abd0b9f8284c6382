import type { createStore } from 'jotai';
import { loadedQueryClient } from '../../app/query-client-loader';
import { platform } from '../../platform/platform';
import { sessionAtom } from './session.atoms';

type Store = ReturnType<typeof createStore>;

/**
 * Forgets the session on this device: the platform's copy, the atom (which sends protected
 * routes to login) and every cached answer of the previous user.
 */
export async function endLocalSession(store: Store): Promise<void> {
  if (!store.get(sessionAtom)) return;
  store.set(sessionAtom, null);
  await platform.clearSession().catch(() => {});
  loadedQueryClient()?.clear();
}
