import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../tests/helpers.js';
import { Precreator } from './precreate.js';

describe('precreating page files', () => {
  it('makes empty files and their folders, keeps one that exists, deletes those no page went into', async () => {
    const dir = await tempDir({ 'b.html': 'written by a render thread first' }, 'pa-site-precreate-');
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
    const parent = await tempDir({}, 'pa-site-precreate-');
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
