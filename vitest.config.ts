import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // What the templates bundle resolves with an esbuild plugin (src/pipeline/render/templates.ts).
  resolve: {
    alias: {
      'pa-site/shared-parts': fileURLToPath(new URL('./src/pipeline/render/shared-parts.ts', import.meta.url)),
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'templates/**/*.test.ts', 'tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Browser and dev-server tests start real processes: keep the machine (2 cores) responsive.
    maxWorkers: 2,
  },
});
