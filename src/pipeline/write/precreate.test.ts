import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Precreator } from './precreate.js';

const temps: string[] = [];
const temp = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'pa-site-precreate-'));
  temps.push(d);
  return d;
};
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('precreating page files', () => {
  it('makes empty files and their folders, keeps a file that exists, and deletes the ones no page went into', async () => {
    const dir = temp();
    writeFileSync(path.join(dir, 'b.html'), 'written by a render thread first');
    const p = await Precreator.start(dir);
    try {
      p.add(['a.html', 'b.html', 'guides/c.html']);
      p.add(['guides/c.html', 'reviews/d.html']); // asked twice: made once
      await p.drained();
    } finally {
      await p.stop();
    }
    expect(readFileSync(path.join(dir, 'b.html'), 'utf8')).toBe('written by a render thread first');
    for (const f of ['a.html', 'guides/c.html', 'reviews/d.html']) expect(statSync(path.join(dir, f)).size).toBe(0);
    writeFileSync(path.join(dir, 'a.html'), '<p>a page</p>');
    expect(p.removeUnwritten(new Set(['a.html', 'b.html', 'guides/c.html']))).toBe(1);
    expect(readdirSync(dir, { recursive: true }).sort()).toEqual([
      'a.html',
      'b.html',
      'guides',
      'guides/c.html',
      'reviews',
    ]);
  });

  it('never makes the staging folder again once it is gone (an interrupted or failed build removed it)', async () => {
    const parent = temp();
    const dir = path.join(parent, 'staging');
    mkdirSync(dir);
    const moved = path.join(parent, 'moved');
    const p = await Precreator.start(dir);
    try {
      p.add(['first.html']);
      await p.drained();
      // Renamed away, as the clean-up does before deleting it.
      renameSync(dir, moved);
      p.add(['second.html', 'guides/third.html']);
      p.add(['fourth.html']);
      await p.drained();
    } finally {
      await p.stop();
    }
    expect(existsSync(dir)).toBe(false);
    expect(readdirSync(moved)).toEqual(['first.html']);
  });
});
