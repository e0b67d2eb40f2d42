import { mkdirSync, mkdtempSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cacheDir } from '../../paths.js';

/** Why `dir` cannot be written (created if missing), or undefined when it can. */
export function unwritable(dir: string): NodeJS.ErrnoException | undefined {
  try {
    mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.probe-${process.pid}`);
    writeFileSync(probe, '');
    unlinkSync(probe);
    return undefined;
  } catch (e) {
    return e as NodeJS.ErrnoException;
  }
}

let chosen: string | undefined;
/**
 * Where compiled templates (and the worker script, when running from source) are written: the
 * cache folder, or, when that cannot be written (a read-only install, a bad PA_SITE_CACHE_DIR),
 * a private temporary folder, so `--no-cache` builds never depend on the cache folder.
 */
export function codeDir(): string {
  chosen ??= unwritable(cacheDir) ? mkdtempSync(path.join(tmpdir(), 'pa-site-code-')) : cacheDir;
  return chosen;
}
