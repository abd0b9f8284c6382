/**
 * Server and validation texts arrive in English (shared/src/messages.ts). The `errors`
 * namespace holds each under the same key as MESSAGES, so a reverse lookup finds the
 * translation; unknown texts are shown as they came.
 */
import { MESSAGES } from '#shared/messages';
import { BAD_RESPONSE, NETWORK_ERROR } from '../api/http';

const keyByText = new Map<string, string>([
  ...Object.entries(MESSAGES).map(([key, text]) => [text, key] as [string, string]),
  [NETWORK_ERROR, 'network'],
  [BAD_RESPONSE, 'badResponse'],
]);

/** The `errors:` key for a message text, if it is one we know. */
export function errorKeyOf(text: string): string | undefined {
  return keyByText.get(text);
}

type Translate = (key: string) => string;

export function translateMessage(t: Translate, text: string): string {
  const key = errorKeyOf(text);
  return key ? t(`errors:${key}`) : text;
}
