import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#shared/constants';
import { NAMESPACES } from './namespaces';

type Bundle = () => Promise<{ default: Record<string, Record<string, unknown>> }>;

/**
 * Bundled with the app (the desktop app must work without a server), split by language and
 * in two parts: the signed-out screens' namespaces, which the sign-in form waits for (and
 * index.html preloads), and the rest, fetched right after the first render and awaited by
 * the signed-in shell before it shows.
 */
const bundles: Record<Language, Record<TextPart, Bundle>> = {
  en: { signIn: () => import('./sign-in-texts.en'), rest: () => import('./resources.en') },
  ja: { signIn: () => import('./sign-in-texts.ja'), rest: () => import('./resources.ja') },
};

export type TextPart = 'signIn' | 'rest';

const loaded = new Map<string, Promise<void>>();

async function loadPart(lng: Language, part: TextPart): Promise<void> {
  const { default: files } = await bundles[lng][part]();
  for (const [path, content] of Object.entries(files)) {
    const ns = /\/(\w+)\.json$/.exec(path)?.[1];
    if (ns) i18next.addResourceBundle(lng, ns, content, true, true);
  }
}

/**
 * Makes sure the texts of `lng` are loaded: the sign-in part, or all of them. Cheap once they
 * are; a failed load is tried again on the next call.
 */
export function loadLanguage(lng: Language, parts: 'signIn' | 'all' = 'all'): Promise<void> {
  const wanted: TextPart[] = parts === 'all' ? ['signIn', 'rest'] : ['signIn'];
  return Promise.all(
    wanted.map((part) => {
      const key = `${lng}:${part}`;
      let promise = loaded.get(key);
      if (!promise) {
        promise = loadPart(lng, part).catch((error: unknown) => {
          loaded.delete(key);
          throw error;
        });
        loaded.set(key, promise);
      }
      return promise;
    }),
  ).then(() => undefined);
}

/** The texts of the language in use, all of them: the signed-in screens need them. */
export const loadAllTexts = () => loadLanguage(i18next.language as Language, 'all');

export async function initI18n(lng: Language) {
  await i18next.use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  await loadLanguage(lng, 'signIn');
  document.documentElement.lang = lng;
  return i18next;
}
