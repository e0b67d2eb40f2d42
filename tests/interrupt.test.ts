import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureProject, GOOD_FM } from './fixture.js';
import { repoRoot } from './helpers.js';

const bin = path.join(repoRoot, 'bin', 'pa-site.js');
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

/** A project with enough pages that its build runs long enough to be interrupted mid-way. */
async function project(pages = 300) {
  const files: Record<string, string> = {};
  const body = 'Some text. '.repeat(200);
  for (let i = 0; i < pages; i++)
    files[`content/pages/guides/page-${i}.md`] =
      `---\n${GOOD_FM.replace('Second page title', `Guide number ${i} of the fixture`)}\n---\n${body}\n`;
  const p = await fixtureProject(files);
  cleanups.push(p.cleanup);
  const tmp = path.join(p.root, 'tmp');
  await mkdir(tmp);
  return {
    root: p.root,
    tmp,
    env: { ...process.env, NO_COLOR: '1', TMPDIR: tmp, PA_SITE_CACHE_DIR: path.join(p.root, 'cache') },
  };
}

/** Runs pa-site, sends `signal` as soon as `ready()` holds, and resolves with its exit code and stderr. */
function interrupt(args: string[], env: NodeJS.ProcessEnv, ready: () => boolean, signal: NodeJS.Signals) {
  const proc = spawn(process.execPath, [bin, ...args], { env });
  let stderr = '';
  proc.stderr.on('data', (d) => {
    stderr += d;
  });
  let sent = false;
  const poll = setInterval(() => {
    if (sent || !ready()) return;
    sent = true;
    proc.kill(signal);
  }, 2);
  return new Promise<{ code: number | null; signal: string | null; sent: boolean; stderr: string }>((resolve) =>
    proc.once('exit', (code, sig) => {
      clearInterval(poll);
      resolve({ code, signal: sig, sent, stderr });
    }),
  );
}

const names = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

describe('an interrupted run removes its own temporary files (#36 item 10)', () => {
  it.each([['SIGINT', 130] as const, ['SIGTERM', 143] as const])(
    'check stopped by %s removes its pa-site-check-* folder',
    async (signal, exit) => {
      const p = await project();
      const building = () => names(p.tmp).some((n) => n.startsWith('pa-site-check-'));
      const r = await interrupt(['check', '--root', p.root], p.env, building, signal);
      expect(r.sent).toBe(true);
      expect([r.code, r.signal]).toEqual([exit, null]);
      expect(names(p.tmp)).toEqual([]);
    },
  );

  it('check --dir stopped while its page thread writes to the spill folder removes that folder', async () => {
    const p = await project(0);
    const site = path.join(p.root, 'site');
    await mkdir(site);
    // 1,500 pages of 40 broken fragments: the page thread makes the spill folder after a few dozen pages.
    const links = Array.from({ length: 40 }, (_, k) => `<a href="index.html#gone-${k}">x</a>`).join('');
    for (let i = 0; i < 1500; i++)
      await writeFile(path.join(site, `p${i}.html`), `<!DOCTYPE html><title>t</title><main>${links}</main>\n`);
    await writeFile(path.join(site, 'index.html'), '<!DOCTYPE html><title>t</title><main></main>\n');
    const spilling = () => names(p.tmp).some((n) => n.startsWith('pa-site-check-'));
    const r = await interrupt(['check', '--dir', site], p.env, spilling, 'SIGINT');
    expect(r.sent).toBe(true);
    expect([r.code, r.signal]).toEqual([130, null]);
    expect(names(p.tmp)).toEqual([]);
  });

  it.each([
    ['', []],
    // With cores to spare, the staging folder is opened, and page files made in it, while validating.
    [' while it makes its page files early', ['--workers', '2']],
  ])(
    'build stopped by Ctrl-C%s removes its staging folder and .dist.lock, and leaves dist as it was',
    async (_, more) => {
      const p = await project();
      const env = { ...p.env, ...(more.length ? { PA_SITE_CORES: '16' } : {}) };
      expect(spawnSync(process.execPath, [bin, 'build', '--root', p.root], { env }).status).toBe(0);
      const before = names(path.join(p.root, 'dist')).sort();
      const staging = () => names(p.root).some((n) => n.startsWith('.dist.staging-'));
      await writeFile(path.join(p.root, 'content/pages/guides/page-0.md'), '\n', { flag: 'a' });
      const r = await interrupt(['build', '--root', p.root, '--no-cache', ...more], env, staging, 'SIGINT');
      expect(r.sent).toBe(true);
      expect([r.code, r.signal]).toEqual([130, null]);
      expect(names(p.root).filter((n) => n.startsWith('.dist'))).toEqual([]);
      expect(names(path.join(p.root, 'dist')).sort()).toEqual(before);
    },
  );

  it('check removes what killed checks left: exact name, a dead pid, only check files in it', async () => {
    const p = await project(0);
    const dead = spawnSync(process.execPath, ['-e', 'process.pid'], {}).pid!;
    const folder = async (name: string, files: Record<string, string>) => {
      for (const [rel, text] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(p.tmp, name, rel)), { recursive: true });
        await writeFile(path.join(p.tmp, name, rel), text);
      }
    };
    await folder(`pa-site-check-${dead}-0123abcd`, { 'site/.pa-site-output': '', 'site/index.html': 'x' });
    await folder(`pa-site-check-${dead}-89abcdef`, {
      '.site.staging-12-0123abcd/.pa-site-output': '',
      '.site.lock': '{}',
    });
    await folder(`pa-site-check-${dead}-backup`, { 'site/.pa-site-output': '' });
    await folder(`pa-site-check-${dead}-fedcba98`, { 'notes.txt': 'mine' });
    await folder(`pa-site-check-${process.pid}-76543210`, { 'site/.pa-site-output': '' });
    const r = spawnSync(process.execPath, [bin, 'check', '--root', p.root], { env: p.env });
    expect(r.signal).toBeNull(); // it ran to its end
    expect(names(p.tmp).sort()).toEqual(
      [
        `pa-site-check-${dead}-backup`,
        `pa-site-check-${dead}-fedcba98`,
        `pa-site-check-${process.pid}-76543210`,
      ].sort(),
    );
  });
});
