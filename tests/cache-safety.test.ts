import { spawnSync } from 'node:child_process';
import { appendFile, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../src/index.js';
import { fixtureProject } from './fixture.js';
import { repoRoot } from './helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

const cli = (args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, [path.join(repoRoot, 'bin/pa-site.js'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...env },
  });

describe('render cache safety (#16 item 3)', () => {
  it('editing a built page in place never reaches the next build', async () => {
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    const cacheDir = path.join(p.root, 'cache');
    const first = await build({ root: p.root, cacheDir });
    const page = path.join(first.outDir, 'index.html');
    const original = await readFile(page, 'utf8');
    await appendFile(page, '<!-- edited by a post-build step -->'); // in place: same inode as a cache entry
    const second = await build({ root: p.root, cacheDir });
    expect(second.cacheHits).toBe(0);
    expect(await readFile(page, 'utf8')).toBe(original);
    const third = await build({ root: p.root, cacheDir });
    expect(third.cacheHits).toBe(1);
    expect(await readFile(page, 'utf8')).toBe(original);
  });

  it('a cache folder that cannot be written: --no-cache builds quietly; a cached build warns and builds', async () => {
    const p = await fixtureProject({ 'not-a-folder': 'a file', 'tmp/.keep': '' });
    cleanups.push(p.cleanup);
    // Templates then compile into a private temporary folder, removed as the command ends.
    const tmp = path.join(p.root, 'tmp');
    // PA_SITE_TODAY: a day the fixture's offer is current, so stderr holds only what this test is about.
    const env = {
      PA_SITE_CACHE_DIR: path.join(p.root, 'not-a-folder', 'cache'),
      TMPDIR: tmp,
      PA_SITE_TODAY: '2025-01-20',
    };
    const plain = cli(['build', '--root', p.root, '--no-cache'], env);
    expect([plain.status, plain.stderr]).toEqual([0, '']);
    const cached = cli(['build', '--root', p.root], env);
    expect(cached.status).toBe(0);
    expect(cached.stderr).toContain('the render cache folder cannot be written (ENOTDIR); building without it');
    expect(cached.stderr).toContain(`fix: make ${env.PA_SITE_CACHE_DIR}/render writable, set PA_SITE_CACHE_DIR`);
    expect(await readdir(tmp)).toEqual(['.keep']);
  });
});
