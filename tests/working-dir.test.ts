import { spawnSync } from 'node:child_process';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../src/index.js';
import { fixtureProject } from './fixture.js';
import { repoRoot } from './helpers.js';

// esbuild works relative to templates/: what it produces and reports does not depend on where pa-site runs from.
describe('asset names', () => {
  it('are the same whichever folder pa-site runs from', async () => {
    const p = await fixtureProject();
    try {
      const names = (cwd: string, out: string) => {
        const r = spawnSync(
          process.execPath,
          [path.join(repoRoot, 'bin', 'pa-site.js'), 'build', '--root', p.root, '--out', out, '--no-cache', '--quiet'],
          { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
        );
        expect(r.status, r.stderr).toBe(0);
        return readdirSync(path.join(p.root, out, 'assets')).sort();
      };
      const here = names(repoRoot, 'a');
      expect(here.some((n) => n.endsWith('.js'))).toBe(true);
      expect(names(tmpdir(), 'b')).toEqual(here);
    } finally {
      await p.cleanup();
    }
  });
});

describe('template compile errors', () => {
  it('are reported at their file, line and column', async () => {
    const project = await fixtureProject();
    const tpl = (rel: string) => path.join(project.root, 'templates', rel);
    await cp(path.join(repoRoot, 'templates'), tpl('.'), { recursive: true });
    const faq = await readFile(tpl('components/Faq.tsx'), 'utf8');
    await writeFile(tpl('components/Faq.tsx'), `${faq}\nexport const broken = (;\n`);
    try {
      const r = await build({ root: project.root, cache: false });
      expect(r.ok).toBe(false);
      const d = r.diagnostics.find((x) => x.code === 'template-compile');
      expect(d?.file).toBe('templates/components/Faq.tsx');
      expect(d?.line).toBe(faq.split('\n').length + 1);
      expect(d?.col).toBeGreaterThan(1);
    } finally {
      await project.cleanup();
    }
  });
});
