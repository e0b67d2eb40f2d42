/**
 * Rules that keep hosts from serving pa-site's marker. The marker (`.pa-site-output`, out-dir.ts)
 * stays in dist/, where the next build and `pa-site check` look for it; it lists the files the build
 * wrote, which is no page. nginx (docs/nginx.conf) and `pa-site preview` refuse every hidden file; for
 * the hosts whose settings the build writes, these rules answer its path before any file:
 * - Netlify: a forced rewrite to the not-found page with status 404 (`!`: the file exists);
 * - Cloudflare Pages: a 301 to the home page (its `_redirects` has no 404 rewrite; it skips the
 *   forced line as a status it does not read, and applies redirects before files);
 * - Vercel: the same 301 in vercel.json (its redirects, too, run before its files).
 */
import { withBase } from '../../urls/urls.js';
import { MARKER } from './out-dir.js';

/** The marker's path on the site, under `base`. */
const markerPath = (base = '/') => withBase(`/${MARKER}`, base);

/** `_redirects` lines (Netlify first, then Cloudflare Pages) that keep the marker from being served. */
export function markerRedirectLines(base = '/'): string[] {
  const from = markerPath(base);
  return [
    `# pa-site's marker (${MARKER}) is no page: a 404 on Netlify, a 301 home on Cloudflare Pages.`,
    `${from} ${withBase('/404.html', base)} 404!`,
    `${from} ${withBase('/', base)} 301`,
  ];
}

/** The vercel.json redirect that keeps the marker from being served. */
export const markerVercelRedirect = (base = '/') => ({
  source: markerPath(base),
  destination: withBase('/', base),
  statusCode: 301,
});
