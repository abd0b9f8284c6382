/**
 * Texts of the native notifications (new orders, live sync's failures), from the renderer's own
 * translation files (one source of wording), read at run time. Built-in texts cover a missing
 * or unreadable file so a notification is never blank.
 */
import path from 'node:path';
import type { Language } from '#shared';
import { MESSAGES, type MessageKey } from '#shared/messages';
import { messageParams, type ConnectionAlert } from '#shared/notifications/connection-watch';
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
    'notifications.connectionFailing': '{{platform}} sync is failing: {{message}}',
    'notifications.connectionStopped': '{{platform}} sync has stopped: {{message}}',
  },
  ja: {
    'notifications.newOrders': '新しい注文が{{count}}件あります',
    'notifications.newOtzOrders': '新しいOTZ注文が{{count}}件あります',
    'notifications.connectionFailing': '{{platform}}の同期が失敗しています：{{message}}',
    'notifications.connectionStopped': '{{platform}}の同期が停止しました：{{message}}',
  },
};

export const CONNECTION_ALERT_KEYS: Record<ConnectionAlert['state'], string> = {
  failing: 'notifications.connectionFailing',
  stopped: 'notifications.connectionStopped',
};

const PLATFORM_NAMES: Record<ConnectionAlert['kind'], string> = { shopify: 'Shopify', amazon: 'Amazon' };

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

/** Fills every `{{name}}`; null when the template names one `values` lacks. */
function fill(template: string, values: Record<string, string>): string | null {
  let missing = false;
  const text = template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_whole, name: string) => {
    if (Object.hasOwn(values, name)) return values[name] as string;
    missing = true;
    return '';
  });
  return missing ? null : text;
}

export interface NotificationTextDeps {
  /** Folder holding `<lng>/common.json` and `<lng>/errors.json` (renderer/src/i18n). */
  i18nDir: string;
  readFile(file: string, encoding: 'utf8'): Promise<string>;
}

function loader({ i18nDir, readFile }: NotificationTextDeps) {
  return async (lang: Language, file: 'common.json' | 'errors.json' = 'common.json'): Promise<Messages> => {
    try {
      const parsed: unknown = JSON.parse(await readFile(path.join(i18nDir, lang, file), 'utf8'));
      return parsed !== null && typeof parsed === 'object' ? (parsed as Messages) : {};
    } catch {
      return {};
    }
  };
}

export function createNotificationText(deps: NotificationTextDeps) {
  const load = loader(deps);
  return async (lang: Language, kind: OrderKind, count: number): Promise<{ title: string; body: string }> => {
    const key = NOTIFICATION_KEYS[kind];
    const template =
      pick(await load(lang), key, lang, count) ?? pick(FALLBACK[lang], key, lang, count) ?? key;
    return { title: NOTIFICATION_TITLE, body: interpolate(template, count) };
  };
}

/**
 * The text of a live-sync failure: "Shopify sync is failing: <the platform's message>". The
 * server writes the reason in English with its message code; in Japanese the reason is the
 * `errors` translation of that code (the screens' own wording), its values read back from the
 * English text. A reason the translation cannot be filled for (an unknown code, a server of
 * another version) stays in English rather than half translated.
 */
export function createConnectionAlertText(deps: NotificationTextDeps) {
  const load = loader(deps);
  return async (lang: Language, alert: ConnectionAlert): Promise<{ title: string; body: string }> => {
    const code =
      alert.messageCode ?? (alert.state === 'stopped' ? 'connectionStopped' : 'connectionSyncFailed');
    const english = alert.message ?? (Object.hasOwn(MESSAGES, code) ? MESSAGES[code as MessageKey] : code);
    let message = english;
    if (lang !== 'en') {
      const translated = lookup(await load(lang, 'errors.json'), code);
      const params = alert.message === null ? {} : messageParams(code, alert.message);
      message = (translated && params && fill(translated, params)) || english;
    }
    const key = CONNECTION_ALERT_KEYS[alert.state];
    const template = lookup(await load(lang), key) ?? (FALLBACK[lang][key] as string);
    const values = { platform: PLATFORM_NAMES[alert.kind], message };
    return {
      title: NOTIFICATION_TITLE,
      body: fill(template, values) ?? (fill(FALLBACK[lang][key] as string, values) as string),
    };
  };
}
