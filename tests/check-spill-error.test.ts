/**
 * A check that fails half-way through making its link findings (after the broken references went
 * to run files), or in its page thread, leaves no spill folder behind.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Occurrence } from '../src/check/link-findings.js';
import { check } from '../src/index.js';

vi.mock('../src/check/link-findings.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/check/link-findings.js')>();
  return {
    ...original,
    linkFindings: (sorted: Iterable<Occurrence>) => {
      let n = 0;
      for (const _ of sorted) if (++n === 100) throw new Error('stopped half-way');
      throw new Error('too few broken references to stop half-way');
    },
  };
});

let work: string;
let temp: string;
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'pa-site-spill-error-'));
  temp = path.join(work, 'tmp');
  mkdirSync(temp);
  mkdirSync(path.join(work, 'site'));
  vi.stubEnv('TMPDIR', temp);
  const links = Array.from({ length: 2000 }, (_, k) => `<a href="#gone-${k}">x</a>`).join('');
  writeFileSync(path.join(work, 'site', 'index.html'), `<!DOCTYPE html><title>t</title><main>${links}</main>\n`);
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(work, { recursive: true, force: true });
});

it('removes the spill folder when check fails while making the findings', async () => {
  await expect(check({ dir: path.join(work, 'site') })).rejects.toThrow('stopped half-way');
  expect(readdirSync(temp)).toEqual([]);
});

it('reports a failure inside the page thread as the error it is (its code kept), leaving no spill folder', async () => {
  // The temporary folder is a file: the page thread cannot make the spill folder when the broken links pass a batch.
  const blocked = path.join(work, 'not-a-folder');
  writeFileSync(blocked, '');
  vi.stubEnv('TMPDIR', blocked);
  try {
    const failed = await check({ dir: path.join(work, 'site') }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    expect((failed as NodeJS.ErrnoException).code).toBe('ENOTDIR');
    expect((failed as Error).stack).toContain('scanLinks');
  } finally {
    vi.stubEnv('TMPDIR', temp);
  }
  expect(readdirSync(temp)).toEqual([]);
  expect(readdirSync(work).sort()).toEqual(['not-a-folder', 'site', 'tmp']);
});
