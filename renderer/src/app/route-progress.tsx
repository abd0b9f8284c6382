import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

// Fluent's progress bar is loaded with the first navigation, not before the first screen.
const ProgressRun = lazy(() => import('./progress-run'));

/** On a route change: a thin top progress bar, and scroll to top. */
export function RouteProgress() {
  const { pathname } = useLocation();
  // The first page has the splash; the bar starts with the first change of route.
  const [first] = useState(pathname);
  const [moved, setMoved] = useState(false);
  if (!moved && pathname !== first) setMoved(true);
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname]);
  if (!moved) return null;
  return (
    <Suspense fallback={null}>
      <ProgressRun key={pathname} />
    </Suspense>
  );
}
