import i18next from 'i18next';
import { atom } from 'jotai';
import type { Language } from '#shared/constants';
import { platform } from '../platform/platform';
import { loadLanguage } from './i18n';
import { persistLanguage } from './language';

/**
 * The store starts at ja, but main.tsx sets it from the persisted selection
 * (default en) before the first render, so the persisted choice wins at start.
 */
export const languageAtom = atom<Language>('ja');

export const changeLanguageAtom = atom(null, async (_get, set, lang: Language) => {
  // The choice is recorded before the texts arrive, so a reload right away still keeps it.
  set(languageAtom, lang);
  persistLanguage(localStorage, lang);
  document.documentElement.lang = lang;
  await loadLanguage(lang);
  await i18next.changeLanguage(lang);
  // The desktop app uses it for native notifications and menus; failure there is cosmetic.
  await platform.setLanguage(lang).catch(() => {});
});
