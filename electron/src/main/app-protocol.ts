/**
 * `app://kura/` serves the renderer build. A privileged standard scheme gives the page a real
 * origin (for CORS to the API and for localStorage) without the looseness of file://.
 */
import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { mimeTypeOf, resolveAppAsset } from '../services/app-protocol';
import { APP_SCHEME } from '../services/security';

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ]);
}

export function serveRenderer(rendererDir: string, csp: () => string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppAsset(request.url, rendererDir);
    if (file === null) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file);
      const headers: Record<string, string> = {
        'Content-Type': mimeTypeOf(file),
        'X-Content-Type-Options': 'nosniff',
      };
      if (file.endsWith('.html')) headers['Content-Security-Policy'] = csp();
      return new Response(body, { headers });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}
