/**
 * `check --dir` on trees shaped like documentation generators' output (bench/docgen-trees.mjs):
 * rustdoc's line ranges and redirect pages, Javadoc's `<noscript>` redirects and shared footer,
 * mdBook's pages without `<main>`, Haddock's anchors. Clean trees give no finding; seeded ones
 * give each seeded break once, and no body link is tagged as layout.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITERS } from '../bench/docgen-trees.mjs';
import { check, type CheckResult } from '../src/index.js';

const findings = (r: CheckResult) => r.findings.map((f) => `${f.rule} ${f.target ?? ''}`).sort();

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'pa-site-docgen-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe.each(Object.entries(WRITERS))('check --dir on a %s-shaped tree', (name, writeTree) => {
  it('reports nothing on the clean tree', async () => {
    const dir = path.join(work, `${name}-clean`);
    expect(writeTree(dir)).toEqual([]);
    const r = await check({ dir });
    expect(findings(r)).toEqual([]);
    expect(r.ok).toBe(true);
  });

  it('reports every seeded break once, and tags no body link as layout', async () => {
    const dir = path.join(work, `${name}-seeded`);
    const expected = writeTree(dir, { seed: true });
    expect(expected.length).toBeGreaterThan(0);
    const r = await check({ dir });
    expect(findings(r)).toEqual([...expected].sort());
    for (const f of r.findings) {
      if (f.allPages) continue;
      for (const p of f.places) expect(p.region ?? 'main', `${f.target} on ${p.page}`).not.toBe('layout');
    }
  });
});

describe('check --dir on a folder pa-site did not build', () => {
  it('runs no site.yaml rule: a redirect page needs no canonical link; a missing target is one finding', async () => {
    const dir = path.join(work, 'foreign-redirects');
    const page = (head: string, body = '') => `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;
    const refresh = (to: string) =>
      `<meta name="robots" content="noindex"><meta http-equiv="refresh" content="0; url=${to}">`;
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), page('', '<a href="old.html">old</a> <a href="lost.html">lost</a>'));
    writeFileSync(path.join(dir, 'new.html'), page(''));
    writeFileSync(path.join(dir, 'old.html'), page(refresh('new.html')));
    writeFileSync(path.join(dir, 'lost.html'), page(refresh('gone.html')));
    const r = await check({ dir });
    expect(findings(r)).toEqual(['broken-link /gone.html']);
    expect(r.findings.map((f) => f.hint).join('\n')).not.toMatch(/site\.yaml/);
  });
});
