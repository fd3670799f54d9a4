import { defineConfig } from '@playwright/test';
import type { TourOptions } from './pictures';

// The tour that makes the README's pictures (`npm run screenshots`): the same walk once per
// language, each in a project of its own (its own worker, host and practice sandbox), in the
// system's Chromium (never a downloaded browser) as the browser tests run (../../playwright.config.ts).
// Paths are from the project's folder, where npm runs the script.
export default defineConfig<TourOptions>({
  testDir: '.',
  testMatch: 'tour.spec.ts',
  outputDir: '../../test-results/tour',
  globalSetup: './globalSetup.ts',
  globalTeardown: './globalTeardown.ts',
  // A step of the walk waits on the sandbox's runs; each test sets its own limit.
  timeout: 300_000,
  // The tests of a language run in order; the two languages side by side. Most of a walk is
  // waiting on the sandbox's pace, so two share a machine of two cores.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    headless: true,
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    locale: 'en-GB',
    timezoneId: 'Europe/Berlin',
    colorScheme: 'light',
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
  projects: [
    { name: 'en', use: { lang: 'en' } },
    { name: 'de', use: { lang: 'de' } },
  ],
});
