/**
 * Toasts for every screen, from one host in the bottom-end corner, where they cover no
 * navigation. The host shows three at most (the rest wait their turn); a message already
 * on screen is not shown twice; errors stay until dismissed, the others hide after 6 s.
 *
 * The host and Fluent's toast components load after the first screen (toast-host.tsx): the
 * sign-in form does not wait for them. A toast asked for before the host is mounted is shown
 * once it is.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { whenIdle } from './when-idle';

export const TOASTER_ID = 'kura-toaster';

type ToastIntent = 'success' | 'error' | 'warning' | 'info';
type Show = (intent: ToastIntent, text: string) => void;

export interface Notify {
  success(text: string): void;
  error(text: string): void;
  warning(text: string): void;
  info(text: string): void;
}

let show: Show | null = null;
const waiting: [ToastIntent, string][] = [];

/** Called by the mounted host with its dispatcher; returns the unmount. */
export function hostMounted(dispatch: Show): () => void {
  show = dispatch;
  for (const [intent, text] of waiting.splice(0)) dispatch(intent, text);
  return () => {
    if (show === dispatch) show = null;
  };
}

let hostWanted: (() => void) | undefined;

function notifyOf(intent: ToastIntent) {
  return (text: string) => {
    if (show) return show(intent, text);
    waiting.push([intent, text]);
    hostWanted?.();
  };
}

const notify: Notify = {
  success: notifyOf('success'),
  error: notifyOf('error'),
  warning: notifyOf('warning'),
  info: notifyOf('info'),
};

const LazyToastHost = lazy(() => import('./toast-host'));

/** Placed once, at the root of the app. */
export function ToastHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdle(() => setWanted(true)), []);
  // A toast asked for before then mounts the host at once.
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    hostWanted = () => setAsked(true);
    return () => {
      hostWanted = undefined;
    };
  }, []);
  if (!wanted && !asked) return null;
  return (
    <Suspense fallback={null}>
      <LazyToastHost />
    </Suspense>
  );
}

export function useNotify(): Notify {
  return useMemo(() => notify, []);
}
