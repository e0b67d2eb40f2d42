import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { namesIn } from './folder-names.js';

const dir = mkdtempSync(path.join(tmpdir(), 'pa-site-names-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('namesIn', () => {
  it("lists a folder's names, and none for a path that is missing or not a folder", () => {
    writeFileSync(path.join(dir, 'a.txt'), 'a');
    expect(namesIn(dir)).toEqual(['a.txt']);
    expect(namesIn(path.join(dir, 'missing'))).toEqual([]);
    expect(namesIn(path.join(dir, 'a.txt'))).toEqual([]);
  });
});
