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
  it('writes pages in folders and packs those that get a render-cache entry, with their checksums', async () => {
    const out = temp();
    const cache = temp();
    const writer = await PageWriter.start(out, cache);
    try {
      for (let i = 0; i < 50; i++) {
        const page = {
          index: i,
          file: path.join(out, i % 2 ? `odd/p${i}.html` : `p${i}.html`),
          html: `<p>page ${i}: café, 21+</p>`.repeat(400), // not ASCII: its size in bytes is not its length
          cache: i % 5 !== 0, // every fifth page gets no cache entry
        };
        writer.write(page);
      }
      const { pages, pack } = await writer.finish();
      expect(pages.size).toBe(50);
      // Still under its temporary name: the build renames it once its output is in place (render-cache.ts).
      const packed = readFileSync(pack!.tmp);
      expect(path.dirname(pack!.tmp)).toBe(cache);
      for (let i = 0; i < 50; i++) {
        const file = path.join(out, i % 2 ? `odd/p${i}.html` : `p${i}.html`);
        expect(readFileSync(file, 'utf8')).toBe(`<p>page ${i}: café, 21+</p>`.repeat(400));
        const [bytes, sum, place] = pages.get(i)!;
        expect(bytes).toBe(readFileSync(file).byteLength);
        if (i % 5 === 0) {
          expect([sum, place]).toEqual([undefined, undefined]);
          continue;
        }
        // The checksum of the bytes written, and those bytes in the pack at the place given.
        expect(sum).toBe(checksum(readFileSync(file)));
        const [name, offset, length] = place!;
        expect(name).toBe(pack!.name);
        expect(packed.subarray(offset, offset + length).equals(readFileSync(file))).toBe(true);
      }
    } finally {
      await writer.close();
    }
  });

  it('fails with the write error (a page that cannot be written fails the build)', async () => {
    const out = temp();
    writeFileSync(path.join(out, 'blocker'), 'a file where a folder should be');
    const writer = await PageWriter.start(out);
    try {
      writer.write({ index: 0, file: path.join(out, 'ok.html'), html: 'ok' });
      writer.write({ index: 1, file: path.join(out, 'blocker', 'page.html'), html: 'x' });
      await expect(writer.finish()).rejects.toThrow(/EEXIST.*blocker/);
    } finally {
      await writer.close();
    }
  });
});
