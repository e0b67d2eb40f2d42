/**
 * bin/compile.js decides what lib/ bundles by whether the importer is pa-site's own code. Installed
 * in a project, every path of pa-site's own has a node_modules segment; deciding by that bundled
 * esbuild's API into lib/ (`__filename is not defined` on every build).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: bin/ is plain JavaScript, run by node without a build step
import { bundles } from '../bin/compile.js';

const decide = bundles as (importer: string, spec: string, pkgDir: string) => boolean;

describe.each([
  ['a clone', path.join(path.sep, 'home', 'me', 'pa-site')],
  ['a project that installed it', path.join(path.sep, 'home', 'me', 'site', 'node_modules', 'pa-site')],
])('what lib/ bundles, with pa-site in %s', (_where, pkg) => {
  const own = path.join(pkg, 'src', 'pipeline', 'build.ts');
  it('leaves esbuild, React and lazily loaded packages to be imported from pa-site’s own code', () => {
    for (const spec of ['esbuild', 'react', 'react-dom/server', 'yaml', 'sirv', '@types/x'])
      expect(decide(own, spec, pkg), spec).toBe(false);
    expect(decide(path.join(pkg, 'templates', 'index.ts'), 'react', pkg)).toBe(false);
  });
  it('bundles the listed packages, and what they import in turn', () => {
    for (const spec of ['zod', 'commander', 'gray-matter', 'markdown-it'])
      expect(decide(own, spec, pkg), spec).toBe(true);
    const dependency = path.join(pkg, '..', 'gray-matter', 'index.js');
    expect(decide(dependency, 'js-yaml', pkg)).toBe(true);
    expect(decide(path.join(pkg, 'node_modules', 'markdown-it', 'index.mjs'), 'entities', pkg)).toBe(true);
  });
});
