import { spawn, spawnSync } from 'node:child_process';
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../src/index.js';
import { lockFileFor, lockOutput } from '../src/pipeline/write/lock.js';
import { fixtureProject, page } from './fixture.js';
import { repoRoot, snapshot } from './helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

const ABOUT = page(
  [
    'description: A second page so the fixture has more than one page to write out.',
    'updated: 2025-01-15',
    'hero:\n  heading: About\n  lede: About the fixture.',
  ].join('\n'),
);

/** Runs `pa-site build` as a child process; resolves with its exit code and stderr. */
function cli(root: string): Promise<{ code: number | null; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'bin/pa-site.js'), 'build', '--root', root, '--quiet'], {
      env: { ...process.env, NO_COLOR: '1' },
    });
    let err = '';
    child.stderr.on('data', (c) => {
      err += c;
    });
    child.on('close', (code) => resolve({ code, err }));
  });
}

describe('output lock and recovery', () => {
  it('a build waits, saying so, while another holds the output folder, then finishes', async () => {
    const p = await fixtureProject({ 'content/pages/about.md': ABOUT });
    cleanups.push(p.cleanup);
    const outDir = path.join(p.root, 'dist');
    const held = await lockOutput(outDir);
    let finished = false;
    let told!: (message: string) => void;
    const waiting = new Promise<string>((resolve) => {
      told = resolve;
    });
    const running = build({ root: p.root, onStatus: (m) => told(m) }).finally(() => {
      finished = true;
    });
    expect(await waiting).toMatch(/another build is running into .*dist \(pid \d+\); waiting for it to finish/);
    expect(finished).toBe(false);
    held.release();
    const result = await running;
    expect(result.ok).toBe(true);
    expect(Object.keys(await snapshot(outDir))).toContain('about.html');
    expect((await readdir(p.root)).filter((n) => n.startsWith('.dist'))).toEqual([]);
  });

  it('two builds started at once into one folder both succeed and leave one complete folder', async () => {
    const p = await fixtureProject({ 'content/pages/about.md': ABOUT });
    cleanups.push(p.cleanup);
    const reference = await build({ root: p.root, outDir: 'reference' });
    expect(reference.ok).toBe(true);
    const [a, b] = await Promise.all([cli(p.root), cli(p.root)]);
    expect([a.code, b.code, a.err + b.err]).toEqual([0, 0, expect.not.stringMatching(/ENOENT|\n\s+at /)]);
    expect(await snapshot(path.join(p.root, 'dist'))).toEqual(await snapshot(reference.outDir));
    expect((await readdir(p.root)).filter((n) => n.startsWith('.dist'))).toEqual([]);
  });

  it('a lock left by a killed build is taken over', async () => {
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    const outDir = path.join(p.root, 'dist');
    await writeFile(lockFileFor(outDir), JSON.stringify({ pid: dead, host: (await import('node:os')).hostname() }));
    const said: string[] = [];
    const result = await build({ root: p.root, onStatus: (m) => said.push(m) });
    expect(result.ok).toBe(true);
    expect(said).toEqual([]);
  });

  it('the next build puts back an output folder a killed build had moved aside, even if it fails', async () => {
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    const first = await build({ root: p.root });
    const before = await snapshot(first.outDir);
    // What a build killed between its two renames leaves: the old output aside and a staging folder.
    // Staging folders get pa-site's marker before any page (write.ts).
    await rename(first.outDir, path.join(p.root, '.dist.old-123-abcd0123'));
    await mkdir(path.join(p.root, '.dist.staging-123-abcd0123'));
    await writeFile(path.join(p.root, '.dist.staging-123-abcd0123', '.pa-site-output'), '');
    await writeFile(path.join(p.root, '.dist.staging-123-abcd0123', 'half.html'), '<p>half');
    await p.write('content/pages/index.md', '---\ntemplate: nope\n---\n');
    const failed = await build({ root: p.root });
    expect(failed.ok).toBe(false);
    expect(await snapshot(first.outDir)).toEqual(before);
    expect((await readdir(p.root)).filter((n) => n.startsWith('.dist'))).toEqual([]);
  });
});
