import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { MAX_EXTERNAL_URL_LENGTH, openExternalSafely, safeExternalUrl } from '../src/services/external-links';
import {
  APP_ORIGIN,
  apiCspSource,
  contentSecurityPolicy,
  isAllowedNavigation,
  isTrustedSender,
  permissionRequestPolicy,
  refuseCertificateError,
  removeTlsOverrides,
  webPreferences,
  windowOpenPolicy,
} from '../src/services/security';

const DEV = 'http://localhost:5173';

/** URLs no part of the shell may ever navigate to, open, or hand to the OS. */
const HOSTILE_URLS: [string, string][] = [
  ['javascript scheme', 'javascript:alert(1)'],
  ['javascript with tab', 'java\tscript:alert(1)'],
  ['javascript with newline', 'java\nscript:alert(1)'],
  ['javascript upper case', 'JAVASCRIPT:alert(1)'],
  ['leading space javascript', ' javascript:alert(1)'],
  ['file scheme', 'file:///etc/passwd'],
  ['file on windows', 'file:///C:/Windows/System32/calc.exe'],
  ['UNC path', '\\\\evil.example\\share\\payload.exe'],
  ['data html', 'data:text/html,<script>alert(1)</script>'],
  ['blob', 'blob:https://example.com/uuid'],
  ['custom scheme', 'ms-msdt:/id PCWDiagnostic'],
  ['custom scheme 2', 'slack://open'],
  ['smb', 'smb://evil.example/share'],
  ['vbscript', 'vbscript:msgbox(1)'],
  ['about blank', 'about:blank'],
  ['chrome internal', 'chrome://settings'],
  ['devtools', 'devtools://devtools/bundled/inspector.html'],
  ['mailto', 'mailto:someone@example.com'],
  ['ftp', 'ftp://example.com/file'],
  ['http with credentials', 'http://user:pass@example.com/'],
  ['https with user only', 'https://admin@example.com/'],
  ['credentials hiding host', 'https://www.amazon.co.jp@evil.example/'],
  ['overlong', `https://example.com/${'a'.repeat(MAX_EXTERNAL_URL_LENGTH)}`],
  ['malformed', 'https://'],
  ['malformed 2', 'http://[::1'],
  ['not a url', 'not a url'],
  ['relative', '/shipping-management'],
  ['protocol relative', '//evil.example/'],
  ['empty', ''],
  ['IDN homograph (Cyrillic a)', 'https://\u0430pple.com/'],
  ['IDN punycode', 'https://xn--pple-43d.com/'],
  ['zero-width space in host', 'https://exa\u200bmple.com/'],
  ['right-to-left override', 'https://example.com/\u202Egnp.exe'],
  ['null byte', 'https://example.com/\u0000'],
  ['other app host', 'app://evil/index.html'],
];

const SAFE_WEB_URLS = [
  'https://www.amazon.in/gp/your-account/order-details?orderID=1',
  'http://example.com/track?id=JP123',
  'https://track.aftership.com/JP123456789IN',
  'https://example.com:8443/path#frag',
];

describe('external links', () => {
  it.each(HOSTILE_URLS)('refuses %s', async (_name, url) => {
    const openExternal = vi.fn(async () => {});
    expect(safeExternalUrl(url)).toBeNull();
    await expect(openExternalSafely(url, openExternal)).resolves.toEqual({ opened: false });
    expect(openExternal).not.toHaveBeenCalled();
  });

  it.each(SAFE_WEB_URLS)('opens %s', async (url) => {
    const openExternal = vi.fn(async () => {});
    await expect(openExternalSafely(url, openExternal)).resolves.toEqual({ opened: true });
    expect(openExternal).toHaveBeenCalledWith(new URL(url).href);
  });

  it.each([[42], [null], [undefined], [{ toString: () => 'https://example.com' }]])(
    'refuses non-string %p',
    async (value) => {
      const openExternal = vi.fn(async () => {});
      await expect(openExternalSafely(value, openExternal)).resolves.toEqual({ opened: false });
      expect(openExternal).not.toHaveBeenCalled();
    },
  );

  it.each(['app://kura/../../etc/passwd', 'app://kura/index.html'])(
    'never hands app pages to the OS: %s',
    async (url) => {
      const openExternal = vi.fn(async () => {});
      await expect(openExternalSafely(url, openExternal)).resolves.toEqual({ opened: false });
      expect(openExternal).not.toHaveBeenCalled();
    },
  );

  it('reports a failing OS hand-off as not opened', async () => {
    await expect(
      openExternalSafely('https://example.com', async () => {
        throw new Error('no browser');
      }),
    ).resolves.toEqual({ opened: false });
  });
});

