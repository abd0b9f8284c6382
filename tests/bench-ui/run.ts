/**
 * `npm run bench:ui`: what a user waits for in Chromium, against the built renderer served by a
 * Kura server on loopback (demo data), median of several runs:
 * - the login form, cold (a fresh browser context each run: nothing cached): time until it is
 *   usable, and every JavaScript file asked for until then with its gzip bytes on the wire
 *   (cold-login.ts, the start-route test's measure), in English and in Japanese;
 * - the same page reloaded warm (same context): bytes fetched again;
 * - a menu click to Products and a settings card: time from the click until rows are on screen,
 *   with the menu item hovered first as a user's pointer does, and the longest main-thread task
 *   meanwhile;
 * - the floor: a trivial static file (favicon.svg) fetched from the same server in the same run;
 * - the packing station through a shift: 1,000 scans into one open order, each scan's time
 *   from Enter to its feedback on screen.
 * It also reads the build itself (renderer/build/start-route.ts): bytes and waves that load on
 * the machine cannot change. Prints a table; KURA_BENCH_UI_RUNS sets the run count (default 7).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { analyseStartRoute } from '../../renderer/build/start-route';
import { withJanCheckDigit } from '../../shared/src/domain/jan';
import { DEMO_ACCOUNTS, DEMO_PASSWORDS } from '../../server/src/demo/seed';
import { startServer } from '../../server/src/server';
import {
  coldLogin as coldLoginOnce,
  GZIP_ONLY,
  jsAskedForBy,
  launchChromium,
  loginUsable,
  recordJs,
} from './cold-login';

const RUNS = Number(process.env.KURA_BENCH_UI_RUNS ?? 7);
const rendererDir = path.resolve(import.meta.dirname, '../../dist/renderer');

declare global {
  interface Window {
    __kuraBench?: { clickAt: number; doneAt: number; longTasks: { start: number; duration: number }[] };
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * Main-thread CPU time of the page's renderer from a Chromium trace: the sum and the longest of
 * its tasks, in thread time (`tdur`), which other processes competing for the cores disturb
 * far less than wall-clock time.
 */
async function traced<T>(browser: Browser, page: Page, run: () => Promise<T>) {
  await browser.startTracing(page, { categories: ['toplevel', 'disabled-by-default-devtools.timeline'] });
  const result = await run();
  const buffer = await browser.stopTracing();
  const { traceEvents } = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
  const mains = new Set(
    traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, number[]>();
  for (const e of traceEvents) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name !== 'RunTask' || e.ph !== 'X' || !mains.has(key)) continue;
    const list = byThread.get(key) ?? [];
    list.push((e.tdur ?? e.dur ?? 0) / 1000);
    byThread.set(key, list);
  }
  // The page's renderer is the busiest one.
  const tasks = [...byThread.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  return {
    result,
    cpuMs: tasks.reduce((sum, t) => sum + t, 0),
    longestCpuMs: Math.max(0, ...tasks),
  };
}

async function floorMs(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const start = performance.now();
    await (await fetch('/favicon.svg', { cache: 'no-store' })).text();
    return performance.now() - start;
  });
}

/**
 * A cold sign-in form: the JS the page asked for before the form was usable, counted as the
 * start-route test counts it (cold-login.ts: every file, gzip bytes on the wire), the time and
 * main-thread CPU until then, the floor, and what a warm reload fetches again.
 */
async function coldLogin(browser: Browser, url: string) {
  const context = await browser.newContext(GZIP_ONLY);
  try {
    const page = await context.newPage();
    const log = await recordJs(await context.newCDPSession(page));
    const { result: usable, cpuMs } = await traced(browser, page, async () => {
      await page.goto(`${url}/auth/login`, { waitUntil: 'commit' });
      return loginUsable(page);
    });
    const js = await jsAskedForBy(page, log, usable.epochMs);
    const floor = await floorMs(page);
    log.finished.length = 0;
    await page.reload({ waitUntil: 'commit' });
    await loginUsable(page);
    await page.waitForLoadState('networkidle');
    const warmBytes = log.finished.reduce((sum, r) => sum + r.bytes, 0);
    return {
      usableMs: usable.ms,
      cpuMs,
      floorMs: floor,
      jsFiles: js.length,
      jsBytes: js.reduce((sum, r) => sum + r.bytes, 0),
      byScript: js.filter((r) => r.byScript).length,
      warmBytes,
    };
  } finally {
    await context.close();
  }
}

/** The same in Japanese (chosen on an earlier visit): JS bytes before the form is usable. */
async function coldLoginJapanese(browser: Browser, url: string) {
  return (await coldLoginOnce(browser, url, { language: 'ja' })).jsBytes;
}

