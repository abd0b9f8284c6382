import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#shared/constants';
import { NAMESPACES } from './namespaces';
import { TEXT_BUNDLES, type TextPart } from './text-bundles';

/*
 * The texts come in two parts per language (text-bundles.ts): the sign-in part, which the first
 * render waits for, and the rest, fetched once the sign-in form is on screen and awaited by the
 * signed-in shell before it shows.
 */

const loaded = new Map<string, Promise<void>>();

async function loadPart(lng: Language, part: TextPart): Promise<void> {
  const { default: files } = await TEXT_BUNDLES[lng][part]();
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
