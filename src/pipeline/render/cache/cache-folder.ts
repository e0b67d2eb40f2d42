import { existsSync } from 'node:fs';
import path from 'node:path';
import { cacheDir } from '../../../support/package/paths.js';
import type { BuildOptions } from '../../build-options.js';
import type { BuildRun } from '../../build-run.js';
import { unwritable } from '../compile/code-dir.js';

/** Where rendered pages are cached between builds. */
const renderCacheDir = path.join(cacheDir, 'render');

/** The render cache has nothing yet (or is off): every page will render, so threads can start early. */
export function coldCache(options: BuildOptions): boolean {
  if (options.cache === false) return true;
  return !existsSync(path.join(options.cacheDir ?? renderCacheDir, 'index.json'));
}

/** The render-cache folder to use, if any: one that cannot be written only costs speed, said once. */
export function usableCache(run: BuildRun, options: BuildOptions): string | undefined {
  const cache = options.cache === false ? undefined : (options.cacheDir ?? renderCacheDir);
  const problem = cache && unwritable(cache);
  if (!cache || !problem) return cache;
  run.report([
    {
      severity: 'warning',
      code: 'cache-unwritable',
      file: cache,
      line: 1,
      col: 1,
      field: '',
      message: `the render cache folder cannot be written (${problem.code ?? problem.message}); building without it`,
      hint: `make ${cache} writable, set PA_SITE_CACHE_DIR to a writable folder, or pass --no-cache`,
    },
  ]);
  return undefined;
}
