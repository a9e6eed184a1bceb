import { defineConfig } from 'vitest/config';

// Browser tests: real servers (`npm start` on temporary data folders), real Chromium.
// Where the time went and what was chosen: docs/decisions/0030-test-speed.md.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    // One server per worker (own port, data folder and database); the build is made once, by the first.
    globalSetup: ['tests/e2e/global-setup.ts'],
    // Limits for a loaded machine (CI shares 2 cores): they only ever lengthen a failing run. At load 27–35 a
    // whole run had three tests out of time: survey-journey's results pages at 60 s, and the staff photo
    // list still short of its third photo (three sharp encodes) after a 10 s poll (decision 0065).
    testTimeout: 120_000,
    // A page's first load fetches its code and data: give expect.poll more than the default 1 s.
    expect: { poll: { timeout: 20_000 } },
    hookTimeout: 120_000,
    pool: 'forks',
    // One file at a time on two cores (decision 0077): two workers ran about as many tests in the first
    // 1,000 s (238 against 224) at load ~10 instead of ~1.5, and took only 190 s (12 %) less over a whole CI run,
    // and the failures still unexplained were in two-worker runs. E2E_WORKERS=n: n workers, each with its own server.
    maxWorkers: Number(process.env.E2E_WORKERS ?? 1),
    // A worker keeps its modules and its Chromium (tests/e2e/browser.ts) for its next file: loading
    // playwright-core and launching Chromium again took 10–18 s a file here (decision 0060). Files share
    // no state through them: each page has its own browser context; the servers' state was already shared.
    isolate: false,
  },
});
