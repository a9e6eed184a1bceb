import { defineConfig } from 'vitest/config';

// Browser tests: real servers (`npm start` on temporary data folders), real Chromium.
// Where the time went and what was chosen: docs/decisions/0030-test-speed.md.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    // One server per worker (own port, data folder and database); the build is made once, by the first.
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    // A page's first load fetches its code and data: give expect.poll more than the default 1 s.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at a time, each worker on its own server: files never share a server while running.
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    // A worker keeps its modules and its Chromium (tests/e2e/browser.ts) for its next file: loading
    // playwright-core and launching Chromium again took 10–18 s a file here (decision 0060). Files share
    // no state through them: each page has its own browser context; the servers' state was already shared.
    isolate: false,
  },
});
