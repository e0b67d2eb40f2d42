import { spawnSync } from 'node:child_process';
import { existsSync, symlinkSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, readlink, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../src/index.js';
import { MARKER } from '../src/pipeline/write/out-dir.js';
import { fixtureProject } from './fixture.js';
import { repoRoot } from './helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

/** Every file under `dir` with its size and modification time: any deletion or rewrite changes it. */
async function tree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const abs = path.join(e.parentPath, e.name);
    const s = await stat(abs);
    out[path.relative(dir, abs)] = e.isFile() ? `${s.size}:${s.mtimeMs}` : 'dir';
  }
  return out;
}

async function project() {
  const p = await fixtureProject({ 'templates/README.md': 'my notes\n', 'notes.txt': 'keep me\n' });
  cleanups.push(p.cleanup);
  return p;
}

describe('build refuses output folders it must not replace', () => {
  const cases: [string, (root: string) => string, RegExp][] = [
    ['the project folder (--out .)', () => '.', /project folder or a parent of it/],
    ['the project folder by absolute path', (root) => root, /project folder or a parent of it/],
    ['a parent of the project (--out ..)', () => '..', /project folder or a parent of it/],
    ['content/', () => 'content', /inside the project's content\/ folder/],
    ['a folder inside content/', () => 'content/pages/out', /inside the project's content\/ folder/],
    ['templates/', () => 'templates', /inside the project's templates\/ folder/],
    ['the file-system root', () => '/', /file-system root/],
  ];
  for (const [name, out, message] of cases) {
    it(`refuses ${name} and leaves the project untouched`, async () => {
      const p = await project();
      const before = await tree(p.root);
      const result = await build({ root: p.root, outDir: out(p.root) });
      expect(result.ok).toBe(false);
      const d = result.diagnostics.find((x) => x.code === 'unsafe-out-dir');
      expect(d?.message).toMatch(message);
      expect(await tree(p.root)).toEqual(before);
    });
  }

  it('refuses the home folder', async () => {
    const p = await project();
    const home = process.env.HOME;
    process.env.HOME = path.join(p.root, 'content');
    try {
      const result = await build({ root: p.root, outDir: path.join(p.root, 'content') });
      expect(result.diagnostics.find((x) => x.code === 'unsafe-out-dir')?.message).toMatch(/home folder/);
    } finally {
      process.env.HOME = home;
    }
  });

  it('refuses a non-empty folder pa-site did not write, and accepts an empty one or its own', async () => {
    const p = await project();
    await mkdir(path.join(p.root, 'site'));
    await writeFile(path.join(p.root, 'site', 'photo.jpg'), 'precious');
    const refused = await build({ root: p.root, outDir: 'site' });
    expect(refused.diagnostics.find((x) => x.code === 'unsafe-out-dir')?.message).toMatch(
      /not empty and was not written by pa-site/,
    );
    expect(await readFile(path.join(p.root, 'site', 'photo.jpg'), 'utf8')).toBe('precious');

    await mkdir(path.join(p.root, 'empty'));
    const first = await build({ root: p.root, outDir: 'empty' });
    expect(first.ok).toBe(true);
    expect(await readdir(first.outDir)).toContain(MARKER);
    expect((await build({ root: p.root, outDir: 'empty' })).ok).toBe(true);
  });

  it('the CLI exits 2 with a clear message for --out . and deletes nothing', async () => {
    const p = await project();
    const before = await tree(p.root);
    const r = spawnSync(
      process.execPath,
      [path.join(repoRoot, 'bin/pa-site.js'), 'build', '--root', p.root, '--out', '.'],
      {
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      },
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('error: --out: refusing to build into "."');
    expect(r.stderr).toContain('fix: choose a new or empty folder');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(await tree(p.root)).toEqual(before);
  });

  it('creates missing parent folders of --out', async () => {
    const p = await project();
    const r = await build({ root: p.root, outDir: 'build/site/www' });
    expect(r.ok).toBe(true);
    expect(await readdir(path.join(p.root, 'build/site/www'))).toContain('index.html');
  });

  it('reports an output folder that cannot be made as a write error naming it, with a fix', async () => {
    const p = await project();
    const r = await build({ root: p.root, outDir: 'notes.txt/dist', today: '2025-01-20' });
    expect(r.ok).toBe(false);
    expect(r.diagnostics).toMatchObject([
      { code: 'write-error', file: 'notes.txt/dist', message: expect.stringContaining('(ENOTDIR)') },
    ]);
    expect(r.diagnostics[0]!.hint).toContain('nothing was written');
    const cli = spawnSync(
      process.execPath,
      [path.join(repoRoot, 'bin/pa-site.js'), 'build', '--root', p.root, '--out', 'notes.txt/dist', '--no-cache'],
      { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
    );
    expect(cli.status).toBe(1);
    expect(cli.stderr).not.toContain('unexpected error');
    expect(cli.stderr).toContain('Build failed; nothing was written to');
  });
});

describe('a dist that is a symbolic link', () => {
  // The reproduction: build; mv dist /srv/site; echo notes > /srv/site/MY-NOTES.txt;
  // ln -s /srv/site dist; build.
  it('is refused (exit 2) and neither the link nor its target is touched', async () => {
    const p = await project();
    const first = await build({ root: p.root, cache: false });
    expect(first.ok).toBe(true);
    const site = path.join(p.root, 'srv-site');
    await rename(path.join(p.root, 'dist'), site);
    await writeFile(path.join(site, 'MY-NOTES.txt'), 'notes\n');
    await symlink(site, path.join(p.root, 'dist'));
    const before = await tree(site);
    const r = spawnSync(
      process.execPath,
      [path.join(repoRoot, 'bin/pa-site.js'), 'build', '--root', p.root, '--no-cache'],
      { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('refusing to build into "dist": it is a symbolic link');
    expect(r.stderr).toContain(`fix: build into the link's target itself (--out ${JSON.stringify(site)}`);
    expect((await lstat(path.join(p.root, 'dist'))).isSymbolicLink()).toBe(true);
    expect(await readlink(path.join(p.root, 'dist'))).toBe(site);
    expect(await tree(site)).toEqual(before);
    expect(await readdir(p.root)).not.toContain(expect.stringMatching(/^\.dist\./));
    // The fix the message gives works: the target is built, the link kept (the user's file moved out first).
    await rm(path.join(site, 'MY-NOTES.txt'));
    expect((await build({ root: p.root, outDir: site, cache: false })).ok).toBe(true);
    expect((await lstat(path.join(p.root, 'dist'))).isSymbolicLink()).toBe(true);
    expect(await readdir(path.join(p.root, 'dist'))).toContain('index.html');
  });

  it('is refused when dangling, and when a link replaces the output while the build runs', async () => {
    const p = await project();
    await symlink(path.join(p.root, 'gone'), path.join(p.root, 'dist'));
    const r = await build({ root: p.root, cache: false });
    expect(r.diagnostics.find((d) => d.code === 'unsafe-out-dir')?.message).toMatch(/symbolic link/);
    expect((await lstat(path.join(p.root, 'dist'))).isSymbolicLink()).toBe(true);
    await rm(path.join(p.root, 'dist'));

    const target = path.join(p.root, 'target');
    expect((await build({ root: p.root, outDir: target, cache: false })).ok).toBe(true);
    await writeFile(path.join(target, 'MY-NOTES.txt'), 'notes\n');
    const before = await tree(target);
    const swapped = await build({
      root: p.root,
      cache: false,
      onProgress: ({ stage }) => {
        // Between the checks before the build and its commit: dist becomes a link to the target.
        if (stage === 'render' && !existsSync(path.join(p.root, 'dist')))
          symlinkSync(target, path.join(p.root, 'dist'));
      },
    });
    expect(swapped.ok).toBe(false);
    expect(swapped.diagnostics.find((d) => d.code === 'unsafe-out-dir')?.message).toMatch(/became a symbolic link/);
    expect((await lstat(path.join(p.root, 'dist'))).isSymbolicLink()).toBe(true);
    expect(await tree(target)).toEqual(before);
  });
});
