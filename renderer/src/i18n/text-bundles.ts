/**
 * Where each language's texts are: bundled with the app (the desktop app must work without a
 * server), split in two parts: the signed-out screens' namespaces (SIGN_IN_NAMESPACES), which
 * the sign-in form waits for, and the rest. boot.ts asks for the sign-in part of the user's
 * language before anything else has run; i18n.ts loads them into i18next.
 */
import type { Language } from '#shared/constants';

export type TextPart = 'signIn' | 'rest';
export type TextBundle = () => Promise<{ default: Record<string, Record<string, unknown>> }>;

export const TEXT_BUNDLES: Record<Language, Record<TextPart, TextBundle>> = {
  en: { signIn: () => import('./sign-in-texts.en'), rest: () => import('./resources.en') },
  ja: { signIn: () => import('./sign-in-texts.ja'), rest: () => import('./resources.ja') },
};
