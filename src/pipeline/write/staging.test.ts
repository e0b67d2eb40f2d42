import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Staging } from './write.js';

const temps: string[] = [];
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Builds an output of `n` files (in folders of 50) with `text` into `outDir`; resolves once the old one is gone. */
async function output(outDir: string, n: number, text: string): Promise<void> {
  const staging = await Staging.open(outDir);
  for (let i = 0; i < n; i++) await staging.write(`f${i % 50}/p${i}.html`, text);
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
