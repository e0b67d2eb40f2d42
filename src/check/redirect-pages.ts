/**
 * Redirect pages: a page that only sends readers on (a meta refresh, `noindex`), as pa-site writes
 * at each old path of site.yaml `redirects` for hosts without redirect rules. A link to one is fine
 * when its canonical target is a page; the page rules (compliance text, sitemap, orphans) are for
 * the target, not for the stop on the way.
 */
import { isRedirectPage } from './forward.js';
import type { SitePage } from './site-page.js';
import { PLACEHOLDER_ORIGIN } from './resolve.js';
import type { Finding } from './types.js';
import { HOST_REDIRECT_FILES } from '../pipeline/write/hosting.js';

export { isRedirectPage };

export interface RedirectOutcome {
  /** Built files that are redirect pages. */
  pages: Set<string>;
  /** Redirect page → the page file its canonical target finds. */
  targets: Map<string, string>;
  findings: Finding[];
}

/** Follows each redirect page's canonical link: it must find a page that is not itself a redirect. */
export function checkRedirectPages(
  pages: ReadonlyMap<string, SitePage>,
  lookup: (pathname: string) => string | null,
  siteOrigin: string | null,
): RedirectOutcome {
  const out: RedirectOutcome = { pages: new Set(), targets: new Map(), findings: [] };
  for (const p of pages.values()) if (isRedirectPage(p.scan)) out.pages.add(p.file);
  for (const file of out.pages) {
    const p = pages.get(file)!;
    const place = { page: p.file, url: p.url, file: null, line: null };
    const canonical = p.scan.canonicals[0];
    const finding = (message: string, hint: string, target?: string) =>
      out.findings.push({
        rule: 'redirect-target',
        severity: 'error',
        category: 'link',
        message,
        hint,
        places: [place],
        ...(target ? { target } : {}),
      });
    if (!canonical) {
      finding(`redirect page ${p.url} names no canonical target`, 'give it <link rel="canonical"> to the new page');
      continue;
    }
    let url: URL;
    try {
      url = new URL(canonical, new URL(p.url, siteOrigin ?? PLACEHOLDER_ORIGIN));
    } catch {
      finding(`redirect page ${p.url} has an invalid canonical link ${canonical}`, 'correct the redirect target');
      continue;
    }
    if (siteOrigin && url.origin !== siteOrigin) continue; // another site: external checks cover it
    const target = lookup(url.pathname);
    const hint = 'point the redirect (site.yaml `redirects`) at a page the site builds';
    if (target === null) finding(`${p.url} redirects to ${url.pathname}, which is not built`, hint, url.pathname);
    else if (out.pages.has(target))
      finding(`${p.url} redirects to ${url.pathname}, which redirects again`, hint, url.pathname);
    else out.targets.set(file, target);
  }
  return out;
}

/** Paths that reach the not-found page on a host: redirecting one replaces that page. */
const NOT_FOUND_PATHS = new Set(['/404', '/404.html']);

/** Each `from` path of the host redirect files (`_redirects`, `vercel.json`, `nginx-redirects.conf`), with its line. */
function hostRedirectSources(file: string, text: string): { from: string; line: number }[] {
  const lines = text.split('\n');
  const out: { from: string; line: number }[] = [];
  lines.forEach((l, i) => {
    const from =
      file === '_redirects'
        ? /^\s*(\/\S*)/.exec(l)?.[1]
        : file === 'nginx-redirects.conf'
          ? /^\s*location\s+(?:=\s*)?(\/\S*)/.exec(l)?.[1]
          : /"source"\s*:\s*"([^"]*)"/.exec(l)?.[1];
    if (from !== undefined) out.push({ from, line: i + 1 });
  });
  return out;
}

/**
 * The not-found page redirected: by a host redirect file (a rule from /404 or /404.html), or
 * replaced by a redirect page. Hosts then send every missing path's readers somewhere else.
 */
export function notFoundRedirects(
  files: Pick<ReadonlySet<string>, 'has'>,
  read: (file: string) => string | null,
  redirectPages: ReadonlySet<string>,
  paSite = true,
): Finding[] {
  const findings: Finding[] = [];
  const hint = paSite
    ? 'remove the redirect from the not-found page (site.yaml `redirects`), then build again'
    : 'remove the redirect from the not-found page';
  const finding = (page: string, line: number | null, message: string) =>
    findings.push({
      rule: 'redirect-not-found',
      severity: 'error',
      category: 'link',
      message,
      hint,
      places: [{ page, url: `/${page}`, file: null, line }],
    });
  for (const file of HOST_REDIRECT_FILES) {
    const text = files.has(file) ? read(file) : null;
    if (text === null) continue;
    for (const { from, line } of hostRedirectSources(file, text))
      if (NOT_FOUND_PATHS.has(from)) finding(file, line, `${file} redirects ${from}, the not-found page`);
  }
  if (redirectPages.has('404.html')) finding('404.html', null, '404.html is a redirect page, not the not-found page');
  return findings;
}
