/**
 * The login route's budget, checked on a real build: at most 200 KB of gzip JavaScript, all of
 * it named by index.html (one wave of requests), no schema library, no form library and none
 * of Fluent's menu, positioning or toast code on the way to the form.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseStartRoute, START_ROUTE_BUDGET_BYTES, staticImportsOf, type StartRoute } from './start-route';

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

  it('loads at most 200 KB of gzip JavaScript', () => {
    expect(route.neededGzipBytes).toBeGreaterThan(50 * 1024);
    expect(route.neededGzipBytes).toBeLessThanOrEqual(START_ROUTE_BUDGET_BYTES);
  });

  it('arrives in one wave: index.html names every file the form runs', () => {
    expect(route.late).toEqual([]);
    expect(route.needed.some((f) => /\/sign-in-[\w-]+\.js$/.test(f))).toBe(true);
    expect(route.needed.some((f) => /\/start-[\w-]+\.js$/.test(f))).toBe(true);
    expect(route.needed.some((f) => /\/sign-in-texts\.en-/.test(f))).toBe(true);
  });

  it('runs no schema library, form library, menu, positioning or toaster code', () => {
    const code = route.needed.map((f) => readFileSync(join(outDir, f), 'utf8')).join('\n');
    // Strings each library keeps in its minified code.
    expect(code).not.toMatch(/ZodError|\$ZodType/);
    expect(code).not.toMatch(/useForm must be used|react-hook-form/);
    expect(code).not.toMatch(/fui-MenuPopover|fui-MenuList/);
    expect(code).not.toMatch(/fui-Toaster|fui-Toast\b/);
    expect(code).not.toMatch(/@floating-ui|computePosition/);
    // The markers are real: the lazy parts of the build carry them.
    const assets = readdirSync(join(outDir, 'assets')).filter((f) => f.endsWith('.js'));
    const lazy = assets.map((f) => readFileSync(join(outDir, 'assets', f), 'utf8')).join('\n');
    expect(lazy).toMatch(/ZodError|\$ZodType/);
    expect(lazy).toMatch(/fui-MenuPopover/);
    expect(lazy).toMatch(/fui-Toaster/);
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

describe('reading static imports from a built chunk', () => {
  it('finds import and re-export statements, not lazy import() calls', () => {
    const source =
      'import{a as b}from"./start-Ab1.js";import"./side-Cd2.js";export{t as default}from"./sign-in-Ef3.js";' +
      'const l=()=>import("./lazy-Gh4.js");';
    expect(staticImportsOf(source)).toEqual(['start-Ab1.js', 'side-Cd2.js', 'sign-in-Ef3.js']);
  });
});