async function installObservers(page: Page) {
  await page.evaluate(() => {
    const bench = { clickAt: 0, doneAt: 0, longTasks: [] as { start: number; duration: number }[] };
    window.__kuraBench = bench;
    document.addEventListener('click', () => (bench.clickAt = performance.now()), { capture: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: false });
  });
}

/** Hover, click, then the time until `rows` table rows of data are on screen. */
async function timedClick(page: Page, link: ReturnType<Page['getByRole']>, minRows: number) {
  await link.hover();
  // A pointer rests on an item a moment before the click lands.
  await page.waitForTimeout(120);
  await page.evaluate(() => {
    const bench = window.__kuraBench;
    if (bench) bench.longTasks.length = 0;
  });
  await link.click();
  const handle = await page.waitForFunction(
    (min) => {
      const rows = document.querySelectorAll('main tbody tr, main [role="row"]');
      const bench = window.__kuraBench;
      if (!bench || rows.length < min || document.querySelector('main [role="progressbar"]')) return null;
      bench.doneAt = performance.now();
      const during = bench.longTasks.filter((t) => t.start + t.duration >= bench.clickAt);
      return { ms: bench.doneAt - bench.clickAt, longest: Math.max(0, ...during.map((t) => t.duration)) };
    },
    minRows,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await handle.jsonValue()) as { ms: number; longest: number };
}

/** Signs the demo administrator in through the form; answers the side menu once it shows. */
async function signIn(page: Page, url: string) {
  await page.goto(`${url}/auth/login`);
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.admin.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORDS.admin);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const menu = page.getByTestId('side-menu');
  await menu.waitFor();
  return menu;
}

async function menuClicks(browser: Browser, url: string) {
  const timed = async (page: Page, link: ReturnType<Page['getByRole']>, minRows: number) => {
    const { result, longestCpuMs } = await traced(browser, page, () => timedClick(page, link, minRows));
    return { ...result, longestCpuMs };
  };
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  try {
    const page = await context.newPage();
    const menu = await signIn(page, url);
    await page.waitForLoadState('networkidle');
    await installObservers(page);
    const products = await timed(page, menu.getByRole('link', { name: 'Products', exact: true }), 3);
    await page.waitForLoadState('networkidle');
    await page.goto(`${url}/settings`);
    await menu.waitFor();
    await page.waitForLoadState('networkidle');
    await installObservers(page);
    const settingsCard = await timed(page, page.locator('main a[href$="/settings/category"]').first(), 3);
    return { products, settingsCard };
  } finally {
    await context.close();
  }
}

/**
 * The packing station through a shift: an accepted order of one product, 1,000 units, opened by
 * its id and scanned 1,000 times as a keyboard-wedge scanner types (the digits, then Enter).
 * Each scan's time, Enter to its feedback on screen, is what the page measures itself
 * (`kura:pack-scan`).
 */
