import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { NO_PROJECT_HINT, noProjectProblem } from '../pipeline/load/no-project.js';
import { DevError } from './dev-error.js';

/** What is wrong with a file that should be there, or undefined when it is a file. */
const notAFile = (file: string) => {
  try {
    return statSync(file).isFile() ? undefined : 'it is not a file';
  } catch {
    return 'it does not exist';
  }
};

/**
 * Throws a `no-project` DevError unless `root` holds content/site.yaml. Refused up front, as `build`
 * fails on it: there would be nothing to watch and no good page to serve.
 */
export function requireProject(root: string): void {
  const siteFile = path.join(root, 'content', 'site.yaml');
  const problem = notAFile(siteFile);
  if (!problem) return;
  const why = problem === 'it does not exist' && existsSync(root) ? noProjectProblem(root) : undefined;
  throw new DevError(
    'no-project',
    why?.message ?? `no site configuration found: expected ${siteFile}, but ${problem}`,
    why?.hint ?? NO_PROJECT_HINT,
  );
}
