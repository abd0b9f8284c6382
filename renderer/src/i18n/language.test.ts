import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '#shared/constants';
import { persistLanguage, readPersistedLanguage } from './language';

const storage = (value: string | null) => {
  const data = new Map<string, string>(value === null ? [] : [[STORAGE_KEYS.i18nConfig, value]]);
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
};

describe('persisted language', () => {
  it('defaults to en', () => {
    expect(readPersistedLanguage(storage(null))).toBe('en');
  });

  it('restores the selection', () => {
    expect(readPersistedLanguage(storage('{"selectedLang":"ja"}'))).toBe('ja');
  });

  it('ignores unknown languages and broken JSON', () => {
    expect(readPersistedLanguage(storage('{"selectedLang":"fr"}'))).toBe('en');
    expect(readPersistedLanguage(storage('{oops'))).toBe('en');
  });

  it('writes i18nConfig as {selectedLang}', () => {
    const s = storage(null);
    persistLanguage(s, 'ja');
    expect(JSON.parse(s.data.get(STORAGE_KEYS.i18nConfig) ?? '')).toEqual({ selectedLang: 'ja' });
  });
});
