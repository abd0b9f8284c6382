/**
 * Plugs the pure policies of services/security.ts into Electron's hooks, for every web
 * contents the app ever creates (not only the main window).
 */
import { app, session, shell, type Session } from 'electron';
import {
  contentSecurityPolicy,
  type CspOptions,
  isAllowedNavigation,
  isAppUrl,
  permissionRequestPolicy,
  refuseCertificateError,
  windowOpenPolicy,
} from '../services/security';

export function installSecurityHooks({
  devServerUrl,
  cspOptions,
}: {
  devServerUrl: string | undefined;
  cspOptions: () => CspOptions;
}): void {
  const openExternal = (url: string) => shell.openExternal(url);

  app.on('web-contents-created', (_event, contents) => {
    const guard = (event: { preventDefault(): void }, url: string) => {
      if (!isAllowedNavigation(url, devServerUrl)) event.preventDefault();
    };
    contents.on('will-navigate', (event) => guard(event, event.url));
    contents.on('will-frame-navigate', (event) => guard(event, event.url));
    contents.on('will-redirect', (event) => guard(event, event.url));
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => windowOpenPolicy(url, openExternal));
  });

  app.on('certificate-error', (_event, _contents, url, error, _certificate, callback) => {
    console.warn(`[security] refused an untrusted certificate for ${url}: ${error}`);
    refuseCertificateError(callback);
  });

  const secure = (ses: Session) => {
    ses.setPermissionRequestHandler((webContents, permission, callback, details) =>
      callback(
        permissionRequestPolicy(permission, details.requestingUrl ?? webContents.getURL(), devServerUrl),
      ),
    );
    ses.setPermissionCheckHandler((_webContents, permission, requestingOrigin) =>
      permissionRequestPolicy(permission, requestingOrigin, devServerUrl),
    );
    // app:// responses carry their CSP from the protocol handler; this covers pages served over
    // http (the Vite dev server in development).
    ses.webRequest.onHeadersReceived((details, callback) => {
      const isPage = details.resourceType === 'mainFrame' || details.resourceType === 'subFrame';
      if (!isPage || !isAppUrl(details.url, devServerUrl)) return callback({});
      callback({
        responseHeaders: {
          ...details.responseHeaders,
          'Content-Security-Policy': [contentSecurityPolicy(cspOptions())],
        },
      });
    });
  };
  secure(session.defaultSession);
}
