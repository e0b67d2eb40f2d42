import { hash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PageWriter } from './page-writer.js';

const temps: string[] = [];
const temp = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'pa-site-writer-'));
  temps.push(d);
  return d;
};
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
});
/** A render-cache key (a sha256, as RenderCache.key makes) for page i. */
const keyOf = (i: number) => hash('sha256', String(i));

describe('page writer thread', () => {
  it('writes pages in folders and copies each into the render cache', async () => {
    const out = temp();
    const cache = temp();
    const writer = await PageWriter.start();
    try {
      for (let i = 0; i < 50; i++) {
        const page = {
          index: i,
          file: path.join(out, i % 2 ? `odd/p${i}.html` : `p${i}.html`),
          html: `<p>page ${i}</p>`.repeat(400),
          cache: { dir: cache, key: keyOf(i) },
        };
        writer.write(page);
      }
      const sums = await writer.finish(50);
      expect(sums.size).toBe(50);
      for (let i = 0; i < 50; i++) {
        const file = path.join(out, i % 2 ? `odd/p${i}.html` : `p${i}.html`);
        expect(readFileSync(file, 'utf8')).toBe(`<p>page ${i}</p>`.repeat(400));
        const key = keyOf(i);
        expect(sums.get(i)).toMatch(/^[0-9a-f]{40}$/); // the entry's checksum
        // The cache's own copy: never the page's inode.
        const entry = path.join(cache, key.slice(0, 2), `${key}.html`);
        expect(readFileSync(entry, 'utf8')).toBe(readFileSync(file, 'utf8'));
        expect(statSync(entry).ino).not.toBe(statSync(file).ino);
      }
    } finally {
      await writer.close();
    }
  });

  it('fails with the write error (a page that cannot be written fails the build)', async () => {
    const out = temp();
    writeFileSync(path.join(out, 'blocker'), 'a file where a folder should be');
    const writer = await PageWriter.start();
    try {
      writer.write({ index: 0, file: path.join(out, 'ok.html'), html: 'ok' });
      writer.write({ index: 1, file: path.join(out, 'blocker', 'page.html'), html: 'x' });
      await expect(writer.finish(2)).rejects.toThrow(/EEXIST.*blocker/);
    } finally {
      await writer.close();
    }
  });
});
