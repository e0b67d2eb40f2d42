/**
 * A page write that fails (a full disk, here) fails the build with a diagnostic naming the page's
 * file and the fix, whichever thread wrote the page; a render worker that dies fails it with one
 * line. Either way the previous output stays as it was, and no staging folder is left beside it.
 * Render workers write their own pages, so every worker must stop before the staging folder is
 * removed; before that was so, a worker still writing made the clean-up fail (ENOTEMPTY) and that
 * error was reported instead. Each thread that writes pages also appends them to a temporary pack in
 * the render cache: a failed build deletes them all. The faults come from a preload (--import),
 * which Node also runs in the child's worker threads.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/index.js';
import { GOOD_FM, fixtureProject, page } from './fixture.js';
import { repoRoot } from './helpers.js';

const PRELOAD = `
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { isMainThread } from 'node:worker_threads';
const faulty = process.env.FAULT_THREAD;
if (faulty === 'main' ? isMainThread : faulty === 'worker' && !isMainThread) {
  const write = fs.writeFileSync;
  let pages = 0;
  fs.writeFileSync = (file, ...rest) => {
    const page = typeof file === 'string' && file.includes('.staging-') && /guide-\\d+\\.html$/.test(file);
    if (page && ++pages > Number(process.env.FAULT_AFTER))
      throw Object.assign(new Error(\`ENOSPC: no space left on device, open '\${file}'\`), { code: 'ENOSPC' });
    return write(file, ...rest);
  };
  syncBuiltinESMExports();
}
// A worker that dies when it is sent a job of one kind ('indices': pages to render, see render-worker.ts).
const dieOn = process.env.DIE_ON;
if (dieOn && !isMainThread) {
  const { parentPort } = await import('node:worker_threads');
  const on = parentPort.on.bind(parentPort);
  parentPort.on = (event, listener) =>
    on(event, event !== 'message' ? listener : (msg) => (typeof msg === 'object' && msg && dieOn in msg
      ? process.exit(3)
      : listener(msg)));
}
`;

const N = 600;
const FM = GOOD_FM.replace(/^template: guide\n/, '');
let p: Awaited<ReturnType<typeof fixtureProject>>;
let preload: string;
let before: string;

/** The failing builds' cache folder: emptied before each, so every build renders and packs its pages. */
const cacheDir = () => path.join(p.root, '.test-cache');
/** What a failed build left in the render cache that is not whole: temporary files. */
const tempFiles = async () =>
  (await readdir(path.join(cacheDir(), 'render')).catch(() => [] as string[])).filter((n) => n.endsWith('.tmp'));

async function snapshot(dir: string): Promise<string> {
  const out: [string, string][] = [];
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile()) {
      const abs = path.join(e.parentPath, e.name);
      out.push([path.relative(dir, abs), await readFile(abs, 'base64')]);
    }
  return JSON.stringify(out.sort());
}

async function buildWithFault(
  thread: 'main' | 'worker' | 'none',
  workers: number,
  after: number,
  dieOn = '',
): Promise<{ code: number | null; err: string }> {
  await rm(cacheDir(), { recursive: true, force: true });
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        ...['--import', preload, path.join(repoRoot, 'bin/pa-site.js')],
        ...['build', '--root', p.root, '--workers', String(workers)],
      ],
      {
        env: {
          ...process.env,
          ...{ FAULT_THREAD: thread, FAULT_AFTER: String(after), DIE_ON: dieOn, NO_COLOR: '1' },
          PA_SITE_CACHE_DIR: cacheDir(),
        },
      },
    );
    let err = '';
    child.stderr.on('data', (c) => (err += c));
    child.on('close', (code) => resolve({ code, err }));
  });
}

beforeAll(async () => {
  // bin/pa-site.js compiles lib/ when src/ is newer: do it before the timed-out children run.
  spawnSync(process.execPath, [path.join(repoRoot, 'bin/pa-site.js'), '--help']);
  const files: Record<string, string> = {};
  for (let i = 0; i < N; i++)
    files[`content/pages/guide-${i}.md`] = page(FM.replace('Second page title', `Guide number ${i}`));
  p = await fixtureProject(files);
  preload = path.join(p.root, 'fault.mjs');
  await writeFile(preload, PRELOAD);
  const first = await build({ root: p.root, cache: false, workers: 1 });
  expect(first.ok).toBe(true);
  before = await snapshot(first.outDir);
});
afterAll(() => p?.cleanup());

describe('a page write that fails', () => {
  for (const [where, thread, workers, after] of [
    // Render threads write their own pages; one thread alone hands them to the page-writer thread.
    ['a render worker', 'worker', 2, 0],
    ['the main thread, rendering beside a worker', 'main', 2, 5],
    ['the page-writer thread of a one-thread render', 'worker', 1, 5],
  ] as const)
    it(`in ${where} fails the build with that error and keeps the old output`, async () => {
      const { code, err } = await buildWithFault(thread, workers, after);
      // The write that failed, where the page was going, and what to do; not a failed clean-up after it.
      expect(err).toMatch(
        /^error dist\/guide-\d+\.html:1:1 +- +could not write the output: the disk is full \(ENOSPC\)$/m,
      );
      expect(err).toContain('fix: free some space on the disk that holds the output folder');
      expect(err).not.toContain('ENOTEMPTY');
      expect(err).not.toMatch(/^\s+at /m); // no stack without --debug
      expect(code).toBe(1);
      expect(await snapshot(path.join(p.root, 'dist'))).toBe(before);
      expect((await readdir(p.root)).filter((n) => n.includes('.staging-'))).toEqual([]);
      expect(await tempFiles()).toEqual([]);
    });
});

describe('a render worker that dies', () => {
  it('while rendering fails the build in one line and keeps the old output', async () => {
    const { code, err } = await buildWithFault('none', 2, 0, 'indices');
    expect(err).toContain('render worker exited with code 3');
    expect(err).not.toMatch(/^\s+at /m);
    expect(code).toBe(1);
    expect(await snapshot(path.join(p.root, 'dist'))).toBe(before);
    expect((await readdir(p.root)).filter((n) => n.includes('.staging-'))).toEqual([]);
    expect(await tempFiles()).toEqual([]);
  });
});
