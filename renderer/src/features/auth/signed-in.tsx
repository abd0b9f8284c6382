/**
 * The protected routes once signed in (RequireAuth, guards.tsx, lets them through): the token
 * re-verified on every navigation, the signed-in chrome, and the role's home. Its own chunk,
 * with TanStack Query: the sign-in form needs neither.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { lazy, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import { QueryClientGate, QuerySplashGate } from '../../app/query-layout';
import { loadAllTexts } from '../../i18n/i18n';
import { platform } from '../../platform/platform';
import { LoadingState } from '../../ui/loading-state';
import { homePathFor, mayOpen } from '../shell/menu';
import { useConfig } from '../shell/use-config';
import { CurrentUserContext, useCurrentUser } from './current-user';
import { sessionAtom } from './session.atoms';
import { useSignOut } from './use-session';

/** A signed-in screen shows once its code and all the texts of the language are there. */
const withAllTexts =
  <M,>(load: () => Promise<M>) =>
  async () =>
    (await Promise.all([load(), loadAllTexts()]))[0];

// The signed-in chrome is its own chunk, so the login screen loads without it.
const loadAppShell = withAllTexts(() => import('../shell/app-shell'));
const AppShell = lazy(loadAppShell);
const PendingRolePage = lazy(withAllTexts(() => import('./pending-role-page')));
// The error states use message bars, which the sign-in form does without.
const ErrorState = lazy(() => import('../../ui/page-state').then((m) => ({ default: m.ErrorState })));
const ForbiddenState = lazy(() => import('../../ui/page-state').then((m) => ({ default: m.ForbiddenState })));

/**
 * Re-verifies the token on every navigation; a rejected token logs out silently. An
 * unreachable server is not a rejection: the user keeps the session and can retry.
 */
function Verified() {
  const [session, setSession] = useAtom(sessionAtom);
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  // The brand decides the menu, and so which screens open (the restricted brand has no OTZ).
  const config = useConfig();
  const verify = useQuery({
    queryKey: queryKeys.verify,
    // The auth calls parse with the shared schemas: loaded with the first check, never on
    // the way to the sign-in form.
    queryFn: async () => (await import('../../api/auth.api')).validateToken(),
    enabled: session !== null,
    retry: false,
    staleTime: Infinity,
  });

  useEffect(() => {
    if (session) void queryClient.refetchQueries({ queryKey: queryKeys.verify }, { cancelRefetch: false });
  }, [pathname, queryClient, session]);

  // Signed in: the chrome's code and texts load while the token is checked, not after.
  const signedIn = session !== null;
  useEffect(() => {
    if (signedIn) void loadAppShell().catch(() => {});
  }, [signedIn]);

  const rejected = verify.error instanceof ApiError && verify.error.status > 0;
  useEffect(() => {
    if (rejected) void signOut();
  }, [rejected, signOut]);

  // A role granted (or taken away) since sign-in: keep the stored session in step.
  const role = verify.data?.role;
  useEffect(() => {
    if (session && role !== undefined && role !== session.role) {
      const next = { ...session, role };
      setSession(next);
      void platform.setSession(next).catch(() => {});
    }
  }, [role, session, setSession]);

  if (!session || rejected) return <Navigate to="/auth/login" replace />;
  if (!verify.data || !config.data) {
    const failed = verify.isError ? verify : config.isError ? config : null;
    return failed ? (
      <ErrorState error={failed.error} onRetry={() => void failed.refetch()} fullPage />
    ) : (
      <LoadingState fullPage />
    );
  }
  return (
    <CurrentUserContext value={verify.data}>
      {verify.data.role === null ? (
        <PendingRolePage />
      ) : (
        <AppShell>
          {/* Decided from the menu table, before the screen mounts: no request, no actions. */}
          {mayOpen(verify.data.role, pathname, config.data.restrictedBrand) ? <Outlet /> : <ForbiddenState />}
        </AppShell>
      )}
    </CurrentUserContext>
  );
}

export default function SignedIn() {
  return (
    <QueryClientGate>
      <QuerySplashGate />
      <Verified />
    </QueryClientGate>
  );
}

/** `/` → the role's home screen. */
export function HomeRedirect() {
  const user = useCurrentUser();
  return <Navigate to={homePathFor(user.role ?? 'orderCreator')} replace />;
}
