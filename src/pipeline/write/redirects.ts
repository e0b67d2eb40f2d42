/**
 * site.yaml `redirects`, written for every host pa-site supports: `_redirects` (Netlify and
 * Cloudflare Pages), `vercel.json` (vercelRedirects), `nginx-redirects.conf` (included by
 * docs/nginx.conf), and a small HTML page at each old path for hosts without redirect rules
 * (GitHub Pages, a plain static server). Validation (validate/redirects.ts) has made sure every
 * target is a page and no redirect leads to another.
 */
import type { AssetRefs, Redirect, SiteConfig } from '../../model.js';
import { urlFor, withBase } from '../../urls/urls.js';
import { markerRedirectLines, markerVercelRedirect } from './marker-rules.js';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * `_redirects`, read by Netlify and Cloudflare Pages, two lines for each redirect. The build writes a
 * fallback page at every old path, and Netlify serves a file that exists rather than apply a rule
 * unless the rule is forced (`301!`), so the forced line comes first: Netlify applies the first rule
 * that matches. Cloudflare skips a status with `!` as invalid (its parser reads the status as a
 * number; it applies rules before files anyway) and takes the plain line after it.
 */
export function underscoreRedirects(redirects: readonly Redirect[], base = '/'): string {
  const lines = [
    '# Written by pa-site build from content/site.yaml `redirects`.',
    '# Each redirect twice: forced for Netlify (a fallback page is at the old path), plain for Cloudflare Pages.',
  ];
  for (const r of redirects) {
    const [from, to] = [withBase(r.from, base), withBase(r.to, base)];
    lines.push(`${from} ${to} ${r.status}!`, `${from} ${to} ${r.status}`);
  }
  lines.push(...markerRedirectLines(base));
  return `${lines.join('\n')}\n`;
}

/**
 * vercel.json `redirects`, with the exact status (Vercel's `permanent: true` would mean 308), and the
 * one that keeps pa-site's marker from being served (marker-rules.ts).
 */
export function vercelRedirects(redirects: readonly Redirect[], base = '/') {
  return [
    ...redirects.map((r) => ({
      source: withBase(r.from, base),
      destination: withBase(r.to, base),
      statusCode: r.status,
    })),
    markerVercelRedirect(base),
  ];
}

/**
 * nginx `location` blocks, for the `include` in docs/nginx.conf. Exact-match locations win over
 * the clean-URL `location /`, so the redirect answers before the fallback page would.
 */
export function nginxRedirects(redirects: readonly Redirect[], base = '/'): string {
  const lines = ['# Written by pa-site build from content/site.yaml `redirects`; docs/nginx.conf includes it.'];
  for (const r of redirects) {
    lines.push(`location = ${withBase(r.from, base)} {`, `    return ${r.status} ${withBase(r.to, base)};`, '}');
  }
  return `${lines.join('\n')}\n`;
}

/** The output file of the fallback page at a redirect's old path (`/old` → `old.html`). */
export const redirectPageFile = (r: Redirect) => urlFor(r.from, 'https://x.invalid').file;

/**
 * The fallback page at the old path: it sends browsers on at once (meta refresh), names the new
 * page as canonical for search engines, asks them not to index it, and links it for anyone whose
 * browser does not follow the refresh. No inline script or style (the site's CSP forbids both).
 */
export function redirectPage(r: Redirect, config: SiteConfig, assets: Pick<AssetRefs, 'css'>): string {
  const target = urlFor(r.to, config.url, config.base);
  const href = escapeHtml(target.href);
  return `<!DOCTYPE html>
<html lang="${escapeHtml(config.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Moved to ${href} | ${escapeHtml(config.title)}</title>
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="0; url=${href}">
<link rel="canonical" href="${escapeHtml(target.canonical)}">
<link rel="stylesheet" href="${escapeHtml(withBase(assets.css, config.base))}">
</head>
<body>
<main class="container redirect-page">
<h1>This page has moved</h1>
<p>It is now at <a href="${href}">${escapeHtml(target.canonical)}</a>.</p>
</main>
${complianceFooter(config)}
</body>
</html>
`;
}

/**
 * Every HTML file the build writes carries the compliance reminder and the help line, this one too:
 * a host that ignores the redirect rules serves it as a page (site.yaml `compliance.reminder` and
 * `helpline`), at body size, with the number a reader can tap.
 */
function complianceFooter(config: SiteConfig): string {
  const { compliance, helpline } = config;
  if (!compliance || !helpline) return ''; // a plain site (no compliance pack) shows no notice
  const tel = escapeHtml(`tel:${helpline.tel}`);
  const call = `Gambling problem? Call <a href="${tel}">${escapeHtml(helpline.display)}</a>.`;
  return `<footer class="container redirect-page-compliance">
<p><strong>${compliance.age}+</strong> ${escapeHtml(compliance.reminder)} ${call}</p>
</footer>`;
}
