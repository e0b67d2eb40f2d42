import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureProject } from './fixture.js';
import { repoRoot } from './helpers.js';
import { scaled } from './machine.js';

const bin = path.join(repoRoot, 'bin', 'pa-site.js');
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});
const project = async (files: Record<string, string> = {}) => {
  const p = await fixtureProject({ 'tmp/.keep': '', ...files });
  cleanups.push(p.cleanup);
  return p;
};

/** A dev command that must end by itself: one that starts serving instead is ended by the timeout. */
const devOnce = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [bin, 'dev', ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', PA_SITE_TODAY: '2025-01-20', ...env },
    timeout: scaled(30_000),
  });

/** Starts `pa-site dev --port 0`; resolves once it prints its URL (or rejects if it exits first). */
function startDev(root: string, env: Record<string, string>) {
  const proc = spawn(process.execPath, [bin, 'dev', '--root', root, '--port', '0'], {
    cwd: root,
    env: { ...process.env, NO_COLOR: '1', PA_SITE_TODAY: '2025-01-20', ...env },
  });
  let output = '';
  const exited = new Promise<number | string | null>((resolve) =>
    proc.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  cleanups.push(async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    await exited;
  });
  const url = new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d;
      const m = /pa-site dev: (http:\/\/\S+)/.exec(output);
      if (m) resolve(m[1]!);
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    exited.then((code) => reject(new Error(`pa-site dev exited (${code}) before serving:\n${output}`)));
  });
  return {
    url,
    output: () => output,
    /** Ctrl-C; resolves with the exit code. */
    stop: () => {
      proc.kill('SIGINT');
      return exited;
    },
  };
}

