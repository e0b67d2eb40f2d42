import type { Page } from '../../model.js';
import { publicFileUrl } from '../../urls/urls.js';

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/**
 * sitemaps.org 0.9: one <url> per page, absolute <loc>, <lastmod> from frontmatter `updated`. The
 * schema's lastmod is a full date, so a page updated "2025-01" (month only) has none rather than
 * a made-up day.
 */
export function sitemapXml(pages: readonly Pick<Page, 'url' | 'data'>[]): string {
  const urls = pages
    .map((p) => {
      const lastmod = p.data.updated.length === 10 ? `\n    <lastmod>${p.data.updated}</lastmod>` : '';
      return `  <url>\n    <loc>${escapeXml(p.url.canonical)}</loc>${lastmod}\n  </url>`;
    })
    .join('\n');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
  );
}

export function robotsTxt(siteUrl: string, base = '/'): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${publicFileUrl('/sitemap.xml', siteUrl, base)}\n`;
}
