/**
 * The window's security policy (Electron's security checklist) as pure functions,
 * so every rule is tested in Node and the glue only plugs them into Electron's hooks.
 */
import type { Connection } from '#shared/ipc';
import { openExternalSafely, safeExternalUrl, type OpenExternal } from './external-links';

export const APP_SCHEME = 'app';
export const APP_HOST = 'kura';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** The subset of Electron's WebPreferences we set; the glue passes it to BrowserWindow. */
export interface SecureWebPreferences {
  preload: string;
  contextIsolation: true;
  sandbox: true;
  nodeIntegration: false;
  nodeIntegrationInWorker: false;
  nodeIntegrationInSubFrames: false;
  webSecurity: true;
  allowRunningInsecureContent: false;
  webviewTag: false;
  spellcheck: false;
  navigateOnDragDrop: false;
}

export function webPreferences(preload: string): SecureWebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: false,
    navigateOnDragDrop: false,
  };
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * True for pages of the app itself: `app://kura/…`, or in development the Vite dev server.
 * Node's URL gives non-special schemes the origin "null", hence the explicit protocol and
 * host comparison instead of comparing origins.
 */
export function isAppUrl(url: string, devServerUrl?: string): boolean {
  const parsed = parse(url);
  if (!parsed) return false;
  if (parsed.protocol === `${APP_SCHEME}:`) {
    return parsed.host === APP_HOST && parsed.username === '' && parsed.password === '';
  }
  if (devServerUrl) {
    const dev = parse(devServerUrl);
    return (
      dev !== null && (dev.protocol === 'http:' || dev.protocol === 'https:') && parsed.origin === dev.origin
    );
  }
  return false;
}

/** `will-navigate` / `will-redirect`: the window only ever shows the app's own pages. */
export function isAllowedNavigation(url: string, devServerUrl?: string): boolean {
  return isAppUrl(url, devServerUrl);
}

/**
 * `setWindowOpenHandler`: never a new Electron window (it would escape these rules);
 * web links go to the user's browser instead.
 */
export function windowOpenPolicy(url: string, openExternal: OpenExternal): { action: 'deny' } {
  if (safeExternalUrl(url) !== null) void openExternalSafely(url, openExternal);
  return { action: 'deny' };
}

const NETWORK_PERMISSIONS = new Set(['local-network-access', 'loopback-network', 'local-network']);

/**
 * Permission requests and checks. The app needs no camera, microphone, location,
 * notifications from the page, clipboard reading…: all denied. The one exception is
 * Chromium's Local Network Access prompt: the app's own page must reach its built-in API on
 * 127.0.0.1 or a team server on the office LAN (the CSP still limits it to that one API).
 */
export function permissionRequestPolicy(
  permission: string,
  requestingUrl: string,
  devServerUrl?: string,
): boolean {
  return NETWORK_PERMISSIONS.has(permission) && isAppUrl(requestingUrl, devServerUrl);
}

export interface CspOptions {
  /** Origin of the API the renderer calls, e.g. https://kura.example.com. */
  apiOrigin?: string;
  /** Development only: the Vite dev server, whose client needs inline scripts and a socket. */
  devServerUrl?: string;
}

/** Local mode's API listens on a random port, so any 127.0.0.1 port is allowed then. */
export const LOCAL_API_SOURCE = 'http://127.0.0.1:*';

/** The CSP of every app page. Fluent UI injects style elements, hence 'unsafe-inline' for styles. */
export function contentSecurityPolicy({ apiOrigin, devServerUrl }: CspOptions = {}): string {
  const connect = ["'self'"];
  const scripts = ["'self'"];
  if (apiOrigin) connect.push(apiOrigin);
  const dev = devServerUrl ? parse(devServerUrl) : null;
  if (dev) {
    scripts.push("'unsafe-inline'", dev.origin);
    connect.push(dev.origin, `${dev.protocol === 'https:' ? 'wss' : 'ws'}://${dev.host}`);
  }
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    // index.html sets <base href="/"> so a reload on a deep route still finds ./assets.
    "base-uri 'self'",
    "form-action 'none'",
  ].join('; ');
}

/** The CSP source of the API: local mode any loopback port (chosen at start), team mode its origin. */
export function apiCspSource(connection: Connection): string {
  return connection.mode === 'local' ? LOCAL_API_SOURCE : new URL(connection.url).origin;
}

/**
 * `certificate-error`: a certificate Chromium does not trust (self-signed, expired, wrong
 * host…) is refused for every server and every error. No exception list, no "accept anyway":
 * a team server that needs one must get a certificate the system trusts. Not calling
 * `event.preventDefault()` keeps Electron's own refusal too.
 */
export function refuseCertificateError(callback: (trusted: boolean) => void): void {
  callback(false);
}

/**
 * Main's own requests (the order poller, CSV exports) use Node's fetch, which checks
 * certificates itself and skips the check when NODE_TLS_REJECT_UNAUTHORIZED=0 is in the
 * environment (Node reads it at each connection). The app never wants that.
 */
export function removeTlsOverrides(env: Record<string, string | undefined>): void {
  delete env.NODE_TLS_REJECT_UNAUTHORIZED;
}

/** IPC sender check: only the app's own page (by its frame URL) may call main. */
export function isTrustedSender(sender: { url: string | null }, devServerUrl?: string): boolean {
  return typeof sender.url === 'string' && isAppUrl(sender.url, devServerUrl);
}
