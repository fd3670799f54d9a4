import { defineConfig } from 'vitest/config';

// `npm run test:desktop`: the Electron layer as it ships, under Node with a stand-in `electron`.
// The global setup builds what the test starts (electron-vite build, then electron-builder --dir
// with a stand-in Electron distribution), so this is not part of `npm test`.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/desktop/**/*.desktop.ts'],
    globalSetup: ['test/desktop/globalSetup.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 240_000,
  },
});
