import { defineConfig } from 'vitest/config';

// Where the time went and what was chosen: docs/decisions/0030-test-speed.md.
export default defineConfig({
  test: {
    include: ['tests/integration/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/reliability/**/*.test.ts'],
    // Migrates one database per dialect for the whole run; blocks get copies.
    globalSetup: ['tests/helpers/global-setup.ts'],
    setupFiles: ['tests/helpers/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own databases; two workers match the two cores here.
    pool: 'forks',
    maxWorkers: 2,
    // A worker keeps the modules it loaded for its next file: the server, React and the rest were
    // loaded again for every file (the 'import' phase was 40% of a run). Files share no state through
    // them: each builds its own app on its own database; the suite passes in shuffled orders.
    isolate: false,
  },
});
