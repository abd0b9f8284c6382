import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#shared/constants';
import { NAMESPACES } from './namespaces';

// Bundled with the app (the desktop app must work without a server), split by language.
const bundles: Record<Language, () => Promise<{ default: Record<string, Record<string, unknown>> }>> = {
  en: () => import('./resources.en'),
  ja: () => import('./resources.ja'),
};

/** Makes sure the texts of `lng` are loaded; cheap once they are. */
export async function loadLanguage(lng: Language): Promise<void> {
  if (i18next.hasResourceBundle(lng, 'common')) return;
  const { default: files } = await bundles[lng]();
  for (const [path, content] of Object.entries(files)) {
    const ns = /\/(\w+)\.json$/.exec(path)?.[1];
    if (ns) i18next.addResourceBundle(lng, ns, content, true, true);
  }
}

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
  await loadLanguage(lng);
  document.documentElement.lang = lng;
  return i18next;
}
