import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { packageDir, packageVersion } from './paths.js';

let identity: string | undefined;

/**
 * Hash of pa-site's own source (src/, tests left out) and version: what the caches must key on
 * besides their inputs, so editing pa-site itself (a rule, the JSON-LD) is never answered from a
 * cache filled by the old code. An installed package without src/ has only its version. Read
 * synchronously once per thread: a few milliseconds.
 */
export function ownCodeIdentity(): string {
  if (identity === undefined) {
    const h = createHash('sha256').update(`pa-site@${packageVersion}\n`);
    try {
      const src = path.join(packageDir, 'src');
      const files = readdirSync(src, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
        .map((e) => path.join(e.parentPath, e.name))
        .sort();
      for (const f of files) h.update(`${path.relative(src, f)}\n`).update(readFileSync(f));
    } catch {
      // No src/ (an installed package): the version stands for the code.
    }
    identity = h.digest('hex');
  }
  return identity;
}
