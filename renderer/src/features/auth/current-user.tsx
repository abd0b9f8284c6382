import { createContext, useContext } from 'react';
import type { SessionUser } from '#shared/schemas/auth';

/** The verified user of a protected route; provided by RequireAuth. */
export const CurrentUserContext = createContext<SessionUser | null>(null);

export function useCurrentUser(): SessionUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser outside a protected route');
  return user;
}
