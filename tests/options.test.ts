/**
 * Option values read by one rule (issue 42, item 10): --workers as --port, an empty
 * PA_SITE_TODAY as unset, --host 0 refused, dotfiles in content/public not published.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, watch } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../src/index.js';
import { fixtureProject } from './fixture.js';
import { repoRoot } from './helpers.js';
import { scaled } from './machine.js';

const bin = path.join(repoRoot, 'bin', 'pa-site.js');
const run = (args: string[], env: NodeJS.ProcessEnv = {}) => {
  const r = spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    timeout: scaled(60_000),
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
  return { code: r.status, err: r.stderr };
};

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

describe('whole-number options', () => {
  it('--workers refuses the shapes --port refuses (1e1, " 2", 0x2, 2.0, empty)', () => {
    for (const value of ['1e1', ' 2', '0x2', '2.0', '', '65'])
      expect([value, run(['build', '--workers', value]).err.split('\n')[0]]).toEqual([
        value,
        `error: --workers must be a whole number from 1 to 64 (received: ${value})`,
      ]);
  });
});

describe('PA_SITE_TODAY', () => {
  it('empty is unset: the build uses the real date', async () => {
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    const r = run(['build', '--root', p.root, '--quiet'], { PA_SITE_TODAY: '' });
    expect([r.code, r.err]).toEqual([0, '']);
  });
});

describe('--host', () => {
  it('0 (which listens on every interface) is refused, naming 0.0.0.0; dev and preview alike', async () => {
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    expect(run(['build', '--root', p.root, '--quiet']).code).toBe(0); // something for preview to serve
    for (const command of ['dev', 'preview']) {
      const r = run([command, '--root', p.root, '--host', '0', '--port', '0']);
      expect([command, r.code, r.err.split('\n')[0]]).toEqual([
        command,
        2,
        'error: --host "0" means 0.0.0.0, every interface of this machine',
      ]);
    }
  });
});

describe('dotfiles in content/public', () => {
  it('.env and .git/ are not published, with one warning each; .well-known/ is', async () => {
    const p = await fixtureProject({
      'content/public/.env': 'SECRET=1\n',
      'content/public/.git/config': '[core]\n',
      'content/public/.git/HEAD': 'ref: refs/heads/main\n',
      'content/public/.well-known/security.txt': 'Contact: mailto:security@example.com\n',
    });
    cleanups.push(p.cleanup);
    const result = await build({ root: p.root, today: '2025-01-20', cache: false });
    expect(result.ok).toBe(true);
    const warned = result.diagnostics.filter((d) => d.code === 'public-dotfile').map((d) => [d.file, d.message]);
    expect(warned.sort()).toEqual([
      ['content/public/.env', expect.stringMatching(/^a dot-named file in content\/public\/ is not published/)],
      ['content/public/.git', expect.stringMatching(/^a dot-named folder \(2 files\)/)],
    ]);
    const out = path.join(p.root, 'dist');
    expect(existsSync(path.join(out, '.env'))).toBe(false);
    expect(existsSync(path.join(out, '.git'))).toBe(false);
    expect(existsSync(path.join(out, '.well-known', 'security.txt'))).toBe(true);
  });
});

describe('build --no-cache temporary code folders', () => {
  it('a folder a killed build left (its pid gone) is removed by the next build; a live one is kept', async () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    const left = path.join(tmpdir(), `pa-site-code-${dead}-Ab12Cd`);
    const live = path.join(tmpdir(), `pa-site-code-${process.pid}-Ab12Cd`);
    for (const dir of [left, live]) {
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, 'templates.mjs'), 'export {};\n');
    }
    cleanups.push(() => rm(live, { recursive: true, force: true }));
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    expect(run(['build', '--root', p.root, '--quiet', '--no-cache']).code).toBe(0);
    expect(existsSync(left)).toBe(false);
    expect(existsSync(live)).toBe(true);
  });

  it('Ctrl-C during build --no-cache removes its code folder', async () => {
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    const child = spawn(process.execPath, [bin, 'build', '--root', p.root, '--no-cache'], {
      env: { ...process.env, NO_COLOR: '1' },
    });
    const prefix = `pa-site-code-${child.pid}-`;
    // The folder appears as the build compiles its templates: the signal comes after that.
    const watcher = watch(tmpdir());
    await new Promise<void>((resolve) => {
      watcher.on('change', (_, name) => {
        if (String(name).startsWith(prefix)) resolve();
      });
    });
    watcher.close();
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await exited;
    expect((await readdir(tmpdir())).filter((n) => n.startsWith(prefix))).toEqual([]);
  });
});
