import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { scaled } from './tests/machine.js';

export default defineConfig({
  // What the templates bundle resolves with an esbuild plugin (src/pipeline/render/templates.ts).
  resolve: {
    alias: {
      'pa-site/shared-parts': fileURLToPath(new URL('./src/pipeline/render/shared-parts.ts', import.meta.url)),
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'templates/**/*.test.ts', 'tests/**/*.test.ts'],
    // Measured on an idle machine, stretched by its load (tests/machine.ts): at load 15 on two cores a
    // browser test that takes 19 s alone can take minutes, and that is slowness, not a failure.
    testTimeout: scaled(60_000),
    hookTimeout: scaled(120_000),
    // Browser and dev-server tests start real processes: keep the machine (2 cores) responsive.
    maxWorkers: 2,
  },
});
