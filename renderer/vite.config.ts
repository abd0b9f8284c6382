import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import pkg from '../package.json' with { type: 'json' };
import { API_PREFIX, DEFAULT_PORT } from '../shared/src/constants';
import { chunkFileNames, codeSplitting } from './build/chunks';
import { precompress } from './build/precompress';
import { startPreload } from './build/start-preload';

const root = new URL('.', import.meta.url).pathname;

export default defineConfig({
  root,
  // Relative asset URLs let the same build load from app://kura in the desktop app and from
  // the team server; index.html pins <base href="/"> so deep links still find them.
  base: './',
  plugins: [react(), startPreload(root), precompress()],
  define: { __KURA_VERSION__: JSON.stringify(pkg.version) },
  resolve: {
    alias: [
      { find: /^#shared$/, replacement: `${root}../shared/src/index.ts` },
      { find: /^#shared\/(.*)$/, replacement: `${root}../shared/src/$1.ts` },
    ],
  },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'es2023',
    chunkSizeWarningLimit: 1200,
    // Chromium and Electron preload modules themselves: the polyfill would only add bytes to
    // the entry.
    modulePreload: { polyfill: false },
    // Named files (start, sign-in, schemas, icons, ui, one per screen): see build/chunks.ts.
    rolldownOptions: { output: { codeSplitting: codeSplitting(root), chunkFileNames } },
  },
  server: {
    proxy: { [API_PREFIX.replace(/\/v1$/, '')]: `http://127.0.0.1:${DEFAULT_PORT}` },
  },
  preview: {
    proxy: { [API_PREFIX.replace(/\/v1$/, '')]: `http://127.0.0.1:${DEFAULT_PORT}` },
  },
});
