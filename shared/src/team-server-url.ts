/**
 * How safe a team server address is to talk to. https is; plain http only to this computer
 * (loopback), where nothing crosses a network. Any other http address sends passwords and
 * session tokens readable by everyone on the way, so the user must accept that explicitly,
 * and main refuses it otherwise (connectionSchema in ipc.ts).
 */
export type TeamUrlSecurity = 'https' | 'loopback' | 'insecure';

/**
 * Loopback hosts as the WHATWG URL parser leaves them: host lower-cased, IPv4 in dotted form
 * (so 127.1 and 0x7f.0.0.1 already read 127.0.0.1), IPv6 in brackets and compressed. Only the
 * exact name `localhost`: `localhost.evil.com` is a name anyone can register, and
 * `*.localhost` goes through the system resolver from main's own requests.
 */
export function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost') return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)) return true;
  // ::1, and an IPv4-mapped 127.x.y.z (::ffff:7fxx:xxxx once compressed).
  return hostname === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(hostname);
}

/** null for anything that is not an http(s) URL. */
export function teamUrlSecurity(url: string): TeamUrlSecurity | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol === 'https:') return 'https';
  if (parsed.protocol !== 'http:') return null;
  return isLoopbackHost(parsed.hostname) ? 'loopback' : 'insecure';
}

/** A plain http address off this computer: only with the user's explicit consent. */
export function needsInsecureConsent(url: string): boolean {
  return teamUrlSecurity(url) === 'insecure';
}
