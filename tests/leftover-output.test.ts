/**
 * Messages that are true (issue 51 item 6): a previous output that cannot be deleted after the swap
 * (an immutable file in it, `chattr +i`; a bind mount inside it) no longer fails a build that put the
 * new output in place with "left as it was", and the `.dist.old-*` it leaves fails no later build.
 * The fault comes from a preload that makes deleting one file of a retired output fail with EPERM,
 * as an immutable file does (the tests run as root, where chattr would be the only other way).
 */
import { spawnSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeProblem } from '../src/pipeline/write/write-problem.js';
import { fixtureProject } from './fixture.js';
import { repoRoot } from './helpers.js';

const PRELOAD = `
import fsp from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
const rm = fsp.rm;
fsp.rm = (file, ...rest) => {
  if (typeof file === 'string' && /\\.dist\\.old-[^/]*\\/index\\.html$/.test(file))
    return Promise.reject(
      Object.assign(new Error(\`EPERM: operation not permitted, unlink '\${file}'\`), { code: 'EPERM' }),
    );
  return rm(file, ...rest);
};
syncBuiltinESMExports();
`;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

describe('a previous output that cannot be deleted (#51 item 6)', () => {
  it('the build succeeds with a warning naming it, and the next builds do not fail on it', async () => {
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    const preload = path.join(p.root, 'immutable.mjs');
    await writeFile(preload, PRELOAD);
    const run = () =>
      spawnSync(
        process.execPath,
        ['--import', preload, path.join(repoRoot, 'bin/pa-site.js'), 'build', '--root', p.root],
        {
          encoding: 'utf8',
          env: { ...process.env, NO_COLOR: '1', PA_SITE_TODAY: '2026-06-01' },
        },
      );
    expect(run().status).toBe(0);
    await writeFile(
      path.join(p.root, 'content', 'pages', 'index.md'),
      (await readFile(path.join(p.root, 'content', 'pages', 'index.md'), 'utf8')).replace(
        'Fixture home',
        'Fixture home, again',
      ),
    );
    const second = run();
    expect(second.stderr).not.toContain('left as it was');
    expect(second.status, second.stderr).toBe(0);
    expect(second.stderr).toMatch(/warning .*\.dist\.old-.*could not be deleted \(EPERM\)/);
    expect(await readFile(path.join(p.root, 'dist', 'index.html'), 'utf8')).toContain('Fixture home, again');
    const third = run();
    expect(third.status, third.stderr).toBe(0);
    expect((await readdir(p.root)).filter((n) => n.startsWith('.dist.staging-'))).toEqual([]);
  });

  it('EBUSY (a dist that is a mount point) says why and how to build inside the volume', () => {
    const root = '/p';
    const d = writeProblem(
      root,
      '/p/dist',
      Object.assign(new Error("EBUSY: resource busy, rename '/p/dist'"), { code: 'EBUSY', path: '/p/dist' }),
    );
    expect(d?.message).toContain('mount point');
    expect(d?.hint).toContain('--out dist/site');
  });
});
