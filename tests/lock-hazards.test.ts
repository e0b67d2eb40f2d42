/**
 * Lock files that cannot hang a command (issue 42, items 4 and 10): whatever sits at the path of
 * `.dist.lock` or `dev.lock.json`, build and dev end promptly, naming the file and how to clear it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockFileFor, lockOutput } from '../src/pipeline/write/lock.js';
import { fixtureProject } from './fixture.js';
import { repoRoot } from './helpers.js';
import { scaled } from './machine.js';

const bin = path.join(repoRoot, 'bin/pa-site.js');
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

/** Runs pa-site; a run that outlives `ms` is killed (the hang these tests guard against) and reported as such. */
function cli(args: string[], env: NodeJS.ProcessEnv = {}, ms = scaled(60_000)) {
  const r = spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    timeout: ms,
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
  return { code: r.status, signal: r.signal, err: r.stderr };
}

const mkfifo = (file: string) => spawnSync('mkfifo', [file]).status === 0;

const HAZARDS: [name: string, make: (file: string) => Promise<unknown>, says: RegExp][] = [
  ['a dangling symbolic link', (f) => symlink('/nonexistent/x', f), /is a symbolic link/],
  ['a folder', (f) => mkdir(f), /is a folder/],
  ['a FIFO', async (f) => expect(mkfifo(f)).toBe(true), /is a FIFO/],
  ['an empty file', (f) => writeFile(f, ''), /is empty/],
  ['garbage', (f) => writeFile(f, '\u0000garbage{'), /not JSON/],
];

describe('.dist.lock that is not a lock', () => {
  for (const [name, make, says] of HAZARDS) {
    it(`${name}: build fails at once, naming the file and how to clear it`, async () => {
      const p = await fixtureProject();
      cleanups.push(p.cleanup);
      const lock = lockFileFor(path.join(p.root, 'dist'));
      await make(lock);
      const r = cli(['build', '--root', p.root, '--quiet']);
      expect(r.signal).toBeNull();
      expect(r.code).toBe(1);
      expect(r.err).toContain(`lock file ${lock}`);
      expect(r.err).toMatch(says);
      expect(r.err).toMatch(/remove it \(rm -r /);
      expect(r.err).not.toMatch(/\n\s+at |unexpected error/);
    });
  }

  it('a lock held by a live build names the lock file, and the wait ends at its deadline', async () => {
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    const outDir = path.join(p.root, 'dist');
    const held = await lockOutput(outDir);
    try {
      const said: string[] = [];
      const waited = lockOutput(outDir, { onWait: (m) => said.push(m), waitMs: 0 });
      await expect(waited).rejects.toThrow(`has held the lock file ${held.file}`);
      expect(said.join('\n')).toContain(`(lock file: ${held.file})`);
    } finally {
      held.release();
    }
  });

  it('a build waiting on a live lock stops on SIGTERM, leaving the holder its lock', async () => {
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    const held = await lockOutput(path.join(p.root, 'dist'));
    try {
      const child = spawn(process.execPath, [bin, 'build', '--root', p.root], {
        env: { ...process.env, NO_COLOR: '1' },
      });
      let err = '';
      await new Promise<void>((resolve) => {
        child.stderr.on('data', (c) => {
          err += c;
          if (err.includes('waiting for it to finish')) resolve();
        });
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(143);
      expect(existsSync(held.file)).toBe(true);
    } finally {
      held.release();
    }
  });

  it('a lock of a dead pid on this host is taken over without a wait', async () => {
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    const outDir = path.join(p.root, 'dist');
    await writeFile(lockFileFor(outDir), JSON.stringify({ pid: dead, host: hostname(), token: 'x' }));
    const r = cli(['build', '--root', p.root, '--quiet']);
    expect([r.code, r.err]).toEqual([0, '']);
    expect((await readdir(p.root)).filter((n) => n.startsWith('.dist'))).toEqual([]);
  });
});

describe('dev.lock.json that is not a lock', () => {
  /** A project and a cache folder whose dev lock path is known. */
  async function devProject() {
    const p = await fixtureProject();
    const cache = await mkdtemp(path.join(tmpdir(), 'pa-site-devlock-'));
    cleanups.push(p.cleanup, () => rm(cache, { recursive: true, force: true }));
    const work = path.join(cache, 'dev', createHash('sha256').update(p.root).digest('hex').slice(0, 12));
    await mkdir(work, { recursive: true });
    return { root: p.root, cache, lock: path.join(work, 'dev.lock.json') };
  }

  for (const [name, make, says] of HAZARDS.filter(([n]) => n !== 'a folder')) {
    it(`${name}: dev refuses to start, naming the file and how to clear it`, async () => {
      const d = await devProject();
      await make(d.lock);
      const r = cli(['dev', '--root', d.root], { PA_SITE_CACHE_DIR: d.cache });
      expect(r.signal).toBeNull();
      expect(r.code).toBe(1);
      expect(r.err).toContain(`lock file ${d.lock}`);
      expect(r.err).toMatch(says);
      expect(r.err).not.toMatch(/\n\s+at |unexpected error/);
    });
  }

  it('a lock naming a live pid names the lock file', async () => {
    const d = await devProject();
    await writeFile(d.lock, JSON.stringify({ pid: process.pid, url: 'http://127.0.0.1:1/', root: d.root }));
    const r = cli(['dev', '--root', d.root], { PA_SITE_CACHE_DIR: d.cache });
    expect(r.code).toBe(1);
    expect(r.err).toContain(`pa-site dev is already running for ${d.root} at http://127.0.0.1:1/`);
    expect(r.err).toContain(`lock file ${d.lock}`);
  });
});
