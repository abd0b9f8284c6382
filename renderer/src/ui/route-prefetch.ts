/**
 * Screens as lazy chunks that can be fetched ahead: a route table entry made with
 * {@link lazyScreen} registers its path, and a menu item (or a card linking to it) calls
 * {@link prefetchRoute} on hover or focus. That loads the screen's chunk and, when the screen
 * module exports `prefetch`, its first query into the cache, so by the time the click lands
 * the code is there and the rows usually are too.
 *
 * To make a new screen prefetchable: declare it with `lazyScreen(path, () => import(...))`
 * in its feature's routes file, and export `prefetch(queryClient, path)` from the screen
 * module when its default query can be made without the page's state (list screens:
 * `prefetchList` with the screen's list options).
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createElement, lazy, useState, type ComponentType } from 'react';

export interface ScreenModule<P> {
  default: ComponentType<P>;
  prefetch?: (queryClient: QueryClient, path: string) => Promise<unknown> | void;
}

const screens = new Map<string, () => Promise<ScreenModule<never>>>();
/** When each path was last prefetched: a pointer moving over the menu asks many times. */
const recent = new Map<string, number>();
const AGAIN_AFTER_MS = 10_000;

const normalise = (path: string) => path.replace(/\/+$/, '').toLowerCase() || '/';

/**
 * A component for a chunk that renders at once when the chunk has already arrived. `React.lazy`
 * suspends on its first render even then (the import's promise settles a microtask later), and
 * React holds a boundary's content back for up to 300 ms after it showed the fallback (its reveal
 * throttle): on a cold start that was most of the wait for the sign-in form. An instance that
 * began lazy stays lazy, since swapping the element type would remount the screen.
 */
export function preloadableLazy<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const once = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(once);
  function Preloadable(props: P & object) {
    const [Loaded] = useState(() => loaded);
    return createElement((Loaded ?? Lazy) as ComponentType<P & object>, props);
  }
  return Object.assign(Preloadable, { load: once });
}

/** A lazy screen component whose chunk (and first query) {@link prefetchRoute} can fetch early. */
export function lazyScreen<P>(paths: string | readonly string[], load: () => Promise<ScreenModule<P>>) {
  const screen = preloadableLazy(load);
  for (const path of typeof paths === 'string' ? [paths] : paths) {
    screens.set(normalise(path), screen.load as () => Promise<ScreenModule<never>>);
  }
  return screen;
}

/**
 * Loads the chunk of the screen at `path` (when a lazy screen is registered for it), so the
 * first render shows it without a fallback. Never rejects: a failed load shows on render.
 */
export async function preloadScreen(path: string): Promise<void> {
  await screens
    .get(normalise(path))?.()
    .catch(() => {});
}

/** Starts loading what opening `path` needs; never throws (the click will show any error). */
export function prefetchRoute(path: string, queryClient: QueryClient, now = Date.now()): void {
  const key = normalise(path);
  const load = screens.get(key);
  if (!load) return;
  const last = recent.get(key);
  if (last !== undefined && now - last < AGAIN_AFTER_MS) return;
  recent.set(key, now);
  void load()
    .then((module) => module.prefetch?.(queryClient, path))
    .catch(() => {});
}

/** Props for a link to `path`: hovering or focusing it prefetches the screen. */
export function usePrefetchLink() {
  const queryClient = useQueryClient();
  return (path: string) => ({
    onPointerEnter: () => prefetchRoute(path, queryClient),
    onFocus: () => prefetchRoute(path, queryClient),
  });
}
