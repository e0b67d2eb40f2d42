import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './helpers.js';

/**
 * A lock file for a project that depends on the packed tarball: the repository's own runtime entries, so
 * `npm ci` installs it offline from the cache `npm ci` filled (package.test.ts, any-site-package.test.ts).
 */
export function lockFor(tarball: string, name: string) {
  const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8'));
  const self = lock.packages[''];
  const packages: Record<string, unknown> = {
    '': { name, dependencies: { 'pa-site': `file:${tarball}` } },
    'node_modules/pa-site': {
      version: self.version,
      resolved: `file:${tarball}`,
      dependencies: self.dependencies,
      bin: self.bin,
      engines: self.engines,
    },
  };
  for (const [key, entry] of Object.entries<Record<string, unknown>>(lock.packages)) {
    if (!key.startsWith('node_modules/') || entry.dev) continue;
    const { devOptional: _d, peer: _p, ...rest } = entry;
    packages[key] = rest;
  }
  return { name, lockfileVersion: 3, requires: true, packages };
}
