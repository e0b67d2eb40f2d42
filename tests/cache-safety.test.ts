import { spawnSync } from 'node:child_process';
import { appendFile, link, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../src/index.js';
import { fixtureProject } from './fixture.js';
import { repoRoot, snapshot } from './helpers.js';
import { scaled } from './machine.js';

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
    await appendFile(page, '<!-- edited by a post-build step -->');
    const second = await build({ root: p.root, cacheDir });
    expect(second.cacheHits).toBe(1); // the cache kept its own copy
    expect(await readFile(page, 'utf8')).toBe(original);
  });

  // Issue 36 item 2: builds sharing a render cache hard-linked identical pages to one inode.
  it('no output folder shares an inode with the cache or another output', async () => {
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    const cacheDir = path.join(p.root, 'cache');
    const a = path.join(p.root, 'outA');
    const b = path.join(p.root, 'outB');
    expect((await build({ root: p.root, outDir: a, cacheDir })).ok).toBe(true);
    const second = await build({ root: p.root, outDir: b, cacheDir });
    expect(second.cacheHits).toBe(1); // b's page came from the cache
    // A warm build into a takes over the file its previous output gives up, instead of a copy.
    const before = (await stat(path.join(a, 'index.html'))).ino;
    expect((await build({ root: p.root, outDir: a, cacheDir })).cacheHits).toBe(1);
    expect((await stat(path.join(a, 'index.html'))).ino).toBe(before);
    // Unless something else links to it: then the cache's copy is taken.
    await link(path.join(a, 'index.html'), path.join(p.root, 'elsewhere.html'));
    expect((await build({ root: p.root, outDir: a, cacheDir })).cacheHits).toBe(1);
    expect((await stat(path.join(a, 'index.html'))).ino).not.toBe(before);
    expect((await stat(path.join(p.root, 'elsewhere.html'))).nlink).toBe(1);
    const cacheBefore = await snapshot(cacheDir);
    const original = await readFile(path.join(b, 'index.html'), 'utf8');
    await appendFile(path.join(a, 'index.html'), 'x\n');
    expect(await readFile(path.join(b, 'index.html'), 'utf8')).toBe(original);
    expect(await snapshot(cacheDir)).toEqual(cacheBefore);
    for (const dir of [a, b, cacheDir])
      for (const e of await readdir(dir, { recursive: true, withFileTypes: true }))
        if (e.isFile()) expect([e.name, (await stat(path.join(e.parentPath, e.name))).nlink]).toEqual([e.name, 1]);
  });

  // Issue 36 item 3: pruning trusted the keys in index.json and deleted the files they named.
  it('a tampered index.json never deletes outside the cache folder', async () => {
    const p = await fixtureProject({ 'victim/important.html': 'keep me' });
    cleanups.push(p.cleanup);
    const cacheDir = path.join(p.root, 'cache', 'render');
    expect((await build({ root: p.root, cacheDir })).ok).toBe(true);
    const file = path.join(cacheDir, 'index.json');
    const index = JSON.parse(await readFile(file, 'utf8'));
    const sum = (Object.values(index.entries)[0] as [string])[0];
    // path.join(dir, '..', '../victim/important.html'): two levels up, then victim/.
    index.entries['../victim/important'] = [sum, [], 0];
    await writeFile(file, JSON.stringify(index));
    const again = await build({ root: p.root, cacheDir });
    expect(again.ok).toBe(true);
    expect(again.cacheHits).toBe(1);
    expect(await readFile(path.join(p.root, 'victim/important.html'), 'utf8')).toBe('keep me');
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

  // Issue 36 item 7: a full cache disk failed the build, even with --no-cache, blaming "templates"
  // and leaving *.tmp files. Writes into the cache folder fail from a preload (Node runs it in worker
  // threads too), as on a full disk: creating an empty file still works, writing data does not.
  describe('a cache folder that refuses writes', () => {
    const PRELOAD = `
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
const dir = process.env.FAULT_DIR;
const fail = (file) => {
  const code = process.env.FAULT_CODE;
  throw Object.assign(new Error(code + ': refused by the test, write ' + file), { code });
};
const inside = (file) => String(file instanceof URL ? file.pathname : file).startsWith(dir);
const empty = (data) => data === '' || (data && data.byteLength === 0);
for (const [obj, name] of [[fs, 'writeFileSync'], [fs.promises, 'writeFile']]) {
  const real = obj[name];
  obj[name] = (file, data, ...rest) => (inside(file) && !empty(data) ? fail(file) : real(file, data, ...rest));
}
const copy = fs.copyFileSync;
fs.copyFileSync = (from, to, ...rest) => (inside(to) ? fail(to) : copy(from, to, ...rest));
syncBuiltinESMExports();
`;
    for (const code of ['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES'])
      it(
        `(${code}) is reported once and the build goes on; --no-cache never touches it`,
        async () => {
          const p = await fixtureProject({ 'tmp/.keep': '', 'fault.mjs': PRELOAD, 'cache/.keep': '' });
          cleanups.push(p.cleanup);
          const cache = path.join(p.root, 'cache');
          const env = {
            PA_SITE_CACHE_DIR: cache,
            TMPDIR: path.join(p.root, 'tmp'),
            FAULT_DIR: cache,
            FAULT_CODE: code,
          };
          const run = (...args: string[]) =>
            spawnSync(
              process.execPath,
              ['--import', path.join(p.root, 'fault.mjs'), path.join(repoRoot, 'bin/pa-site.js'), 'build', ...args],
              { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', PA_SITE_TODAY: '2025-01-20', ...env } },
            );
          if (code === 'ENOSPC') {
            const plain = run('--root', p.root, '--no-cache');
            expect([plain.status, plain.stderr]).toEqual([0, '']);
            expect(await readdir(cache, { recursive: true })).toEqual(['.keep']);
          }
          const cached = run('--root', p.root);
          expect(cached.stderr).not.toContain('templates');
          expect(cached.stderr.match(/the render cache folder cannot be written/g)).toEqual([
            'the render cache folder cannot be written',
          ]);
          expect(cached.stderr).toContain(`(${code}); building without it`);
          expect(cached.status).toBe(0);
          expect((await readdir(cache, { recursive: true })).filter((n) => n.endsWith('.tmp'))).toEqual([]);
          expect(await readdir(path.join(p.root, 'tmp'))).toEqual(['.keep']); // the private folder went
        },
        scaled(60_000),
      );
  });
});
