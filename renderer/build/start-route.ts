/**
 * What the start route (the login form, signed out) costs, read from a finished renderer
 * build: the JavaScript files it runs, their gzip size, and whether they are all asked for at
 * once (one wave of requests: named by index.html, or asked for by its entry script, which
 * imports nothing and so runs as soon as it arrives) or some are found only after others have
 * run (a later wave). Used by start-route.test.ts and `npm run bench:ui`; what the browser
 * actually fetches is measured in Chromium (tests/bench-ui/cold-login.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The budget of the login route: gzip JavaScript it runs before the form is usable. */
export const START_ROUTE_BUDGET_BYTES = 200 * 1024;

export interface StartRoute {
  /** Files index.html loads or preloads. */
  firstWave: string[];
  /** index.html's entry script. */
  entry: string;
  /** Files the entry script imports statically: it runs only once they have arrived. */
  entryImports: string[];
  /** Files the entry script asks for as it runs (the sign-in texts of the user's language). */
  askedByEntry: string[];
  /** Files the login form runs (entry, login screen, English sign-in texts, with their imports). */
  needed: string[];
  /** Needed files neither index.html nor the entry asks for: each costs one more round trip. */
  late: string[];
  /** gzip bytes of `needed`. */
  neededGzipBytes: number;
  /** gzip bytes of the first wave (what a cold visit downloads before the form). */
  firstWaveGzipBytes: number;
  /** Uncompressed bytes of `needed`: what the browser parses before the form. */
  neededRawBytes: number;
}

const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w${},*\s]+from\s*)?["'`](\.\/[^"'`]+\.js)["'`]/g;

/** The files a built chunk imports statically (not the lazy `import()`s). */
export function staticImportsOf(source: string): string[] {
  return [...source.matchAll(STATIC_IMPORT)].map((m) => (m[1] as string).slice(2));
}

const DYNAMIC_IMPORT = /\bimport\(\s*["'`](\.\/[^"'`]+\.js)["'`]\s*\)/g;

/** The files a built chunk imports lazily, with `import()`. */
export function dynamicImportsOf(source: string): string[] {
  return [...source.matchAll(DYNAMIC_IMPORT)].map((m) => (m[1] as string).slice(2));
}

export function analyseStartRoute(outDir: string): StartRoute {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const assetsDir = join(outDir, 'assets');
  const refs = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map(
    (m) => m[1] as string,
  );
  const firstWave = [...new Set(refs)];
  const entry = [...html.matchAll(/<script\b[^>]*type="module"[^>]*src="\.\/(assets\/[^"]+\.js)"/g)][0]?.[1];
  if (!entry) throw new Error('index.html has no module script');
  const entrySource = readFileSync(join(outDir, entry), 'utf8');
  const entryImports = staticImportsOf(entrySource).map((f) => `assets/${f}`);
  const askedByEntry = dynamicImportsOf(entrySource)
    .filter((f) => /^sign-in-texts\./.test(f))
    .map((f) => `assets/${f}`);
  const assets = readdirSync(assetsDir);
  const find = (name: RegExp) => {
    const file = assets.find((f) => name.test(f));
    if (!file) throw new Error(`no ${name.source} in the build`);
    return `assets/${file}`;
  };
  // The login screen is its own file (a facade) or lives in the sign-in group's file, as the
  // bundler decides; the hash is eight characters.
  const roots = [
    entry,
    find(/^start-[\w-]{8}\.js$/),
    find(/^(?:login-page|sign-in)-[\w-]{8}\.js$/),
    find(/^sign-in-texts\.en-[\w-]{8}\.js$/),
  ];
  const needed = new Set<string>();
  const visit = (file: string) => {
    if (needed.has(file)) return;
    needed.add(file);
    for (const next of staticImportsOf(readFileSync(join(outDir, file), 'utf8'))) visit(`assets/${next}`);
  };
  roots.forEach(visit);
  const gz = (file: string) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
  const raw = (file: string) => readFileSync(join(outDir, file)).length;
  const sum = (files: Iterable<string>, size: (f: string) => number) =>
    [...files].reduce((total, f) => total + size(f), 0);
  return {
    firstWave,
    entry,
    entryImports,
    askedByEntry,
    needed: [...needed],
    late: [...needed].filter((f) => !firstWave.includes(f) && !askedByEntry.includes(f)),
    neededGzipBytes: sum(needed, gz),
    firstWaveGzipBytes: sum(firstWave, gz),
    neededRawBytes: sum(needed, raw),
  };
}
