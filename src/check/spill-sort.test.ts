import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SpillFolder } from './spill-folder.js';
import { SpillSort } from './spill-sort.js';

let parent: string;
beforeEach(() => {
  parent = mkdtempSync(path.join(tmpdir(), 'pa-site-spill-test-'));
});
afterEach(() => rmSync(parent, { recursive: true, force: true }));

interface Rec {
  k: string;
  s: number;
}
const compare = (a: Rec, b: Rec) => (a.k < b.k ? -1 : a.k > b.k ? 1 : a.s - b.s);
/** `n` records in a scrambled order, keys with non-ASCII text (lines are read back as UTF-8 across buffer ends). */
const records = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ k: `ключ-${(i * 7919) % 1000}-${'é'.repeat(i % 50)}`, s: i }));

describe('SpillSort', () => {
  it('keeps a small set in memory and writes nothing', () => {
    const folder = new SpillFolder(parent);
    const sort = new SpillSort<Rec>(compare, folder);
    for (const r of records(500)) sort.add(r);
    expect([...sort.sorted()]).toEqual(records(500).sort(compare));
    expect(folder.exists).toBe(false);
    expect(readdirSync(parent)).toEqual([]);
  });

  it('writes sorted runs past a batch, merges them in order (through a merge of merges), and removes them', () => {
    const folder = new SpillFolder(parent);
    const sort = new SpillSort<Rec>(compare, folder);
    // 70 batches of 1,024: past 64 runs the first 64 are merged into one before the last merge.
    const all = records(70 * 1024 + 17);
    for (const r of all) sort.add(r);
    const runs = readdirSync(folder.path());
    expect(runs.length).toBeGreaterThan(1);
    expect(runs.every((f) => /^run-\d+\.jsonl$/.test(f))).toBe(true);
    const out = [...sort.sorted()];
    expect(out).toHaveLength(all.length);
    expect(out).toEqual(all.sort(compare));
    expect(readdirSync(folder.path())).toEqual([]);
    folder.remove();
    expect(existsSync(path.join(parent))).toBe(true);
    expect(readdirSync(parent)).toEqual([]);
  });

  it('gives equal records in the order they were added, across runs (the findings rely on it)', () => {
    const folder = new SpillFolder(parent);
    const byKey = (a: Rec, b: Rec) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0);
    const sort = new SpillSort<Rec>(byKey, folder);
    // 5 keys over 10 batches: each key in every run, many times.
    const all = Array.from({ length: 10 * 1024 + 3 }, (_, i) => ({ k: `k${(i * 31) % 5}`, s: i }));
    for (const r of all) sort.add(r);
    expect([...sort.sorted()]).toEqual([...all].sort(byKey));
    folder.remove();
  });

  it('removes its runs when the reader stops early', () => {
    const folder = new SpillFolder(parent);
    const sort = new SpillSort<Rec>(compare, folder);
    for (const r of records(3000)) sort.add(r);
    for (const r of sort.sorted()) if (r.s >= 0) break;
    expect(readdirSync(folder.path())).toEqual([]);
    folder.remove();
  });
});
