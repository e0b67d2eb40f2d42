/**
 * A build deletes nothing it did not write (issue 51 item 2): the marker lists what the last build
 * wrote; anything else in the output folder stops the build, naming it, unless --clean; `.git` (a
 * gh-pages checkout) is always kept, also through a build killed mid-commit. The marker itself is
 * not served by the documented nginx config.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../src/index.js';
import { MARKER } from '../src/pipeline/write/out-dir.js';
import { LISTING } from '../src/pipeline/write/owned-files.js';
import { recoverOutput } from '../src/pipeline/write/write.js';
import { fixtureProject } from './fixture.js';
import { repoRoot } from './helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

async function built() {
  const p = await fixtureProject();
  cleanups.push(p.cleanup);
  const dist = path.join(p.root, 'dist');
  expect((await build({ root: p.root })).ok).toBe(true);
  return { root: p.root, dist };
}

describe('files pa-site did not write (#51 item 2)', () => {
  it('the marker lists every file the build wrote', async () => {
    const { dist } = await built();
    const text = await readFile(path.join(dist, MARKER), 'utf8');
    expect(text.startsWith(`${LISTING}\n`)).toBe(true);
    expect(text).toContain('"index.html"\n');
    expect(text).toContain('"404.html"\n');
    expect(text).not.toContain(`"${MARKER}"`);
  });

  it('a user file in dist stops the build, named, and is kept; --clean deletes it', async () => {
    const { root, dist } = await built();
    await writeFile(path.join(dist, 'NOTES.txt'), 'mine\n');
    await mkdir(path.join(dist, 'drafts'));
    await writeFile(path.join(dist, 'drafts', 'a.html'), 'mine too\n');
    const r = await build({ root });
    expect(r.ok).toBe(false);
    const d = r.diagnostics.find((x) => x.code === 'unsafe-out-dir');
    expect(d?.message).toContain('"NOTES.txt"');
    expect(d?.message).toContain('"drafts/"');
    expect(d?.hint).toContain('--clean');
    expect(await readFile(path.join(dist, 'NOTES.txt'), 'utf8')).toBe('mine\n');
    expect(existsSync(path.join(dist, 'drafts', 'a.html'))).toBe(true);
    // The CLI says it as a usage error, with the fix.
    const cli = spawnSync(process.execPath, [path.join(repoRoot, 'bin/pa-site.js'), 'build', '--root', root], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(cli.status).toBe(2);
    expect(cli.stderr).toContain('NOTES.txt');
    expect(cli.stderr).toContain('--clean');
    const clean = await build({ root, clean: true });
    expect(clean.ok).toBe(true);
    expect(existsSync(path.join(dist, 'NOTES.txt'))).toBe(false);
    expect(existsSync(path.join(dist, 'drafts'))).toBe(false);
  });

  it("a page file replaced by a folder of the same name is not pa-site's", async () => {
    const { root, dist } = await built();
    await rename(path.join(dist, '404.html'), path.join(dist, 'x'));
    await mkdir(path.join(dist, '404.html'));
    const r = await build({ root });
    expect(r.diagnostics.find((x) => x.code === 'unsafe-out-dir')?.message).toContain('"404.html/"');
  });

  it('dist/.git is kept by every build, --clean too', async () => {
    const { root, dist } = await built();
    await mkdir(path.join(dist, '.git'));
    await writeFile(path.join(dist, '.git', 'HEAD'), 'ref: refs/heads/gh-pages\n');
    expect((await build({ root })).ok).toBe(true);
    expect(await readFile(path.join(dist, '.git', 'HEAD'), 'utf8')).toBe('ref: refs/heads/gh-pages\n');
    expect((await build({ root, clean: true })).ok).toBe(true);
    expect(await readFile(path.join(dist, '.git', 'HEAD'), 'utf8')).toBe('ref: refs/heads/gh-pages\n');
  });

  it('a folder holding only a .git (a fresh gh-pages checkout) is built into', async () => {
    const p = await fixtureProject({ 'dist/.git/HEAD': 'ref: refs/heads/gh-pages\n' });
    cleanups.push(p.cleanup);
    expect((await build({ root: p.root })).ok).toBe(true);
    expect(existsSync(path.join(p.root, 'dist', '.git', 'HEAD'))).toBe(true);
    expect(existsSync(path.join(p.root, 'dist', 'index.html'))).toBe(true);
  });

  it('a .git carried into a staging folder by a killed commit goes back on the next build', async () => {
    const { root, dist } = await built();
    // As a build killed after moving .git into its staging folder leaves things.
    const staging = path.join(root, '.dist.staging-123-0badc0de');
    await mkdir(path.join(staging, '.git'), { recursive: true });
    await writeFile(path.join(staging, MARKER), 'x');
    await writeFile(path.join(staging, '.git', 'HEAD'), 'kept\n');
    await recoverOutput(dist);
    expect(existsSync(staging)).toBe(false);
    expect(await readFile(path.join(dist, '.git', 'HEAD'), 'utf8')).toBe('kept\n');
  });
});

describe('the marker is not served (#50 point 5)', () => {
  it('docs/nginx.conf answers 404 for it, and for every hidden file but .well-known', async () => {
    const conf = await readFile(path.join(repoRoot, 'docs/nginx.conf'), 'utf8');
    // Regex locations are tried in order, before the prefix location `/`: the first that matches wins.
    const regexes = [...conf.matchAll(/^\s*location ~\*? (\S+) \{\n([^}]*)\}/gm)].map(
      ([, re, body]) => [new RegExp(re!), body!] as const,
    );
    const answer = (uri: string) => regexes.find(([re]) => re.test(uri))?.[1];
    for (const uri of [`/${MARKER}`, '/.git/config', '/.env', '/guides/.hidden'])
      expect(answer(uri), uri).toMatch(/return 404;/);
    expect(answer('/.well-known/security.txt')).toBeUndefined();
    expect(answer('/about/')).not.toMatch(/return 404;/);
  });
});
