/**
 * `check --dir` on hostile folders (issue 42, items 5 and 8): a redirected not-found page, files too
 * large to read, links whose target cannot be resolved, and more findings than a call stack holds.
 */
import { spawnSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { check } from '../src/index.js';
import { repoRoot, tempDir } from './helpers.js';
import { scaled } from './machine.js';

const touch = async (file: string) => {
  await writeFile(file, '');
  return file;
};

const bin = path.join(repoRoot, 'bin', 'pa-site.js');
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

describe('check --dir at scale', () => {
  it(
    '150,000 findings on one page: reported, not "Maximum call stack size exceeded"',
    async () => {
      const links = Array.from({ length: 150_000 }, (_, i) => `<a class=btn-cta href=https://op.example/${i}>x</a>`);
      const dir = await tempDir({ '.pa-site-output': '', 'index.html': HTML(links.join('')) });
      // The sponsored-link rule is the gambling pack's: a project whose site.yaml turns the pack on.
      const root = await tempDir({
        'content/site.yaml':
          'url: https://fixture.example\ncompliance: { pack: gambling }\nhelpline: { display: 1-800-GAMBLER }\n',
      });
      const result = await check({ dir, root });
      expect(result.findings.filter((f) => f.rule === 'cta-sponsored')).toHaveLength(150_000);
    },
    scaled(180_000),
  );

  it('a 1 GB page and a 1 GB sitemap are findings naming them, never read', async () => {
    const dir = await tempDir({ 'index.html': HTML('<p>Home</p>') });
    for (const big of ['huge.html', 'sitemap.xml']) await truncate(await touch(path.join(dir, big)), 1024 ** 3);
    const result = await check({ dir });
    const found = result.findings.filter((f) => f.rule === 'file-too-large');
    expect(found.map((f) => [f.severity, f.target]).sort()).toEqual([
      ['error', 'huge.html'],
      ['error', 'sitemap.xml'],
    ]);
    expect(found[0]!.message).toMatch(/is 1024\.0 MiB, over the 50\.0 MiB check reads/);
  });

  it('a sitemap of more than 50,000 URLs: the first are checked, and a finding says so', async () => {
    const locs = Array.from({ length: 50_001 }, () => '<url><loc>https://fixture.example/</loc></url>');
    const dir = await tempDir({
      'index.html': HTML('<p>Home</p>'),
      'sitemap.xml': `<?xml version="1.0"?><urlset>${locs.join('')}</urlset>`,
    });
    const result = await check({ dir });
    expect(result.findings.map((f) => f.message)).toContain(
      'sitemap.xml lists more than 50,000 URLs, the most a sitemap may; only the first were checked',
    );
  });

  it('a link whose target realpath cannot name (/proc/self/fd/0, a pipe) is a warning naming it', async () => {
    const dir = await tempDir({ 'index.html': HTML('<p>Home</p>') });
    symlinkSync('/proc/self/fd/0', path.join(dir, 'stdin'));
    // stdin a pipe: the link resolves, for stat, to that pipe, which has no path.
    const r = spawnSync(process.execPath, [bin, 'check', '--dir', dir, '--format', 'json'], {
      encoding: 'utf8',
      input: '',
    });
    expect(r.stderr).not.toMatch(/unexpected error|\n\s+at /);
    const report = JSON.parse(r.stdout) as { findings: { rule: string; severity: string; target: string }[] };
    expect(report.findings.filter((f) => f.target === 'stdin')).toEqual([
      expect.objectContaining({ rule: 'symlink-unresolved', severity: 'warning' }),
    ]);
  });
});
