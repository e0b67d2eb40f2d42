/**
 * Asset names come from the bytes of each file alone: the same site with templates of its own, built
 * from two folders at different depths, writes the same dist/ byte for byte (esbuild's own [hash]
 * covered each entry's path relative to pa-site, so a site's own client script was named by where
 * the site sat).
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, init, stopEsbuild } from '../src/index.js';
import { contentHash } from '../src/pipeline/render/compile/assets.js';
import { expectSameFiles, repoRoot, scratchFolder } from './helpers.js';
import { scaled } from './machine.js';

const tmp = scratchFolder('pa-site-asset-names-');
afterAll(async () => {
  await stopEsbuild();
});

/** An init site whose client script and stylesheet entry are its own. */
function siteAt(dir: string) {
  expect(init({ dir, month: '2025-01' }).ok).toBe(true);
  mkdirSync(path.join(dir, 'templates', 'client'), { recursive: true });
  mkdirSync(path.join(dir, 'templates', 'styles'), { recursive: true });
  const script = readFileSync(path.join(repoRoot, 'templates', 'client', 'site.ts'), 'utf8');
  writeFileSync(path.join(dir, 'templates', 'client', 'site.ts'), `${script}\nconsole.info('a script of our own');\n`);
  // site.css of its own: its imports of the other stylesheets find pa-site's.
  copyFileSync(
    path.join(repoRoot, 'templates', 'styles', 'site.css'),
    path.join(dir, 'templates', 'styles', 'site.css'),
  );
}

describe('asset names', () => {
  it(
    'are the same for the same site built from folders at different places',
    async () => {
      const near = path.join(tmp(), 'site');
      const far = path.join(tmp(), 'a', 'b', 'c', 'site');
      const built = [];
      for (const dir of [near, far]) {
        siteAt(dir);
        const r = await build({ root: dir, cache: false, today: new Date('2025-01-20') });
        expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
        built.push(r);
      }
      const [a, b] = built;
      expect(readFileSync(path.join(a!.outDir, a!.compiled!.assets.refs.script.slice(1)), 'utf8')).toContain(
        'a script of our own',
      );
      await expectSameFiles(b!.outDir, a!.outDir);
    },
    scaled(120_000),
  );

  it('hash the bytes alone: eight base-32 characters', () => {
    expect(contentHash(Buffer.from('a'))).toMatch(/^[A-Z2-7]{8}$/);
    expect(contentHash(Buffer.from('a'))).toBe(contentHash(new Uint8Array([97])));
    expect(contentHash(Buffer.from('b'))).not.toBe(contentHash(Buffer.from('a')));
  });
});
