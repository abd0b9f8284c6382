/**
 * The only door from the app to the user's browser. A compromised or buggy page must not be
 * able to launch other programs through `shell.openExternal` (file:, custom schemes,
 * javascript:), so only plain web addresses pass.
 */

export const MAX_EXTERNAL_URL_LENGTH = 2048;

export type OpenExternal = (url: string) => Promise<void>;

/** The URL that may be opened, normalised by the WHATWG parser; null when refused. */
export function safeExternalUrl(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_EXTERNAL_URL_LENGTH) return null;
  // The URL parser silently drops tabs, newlines and surrounding spaces ("java\nscript:"),
  // so anything it would rewrite that way is refused instead of being "repaired".
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/u.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  if (url.hostname === '') return null;
  // Look-alike hosts (Cyrillic "а" for Latin "a") become punycode: refuse them rather than
  // show the user a page that is not what the link text claims.
  if (url.hostname.split('.').some((label) => label.startsWith('xn--'))) return null;
  const href = url.href;
  return href.length > MAX_EXTERNAL_URL_LENGTH ? null : href;
}

export async function openExternalSafely(
  raw: unknown,
  openExternal: OpenExternal,
): Promise<{ opened: boolean }> {
  const url = safeExternalUrl(raw);
  if (url === null) return { opened: false };
  try {
    await openExternal(url);
    return { opened: true };
  } catch {
    return { opened: false };
  }
}
