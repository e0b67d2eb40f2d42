/**
 * A parallel cold build with a core to spare makes its page files while it validates
 * (src/pipeline/write/precreate.ts). The output must be byte for byte what a one-thread build
 * writes, with no empty file left; a build that fails must remove them with its staging folder and
 * keep the old output; and the early start must never wait on another build's lock.
 * $PA_SITE_CORES stands for a machine with more cores than this one may have.
 */
import { readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { build } from '../src/index.js';
import { lockOutput } from '../src/pipeline/write/lock.js';
import { Precreator } from '../src/pipeline/write/precreate.js';
import { GOOD_FM, fixtureProject, page } from './fixture.js';
import { expectSameFiles, snapshot } from './helpers.js';

const N = 300;
const FM = GOOD_FM.replace(/^template: guide\n/, '');
let p: Awaited<ReturnType<typeof fixtureProject>>;

/** Page i: a third of them at the top, the rest in a folder (so files are made in folders too). */
const fileOf = (i: number) => `content/pages/${i % 3 ? 'guides/' : ''}guide-${i}.md`;
const pageOf = (i: number) => page(FM.replace('Second page title', `Guide number ${i}`));

beforeAll(async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < N; i++) files[fileOf(i)] = pageOf(i);
  p = await fixtureProject(files);
  process.env.PA_SITE_CORES = '16';
});
afterAll(async () => {
  delete process.env.PA_SITE_CORES;
  await p?.cleanup();
});
afterEach(() => vi.restoreAllMocks());

/** Zero-byte files under `dir`: a page file made early that nothing was written into. */
async function emptyFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile() && (await stat(path.join(e.parentPath, e.name))).size === 0) found.push(e.name);
  return found;
}
/** What the build left beside its output: staging folders, retired outputs, the lock file. */
const besideOutput = async () => (await readdir(p.root)).filter((n) => n.startsWith('.'));

describe('page files made while the build validates', () => {
  it('hold exactly what a one-thread build writes, and none stays empty', async () => {
    const one = await build({ root: p.root, outDir: 'one', cache: false, workers: 1 });
    expect(one.ok).toBe(true);
    const added: string[] = [];
    const add = Precreator.prototype.add;
    vi.spyOn(Precreator.prototype, 'add').mockImplementation(function (this: Precreator, files) {
      added.push(...files);
      add.call(this, files);
    });
    const two = await build({ root: p.root, outDir: 'two', cache: false, workers: 2 });
    expect(two.ok).toBe(true);
    // Every page's file was asked for, once.
    expect(added.sort()).toEqual(two.site!.pages.map((pg) => pg.url.file).sort());
    await expectSameFiles(two.outDir, one.outDir);
    expect(await emptyFiles(two.outDir)).toEqual([]);
    expect(await besideOutput()).toEqual([]);
  });

  it('go with the staging folder when validation fails, and the old output stays as it was', async () => {
    const good = await build({ root: p.root, cache: false, workers: 1 });
    expect(good.ok).toBe(true);
    const before = await snapshot(good.outDir);
    const start = vi.spyOn(Precreator, 'start');
    const bad = path.join(p.root, fileOf(N - 1));
    await writeFile(bad, page(FM.replace('updated: 2025-01-15', 'updated: yesterday')));
    try {
      const failed = await build({ root: p.root, cache: false, workers: 2 });
      expect(failed.ok).toBe(false);
      expect(failed.diagnostics.some((d) => d.file === fileOf(N - 1))).toBe(true);
      expect(start).toHaveBeenCalledTimes(1); // the early start ran, and was undone
    } finally {
      await writeFile(bad, pageOf(N - 1));
    }
    expect(await snapshot(good.outDir)).toEqual(before);
    expect(await besideOutput()).toEqual([]);
  });

  it('are not made while another build holds the output: the build waits for it at its write step', async () => {
    const start = vi.spyOn(Precreator, 'start');
    const other = await lockOutput(path.join(p.root, 'dist'));
    const told: string[] = [];
    const r = await build({
      root: p.root,
      cache: false,
      workers: 2,
      onStatus: (m) => {
        told.push(m);
        other.release(); // the other build ends once this one says it waits
      },
    });
    expect(r.ok).toBe(true);
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('another build is running');
    expect(start).not.toHaveBeenCalled();
    expect(await emptyFiles(r.outDir)).toEqual([]);
    expect(await besideOutput()).toEqual([]);
  });

  it('are not made where every core renders', async () => {
    process.env.PA_SITE_CORES = '2';
    const start = vi.spyOn(Precreator, 'start');
    try {
      const r = await build({ root: p.root, outDir: 'cores2', cache: false, workers: 2 });
      expect(r.ok).toBe(true);
    } finally {
      process.env.PA_SITE_CORES = '16';
    }
    expect(start).not.toHaveBeenCalled();
  });
});
