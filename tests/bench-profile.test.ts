import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scaled } from './machine.js';

const script = path.resolve('bench', 'profile.mjs');
const cache = mkdtempSync(path.join(tmpdir(), 'pa-site-profile-test-'));
afterAll(() => rmSync(cache, { recursive: true, force: true }));
const run = (...args: string[]) =>
  spawnSync(process.execPath, [script, ...args], {
    encoding: 'utf8',
    env: { ...process.env, PA_SITE_CACHE_DIR: cache },
    timeout: scaled(120_000),
  });

describe('bench/profile.mjs', () => {
  it('profiles a cold build by part, and puts the render cache it found back', () => {
    const kept = path.join(cache, 'render', 'index.json');
    mkdirSync(path.dirname(kept), { recursive: true });
    writeFileSync(kept, 'a cache the profile must not lose');
    const r = run('--pages', '40');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/cold build of 40 pages: [\d,]+ ms wall under the profiler/);
    const rows = [...r.stdout.matchAll(/^\| (.+) \| (\d+) \| ([\d.]+)% \|$/gm)];
    const parts = rows.map((m) => m[1]);
    expect(parts).toContain('markdown-it');
    expect(parts).toContain('React (react-dom/server)');
    const total = rows.reduce((sum, m) => sum + Number(m[3]), 0);
    expect(total).toBeGreaterThan(99);
    expect(total).toBeLessThan(101);
    expect(readFileSync(kept, 'utf8')).toBe('a cache the profile must not lose');
  });

  it('says how to call it when an argument is wrong', () => {
    const r = run('--pages', 'many');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('usage: node bench/profile.mjs');
  });
});
