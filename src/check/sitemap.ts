/**
 * sitemap.xml: every URL it lists must be on the site's origin and answered by a file of the
 * folder (found the way the host serves it), and a sitemap index's child sitemaps must exist.
 * Which pages it lists feeds the `sitemap` page rule.
 */
import type { Finding } from './types.js';

export interface SitemapInput {
  /** Text of sitemap.xml, or null when the folder has none. */
  text: string | null;
  /** A missing sitemap.xml is a finding (pa-site builds always write one). */
  required: boolean;
  siteOrigin: string | null;
  /** The file a URL path finds (served.ts), or null. */
  lookup: (pathname: string) => string | null;
  /** Text of another file in the folder (a child sitemap), or null. */
  read: (file: string) => string | null;
}

export interface SitemapOutcome {
  findings: Finding[];
  /** HTML files the sitemap lists; null when there is no sitemap. */
  listed: Set<string> | null;
}

/** The most URLs one sitemap file may list (sitemaps.org); the rest of a longer one is not read. */
const MAX_SITEMAP_URLS = 50_000;

/** The `<loc>` values of a sitemap, the first `limit` of them (read one by one: no array of every match). */
export function parseSitemap(xml: string, limit = MAX_SITEMAP_URLS): string[] {
  // The five named entities and character references (`&#97;`, `&#x61;`), as an XML parser reads them.
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  const decode = (s: string) =>
    s.replace(/&(amp|lt|gt|quot|apos|#[0-9]{1,7}|#x[0-9a-fA-F]{1,6});/g, (all, e: string) => {
      if (!e.startsWith('#')) return named[e]!;
      const n = e[1] === 'x' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return n > 0 && n <= 0x10ffff && !(n >= 0xd800 && n <= 0xdfff) ? String.fromCodePoint(n) : all;
    });
  const out: string[] = [];
  const loc = /<loc>\s*([^<]*?)\s*<\/loc>/g;
  for (let m = loc.exec(xml); m && out.length <= limit; m = loc.exec(xml)) out.push(decode(m[1]!));
  return out;
}

const isIndex = (xml: string) => /<sitemapindex[\s>]/.test(xml);

const finding = (message: string, target?: string, hint?: string): Finding => ({
  rule: 'sitemap',
  severity: 'error',
  category: 'page',
  message,
  places: [],
  ...(target !== undefined ? { target } : {}),
  ...(hint ? { hint } : {}),
});

export function checkSitemap(input: SitemapInput): SitemapOutcome {
  const findings: Finding[] = [];
  if (input.text === null) {
    if (input.required)
      findings.push(
        finding(
          'sitemap.xml is missing',
          undefined,
          'the build writes sitemap.xml; check the folder is a complete build',
        ),
      );
    return { findings, listed: null };
  }
  const listed = new Set<string>();

  /** Each `<loc>` of one sitemap file: a page URL, or (in an index) a child sitemap. */
  const visit = (name: string, xml: string, depth: number) => {
    const index = isIndex(xml);
    const locs = parseSitemap(xml);
    if (locs.length > MAX_SITEMAP_URLS) {
      locs.length = MAX_SITEMAP_URLS;
      findings.push(
        finding(
          `${name} lists more than ${MAX_SITEMAP_URLS.toLocaleString('en-US')} URLs, the most a sitemap may; ` +
            'only the first were checked',
          undefined,
          'split it into several sitemaps listed by a sitemap index',
        ),
      );
    }
    for (const loc of locs) {
      let u: URL;
      try {
        u = new URL(loc);
      } catch {
        findings.push(finding(`${name} lists "${loc}", which is not an absolute URL`, loc));
        continue;
      }
      if (input.siteOrigin && u.origin !== input.siteOrigin) {
        findings.push(finding(`${name} lists ${loc}, which is not on ${input.siteOrigin}`, loc));
        continue;
      }
      const file = input.lookup(u.pathname);
      if (file === null) {
        const what = index ? 'no sitemap file is there' : 'no page answers it';
        findings.push(finding(`${name} lists ${loc} but ${what}`, loc, 'rebuild, or remove the URL from the sitemap'));
        continue;
      }
      if (index) {
        const child = depth === 0 ? input.read(file) : null;
        if (child !== null) visit(file, child, depth + 1);
      } else if (file.endsWith('.html')) {
        listed.add(file);
      }
    }
  };
  visit('sitemap.xml', input.text, 0);
  return { findings, listed };
}
