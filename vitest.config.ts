import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src-*/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**', 'out/**'],
    environment: 'node',
    globalSetup: ['test/globalSetup.ts'],
    pool: 'forks',
    // Most test files wait (on the sandbox's processing times, on rate-limit windows, on child
    // processes) far more than they compute: two files per core keep the cores busy. vitest's
    // default, one less than the cores, runs one file at a time on a machine of two.
    maxWorkers: Math.max(2, os.availableParallelism() * 2),
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // An unhandled rejection or uncaught exception anywhere in a test process fails the run
    // (vitest's default, kept explicit: the engine must never leave a promise unhandled).
    dangerouslyIgnoreUnhandledErrors: false,
  },
});
