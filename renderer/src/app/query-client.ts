/** The app's one QueryClient and its retry rule. */
import { QueryClient } from '@tanstack/react-query';

/**
 * A 4xx answer (forbidden, not found, invalid) says the same thing the second time, so it
 * is shown at once; a network failure or a 5xx gets one more try.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return false;
  return failureCount < 1;
}

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
