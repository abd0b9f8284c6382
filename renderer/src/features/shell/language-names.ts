import type { Language } from '#shared/constants';

/** Each language is named in itself, so a user lost in the other one can still find theirs. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ja: '日本語' };
