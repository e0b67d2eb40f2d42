import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FrontmatterCache } from '../../load/frontmatter.js';
import { parsePageDetached } from '../../validate/parse-page.js';
import { guidedChunks, RenderPool, workerCount } from './render-pool.js';

const file = (i: number) => ({
  path: `content/pages/p${i}.md`,
  text:
    i % 7 === 3
      ? `---\ntemplate: guide\ntitle: [unclosed\n---\nBody ${i}.\n`
      : `---\ntemplate: guide\ntitle: Page ${i}\nupdated: 2025-01-15\n---\nBody of page ${i}.\n\n::: faq\n`,
});

describe('render pool: parsing on the workers', () => {
  it('gives the same parse for every page whichever thread parsed it, and hands over the splits', async () => {
    const files = Array.from({ length: 1200 }, (_, i) => file(i));
    const pool = await RenderPool.start(2);
    try {
      await pool.whenLoaded(); // so that the worker certainly takes chunks
      const saved = path.join(mkdtempSync(path.join(tmpdir(), 'pa-site-pool-')), 'frontmatter.json');
      const splitter = new FrontmatterCache(saved);
      const parsed = await pool.parse(files, splitter);
      const alone = new FrontmatterCache(undefined, true);
      expect(parsed.size).toBe(files.length);
      for (let i = 0; i < files.length; i++) expect(parsed.get(i)).toEqual(parsePageDetached(files[i]!, alone));
      // The worker parsed some (the main thread split fewer than all), and its splits reached this cache.
      expect(splitter.takeMade().length).toBeLessThan(files.length);
      splitter.save();
      expect(Object.keys(JSON.parse(readFileSync(saved, 'utf8')).entries)).toHaveLength(files.length);
      rmSync(path.dirname(saved), { recursive: true, force: true });
    } finally {
      await pool.close();
    }
  });
});

describe('render pool: starting', () => {
  it('starts its workers before start() returns, while this thread goes on reading the pages', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pa-site-pool-'));
    const marker = path.join(dir, 'started');
    const entry = path.join(dir, 'worker.mjs');
    writeFileSync(entry, `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, '');\n`);
    const pool = RenderPool.start(3, entry);
    // This thread stays busy, as the build's synchronous reads do: only a worker started already can
    // make the marker meanwhile (one started after an await would wait for this loop to end).
    const wait = new Int32Array(new SharedArrayBuffer(4));
    for (const until = Date.now() + 60_000; !existsSync(marker) && Date.now() < until; ) Atomics.wait(wait, 0, 0, 5);
    try {
      expect(existsSync(marker)).toBe(true);
      expect((await pool).threads).toBe(3);
    } finally {
      await (await pool).close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('how many render threads', () => {
  it('takes one below 2,000 pages, then one per 500 leaving a core free, or one per 5,000 on every core', () => {
    // Two free cores: one renders, the other is left to the writer thread and V8's threads, up to 10,000 pages.
    expect([999, 2000, 4000, 9999, 10000, 16000].map((n) => workerCount(n, 'auto', 2))).toEqual([1, 1, 1, 1, 2, 2]);
    expect([2000, 4000, 14999, 15000].map((n) => workerCount(n, 'auto', 3))).toEqual([2, 2, 2, 3]);
    expect([999, 1999, 2000, 4000, 6000, 16000].map((n) => workerCount(n, undefined, 16))).toEqual([
      1, 1, 4, 8, 12, 15,
    ]);
    expect(workerCount(4000, 8, 2)).toBe(8);
    // Never more than the pages (#51 item 10): --workers 64 on a 36-page site.
    expect(workerCount(36, 64, 2)).toBe(36);
    expect(workerCount(0, 4, 2)).toBe(1);
  });
});

describe('chunks of pages for the render threads', () => {
  it('cover every page once, in order, 40 at most, shrinking toward the end', () => {
    const pages = Array.from({ length: 4000 }, (_, i) => i * 2);
    for (const threads of [2, 8, 16]) {
      const chunks = guidedChunks(pages, threads);
      expect(chunks.flat()).toEqual(pages);
      const sizes = chunks.map((c) => c.length);
      expect(Math.max(...sizes)).toBe(40);
      expect(sizes.every((n, i) => i === 0 || n <= sizes[i - 1]!)).toBe(true);
      // The last chunks are small: the threads finish within a few pages of each other.
      expect(sizes.at(-1)).toBeLessThanOrEqual(8);
    }
    expect(guidedChunks([], 4)).toEqual([]);
    expect(guidedChunks([7, 8, 9], 4)).toEqual([[7, 8, 9]]);
  });
});
