/**
 * The app's one QueryClient is provided here, around every route but the sign-in form: that
 * form fetches nothing through TanStack Query, so the library is not on its way (the start
 * route's budget). The form loads it once on screen, main.tsx before the first render of any
 * other screen, and these wait for it otherwise.
 */
import { QueryClientProvider, useIsFetching, useIsMutating } from '@tanstack/react-query';
import { use, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { loadedQueryClient, loadQueryClient } from './query-client-loader';
import { SplashGate } from './splash';

export function QueryClientGate({ children }: { children: ReactNode }) {
  const client = loadedQueryClient() ?? use(loadQueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** The splash stays while the first screen's queries are loading. */
export function QuerySplashGate() {
  return <SplashGate busy={useIsFetching() + useIsMutating() > 0} />;
}

/** The layout route of the signed-out screens that use queries (all but the sign-in form). */
export default function QueryLayout() {
  return (
    <QueryClientGate>
      <QuerySplashGate />
      <Outlet />
    </QueryClientGate>
  );
}
