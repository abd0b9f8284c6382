import { useAtomValue } from 'jotai';
import { Navigate, Outlet } from 'react-router-dom';
import { preloadableLazy } from '../../ui/route-prefetch';
import { sessionAtom } from './session.atoms';

/** Signed-out screens: a signed-in user who visits /auth… goes to /. */
export function GuestOnly() {
  const session = useAtomValue(sessionAtom);
  return session ? <Navigate to="/" replace /> : <Outlet />;
}

/** The verification and the chrome: loaded once signed in (main.tsx preloads it for a start). */
const SignedIn = preloadableLazy(() => import('./signed-in'));
/** `/` → the role's home screen (signed-in.tsx). */
export const HomeRedirect = preloadableLazy(async () => ({
  default: (await import('./signed-in')).HomeRedirect,
}));
/** What a signed-in route renders with, so it shows without a fallback. */
export const preloadSignedIn = () => Promise.all([SignedIn.load(), HomeRedirect.load()]);

/**
 * Protected routes: signed out, straight to the sign-in form (without loading what signed-in
 * screens need); signed in, the token is verified and the screen shown in the chrome.
 */
export function RequireAuth() {
  const session = useAtomValue(sessionAtom);
  return session ? <SignedIn /> : <Navigate to="/auth/login" replace />;
}
