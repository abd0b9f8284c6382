/**
 * The login route as a first-time visitor's browser loads it: a fresh Chromium context (nothing
 * cached) opens /auth/login on a Kura server, and every JavaScript response is counted from the
 * first request until the sign-in form is usable. The start-route test holds the result to the
 * budget; `npm run bench:ui` prints it.
 *
 * Counted the way an outside probe counts it, so the budget cannot be met by measuring less:
 * - every JS file the page asked for before the form was usable, whoever asked (index.html, a
 *   preload, a lazy import that starts at once), including requests still in flight then;
 * - bytes on the wire as the browser reports them (body and response headers), with the
 *   browser accepting gzip only: the figure does not depend on brotli being available.
 * "Usable" is when a user can type: the email field is on screen, enabled, focused, and the
 * splash no longer covers it.
 */
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type CDPSession,
  type Page,
} from '@playwright/test';
import { STORAGE_KEYS } from '#shared/constants';
import { chromiumArgs } from '../e2e/playwright.config';

export interface JsResponse {
  /** Path on the server, e.g. `/assets/start-Ab12Cd34.js`. */
  path: string;
  /** Bytes on the wire (headers included); 0 when it came from a cache. */
  bytes: number;
  /** Whether a script asked for it (a lazy import) rather than index.html. */
  byScript: boolean;
  /** When it was asked for, in ms since the epoch. */
  requestedAt: number;
  contentEncoding: string | undefined;
}

export interface ColdLogin {
  /** ms from the navigation's start until the form was usable. */
  usableMs: number;
  /** Every JS response asked for before the form was usable. */
  js: JsResponse[];
  /** Their bytes on the wire. */
  jsBytes: number;
}

export const launchChromium = () =>
  chromium.launch({ executablePath: process.env.KURA_CHROMIUM ?? '/usr/bin/chromium', args: chromiumArgs });

/** What the browser accepts: gzip only, as the budget is stated in gzip bytes. */
export const GZIP_ONLY: BrowserContextOptions = { extraHTTPHeaders: { 'accept-encoding': 'gzip' } };

export interface JsLog {
  /** JS responses finished so far, in the order they finished. */
  finished: JsResponse[];
  /** How many JS requests are still in flight. */
  pending(): number;
}

/** Records every JS response of the page from now on. */
export async function recordJs(cdp: CDPSession): Promise<JsLog> {
  const finished: JsResponse[] = [];
  const pending = new Map<string, Omit<JsResponse, 'bytes'> & { cached: boolean }>();
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!/\.m?js(?:\?|$)/.test(e.request.url)) return;
    pending.set(e.requestId, {
      path: new URL(e.request.url).pathname,
      byScript: e.initiator.type === 'script',
      requestedAt: e.wallTime * 1000,
      contentEncoding: undefined,
      cached: false,
    });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const entry = pending.get(e.requestId);
    if (entry) entry.cached = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const entry = pending.get(e.requestId);
    if (!entry) return;
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) entry.cached = true;
    const headers = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]),
    );
    entry.contentEncoding = headers['content-encoding'];
  });
  const settle = (requestId: string, bytes: number) => {
    const entry = pending.get(requestId);
    if (!entry) return;
    pending.delete(requestId);
    const { cached, ...response } = entry;
    finished.push({ ...response, bytes: cached ? 0 : bytes });
  };
  cdp.on('Network.loadingFinished', (e) => settle(e.requestId, e.encodedDataLength));
  cdp.on('Network.loadingFailed', (e) => settle(e.requestId, 0));
  return { finished, pending: () => pending.size };
}

/**
 * Waits until the sign-in form is usable; returns that moment in ms from the navigation's
 * start and in ms since the epoch.
 */
export async function loginUsable(page: Page): Promise<{ ms: number; epochMs: number }> {
  const handle = await page.waitForFunction(
    () => {
      const email = document.querySelector<HTMLInputElement>('input[name="email"]');
      const splash = document.getElementById('splash');
      // The splash lets clicks through as soon as it starts fading out.
      const covered = splash !== null && !splash.classList.contains('splash-hidden');
      const usable = email && !email.disabled && !email.readOnly && document.activeElement === email;
      if (!usable || covered) return 0;
      const now = performance.now();
      return { ms: now, epochMs: performance.timeOrigin + now };
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await handle.jsonValue()) as { ms: number; epochMs: number };
}

/** The JS responses asked for up to `epochMs`, once those still in flight have finished. */
export async function jsAskedForBy(page: Page, log: JsLog, epochMs: number): Promise<JsResponse[]> {
  await page.waitForLoadState('networkidle');
  for (let i = 0; i < 100 && log.pending() > 0; i += 1) await page.waitForTimeout(50);
  return log.finished.filter((r) => r.requestedAt <= epochMs).sort((a, b) => a.requestedAt - b.requestedAt);
}

/** Makes the context's pages start in `language`, as if chosen on an earlier visit. */
export async function presetLanguage(context: BrowserContext, language: 'en' | 'ja'): Promise<void> {
  await context.addInitScript(
    ([key, value]) => localStorage.setItem(key as string, value as string),
    [STORAGE_KEYS.i18nConfig, JSON.stringify({ selectedLang: language })],
  );
}

/**
 * Opens `${url}/auth/login` in a fresh context of `browser`, in `language` when given, and
 * returns what it took until the form was usable.
 */
export async function coldLogin(
  browser: Browser,
  url: string,
  { language }: { language?: 'en' | 'ja' } = {},
): Promise<ColdLogin> {
  const context = await browser.newContext(GZIP_ONLY);
  try {
    if (language) await presetLanguage(context, language);
    const page = await context.newPage();
    const log = await recordJs(await context.newCDPSession(page));
    await page.goto(`${url}/auth/login`, { waitUntil: 'commit' });
    const usable = await loginUsable(page);
    const js = await jsAskedForBy(page, log, usable.epochMs);
    return { usableMs: usable.ms, js, jsBytes: js.reduce((sum, r) => sum + r.bytes, 0) };
  } finally {
    await context.close();
  }
}
