import { createHash } from 'node:crypto';
import path from 'node:path';
import { privateFolder, unwritable } from '../pipeline/render/compile/code-dir.js';
import { cacheDir } from '../support/package/paths.js';
import type { DevLog } from './dev-log.js';

/**
 * The folder the dev build (and its lock file) goes in: one per project in the cache folder, or, when
 * that cannot be written (as `build` goes on without its render cache), a private temporary folder
 * holding the render cache too. `temporary` removes that folder as the process exits.
 */
export function workFolder(root: string, log: (e: DevLog) => void): { work: string; temporary?: () => void } {
  const work = path.join(cacheDir, 'dev', createHash('sha256').update(root).digest('hex').slice(0, 12));
  const problem = unwritable(work);
  if (!problem) return { work };
  const { dir: own, remove: temporary } = privateFolder('pa-site-dev-');
  log({
    kind: 'warning',
    message:
      `the cache folder ${cacheDir} cannot be written (${problem.code ?? problem.message}); ` +
      'the dev build and its render cache go to a temporary folder instead, removed when dev stops',
    hint: `make ${cacheDir} a writable folder, or set PA_SITE_CACHE_DIR to one`,
  });
  return { work: own, temporary };
}
