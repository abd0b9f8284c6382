/**
 * The login route's budget, checked on a real build served by a real Kura server: at most
 * 200 KB of gzip JavaScript on the wire in Chromium before the form is usable, every file
 * counted (tests/bench-ui/cold-login.ts), in either language; all of it named by index.html or
 * asked for by its script at once (one wave of requests); no schema, form or query library and
 * none of Fluent's menu, positioning or toast code on the way to the form.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/src/server';
import { coldLogin, launchChromium } from '../../tests/bench-ui/cold-login';
import {
  analyseStartRoute,
  dynamicImportsOf,
  START_ROUTE_BUDGET_BYTES,
  staticImportsOf,
  type StartRoute,
} from './start-route';

const config = new URL('../vite.config.ts', import.meta.url).pathname;

describe('the login route of a production build', () => {
  let outDir: string;
  let route: StartRoute;

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'kura-start-route-'));
    // The test runner sets NODE_ENV=test, which would build React's development code.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({
        configFile: config,
        mode: 'production',
        logLevel: 'silent',
        build: { outDir, emptyOutDir: true },
      });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    route = analyseStartRoute(outDir);
  }, 240_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('runs at most 200 KB of gzip JavaScript', () => {
    expect(route.neededGzipBytes).toBeGreaterThan(50 * 1024);
    expect(route.neededGzipBytes).toBeLessThanOrEqual(START_ROUTE_BUDGET_BYTES);
  });

  it('fetches at most 200 KB of gzip JavaScript in Chromium before the form is usable, in either language', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kura-start-route-db-'));
    const server = await startServer({
      host: '127.0.0.1',
      port: 0,
      databaseUrl: join(dir, 'kura.sqlite'),
      rendererDir: outDir,
      demo: false,
      restrictedBrand: false,
      logLevel: 'warn',
    });
    const browser = await launchChromium();
    try {
      for (const language of ['en', 'ja'] as const) {
        const cold = await coldLogin(browser, server.url, { language });
        const files = cold.js.map((r) => `${r.path} ${r.bytes}`).join(', ');
        // Nothing came uncompressed by mistake (small files are sent as they are).
        expect(
          cold.js.every((r) => r.contentEncoding === 'gzip' || r.bytes < 4096),
          files,
        ).toBe(true);
        expect(
          cold.js.some((r) => /\/start-/.test(r.path)),
          files,
        ).toBe(true);
        expect(cold.jsBytes, `${language}: ${files}`).toBeLessThanOrEqual(START_ROUTE_BUDGET_BYTES);
      }
    } finally {
      await browser.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('arrives in one wave: index.html or its entry script asks for every file the form runs', () => {
    expect(route.late).toEqual([]);
    // The entry asks for the texts as soon as it arrives, not after the start chunk.
    expect(route.entryImports).toEqual([]);
    expect(route.askedByEntry.map((f) => /sign-in-texts\.(\w+)-/.exec(f)?.[1]).sort()).toEqual(['en', 'ja']);
    // Only the user's language is fetched: index.html preloads neither.
    expect(route.firstWave.filter((f) => /sign-in-texts/.test(f))).toEqual([]);
    expect(route.needed.some((f) => /\/sign-in-[\w-]+\.js$/.test(f))).toBe(true);
    expect(route.needed.some((f) => /\/start-[\w-]+\.js$/.test(f))).toBe(true);
    expect(route.needed.some((f) => /\/sign-in-texts\.en-/.test(f))).toBe(true);
  });

  it('runs no schema library, form library, query library, menu, positioning or toaster code', () => {
    const code = route.needed.map((f) => readFileSync(join(outDir, f), 'utf8')).join('\n');
    // Strings each library keeps in its minified code.
    expect(code).not.toMatch(/ZodError|\$ZodType/);
    expect(code).not.toMatch(/useForm must be used|react-hook-form/);
    expect(code).not.toMatch(/fui-MenuPopover|fui-MenuList/);
    expect(code).not.toMatch(/fui-Toaster|fui-Toast\b/);
    expect(code).not.toMatch(/@floating-ui|computePosition/);
    expect(code).not.toMatch(/Missing queryFn|getQueryCache/);
    // The markers are real: the lazy parts of the build carry them.
    const assets = readdirSync(join(outDir, 'assets')).filter((f) => f.endsWith('.js'));
    const lazy = assets.map((f) => readFileSync(join(outDir, 'assets', f), 'utf8')).join('\n');
    expect(lazy).toMatch(/ZodError|\$ZodType/);
    expect(lazy).toMatch(/fui-MenuPopover/);
    expect(lazy).toMatch(/fui-Toaster/);
    expect(lazy).toMatch(/Missing queryFn/);
  });

  it('writes brotli and gzip copies of the start files', () => {
    for (const file of route.needed) {
      if (readFileSync(join(outDir, file)).length < 1024) continue;
      expect(existsSync(join(outDir, `${file}.br`)), file).toBe(true);
      expect(existsSync(join(outDir, `${file}.gz`)), file).toBe(true);
    }
    expect(existsSync(join(outDir, 'index.html.gz'))).toBe(true);
  });
});

describe('reading imports from a built chunk', () => {
  const source =
    'import{a as b}from"./start-Ab1.js";import"./side-Cd2.js";export{t as default}from"./sign-in-Ef3.js";' +
    'const l=()=>import("./lazy-Gh4.js"),m=()=>n(()=>import(`./texts.en-Ij5.js`),[]);';

  it('finds import and re-export statements, not lazy import() calls', () => {
    expect(staticImportsOf(source)).toEqual(['start-Ab1.js', 'side-Cd2.js', 'sign-in-Ef3.js']);
  });

  it('finds lazy import() calls', () => {
    expect(dynamicImportsOf(source)).toEqual(['lazy-Gh4.js', 'texts.en-Ij5.js']);
  });
});
