import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyScreen, preloadableLazy, preloadScreen } from './route-prefetch';

const Hello = ({ name }: { name: string }) => createElement('p', null, `hello ${name}`);
const render = (Component: (props: { name: string }) => unknown) =>
  renderToString(
    createElement(
      Suspense,
      { fallback: createElement('i', null, 'loading') },
      createElement(Component as never, { name: 'kura' }),
    ),
  );

// The content inside the boundary's markers, never the fallback.
const shown = '<!--$--><p>hello kura</p><!--/$-->';

describe('preloadableLazy', () => {
  it('renders at once, without a fallback, once its chunk has loaded (React.lazy would suspend)', async () => {
    let loads = 0;
    const Screen = preloadableLazy(async () => {
      loads += 1;
      return { default: Hello };
    });
    await Screen.load();
    expect(render(Screen)).toBe(shown);
    expect(loads).toBe(1);
  });

  it('shows the fallback while its chunk has not loaded', () => {
    const Screen = preloadableLazy(async () => ({ default: Hello }));
    expect(render(Screen)).toContain('loading');
  });

  it('tries again after a failed load', async () => {
    let fail = true;
    const Screen = preloadableLazy(async () => {
      if (fail) throw new Error('offline');
      return { default: Hello };
    });
    await expect(Screen.load()).rejects.toThrow('offline');
    fail = false;
    await Screen.load();
    expect(render(Screen)).toBe(shown);
  });
});

describe('preloadScreen', () => {
  it('loads the screen registered for a path (any case, trailing slash), so it renders without a fallback', async () => {
    const Screen = lazyScreen('/Test/Preload', async () => ({ default: Hello }));
    await preloadScreen('/test/preload/');
    expect(render(Screen)).toBe(shown);
  });

  it('resolves for paths without a screen and for screens that fail to load', async () => {
    await expect(preloadScreen('/nowhere')).resolves.toBeUndefined();
    lazyScreen('/test/broken', () => Promise.reject(new Error('offline')));
    await expect(preloadScreen('/test/broken')).resolves.toBeUndefined();
  });
});
