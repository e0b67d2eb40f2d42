import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Creates `dir` and its missing parents, one level at a time, throwing the first failure. Not
 * `mkdirSync(dir, { recursive: true })`: in Node 20 that loops forever when mkdir fails with ENOENT
 * under an existing parent, as it does anywhere under /proc (PA_SITE_CACHE_DIR=/proc/x hung builds).
 */
export function makeDirs(dir: string): void {
  const missing: string[] = [];
  let at = path.resolve(dir);
  for (;;) {
    let isDir: boolean;
    try {
      isDir = statSync(at).isDirectory();
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      // ENOTDIR: a file further up, reported when the walk reaches it.
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || path.dirname(at) === at) throw e;
      missing.push(at);
      at = path.dirname(at);
      continue;
    }
    if (isDir) break;
    throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${dir}' (${at} is not a folder)`), {
      code: 'ENOTDIR',
      path: at,
    });
  }
  for (const d of missing.reverse()) {
    try {
      mkdirSync(d);
    } catch (e) {
      // Made meanwhile by another process: fine if it is a folder.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(d).isDirectory()) throw e;
    }
  }
}
