import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';

const dir = mkdtempSync(path.join(tmpdir(), 'pa-site-bench-create-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = (...args: string[]) =>
  spawnSync(process.execPath, [path.join(repoRoot, 'bench/create-files.mjs'), ...args], { encoding: 'utf8' });

describe("the bench's file-creation figures", () => {
  it('times making and rewriting the files for each thread count, and leaves nothing behind', () => {
    const r = run('--files', '40', '--threads', '1,2', '--dir', dir);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('# 40 files of 18000 bytes in one folder');
    expect(r.stdout).toMatch(/^1 thread\(s\): made \d+ ms \(\d+ µs a file\); made empty by one thread \d+ ms/m);
    expect(r.stdout).toMatch(/^2 thread\(s\): made /m);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a bad argument with its usage', () => {
    const r = run('--threads', 'many');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('usage: node bench/create-files.mjs');
  });
});
