/** The UI language the renderer chose, kept by main for texts it shows itself (notifications). */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#shared';
import type { KeyValueStore } from './key-value-store';

export const LANGUAGE_STORE_KEY = 'language';

export function createLanguageSetting(store: KeyValueStore) {
  return {
    get(): Language {
      const value = store.get(LANGUAGE_STORE_KEY);
      return (LANGUAGES as readonly unknown[]).includes(value) ? (value as Language) : DEFAULT_LANGUAGE;
    },
    set(lang: Language): void {
      store.set(LANGUAGE_STORE_KEY, lang);
    },
  };
}
