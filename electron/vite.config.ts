/**
 * Builds the desktop shell without the Electron binary: `vite build --config
 * electron/vite.config.ts` writes
 *   dist-electron/main.js     (ESM, the main process; the API server is bundled in)
 *   dist-electron/preload.cjs (CommonJS: sandboxed preloads cannot load ES modules, nor
 *                              anything from node_modules, so it is one self-contained file)
 * Plain Vite builds, one per environment: vite-plugin-electron wants a renderer build to
 * hang off and to spawn Electron in dev, neither of which fits here.
 */
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
};

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
// Runtime dependencies ship in the packaged app's node_modules (electron-builder adds them),
// so main loads them from there: native modules (better-sqlite3, pg) cannot be bundled, and
// some packages (swagger-ui's static files) find their files relative to themselves.
const runtimePackages = Object.keys(pkg.dependencies);
const isMainExternal = (id: string) =>
  id === 'electron' ||
  nodeBuiltins.includes(id) ||
  runtimePackages.some((name) => id === name || id.startsWith(`${name}/`));

const outDir = 'dist-electron';

export default defineConfig({
  root,
  // No public folder or env files belong to these builds.
  publicDir: false,
  envDir: false,
  logLevel: 'warn',
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.main!);
      await builder.build(builder.environments.preload!);
    },
  },
  environments: {
    main: {
      consumer: 'server',
      resolve: { noExternal: true },
      build: {
        outDir,
        emptyOutDir: true,
        target: 'node22',
        minify: false,
        sourcemap: true,
        ssr: true,
        rolldownOptions: {
          input: { main: 'electron/src/main/main.ts' },
          external: isMainExternal,
          output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
        },
      },
    },
    preload: {
      consumer: 'server',
      resolve: { noExternal: true },
      build: {
        outDir,
        emptyOutDir: false,
        target: 'chrome140',
        minify: false,
        sourcemap: true,
        ssr: true,
        rolldownOptions: {
          input: { preload: 'electron/src/preload/preload.ts' },
          external: ['electron'],
          output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
        },
      },
    },
  },
});
