import { defineConfig } from 'vitest/config';

// Browser tests: one real server (`npm start` on a temporary data folder), real Chromium.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    // A page's first load fetches its code and data: give expect.poll more than the default 1 s.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
