import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'templates/**/*.test.ts', 'tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Browser and dev-server tests start real processes: keep the machine (2 cores) responsive.
    maxWorkers: 2,
  },
});
