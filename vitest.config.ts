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
    // Two files at a time even on two cores (vitest's default is one fewer than the cores): the
    // server suites mostly wait on their HTTP round trips, PostgreSQL and timers. On the 2-core
    // CI machine one worker took 7.7 min of a run's 25-minute budget.
    maxWorkers: 2,
  },
});
