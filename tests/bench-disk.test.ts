import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diskLine, fileCreateMicros, SLOW_CREATE_MICROS } from '../bench/disk.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'pa-site-bench-disk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the bench's disk probe", () => {
  it('creates the files it times, in a folder of its own, and reports a cost per file', () => {
    const probe = path.join(dir, 'probe');
    const micros = fileCreateMicros(probe, 50);
    expect(readdirSync(probe)).toHaveLength(50);
    expect(Number.isFinite(micros) && micros > 0).toBe(true);
  });

  it('says when creating files is slow enough to distort the figures', () => {
    expect(diskLine(30)).toBe('disk: creating a file took 30 µs (quiet)');
    expect(diskLine(SLOW_CREATE_MICROS + 1)).toMatch(/SLOW .*wait a few minutes/);
    expect(diskLine(SLOW_CREATE_MICROS)).toMatch(/\(quiet\)$/);
  });
});
