import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checksum } from '../render/cache/render-cache.js';
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
describe('page writer thread', () => {
  it('writes pages in folders and returns the checksums of those that get a render-cache entry', async () => {
    const out = temp();
    const writer = await PageWriter.start();
    try {
      for (let i = 0; i < 50; i++) {
        const page = {
          index: i,
          file: path.join(out, i % 2 ? `odd/p${i}.html` : `p${i}.html`),
          html: `<p>page ${i}</p>`.repeat(400),
          cache: i % 5 !== 0, // every fifth page gets no cache entry
        };
        writer.write(page);
      }
      const sums = await writer.finish(50);
      expect(sums.size).toBe(40);
      for (let i = 0; i < 50; i++) {
        const file = path.join(out, i % 2 ? `odd/p${i}.html` : `p${i}.html`);
        expect(readFileSync(file, 'utf8')).toBe(`<p>page ${i}</p>`.repeat(400));
        // The checksum of the bytes written; the entry itself is packed after the build (render-cache.ts).
        expect(sums.get(i)).toBe(i % 5 ? checksum(readFileSync(file)) : undefined);
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
