import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasXmllint } from '../../../tests/machine.js';
import { atomDate, atomFeed } from './feed.js';
import { urlFor } from '../../urls/urls.js';

// RFC 4287's schema (its Appendix B), in RELAX NG's XML syntax: tests/fixtures/schemas/atom.rng says how it was made.
const rng = path.resolve(import.meta.dirname, '../../../tests/fixtures/schemas/atom.rng');
const xmllint = hasXmllint();

const url = 'https://example.com';
const page = (route: string, template: string, updated: string, extra: Record<string, unknown> = {}) => ({
  route,
  url: urlFor(route, url),
  data: {
    template,
    updated,
    schemaType: 'article',
    title: `Title of ${route} <&>`,
    description: `What ${route} says, "quoted" & 'apostrophes'.`,
    ...extra,
  },
});
const site = {
  config: { url, title: 'Guide & Co', language: 'en' },
  pages: [
    page('/', 'guide', '2025-03', { schemaType: 'website' }),
    page('/old-guide', 'guide', '2024-11'),
    page('/fresh-review', 'review', '2025-02-10'),
    page('/hub', 'guide', '2025-03', { schemaType: 'webpage' }),
    page('/new-guide', 'guide', '2025-02'),
  ],
} as never;

/** Whether xmllint validates `xml` against RFC 4287's schema; its complaint otherwise. */
function validate(xml: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pa-site-feed-'));
  const file = path.join(dir, 'feed.xml');
  writeFileSync(file, xml);
  try {
    execFileSync('xmllint', ['--noout', '--relaxng', rng, file], { stdio: 'pipe' });
    return 'valid';
  } catch (e) {
    return String((e as { stderr?: Buffer }).stderr ?? e);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('feed.xml (Atom)', () => {
  it('lists guides and reviews, newest updated first, not the home page or hubs', () => {
    const xml = atomFeed(site);
    const ids = [...xml.matchAll(/<entry>\s*<title>[^<]*<\/title>\s*<id>([^<]+)<\/id>/g)].map((m) => m[1]);
    expect(ids).toEqual([
      'https://example.com/fresh-review',
      'https://example.com/new-guide',
      'https://example.com/old-guide',
    ]);
    expect(xml).toContain('<updated>2025-02-10T00:00:00Z</updated>\n  <author>'); // the feed's: its newest entry's
    expect(xml).toContain('<link rel="self" type="application/atom+xml" href="https://example.com/feed.xml"/>');
    expect(xml).toContain('<title>Title of /new-guide &lt;&amp;&gt;</title>');
    expect(xml).toContain('&quot;quoted&quot; &amp; &apos;apostrophes&apos;');
  });

  it('writes a month as its first instant, a day as its midnight (UTC): Atom needs a date and time', () => {
    expect(atomDate('2025-01')).toBe('2025-01-01T00:00:00Z');
    expect(atomDate('2025-01-20')).toBe('2025-01-20T00:00:00Z');
  });

  it.skipIf(!xmllint)('is valid against RFC 4287, with entries and with none; a broken feed is not', () => {
    expect(validate(atomFeed(site))).toBe('valid');
    const none = atomFeed({
      ...(site as object),
      pages: [page('/', 'guide', '2025-03', { schemaType: 'website' })],
    } as never);
    expect(none).not.toContain('<entry>');
    expect(validate(none)).toBe('valid');
    // The schema can fail: a feed without its id, and an entry with a month for a date.
    expect(validate(atomFeed(site).replace(/^ {2}<id>.*\n/m, ''))).toContain('fails to validate');
    expect(validate(atomFeed(site).replace('2025-02-10T00:00:00Z', '2025-02'))).toContain('fails to validate');
  });
});
