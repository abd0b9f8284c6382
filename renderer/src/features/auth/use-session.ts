import { useSetAtom, useStore } from 'jotai';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ipcErrorCode } from '#shared/ipc-errors';
import type { SessionUser } from '#shared/schemas/auth';
import { queryKeys } from '../../api/query-keys';
import { loadQueryClient } from '../../app/query-client-loader';
import { platform } from '../../platform/platform';
import { useNotify } from '../../ui/notify';
import { endLocalSession } from './session';
import { sessionAtom } from './session.atoms';

export function useSignIn() {
  const setSession = useSetAtom(sessionAtom);
  const notify = useNotify();
  const { t } = useTranslation('auth');
  return useCallback(
    async (token: string, user: SessionUser) => {
      const session = { token, role: user.role };
      // The sign-in form renders without the query library; the screens after it need it.
      const queryClient = await loadQueryClient();
      queryClient.clear();
      try {
        await platform.setSession(session);
      } catch (error) {
        // Without an OS key store the desktop app refuses to keep the token on disk: the user
        // stays signed in for this window only.
        if (ipcErrorCode(error) !== 'insecure-storage') throw error;
        notify.warning(t('insecureStorage'));
      }
      // Seeds the verification so the first protected render needs no extra round trip.
      queryClient.setQueryData(queryKeys.verify, user);
      setSession(session);
    },
    [notify, setSession, t],
  );
}

export function useSignOut() {
  const store = useStore();
  return useCallback(async () => {
    // Revoke server-side first, while the token is still attached; a failure (offline,
    // already revoked) must not keep anyone signed in here.
    if (store.get(sessionAtom)) {
      // Loaded here, not at the top: this hook is on the way to the sign-in form.
      await import('../../api/auth.api').then(({ logout }) => logout()).catch(() => {});
    }
    await endLocalSession(store);
  }, [store]);
}
