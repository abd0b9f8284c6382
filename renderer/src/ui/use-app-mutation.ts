/**
 * A change made from a screen, told the one way: its success text as a toast, the cached
 * answers it makes stale refreshed, and a failure as the server's message in the user's
 * language, as a toast. A screen adds only what is its own: closing a dialog, clearing a form,
 * marking a field.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNotify } from './notify';
import { useErrorText } from './use-error-text';

export interface AppMutationOptions<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** The toast once it is done; none for a change the screen already shows. */
  success?: string | ((data: TData, variables: TVariables) => string);
  /** What a success makes stale, refreshed before the mutation settles (after `onSuccess`). */
  invalidate?: (queryClient: QueryClient) => Promise<unknown>;
  /** Before the call: an optimistic change of the cache. */
  onMutate?: (variables: TVariables) => unknown;
  /** What else a success does, after its toast. */
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  /** What else a failure does, after its toast. */
  onError?: (error: unknown, variables: TVariables) => unknown;
  /** A warning, not an error, where the form keeps what was typed for the user to correct. */
  failureTone?: 'error' | 'warning';
  /** The failure's toast from its translated text, where the screen says more than that. */
  failureText?: (text: string, error: unknown) => string;
}

export function useAppMutation<TData, TVariables = void>(options: AppMutationOptions<TData, TVariables>) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const errorText = useErrorText();
  const { success, invalidate, onMutate, onSuccess, onError, failureTone = 'error', failureText } = options;
  return useMutation<TData, unknown, TVariables>({
    mutationFn: options.mutationFn,
    onMutate: onMutate && ((variables) => void onMutate(variables)),
    onSuccess: async (data, variables) => {
      if (success !== undefined)
        notify.success(typeof success === 'string' ? success : success(data, variables));
      await onSuccess?.(data, variables);
      await invalidate?.(queryClient);
    },
    onError: async (error, variables) => {
      const text = errorText(error);
      notify[failureTone](failureText ? failureText(text, error) : text);
      await onError?.(error, variables);
    },
  });
}
