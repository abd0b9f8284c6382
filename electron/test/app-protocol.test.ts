import nodePath from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mimeTypeOf, resolveAppAsset } from '../src/services/app-protocol';

const ROOT = '/opt/kura/dist/renderer';
const WIN_ROOT = 'C:\\Program Files\\Kura\\resources\\app.asar\\dist\\renderer';

describe('app:// path resolution', () => {
  it.each([
    ['app://kura/', `${ROOT}/index.html`],
    ['app://kura', `${ROOT}/index.html`],
    ['app://kura/index.html', `${ROOT}/index.html`],
    ['app://kura/assets/index-abc123.js', `${ROOT}/assets/index-abc123.js`],
    ['app://kura/assets/logo%20large.svg', `${ROOT}/assets/logo large.svg`],
    ['app://kura/assets/app.css?v=1#x', `${ROOT}/assets/app.css`],
    // Client-side routes get the app shell.
    ['app://kura/shipping-management', `${ROOT}/index.html`],
    ['app://kura/settings/category', `${ROOT}/index.html`],
    // Literal dot segments are normalised by the URL parser before we see them: still inside.
    ['app://kura/assets/../index.html', `${ROOT}/index.html`],
    ['app://kura/../../../etc/passwd.txt', `${ROOT}/etc/passwd.txt`],
  ])('%s → %s', (url, expected) => {
    expect(resolveAppAsset(url, ROOT, nodePath.posix)).toBe(expected);
  });

  it.each([
    ['encoded slash', 'app://kura/..%2f..%2fetc%2fpasswd'],
    ['encoded slash upper case', 'app://kura/assets%2F..%2F..%2Fsecret.txt'],
    ['encoded backslash', 'app://kura/..%5c..%5cwindows%5cwin.ini'],
    ['NUL byte', 'app://kura/index.html%00.png'],
    ['drive letter', 'app://kura/C:/Windows/win.ini'],
    ['encoded drive letter', 'app://kura/C%3A/Windows/win.ini'],
    ['bad percent encoding', 'app://kura/%E0%A4%A.js'],
    ['another host', 'app://evil/index.html'],
    ['credentials', 'app://user@kura/index.html'],
    ['another scheme', 'file:///opt/kura/dist/renderer/index.html'],
    ['https', 'https://kura/index.html'],
    ['not a url', 'index.html'],
  ])('refuses %s', (_name, url) => {
    expect(resolveAppAsset(url, ROOT, nodePath.posix)).toBeNull();
  });

  it.each([
    'app://kura/%2e%2e/%2e%2e/etc/passwd',
    'app://kura/.%2e/.%2e/secret.txt',
    'app://kura/%252e%252e/%252e%252e/secret.txt',
    'app://kura/./././../secret.txt',
    'app://kura/a/b/c/../../../../../../secret.txt',
  ])('never leaves the build folder: %s', (url) => {
    const file = resolveAppAsset(url, ROOT, nodePath.posix);
    expect(file === null || file.startsWith(`${ROOT}/`)).toBe(true);
  });

  it('stays inside the folder with Windows paths too', () => {
    expect(resolveAppAsset('app://kura/assets/a.js', WIN_ROOT, nodePath.win32)).toBe(
      `${WIN_ROOT}\\assets\\a.js`,
    );
    expect(resolveAppAsset('app://kura/..%5c..%5csecret.txt', WIN_ROOT, nodePath.win32)).toBeNull();
    expect(resolveAppAsset('app://kura/assets/..\\..\\secret.txt', WIN_ROOT, nodePath.win32)).toBeNull();
    expect(resolveAppAsset('app://kura/D:%5Csecret.txt', WIN_ROOT, nodePath.win32)).toBeNull();
    expect(resolveAppAsset('app://kura/%5C%5Cserver%5Cshare%5Cx.txt', WIN_ROOT, nodePath.win32)).toBeNull();
  });

  it('serves the plain build files and refuses their brotli and gzip copies', () => {
    expect(resolveAppAsset('app://kura/assets/start-Ab1.js', ROOT, nodePath.posix)).toBe(
      `${ROOT}/assets/start-Ab1.js`,
    );
    for (const url of [
      'app://kura/assets/start-Ab1.js.br',
      'app://kura/assets/start-Ab1.js.gz',
      'app://kura/index.html.GZ',
    ]) {
      expect(resolveAppAsset(url, ROOT, nodePath.posix), url).toBeNull();
    }
  });

  it('serves known types with their content type and the rest as bytes', () => {
    expect(mimeTypeOf('/x/index.html')).toBe('text/html; charset=utf-8');
    expect(mimeTypeOf('/x/a.JS')).toBe('text/javascript; charset=utf-8');
    expect(mimeTypeOf('/x/font.woff2')).toBe('font/woff2');
    expect(mimeTypeOf('/x/unknown.bin')).toBe('application/octet-stream');
  });
});

describe('app:// path resolution, any input', () => {
  const segment = fc.oneof(
    fc.constantFrom(
      '..',
      '.',
      '%2e%2e',
      '%2E.',
      '..%2f',
      '%5c..',
      'C:',
      '%00',
      '\\..',
      'assets',
      'index.html',
      'a.js',
      '',
    ),
    fc.string({ maxLength: 12 }),
  );
  it('never resolves outside the build folder (posix and Windows)', () => {
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }), (segments) => {
        const url = `app://kura/${segments.join('/')}`;
        for (const [api, root] of [
          [nodePath.posix, ROOT],
          [nodePath.win32, WIN_ROOT],
        ] as const) {
          const file = resolveAppAsset(url, root, api);
          if (file !== null) expect(file.startsWith(root + api.sep)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
