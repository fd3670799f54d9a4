import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src-*/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**', 'out/**'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // An unhandled rejection or uncaught exception anywhere in a test process fails the run
    // (vitest's default, kept explicit: the engine must never leave a promise unhandled).
    dangerouslyIgnoreUnhandledErrors: false,
  },
});