describe('navigation', () => {
  it.each([
    ['app entry', `${APP_ORIGIN}/index.html`, true],
    ['app route', `${APP_ORIGIN}/shipping-management`, true],
    ['app traversal (normalised, still in app)', `${APP_ORIGIN}/../index.html`, true],
    ['other app host', 'app://evil/index.html', false],
    ['look-alike app host', 'app://kura.evil.example/', false],
    ['app host with credentials', 'app://kura@evil/', false],
    ['app with user', 'app://x:y@kura/', false],
    ['upper-case host', 'app://KURA/', false],
    ['dev server without dev mode', `${DEV}/`, false],
    ...HOSTILE_URLS.map(([name, url]) => [name, url, false] as [string, string, boolean]),
    ...SAFE_WEB_URLS.map((url) => [`web page ${url}`, url, false] as [string, string, boolean]),
  ])('%s → %s', (_name, url, allowed) => {
    expect(isAllowedNavigation(url)).toBe(allowed);
  });

  it('allows the dev server only in development, and only its origin', () => {
    expect(isAllowedNavigation(`${DEV}/products`, DEV)).toBe(true);
    expect(isAllowedNavigation('http://localhost:5174/', DEV)).toBe(false);
    expect(isAllowedNavigation('http://127.0.0.1:5173/', DEV)).toBe(false);
    expect(isAllowedNavigation('https://localhost:5173/', DEV)).toBe(false);
    expect(isAllowedNavigation('http://localhost:5173@evil.example/', DEV)).toBe(false);
  });
});

describe('window.open', () => {
  it.each([...HOSTILE_URLS, ['app page', `${APP_ORIGIN}/terms`]])(
    'denies %s without opening anything',
    (_name, url) => {
      const openExternal = vi.fn(async () => {});
      expect(windowOpenPolicy(url, openExternal)).toEqual({ action: 'deny' });
      expect(openExternal).not.toHaveBeenCalled();
    },
  );

  it.each(SAFE_WEB_URLS)('denies %s and hands it to the browser', (url) => {
    const openExternal = vi.fn(async () => {});
    expect(windowOpenPolicy(url, openExternal)).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith(new URL(url).href);
  });
});

describe('IPC sender check', () => {
  it.each([
    [`${APP_ORIGIN}/index.html`, true],
    [`${APP_ORIGIN}/settings/category`, true],
    ['app://evil/index.html', false],
    ['https://evil.example/', false],
    ['file:///tmp/index.html', false],
    ['about:blank', false],
    ['data:text/html,hi', false],
    ['', false],
    [`${DEV}/`, false],
  ])('%s → %s', (url, trusted) => {
    expect(isTrustedSender({ url })).toBe(trusted);
  });

  it('refuses a sender whose frame is gone', () => {
    expect(isTrustedSender({ url: null })).toBe(false);
  });

  it('trusts the dev server only when running from it', () => {
    expect(isTrustedSender({ url: `${DEV}/` }, DEV)).toBe(true);
    expect(isTrustedSender({ url: 'http://localhost:9999/' }, DEV)).toBe(false);
  });
});

