import type { Page } from '../../model.js';

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** sitemaps.org 0.9: one <url> per page, absolute <loc>, <lastmod> from frontmatter `updated`. */
export function sitemapXml(pages: readonly Pick<Page, 'url' | 'data'>[]): string {
  const urls = pages
    .map(
      (p) =>
        `  <url>\n    <loc>${escapeXml(p.url.canonical)}</loc>\n    <lastmod>${p.data.updated}</lastmod>\n  </url>`,
    )
    .join('\n');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
  );
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl.replace(/\/+$/, '')}/sitemap.xml\n`;
}
