import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === 'pa-site') return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error('cannot find the pa-site package folder');
    dir = up;
  }
}

/** The folder pa-site is installed in (holds its node_modules and default templates). */
export const packageDir = findPackageDir();
export const packageVersion: string = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')).version;

/**
 * Cache files unused for this long are deleted (render-cache entries, compiled templates). Pruning
 * goes by age, not size, so building a small project never evicts a large site's files.
 */
export const CACHE_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/** Where pa-site keeps compiled templates and its render cache (PA_SITE_CACHE_DIR overrides it). */
export const cacheDir = process.env.PA_SITE_CACHE_DIR
  ? path.resolve(process.env.PA_SITE_CACHE_DIR)
  : path.join(packageDir, 'node_modules', '.cache', 'pa-site');

/**
 * The project's templates folder, whether or not it exists: each file in it replaces pa-site's
 * template of the same path, and pa-site's fill in the rest (render/compile/template-layers.ts).
 */
export function templatesDir(root: string): string {
  return path.join(path.resolve(root), 'templates');
}
