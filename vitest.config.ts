import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/integration/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/reliability/**/*.test.ts'],
    // Migrates one database per dialect for the whole run; blocks get copies (docs/decisions/0030-test-speed.md).
    globalSetup: ['tests/helpers/global-setup.ts'],
    setupFiles: ['tests/helpers/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own databases; two workers match the two cores here.
    pool: 'forks',
    maxWorkers: 2,
  },
});
