/** The real site's Atom feed: written, valid against RFC 4287's schema, and linked from every page's <head>. */
import { execFileSync } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildRealSite, type BuiltSite, repoRoot } from './helpers.js';
import { hasXmllint } from './machine.js';

const rng = path.join(repoRoot, 'tests', 'fixtures', 'schemas', 'atom.rng');
const xmllint = hasXmllint();

let site: BuiltSite;
beforeAll(async () => {
  site = await buildRealSite();
});

describe('feed.xml on the real site', () => {
  it('lists every guide and review article, and each entry is a built page', async () => {
    const xml = await site.read('feed.xml');
    const entries = [...xml.matchAll(/<entry>[\s\S]*?<id>https:\/\/[^/]+(\/[^<]*)<\/id>/g)].map((m) => m[1]!);
    const reviews = site.result.site!.pages.filter((p) => p.data.template === 'review').map((p) => p.route);
    expect(reviews.length).toBeGreaterThan(0);
    expect(entries).toEqual(expect.arrayContaining(reviews));
    expect(entries).not.toContain('/');
    for (const route of entries) expect(site.result.routes).toContain(route);
  });

  it.skipIf(!xmllint)('is valid Atom (RFC 4287, tests/fixtures/schemas/atom.rng)', () => {
    const out = execFileSync('xmllint', ['--noout', '--relaxng', rng, path.join(site.dir, 'feed.xml')], {
      encoding: 'utf8',
      stdio: 'pipe',
    });
    expect(out).toBe('');
  });

  it('is linked from the <head> of every page, the not-found page included', async () => {
    const pages = (await readdir(site.dir, { recursive: true })).filter((f) => String(f).endsWith('.html'));
    const redirects = new Set(site.result.site!.config.redirects.map((r) => `${r.from.slice(1)}.html`));
    for (const file of pages.filter((f) => !redirects.has(String(f)))) {
      const html = await site.read(String(file));
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head, String(file)).toContain('<link rel="alternate" type="application/atom+xml"');
      expect(head, String(file)).toContain('href="/feed.xml"');
    }
  });
});
