/**
 * Texts of the native new-order notifications, from the renderer's own translation files
 * (one source of wording), read at run time. Built-in texts cover a missing
 * or unreadable file so a notification is never blank.
 */
import path from 'node:path';
import type { Language } from '#shared';
import type { OrderKind } from '#shared/notifications/notification-items';

export type { OrderKind };

export const NOTIFICATION_KEYS: Record<OrderKind, string> = {
  platform: 'notifications.newOrders',
  otz: 'notifications.newOtzOrders',
};

/** Keyed like i18next plurals: `<key>_one` / `<key>_other`, or the bare key. */
const FALLBACK: Record<Language, Record<string, string>> = {
  en: {
    'notifications.newOrders_one': '{{count}} new order',
    'notifications.newOrders_other': '{{count}} new orders',
    'notifications.newOtzOrders_one': '{{count}} new OTZ order',
    'notifications.newOtzOrders_other': '{{count}} new OTZ orders',
  },
  ja: {
    'notifications.newOrders': '新しい注文が{{count}}件あります',
    'notifications.newOtzOrders': '新しいOTZ注文が{{count}}件あります',
  },
};

export const NOTIFICATION_TITLE = 'Kura';

type Messages = Record<string, unknown>;

/** i18next's default key separator: nested objects; a flat dotted key is accepted too. */
function lookup(messages: Messages, key: string): string | undefined {
  if (typeof messages[key] === 'string') return messages[key];
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Messages)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function pick(messages: Messages, key: string, lang: Language, count: number): string | undefined {
  const category = new Intl.PluralRules(lang).select(count);
  return lookup(messages, `${key}_${category}`) ?? lookup(messages, `${key}_other`) ?? lookup(messages, key);
}

function interpolate(template: string, count: number): string {
  return template.replace(/\{\{\s*count\s*\}\}/g, String(count));
}

export interface NotificationTextDeps {
  /** Folder holding `<lng>/common.json` (renderer/src/i18n). */
  i18nDir: string;
  readFile(file: string, encoding: 'utf8'): Promise<string>;
}

export function createNotificationText({ i18nDir, readFile }: NotificationTextDeps) {
  const load = async (lang: Language): Promise<Messages> => {
    try {
      const parsed: unknown = JSON.parse(await readFile(path.join(i18nDir, lang, 'common.json'), 'utf8'));
      return parsed !== null && typeof parsed === 'object' ? (parsed as Messages) : {};
    } catch {
      return {};
    }
  };
  return async (lang: Language, kind: OrderKind, count: number): Promise<{ title: string; body: string }> => {
    const key = NOTIFICATION_KEYS[kind];
    const template =
      pick(await load(lang), key, lang, count) ?? pick(FALLBACK[lang], key, lang, count) ?? key;
    return { title: NOTIFICATION_TITLE, body: interpolate(template, count) };
  };
}
