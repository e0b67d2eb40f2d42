/**
 * What bin/compile.js builds beside pa-site's code (lib/), so that a first build on a fresh install (every
 * CI build that keeps no cache) runs esbuild only for what the site itself brings: the React runtime the
 * templates import, and the side-effect check of each of pa-site's own templates files.
 */
import path from 'node:path';
import { stopEsbuild } from './esbuild-service.js';
import { prebuildRuntime } from './react-runtime.js';
import { prebuildEffects } from './template-deps.js';

export async function prebuild(packageDir: string): Promise<void> {
  const lib = path.join(packageDir, 'lib');
  try {
    await prebuildRuntime(path.join(lib, 'react-runtime'));
    await prebuildEffects(path.join(packageDir, 'templates'), path.join(lib, 'template-side-effects.json'));
  } finally {
    await stopEsbuild();
  }
}