describe('web preferences', () => {
  it('sets nothing else: no experimental features, no Blink features, no opt-outs', () => {
    expect(Object.keys(webPreferences('/p')).sort()).toEqual(
      [
        'preload',
        'contextIsolation',
        'sandbox',
        'nodeIntegration',
        'nodeIntegrationInWorker',
        'nodeIntegrationInSubFrames',
        'webSecurity',
        'allowRunningInsecureContent',
        'webviewTag',
        'spellcheck',
        'navigateOnDragDrop',
      ].sort(),
    );
  });

  it('locks the renderer down', () => {
    const prefs = webPreferences('/app/dist-electron/preload.cjs');
    expect(prefs).toMatchObject({
      preload: '/app/dist-electron/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    });
  });
});

describe('permissions', () => {
  it.each([
    'media',
    'geolocation',
    'notifications',
    'clipboard-read',
    'openExternal',
    'fullscreen',
    'hid',
    'usb',
    'serial',
    'unknown',
  ])('denies %s even to the app itself', (permission) => {
    expect(permissionRequestPolicy(permission, `${APP_ORIGIN}/index.html`)).toBe(false);
  });

  it('grants network access to reach the API only to the app page', () => {
    expect(permissionRequestPolicy('loopback-network', `${APP_ORIGIN}/index.html`)).toBe(true);
    expect(permissionRequestPolicy('local-network-access', `${APP_ORIGIN}/`)).toBe(true);
    expect(permissionRequestPolicy('loopback-network', 'https://evil.example/')).toBe(false);
    expect(permissionRequestPolicy('local-network', '')).toBe(false);
  });
});

describe('content security policy', () => {
  const directives = (csp: string) =>
    Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );

  it('is strict, with the API origin as the only other connect source', () => {
    const csp = directives(contentSecurityPolicy({ apiOrigin: 'https://kura.example.com' }));
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://kura.example.com']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
  });

  it('allows any loopback port in local mode and only the team origin in team mode', () => {
    expect(apiCspSource({ mode: 'local' })).toBe('http://127.0.0.1:*');
    expect(apiCspSource({ mode: 'team', url: 'https://kura.example.com/base/' })).toBe(
      'https://kura.example.com',
    );
  });

  it('loosens scripts only for the dev server in development', () => {
    const csp = directives(contentSecurityPolicy({ apiOrigin: 'http://127.0.0.1:*', devServerUrl: DEV }));
    expect(csp['script-src']).toContain(DEV);
    expect(csp['connect-src']).toEqual(["'self'", 'http://127.0.0.1:*', DEV, 'ws://localhost:5173']);
  });
});

describe('external links, any input', () => {
  it('only ever lets through http(s) URLs without credentials, within the length limit', () => {
    const input = fc.oneof(
      fc.string({ maxLength: 64 }),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc
        .tuple(
          fc.constantFrom('javascript:', 'file://', 'data:', 'app://kura/', 'https://u:p@', 'http://'),
          fc.string(),
        )
        .map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(input, (raw) => {
        const url = safeExternalUrl(raw);
        if (url === null) return;
        const parsed = new URL(url);
        expect(['http:', 'https:']).toContain(parsed.protocol);
        expect(parsed.username + parsed.password).toBe('');
        expect(url.length).toBeLessThanOrEqual(MAX_EXTERNAL_URL_LENGTH);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('certificate errors', () => {
  it('refuses every untrusted certificate, once, without taking over the default', () => {
    const callback = vi.fn();
    refuseCertificateError(callback);
    expect(callback).toHaveBeenCalledTimes(1);
    expect(callback).toHaveBeenCalledWith(false);
  });
});

describe("main's own TLS", () => {
  it('drops the environment switch that would skip certificate checks', () => {
    const env: Record<string, string | undefined> = { NODE_TLS_REJECT_UNAUTHORIZED: '0', PATH: '/usr/bin' };
    removeTlsOverrides(env);
    expect(env).toEqual({ PATH: '/usr/bin' });
  });
});
