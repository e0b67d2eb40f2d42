import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml } from './sitemap.js';
import { urlFor } from '../../urls/urls.js';
import { hasXmllint } from '../../../tests/machine.js';

// The public sitemaps.org 0.9 schema, kept in the repository so the test runs on any clone.
const xsd = path.resolve(import.meta.dirname, '../../../tests/fixtures/schemas/sitemap.xsd');
const xmllint = hasXmllint();

const pages = [
  { url: urlFor('/', 'https://example.com'), data: { updated: '2025-01-15' } },
  { url: urlFor('/best-pa-sportsbooks', 'https://example.com'), data: { updated: '2025-01-02' } },
  // Month only: no lastmod (the schema's lastmod needs a day), and still valid.
  { url: urlFor('/about', 'https://example.com'), data: { updated: '2025-01' } },
] as never[];

describe('sitemap.xml', () => {
  it('lists absolute locs with lastmod', () => {
    const xml = sitemapXml([
      { url: urlFor('/about', 'https://example.com'), data: { updated: '2025-01-15' } } as never,
    ]);
    expect(xml).toContain('<loc>https://example.com/about</loc>');
    expect(xml).toContain('<lastmod>2025-01-15</lastmod>');
    const month = sitemapXml([{ url: urlFor('/about', 'https://example.com'), data: { updated: '2025-01' } } as never]);
    expect(month).toContain('<loc>https://example.com/about</loc>\n  </url>');
    expect(month).not.toContain('lastmod');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
  it.skipIf(!xmllint)('is valid against the sitemaps.org 0.9 schema', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sitemap-'));
    const file = path.join(dir, 'sitemap.xml');
    writeFileSync(file, sitemapXml(pages));
    try {
      expect(() => execFileSync('xmllint', ['--noout', '--schema', xsd, file], { stdio: 'pipe' })).not.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('robots.txt', () => {
  it('points at the sitemap', () => {
    expect(robotsTxt('https://example.com/')).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://example.com/sitemap.xml\n',
    );
  });
});
