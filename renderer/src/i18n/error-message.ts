/**
 * Errors in the user's language. The API sends a stable `code` (a MESSAGES key) with its
 * `params`; the `errors` namespace holds every code in both languages with the same
 * placeholders, so a screen translates by code and never shows the server's English.
 * Texts without a code (a shared schema's message in a form) are matched back to their key,
 * parameters included; unknown texts are shown as they came.
 */
import { messageCodeOf, type MessageParams } from '#shared/messages';

/** ApiError messages of failures that never reached the server or could not be read. */
export const NETWORK_ERROR = 'network';
export const BAD_RESPONSE = 'bad-response';
/**
 * The desktop app with its team server out of reach: a write refused, or a read the offline
 * cache does not hold (main's cache answers this code too).
 */
export const OFFLINE = 'offline';

const CLIENT_CODES: Record<string, string> = {
  [NETWORK_ERROR]: 'network',
  [BAD_RESPONSE]: 'badResponse',
  [OFFLINE]: 'offline',
};

export interface CodedError {
  code?: string;
  message: string;
  params?: MessageParams;
}

/** i18next's `t`, as far as this module needs it. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The `errors:` key and parameters for a message text, if it is one we know. */
export function errorKeyOf(text: string): string | undefined {
  return CLIENT_CODES[text] ?? messageCodeOf(text)?.code;
}

const MISSING = '\u0000missing';

/** `errors:<code>` in the current language, or undefined when there is no such key. */
function translateCode(t: Translate, code: string, params: MessageParams = {}): string | undefined {
  // A reference's label (category, supplier…) is a word of the API: say it in the language too.
  const label =
    typeof params.label === 'string'
      ? t(`errors:labels.${params.label}`, { defaultValue: params.label })
      : undefined;
  const text = t(`errors:${code}`, { ...params, ...(label ? { label } : {}), defaultValue: MISSING });
  return text === MISSING ? undefined : text;
}

/** A message text (from a form or a server without codes) in the current language. */
export function translateMessage(t: Translate, text: string): string {
  const client = CLIENT_CODES[text];
  if (client) return translateCode(t, client) ?? text;
  const known = messageCodeOf(text);
  return (known && translateCode(t, known.code, known.params)) ?? text;
}

/**
 * An API error (or one of its field errors) in the current language: by its code, else by its
 * text, else a generic sentence, so a Japanese screen never falls back to English.
 */
export function translateError(t: Translate, error: CodedError): string {
  if (error.code) {
    const byCode = translateCode(t, error.code, error.params);
    if (byCode) return byCode;
  }
  // A known text (a server without codes) translates by the code it stands for. Comparing the
  // translation with the text would not do: in English the two are the same.
  const client = CLIENT_CODES[error.message];
  const known: { code: string; params?: MessageParams } | undefined = client
    ? { code: client }
    : messageCodeOf(error.message);
  const byText = known && translateCode(t, known.code, known.params);
  if (byText) return byText;
  return translateCode(t, error.code ? 'requestFailed' : 'somethingWentWrong') ?? error.message;
}