describe('pa-site dev start-up', () => {
  it('refuses a --host that does not resolve as a usage error, before any warning', async () => {
    const p = await project();
    const r = devOnce(['--root', p.root, '--port', '0', '--host', 'no such host']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      'error: --host must be a name or address of this machine, but "no such host" does not resolve (ENOTFOUND)\n' +
        '    fix: pass --host 127.0.0.1 (the default), 0.0.0.0 to listen on every interface, ' +
        'or a name or address of this machine\n',
    );
  });

  it('refuses a --host that is not an address of this machine as a usage error', async () => {
    const p = await project();
    // TEST-NET-3 (RFC 5737): never an address of this machine.
    const r = devOnce(['--root', p.root, '--port', '0', '--host', '203.0.113.9'], {
      PA_SITE_CACHE_DIR: path.join(p.root, 'cache'),
    });
    expect([r.status, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toBe(
      'error: --host must be an address of this machine, but 203.0.113.9 is not one (EADDRNOTAVAIL)\n' +
        '    fix: pass --host 127.0.0.1 (the default), 0.0.0.0 to listen on every interface, ' +
        'or a name or address of this machine\n',
    );
  });

  it('refuses a --root without content/site.yaml instead of serving nothing', async () => {
    const p = await project();
    const missing = path.join(p.root, 'no-such-folder');
    const r = devOnce(['--root', missing, '--port', '0']);
    expect([r.signal, r.status, r.stdout]).toEqual([null, 2, '']);
    expect(r.stderr).toBe(
      `error: --root: ${missing} does not exist\n` +
        '    fix: run pa-site in the project folder, or pass --root DIR pointing at a folder that contains ' +
        'content/site.yaml\n',
    );
  });

  it('prints a failed first build once, without promising good pages it never had', async () => {
    const p = await project({ 'content/pages/broken.md': '---\ntitle: No template here\n---\nText.\n' });
    const dev = startDev(p.root, { PA_SITE_CACHE_DIR: path.join(p.root, 'cache') });
    await dev.url;
    expect(await dev.stop()).toBe(0);
    const out = dev.output();
    expect(out.match(/build failed/g)).toHaveLength(1);
    expect(out.match(/content\/pages\/broken\.md:2:1 {2}template/g)).toHaveLength(1);
    expect(out).toContain('build failed in');
    expect(out).toContain('; every page shows this error until a save fixes it:');
    expect(out).not.toContain('last good pages');
  });

  it('says stale offers in one line, as build does, not one warning each', async () => {
    const p = await project();
    // The fixture's offer was checked on 2025-01-10: a year later its terms are withheld.
    const dev = startDev(p.root, { PA_SITE_CACHE_DIR: path.join(p.root, 'cache'), PA_SITE_TODAY: '2026-01-20' });
    await dev.url;
    expect(await dev.stop()).toBe(0);
    const out = dev.output();
    expect(out).toContain('! 1 offer withheld: refresh their terms (run the build with --verbose to name each)\n');
    expect(out).not.toContain('bonus.verified');
    expect(out).not.toMatch(/^warning/m);
  });

  const unwritable: [string, (root: string) => string, string][] = [
    ['a file', (root) => path.join(root, 'content', 'site.yaml'), 'ENOTDIR'],
    ['a path through a file', (root) => path.join(root, 'content', 'site.yaml', 'cache'), 'ENOTDIR'],
  ];
  // Node 20's recursive mkdir loops forever there.
  if (existsSync('/proc/self')) unwritable.push(['under /proc', () => '/proc/pa-site-no-cache', 'ENOENT']);
  it.each(unwritable)(
    'serves from a temporary folder when the cache folder is %s, warning once',
    async (_, at, code) => {
      const p = await project();
      const cache = at(p.root);
      const tmp = path.join(p.root, 'tmp');
      const dev = startDev(p.root, { PA_SITE_CACHE_DIR: cache, TMPDIR: tmp });
      const url = await dev.url;
      expect((await fetch(url)).status).toBe(200);
      expect(await dev.stop()).toBe(0);
      const out = dev.output();
      expect(out.match(/warning/g)).toEqual(['warning']);
      expect(out).toContain(
        `warning: the cache folder ${cache} cannot be written (${code}); the dev build and its render cache go to ` +
          'a temporary folder instead, removed when dev stops\n' +
          `    fix: make ${cache} a writable folder, or set PA_SITE_CACHE_DIR to one\n`,
      );
      expect(out).toMatch(/dev build in tmp\/pa-site-dev-\d+-\w+\/site;/);
      expect(await readdir(tmp)).toEqual(['.keep']);
    },
  );
});

/** Resolves once the dev output matches `re` (it comes from the rebuild a file event starts). */
async function outputMatches(output: () => string, re: RegExp): Promise<void> {
  const end = Date.now() + scaled(20_000);
  while (!re.test(output())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${re} in:\n${output()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const fifo = (file: string) => expect(spawnSync('mkfifo', [file]).status).toBe(0);

describe('pa-site dev with files that are not regular files', () => {
  it('skips a FIFO page or public file made while it runs, with a warning, and keeps serving', async () => {
    const p = await project();
    const dev = startDev(p.root, { PA_SITE_CACHE_DIR: path.join(p.root, 'cache') });
    const url = await dev.url;
    await mkdir(path.join(p.root, 'content/public'));
    fifo(path.join(p.root, 'content/public/feed.txt'));
    fifo(path.join(p.root, 'content/pages/pipe.md'));
    await outputMatches(dev.output, /content\/pages\/pipe\.md:1:1 {2}- {2}a named pipe \(FIFO\) is not a regular file/);
    await outputMatches(dev.output, /content\/public\/feed\.txt:1:1 {2}- {2}a named pipe \(FIFO\)/);
    expect((await fetch(url)).status).toBe(200);
    expect(await dev.stop()).toBe(0);
    expect(dev.output()).toContain('pa-site dev stopped.');
  });

  it('reports symbolic link loops made before and while it runs as diagnostics, and keeps serving', async () => {
    const p = await project();
    const pages = path.join(p.root, 'content/pages');
    await symlink('loopa', path.join(pages, 'loopb.md'));
    await symlink('loopb.md', path.join(pages, 'loopa'));
    await symlink('.', path.join(pages, 'selfdir'));
    const dev = startDev(p.root, { PA_SITE_CACHE_DIR: path.join(p.root, 'cache') });
    const url = await dev.url;
    await symlink('loopc', path.join(pages, 'loopd.md'));
    await symlink('loopd.md', path.join(pages, 'loopc'));
    await symlink('.', path.join(pages, 'selfdir2'));
    const loop = '  -  the symbolic link points back to itself (a symbolic link loop)';
    await outputMatches(dev.output, new RegExp(`content/pages/loopd\\.md:1:1${escapeRe(loop)}`));
    await outputMatches(dev.output, /content\/pages\/selfdir2:1:1 {2}- {2}a symbolic link to a folder is not followed/);
    expect((await fetch(url)).status).toBe(500); // the error screen: a loop is an error, as in build
    for (const f of ['loopb.md', 'loopd.md']) await rm(path.join(pages, f));
    await outputMatches(dev.output, /✓/);
    expect((await fetch(url)).status).toBe(200);
    expect(await dev.stop()).toBe(0);
    const out = dev.output();
    expect(out).toContain(`content/pages/loopb.md:1:1${loop}`);
    expect(out).not.toContain('ELOOP');
    expect(out).not.toMatch(/^\s+at /m);
  });
});

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
