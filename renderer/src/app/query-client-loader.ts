/**
 * The app's one QueryClient, created when first asked for: TanStack Query is not loaded on the
 * way to the sign-in form (query-layout.tsx).
 */
import type { QueryClient } from '@tanstack/react-query';

let client: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;

export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client').then(
    ({ createQueryClient }) => (client ??= createQueryClient()),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The client if it has been created; before that there is nothing cached to clear. */
export const loadedQueryClient = (): QueryClient | undefined => client;
