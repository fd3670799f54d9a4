import { defineConfig } from '@playwright/test';

// Browser tests run in the system's Chromium (never a downloaded browser), through the
// browser host. CHROMIUM_PATH overrides the location.
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.e2e.ts',
  outputDir: 'test-results/artifacts',
  timeout: 60_000,
  // Two files at a time, each with its own host, data folder and keychain; the tests of one file
  // run in order. Most of a test is waiting on the sandbox, so two share a machine of two cores.
  fullyParallel: false,
  workers: 2,
  reporter: [['list']],
  use: {
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
