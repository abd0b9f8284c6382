/** How long a toast stays and when two are the same: pure, so it is tested in Node. */

export const TOAST_LIMIT = 3;

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

export interface ToastPolicy {
  /** The same kind and text give the same id, and the host ignores a second one while shown. */
  toastId: string;
  /** Milliseconds; -1 stays until dismissed. */
  timeout: number;
  politeness: 'assertive' | 'polite';
  limit: number;
}

export function toastOptions(kind: ToastKind, text: string, autoHideMs = 6000): ToastPolicy {
  const error = kind === 'error';
  return {
    toastId: `${kind}:${text}`,
    // An error is something to act on: it waits to be read and dismissed.
    timeout: error ? -1 : autoHideMs,
    politeness: error ? 'assertive' : 'polite',
    limit: TOAST_LIMIT,
  };
}
