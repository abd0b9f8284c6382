import { defineConfig } from '@playwright/test';

// The system Chromium (Debian's package); never `playwright install`. The flags keep it off
// the network, which this machine does not have.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: './specs',
  outputDir: '../../test-results/e2e',
  // Tests are independent: each file has its own server per worker and every test its own
  // browser context; a test may see what earlier tests of its file did, never rely on it
  // (first-admin.spec, a story told in order, runs serially).
  fullyParallel: true,
  workers: 2,
  // A safety net only: a test that needs its retry is a bug to fix.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // Two workers, each with its own server and Chromium, share two cores: a first screen can take
  // longer than ten seconds to show under that load.
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    launchOptions: { executablePath: process.env.KURA_CHROMIUM ?? '/usr/bin/chromium', args: chromiumArgs },
    viewport: { width: 1366, height: 860 },
    locale: 'en-US',
    timezoneId: 'Asia/Tokyo',
    // Recording a trace of every test (snapshots and a screencast of each action) made the
    // suite about a third slower: a trace is taken when a test is retried. To debug locally,
    // run with --trace on (or --retries 1).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
});