async function packingShift(browser: Browser, url: string) {
  const api = async (pathname: string, method: string, body: unknown, token?: string) => {
    const res = await fetch(`${url}/api/v1/${pathname}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Token ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { data: unknown; token?: string };
  };
  const { token } = (await api('auth/login', 'POST', {
    email: DEMO_ACCOUNTS.admin.email,
    password: DEMO_PASSWORDS.admin,
  })) as { token: string };
  const tag = Date.now() % 1e9;
  const jan = withJanCheckDigit(`24${String(tag).padStart(10, '0')}`);
  const product = (await api(
    'products',
    'POST',
    { name: `Bench packing ${tag}`, skuCode: `BENCH-PACK-${tag}`, janCode: jan, inStockQuantity: 1000 },
    token,
  )) as { data: { _id: string } };
  const orderId = `409-${tag}-PK`;
  const order = (await api(
    'orders',
    'POST',
    {
      product: product.data._id,
      platformCode: 'AMAZONIND',
      orderId,
      orderQuantity: 1000,
      currency: 'INR',
      baseOrderPrice: 1000,
    },
    token,
  )) as { data: { _id: string } };
  await api('orders/status', 'PUT', { ids: [order.data._id], shipmentStatus: 'ACCEPTED' }, token);

  const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await signIn(page, url);
    await page.goto(`${url}/packing`);
    const scan = async (code: string) => {
      await page.keyboard.insertText(code);
      await page.keyboard.press('Enter');
    };
    await page.getByTestId('scan-field').focus();
    await scan(orderId);
    await page
      .getByTestId('pack-progress')
      .filter({ hasText: /^0\D+1,?000/ })
      .waitFor();
    for (let i = 0; i < 1000; i += 1) await scan(jan);
    await page
      .getByTestId('pack-progress')
      .filter({ hasText: /^1,?000\D+1,?000/ })
      .waitFor();
    const times = await page.evaluate(() =>
      performance.getEntriesByName('kura:pack-scan').map((entry) => entry.duration),
    );
    const sorted = [...times].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return {
      count: times.length,
      p50: at(0.5),
      p95: at(0.95),
      max: sorted.at(-1) ?? 0,
      first100: median(times.slice(0, 100)),
      last100: median(times.slice(-100)),
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

async function main() {
  const build = analyseStartRoute(rendererDir);
  const dir = mkdtempSync(path.join(tmpdir(), 'kura-bench-ui-'));
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    databaseUrl: path.join(dir, 'kura.sqlite'),
    rendererDir,
    demo: true,
    restrictedBrand: false,
    loginRateLimit: 10_000,
    logLevel: 'warn',
  });
  const browser = await launchChromium();
  const loadBefore = loadavg()[0] ?? 0;
  try {
    const cold = [];
    const clicks = [];
    const japanese = [];
    for (let i = 0; i < RUNS; i += 1) {
      cold.push(await coldLogin(browser, server.url));
      japanese.push(await coldLoginJapanese(browser, server.url));
      clicks.push(await menuClicks(browser, server.url));
    }
    const shift = await packingShift(browser, server.url);
    const loadAfter = loadavg()[0] ?? 0;
    const rows: [string, string, string][] = [
      ['login route JS (build, gzip)', kb(build.neededGzipBytes), '≤ 200 KB'],
      [
        'login route JS files / found late (build)',
        `${build.needed.length} / ${build.late.length}`,
        'late: 0',
      ],
      ['login route JS to parse (build, raw)', kb(build.neededRawBytes), ''],
      ['cold: JS files before the form is usable', String(median(cold.map((c) => c.jsFiles))), ''],
      ['cold: their gzip bytes on the wire', kb(median(cold.map((c) => c.jsBytes))), '≤ 200 KB'],
      ['cold, in Japanese: the same', kb(median(japanese)), '≤ 200 KB'],
      [
        'cold: of those, asked for by a script',
        String(median(cold.map((c) => c.byScript))),
        'the entry asks for its texts',
      ],
      ['cold: login form usable', ms(median(cold.map((c) => c.usableMs))), '≤ 400 ms'],
      ['cold: main-thread CPU until usable (trace)', ms(median(cold.map((c) => c.cpuMs))), ''],
      ['floor: favicon.svg fetch', ms(median(cold.map((c) => c.floorMs))), ''],
      ['warm reload: JS bytes fetched', kb(median(cold.map((c) => c.warmBytes))), '0'],
      ['menu click → Products rows', ms(median(clicks.map((c) => c.products.ms))), '≤ 150 ms'],
      ['settings card → rows', ms(median(clicks.map((c) => c.settingsCard.ms))), '≤ 150 ms'],
      [
        'longest task while switching (wall, median)',
        ms(median(clicks.map((c) => Math.max(c.products.longest, c.settingsCard.longest)))),
        '≤ 50 ms',
      ],
      [
        'longest task while switching (CPU, trace, median)',
        ms(median(clicks.map((c) => Math.max(c.products.longestCpuMs, c.settingsCard.longestCpuMs)))),
        '≤ 50 ms',
      ],
      [`packing: scan → feedback, p95 of ${shift.count} scans`, `${shift.p95.toFixed(1)} ms`, '≤ 50 ms'],
      ['packing: scan → feedback, p50 / max', `${shift.p50.toFixed(1)} / ${shift.max.toFixed(1)}`, ''],
      [
        'packing: first 100 scans / last 100 (median)',
        `${shift.first100.toFixed(1)} / ${shift.last100.toFixed(1)}`,
        'no slower by the end',
      ],
    ];
    const width = Math.max(...rows.map((r) => r[0].length));
    console.log(
      `\nKura UI bench: ${RUNS} runs, medians; load average ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)}`,
    );
    console.log(`${'measure'.padEnd(width)} | ${'value'.padStart(10)} | target`);
    console.log(`${'-'.repeat(width)}-|-${'-'.repeat(10)}-|-${'-'.repeat(14)}`);
    for (const [name, value, target] of rows)
      console.log(`${name.padEnd(width)} | ${value.padStart(10)} | ${target}`);
    console.log(
      `\nper run (ms): login ${cold.map((c) => Math.round(c.usableMs)).join(', ')}; ` +
        `products ${clicks.map((c) => Math.round(c.products.ms)).join(', ')}; ` +
        `settings ${clicks.map((c) => Math.round(c.settingsCard.ms)).join(', ')}; ` +
        `floor ${cold.map((c) => Math.round(c.floorMs)).join(', ')}`,
    );
  } finally {
    await browser.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
