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
  fullyParallel: false,
  workers: 2,
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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
