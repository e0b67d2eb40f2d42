/**
 * init and schema in odd places (issue 51 item 9): an option-looking folder name is a usage error,
 * not a folder named "-" or "--help"; a folder that cannot be made gives its real cause, never an
 * unexpected error or recursive mkdir's ENOENT.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

const run = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [path.join(repoRoot, 'bin/pa-site.js'), ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, NO_COLOR: '1' },
  });

describe('init and schema in odd places (#51 item 9)', () => {
  for (const args of [
    ['init', '-'],
    ['init', '--', '--help'],
  ]) {
    it(`${args.join(' ')} is a usage error and makes nothing`, async () => {
      const cwd = await mkdtemp(path.join(tmpdir(), 'pa-site-init-odd-'));
      dirs.push(cwd);
      const r = run(cwd, ...args);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/looks like an option, not a folder/);
      expect(await readdir(cwd)).toEqual([]);
    });
  }

  it('schema --out a dangling link names the link and the cause', async () => {
    const cwd = await mkdtemp(path.join(tmpdir(), 'pa-site-init-odd-'));
    dirs.push(cwd);
    await symlink('/nonexistent/pa-site-x', path.join(cwd, 'dl'));
    const r = run(cwd, 'schema', '--out', 'dl');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('symbolic link to a folder that does not exist');
    expect(r.stderr).not.toMatch(/unexpected error|\n\s+at /);
  });

  it('init where no folder can be made gives the real cause (EPERM under /sys), not an unexpected error', async () => {
    const cwd = await mkdtemp(path.join(tmpdir(), 'pa-site-init-odd-'));
    dirs.push(cwd);
    const r = run(cwd, 'init', '/sys/pa-site-init-test');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/could not create \/sys\/pa-site-init-test: .*\((EPERM|EACCES|EROFS)\)/);
    expect(r.stderr).not.toMatch(/unexpected error|\n\s+at /);
  });
});
