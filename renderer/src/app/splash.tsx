import { useLayoutEffect } from 'react';
import { TIMINGS } from '#shared/constants';

/** Fades out index.html's splash; safe to call more than once. */
export function hideSplash(): void {
  const splash = document.getElementById('splash');
  if (!splash || splash.classList.contains('splash-hidden')) return;
  splash.classList.add('splash-hidden');
  splash.addEventListener('transitionend', () => splash.remove(), { once: true });
  // No transition runs under reduced motion or in a background tab.
  setTimeout(() => splash.remove(), TIMINGS.contentAnimationMs * 2);
}

/** The splash goes as soon as nothing is loading, or after 3 s at the latest. */
export function startSplashDeadline(): void {
  setTimeout(hideSplash, TIMINGS.splashMaxMs);
}

/**
 * Rendered inside the route Suspense boundary, so its effect first runs once the first
 * screen's code has arrived; from then on it waits until nothing is `busy` (the queries,
 * under query-layout.tsx).
 */
export function SplashGate({ busy = false }: { busy?: boolean }) {
  // Before the browser paints: the first screen and the splash's fade start in one frame.
  useLayoutEffect(() => {
    if (!busy) hideSplash();
  }, [busy]);
  return null;
}
