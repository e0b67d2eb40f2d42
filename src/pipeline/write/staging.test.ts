import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileIn } from './page-file.js';
import { Staging, ensureParent } from './write.js';

const temps: string[] = [];
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Builds an output of `n` files (in folders of 50) with `text` into `outDir`; resolves once the old one is gone. */
async function output(outDir: string, n: number, text: string): Promise<void> {
  const staging = await Staging.open(outDir);
  for (let i = 0; i < n; i++) staging.write(`f${i % 50}/p${i}.html`, text);
  await staging.commit();
  await staging.removed();
}

describe('swapping in a new output', () => {
  // A large old output is deleted on a thread of its own (write.ts), a small one on this thread.
  for (const n of [10, 600])
    it(`leaves only the new output of ${n} files once removed() resolves, nothing aside`, async () => {
      const root = mkdtempSync(path.join(tmpdir(), 'pa-site-staging-'));
      temps.push(root);
      const out = path.join(root, 'dist');
      await output(out, n, 'old');
      await output(out, n, 'new');
      expect(readdirSync(root)).toEqual(['dist']);
      expect(readFileSync(path.join(out, 'f3', 'p3.html'), 'utf8')).toBe('new');
      expect(existsSync(path.join(out, '.pa-site-output'))).toBe(true);
    });
});

describe('folders in the staging folder', () => {
  it('are made below it, never it again once a clean-up removed it (an interrupted build leaves nothing)', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'pa-site-staging-'));
    temps.push(root);
    const staging = path.join(root, '.dist.staging-1-0123abcd');
    mkdirSync(staging);
    const made = new Set([staging]);
    writeFileIn(made, path.join(staging, 'guides', 'deep', 'a.html'), 'a');
    expect(readFileSync(path.join(staging, 'guides', 'deep', 'a.html'), 'utf8')).toBe('a');
    // A folder inside that went away is made again, once.
    rmSync(path.join(staging, 'guides'), { recursive: true });
    writeFileIn(made, path.join(staging, 'guides', 'b.html'), 'b');
    expect(readFileSync(path.join(staging, 'guides', 'b.html'), 'utf8')).toBe('b');
    // Ctrl-C removed the staging folder while a thread still writes: the writes fail, nothing comes back.
    rmSync(staging, { recursive: true });
    expect(() => writeFileIn(made, path.join(staging, 'guides', 'c.html'), 'c')).toThrow(/ENOENT/);
    expect(() => writeFileIn(made, path.join(staging, 'reviews', 'd.html'), 'd')).toThrow(/ENOENT/);
    expect(() => writeFileIn(made, path.join(staging, 'e.html'), 'e')).toThrow(/ENOENT/);
    expect(readdirSync(root)).toEqual([]);
  });

  it('are never made outside it', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'pa-site-staging-'));
    temps.push(root);
    expect(() => ensureParent(new Set([path.join(root, 'staging')]), path.join(root, 'elsewhere', 'x.html'))).toThrow(
      /outside the staging folder/,
    );
    expect(readdirSync(root)).toEqual([]);
  });
});
