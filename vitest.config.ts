import { defineConfig } from 'vitest/config';

// One runner for every Node-side suite: shared domain logic, the server over HTTP (SQLite and
// PostgreSQL), the desktop main-process services and the renderer's pure modules.
// Each server test file makes its own database and port, so files run in parallel.
export default defineConfig({
  test: {
    include: [
      'shared/**/*.test.ts',
      'server/**/*.test.ts',
      'electron/**/*.test.ts',
      'renderer/**/*.test.ts',
      'tests/unit/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'tests/e2e/**'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
