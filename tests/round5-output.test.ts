// Issue 60, 10: output folders that are the project's sources, or hold the cache.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { build, preview } from '../src/index.js';
import { fixtureProject } from './fixture.js';
import { repoRoot } from './helpers.js';
import { scaled } from './machine.js';

describe('--out onto a source folder that does not exist yet (issue 60, 10)', () => {
  for (const name of ['templates', 'templates/site', 'schemas', 'node_modules', '.git'])
    it(`--out ${name} is refused, and nothing is written there`, async () => {
      const p = await fixtureProject();
      try {
        const r = await build({ root: p.root, outDir: name, cache: false });
        const d = r.diagnostics.find((x) => x.code === 'unsafe-out-dir');
        expect(d?.message).toContain(`the project's ${name.split('/')[0]}/ folder`);
        expect(existsSync(path.join(p.root, name.split('/')[0]!))).toBe(false);
      } finally {
        await p.cleanup();
      }
    });
});

describe('a cache folder inside the output (issue 60, 10)', () => {
  it('is refused through the library, and through PA_SITE_CACHE_DIR with --clean', async () => {
    const p = await fixtureProject();
    try {
      const r = await build({ root: p.root, outDir: 'dist', cacheDir: path.join(p.root, 'dist', 'cache') });
      expect(r.diagnostics.find((x) => x.code === 'unsafe-out-dir')?.message).toMatch(/cache folder .* is inside it/);
      expect(existsSync(path.join(p.root, 'dist'))).toBe(false);
      const cli = await promisify(execFile)(
        process.execPath,
        [path.join(repoRoot, 'bin', 'pa-site.js'), 'build', '--root', p.root, '--clean', '--quiet'],
        {
          env: { ...process.env, NO_COLOR: '1', PA_SITE_CACHE_DIR: path.join(p.root, 'dist', '.cache') },
          timeout: scaled(120_000),
        },
      ).then(
        () => ({ code: 0, stderr: '' }),
        (e: { code: number; stderr: string }) => e,
      );
      expect(cli.code).toBe(2);
      expect(cli.stderr).toContain('PA_SITE_CACHE_DIR');
      expect(existsSync(path.join(p.root, 'dist', '.cache'))).toBe(false);
    } finally {
      await p.cleanup();
    }
  });
});

describe('dot-named files under content/public/.well-known/ (issue 60, 4)', () => {
  it('are not published, each said in a warning, as preview answers them 404; security.txt is published', async () => {
    const hidden = ['.well-known/.env', '.well-known/.git/config', '.well-known/.htpasswd', 'docs/.well-known/x.txt'];
    const p = await fixtureProject({
      'content/public/.well-known/security.txt': 'Contact: mailto:security@example.com\n',
      ...Object.fromEntries(hidden.map((f) => [`content/public/${f}`, 'SECRET=1\n'])),
    });
    try {
      const r = await build({ root: p.root, outDir: 'dist', cache: false });
      expect(r.ok).toBe(true);
      expect(existsSync(path.join(r.outDir, '.well-known', 'security.txt'))).toBe(true);
      for (const f of hidden) expect([f, existsSync(path.join(r.outDir, f))]).toEqual([f, false]);
      const warned = r.diagnostics.filter((d) => d.code === 'public-dotfile').map((d) => d.file);
      expect(warned.sort()).toEqual(
        [
          'content/public/.well-known/.env',
          'content/public/.well-known/.git',
          'content/public/.well-known/.htpasswd',
          'content/public/docs/.well-known',
        ].sort(),
      );
      // Preview, on a folder holding them all, answers the same: only security.txt.
      for (const f of hidden) {
        await mkdir(path.dirname(path.join(r.outDir, f)), { recursive: true });
        await writeFile(path.join(r.outDir, f), 'SECRET=1\n');
      }
      const server = await preview({ dir: r.outDir, port: 0 });
      try {
        const status = async (f: string) => (await fetch(`${server.url}/${f}`)).status;
        expect(await status('.well-known/security.txt')).toBe(200);
        for (const f of hidden) expect([f, await status(f)]).toEqual([f, 404]);
      } finally {
        await server.close();
      }
    } finally {
      await p.cleanup();
    }
  });
});
