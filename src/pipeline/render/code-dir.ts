import { mkdtempSync, readdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeDirs } from '../../make-dirs.js';
import { CACHE_MAX_AGE_MS, cacheDir } from '../../paths.js';

/** Why `dir` cannot be written (created if missing), or undefined when it can. */
export function unwritable(dir: string): NodeJS.ErrnoException | undefined {
  try {
    makeDirs(dir);
    const probe = path.join(dir, `.probe-${process.pid}`);
    writeFileSync(probe, '');
    unlinkSync(probe);
    return undefined;
  } catch (e) {
    return e as NodeJS.ErrnoException;
  }
}

/**
 * A temporary folder only this process uses, removed as it exits (or earlier by `remove`): where
 * pa-site works when the cache folder cannot be written.
 */
export function privateFolder(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const remove = () => {
    process.off('exit', remove);
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', remove);
  return { dir, remove };
}

let chosen: string | undefined;
/**
 * Where compiled templates (and the worker script, when running from source) are written: the
 * cache folder, or, when that cannot be written (a read-only install, a bad PA_SITE_CACHE_DIR),
 * a private temporary folder, so `--no-cache` builds never depend on the cache folder.
 */
export function codeDir(): string {
  if (chosen === undefined) {
    // Workers import from it until they stop: it is removed as the process ends.
    chosen = unwritable(cacheDir) ? privateFolder('pa-site-code-').dir : cacheDir;
  }
  return chosen;
}

/**
 * Compiled template bundles, compile cache manifests (compile-cache.ts) and leftover partial writes:
 * one per template save or templates folder, so they pile up.
 */
const COMPILED = /^templates-[0-9a-f]+\.mjs$|^compiled-[0-9a-f]+\.json$|\.tmp$/;

/**
 * Deletes compiled bundles and manifests untouched for CACHE_MAX_AGE_MS. A build touches the bundle
 * (and manifest) it uses, so a bundle a long-running dev server still hands to its render workers is
 * never old.
 */
export function pruneCompiled(dir: string, now = Date.now()): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!COMPILED.test(name)) continue;
    const file = path.join(dir, name);
    try {
      if (now - statSync(file).mtimeMs > CACHE_MAX_AGE_MS) unlinkSync(file);
    } catch {
      // Gone already, or another build's: nothing to do.
    }
  }
}
