/**
 * Start-up: read the persisted language, the stored session and the connection from the
 * platform, point the API client at the right server, load the first screen's code, then render.
 */
import { createStore } from 'jotai';
import { createRoot } from 'react-dom/client';
import { configureApi } from './api/http';
import { connectOffline } from './api/offline';
import { App } from './app/app';
import { preloadLayouts } from './app/router';
import { startSplashDeadline } from './app/splash';
import { endLocalSession } from './features/auth/session';
import { connectionAtom, sessionAtom } from './features/auth/session.atoms';
import { initI18n } from './i18n/i18n';
import { readPersistedLanguage } from './i18n/language';
import { languageAtom } from './i18n/language.atoms';
import { platform } from './platform/platform';
import { preloadScreen } from './ui/route-prefetch';

// Not awaited at the top level: the screens' chunks import this module's chunk, so a top-level
// await of one of them would wait for itself.
async function start(): Promise<void> {
  startSplashDeadline();

  const store = createStore();

  const language = readPersistedLanguage(localStorage);
  store.set(languageAtom, language);

  // The first screen's code before the first render, so it shows without a fallback (and
  // without React's reveal delay); signed out, every protected path leads to the sign-in form.
  const firstScreen = preloadScreen(location.pathname);
  const [i18n, session, connection] = await Promise.all([
    initI18n(language),
    platform.getSession().catch(() => null),
    platform.getConnection(),
  ]);
  store.set(sessionAtom, session);
  store.set(connectionAtom, connection.connection);
  await Promise.all([
    firstScreen,
    session ? undefined : preloadScreen('/auth/login'),
    preloadLayouts(location.pathname, session !== null).catch(() => {}),
  ]);

  configureApi({
    apiBaseUrl: connection.apiBaseUrl,
    getToken: () => store.get(sessionAtom)?.token,
    // A 401 on anything but the credential calls: the session is gone; leave quietly.
    onUnauthorized: () => void endLocalSession(store),
  });
  // Desktop with a team server: the client routes by main's offline state from the first call.
  connectOffline(platform);
  void platform.setLanguage(language).catch(() => {});

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html lacks #root');
  createRoot(root).render(<App store={store} i18n={i18n} />);
}

void start();
