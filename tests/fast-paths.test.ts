import { mkdtemp, readdir, readFile, writeFile, rm, cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildOptions } from '../src/index.js';
import { repoRoot } from './helpers.js';
import { fixtureProject } from './fixture.js';

async function tree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile())
      out[path.relative(dir, path.join(e.parentPath, e.name))] = (
        await readFile(path.join(e.parentPath, e.name))
      ).toString('base64');
  }
  return out;
}

const page = (i: number, n: number) => `---
template: guide
title: Synthetic guide ${i} for the fast-path tests
description: Synthetic page ${i}, used to prove that every build path writes the same bytes.
updated: 2025-01-${String((i % 28) + 1).padStart(2, '0')}
hero:
  heading: Guide ${i}
  lede: A generated page.
---
## Section A of ${i}

Text with a [link](/guide-${(i + 1) % n}), **bold** words and {{example.name}}.

- one
- two

| a | b |
| - | - |
| ${i} | ${i * 2} |
`;

let project: Awaited<ReturnType<typeof fixtureProject>>;
let cacheDir: string;
const N = 320;
const at = (name: string, extra: BuildOptions = {}) =>
  build({ root: project.root, outDir: name, cacheDir, now: new Date('2026-06-01'), ...extra });

describe('fast paths write the same bytes as the simple path', () => {
  beforeAll(async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < N; i++) files[`content/pages/guide-${i}.md`] = page(i, N);
    project = await fixtureProject(files);
    cacheDir = await mkdtemp(path.join(tmpdir(), 'pa-site-cache-'));
  });
  afterAll(async () => {
    await project.cleanup();
    await rm(cacheDir, { recursive: true, force: true });
  });

  it('single-threaded without cache, parallel cold, and parallel warm builds are byte-identical', async () => {
    const simple = await at('out-simple', { workers: 1, cache: false });
    const cold = await at('out-cold', { workers: 2 });
    const warm = await at('out-warm', { workers: 2 });
    expect([simple.ok, cold.ok, warm.ok]).toEqual([true, true, true]);
    expect(cold.workers).toBe(2);
    expect(cold.cacheHits).toBe(0);
    expect(warm.cacheHits).toBe(N + 1);
    // The cold build's threads each packed the pages they wrote: a pack per thread that wrote, all renamed into place.
    const names = await readdir(cacheDir);
    expect(names.filter((n) => n.endsWith('.tmp'))).toEqual([]);
    expect(names.filter((n) => /^pack-[0-9a-f]{16}\.bin$/.test(n)).length).toBeGreaterThanOrEqual(1);
    expect(names.filter((n) => /^pack-[0-9a-f]{16}\.bin$/.test(n)).length).toBeLessThanOrEqual(2);
    const expected = await tree(simple.outDir);
    // Pages, 404.html, and the generated files (sitemap, feed, robots, headers, redirects for each host, assets…).
    // …of which the assets: styles, the site and 404 scripts, and the four tools' scripts.
    expect(Object.keys(expected)).toHaveLength(N + 1 + 16);
    expect(await tree(cold.outDir)).toEqual(expected);
    expect(await tree(warm.outDir)).toEqual(expected);
    // Each path reports the bytes it wrote (the pages hold multi-byte characters: not their length).
    const bytes = Object.values(expected).reduce((n, b64) => n + Buffer.from(b64, 'base64').byteLength, 0);
    expect([simple.bytes, cold.bytes, warm.bytes]).toEqual([bytes, bytes, bytes]);
  });

  it('never serves stale output after a content, operator, config or template change', async () => {
    await at('out-prime');
    await writeFile(
      path.join(project.root, 'content/pages/guide-7.md'),
      page(7, N).replace('Section A of 7', 'Section B of 7'),
    );
    let r = await at('out-1');
    expect(await readFile(path.join(r.outDir, 'guide-7.html'), 'utf8')).toContain('Section B of 7');
    expect(r.cacheHits).toBe(N); // every other page came from the cache

    const op = path.join(project.root, 'content/operators/example.yaml');
    await writeFile(
      op,
      (await readFile(op, 'utf8')).replace('name: Example Sportsbook', 'name: Example Sportsbook Two'),
    );
    r = await at('out-2');
    expect(await readFile(path.join(r.outDir, 'guide-3.html'), 'utf8')).toContain('Example Sportsbook Two');

    const site = path.join(project.root, 'content/site.yaml');
    await writeFile(
      site,
      (await readFile(site, 'utf8')).replace('tagline: Your Trusted Guide', 'tagline: Your Trusted PA Guide'),
    );
    r = await at('out-3');
    expect(await readFile(path.join(r.outDir, 'guide-3.html'), 'utf8')).toContain('Your Trusted PA Guide');

    await cp(path.join(repoRoot, 'templates'), path.join(project.root, 'templates'), { recursive: true });
    const hero = path.join(project.root, 'templates/components/Hero.tsx');
    await writeFile(hero, (await readFile(hero, 'utf8')).replace('Fact-checked by', 'Checked by'));
    r = await at('out-4');
    expect(r.cacheHits).toBe(0);
    expect(await readFile(path.join(r.outDir, 'guide-3.html'), 'utf8')).toContain('Checked by');
    await rm(path.join(project.root, 'templates'), { recursive: true });
  });

  it('re-renders a page when the reference date moves its offer past the staleness limit', async () => {
    // The fixture's offer was checked on 2025-01-10: current ten days later, withheld in 2026.
    await at('out-before', { today: '2026-06-01' });
    const fresh = await at('out-fresh', { today: '2025-01-20' });
    expect(fresh.renderedRoutes).toContain('/');
    const home = await readFile(path.join(fresh.outDir, 'index.html'), 'utf8');
    expect(home).toContain('Bet $5, Get $100 in Bonus Bets');
    expect(home).toContain('Terms checked <time dateTime="2025-01-10">January 10, 2025</time>');
    const later = await at('out-later', { today: '2026-06-01' });
    expect(later.renderedRoutes).toEqual([]);
    const withheld = await readFile(path.join(later.outDir, 'index.html'), 'utf8');
    expect(withheld).not.toContain('Bet $5, Get $100 in Bonus Bets');
    expect(withheld.replace(/<[^>]+>/g, '')).toMatch(/Offers?:? last checked/);
  });

  it('ignores a damaged cache entry and renders the page again', async () => {
    const first = await at('out-a');
    const expected = await readFile(path.join(first.outDir, 'guide-1.html'), 'utf8');
    // Damage every cache entry: truncate some, flip bytes in others.
    let n = 0;
    for (const e of await readdir(cacheDir, { recursive: true, withFileTypes: true })) {
      if (!e.isFile()) continue;
      const f = path.join(e.parentPath, e.name);
      const data = await readFile(f);
      await writeFile(
        f,
        n++ % 2
          ? data.subarray(0, data.length >> 1)
          : Buffer.concat([data.subarray(0, -10), Buffer.from('##########')]),
      );
    }
    const again = await at('out-b');
    expect(again.ok).toBe(true);
    expect(again.cacheHits).toBe(0);
    expect(await readFile(path.join(again.outDir, 'guide-1.html'), 'utf8')).toBe(expected);
    const healed = await at('out-c');
    expect(healed.cacheHits).toBe(N + 1);
  });
});
