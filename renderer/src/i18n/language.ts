/** The persisted language choice: localStorage `i18nConfig` = `{"selectedLang":"en"}`. */
import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEYS, type Language } from '#shared/constants';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function readPersistedLanguage(storage: Pick<Storage, 'getItem'>): Language {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEYS.i18nConfig) ?? 'null');
    const lang = (parsed as { selectedLang?: unknown } | null)?.selectedLang;
    return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function persistLanguage(storage: Pick<Storage, 'setItem'>, lang: Language): void {
  storage.setItem(STORAGE_KEYS.i18nConfig, JSON.stringify({ selectedLang: lang }));
}
