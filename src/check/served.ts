/**
 * How a static host maps URL paths to the files of a built folder, in the three ways hosts do it
 * (`--served-as`). Two questions, answered the same way for links, sitemaps and the pages
 * themselves: which URL does a file answer at (the base its relative links resolve against), and
 * which file does a URL path find.
 */

/**
 * - `clean`: `/a` serves `a.html` (nginx `try_files $uri $uri.html $uri/`, Netlify, Cloudflare
 *   Pages, GitHub Pages, Vercel `cleanUrls`); `a.html` answers at `/a`.
 * - `html`: files only under their own names (a plain web server, Vercel without `cleanUrls`):
 *   `/a` never finds `a.html`; `a.html` answers at `/a.html`.
 * - `folders`: every page answers at a URL ending in `/` (Vercel `cleanUrls` with
 *   `trailingSlash: true`): `a.html` answers at `/a/`, and `/a/` finds it.
 * In every mode `a/index.html` answers at `/a/`, and `/a` finds it too (hosts redirect to `/a/`).
 */
export type ServedAs = 'clean' | 'html' | 'folders';
export const SERVED_AS: readonly ServedAs[] = ['clean', 'html', 'folders'];

/** Characters a file name may hold that would end or change a URL path if written as they are. */
const encodeSegment = (s: string) =>
  s.replace(/%/g, '%25').replace(/#/g, '%23').replace(/\?/g, '%3F').replace(/\\/g, '%5C');

/**
 * The URL path a file answers at, as a browser's address bar shows it after any redirect: the
 * base its relative links resolve against. Characters URLs cannot hold raw stay raw here (the URL
 * parser encodes spaces and non-ASCII); `%`, `#`, `?` and `\` in names are encoded.
 */
export function servedPath(file: string, mode: ServedAs): string {
  const f = file.split('/').map(encodeSegment).join('/');
  if (f === 'index.html') return '/';
  if (f.endsWith('/index.html')) return `/${f.slice(0, -'index.html'.length)}`;
  if (mode === 'html' || !f.endsWith('.html')) return `/${f}`;
  const stem = f.slice(0, -'.html'.length);
  return mode === 'folders' ? `/${stem}/` : `/${stem}`;
}

const decodePath = (p: string) => {
  try {
    return decodeURIComponent(p);
  } catch {
    // A malformed escape: hosts answer 400, so it finds nothing under its decoded name.
    return p;
  }
};

/**
 * The files a host tries for a URL path (percent-encoded, as `URL.pathname` gives it), in the
 * order it tries them. Names are matched exactly, case included, as Linux hosts match them.
 */
export function candidates(pathname: string, mode: ServedAs): string[] {
  const p = decodePath(pathname).replace(/^\/+/, '');
  if (p === '') return ['index.html'];
  if (p.endsWith('/')) {
    const dir = [`${p}index.html`];
    if (mode === 'folders') dir.push(`${p.slice(0, -1)}.html`);
    return dir;
  }
  // A name that already ends in .html is not tried again with .html added (a.html.html).
  const withHtml = mode === 'html' || p.endsWith('.html') ? [] : [`${p}.html`];
  if (mode === 'folders') return [p, `${p}/index.html`, ...withHtml];
  return [p, ...withHtml, `${p}/index.html`];
}

/** The file a URL path finds, or null. */
export function lookup(pathname: string, mode: ServedAs, files: Pick<ReadonlySet<string>, 'has'>): string | null {
  return candidates(pathname, mode).find((c) => files.has(c)) ?? null;
}

/**
 * Which mode a folder's own host settings ask for: a `vercel.json` in it (`cleanUrls`,
 * `trailingSlash`). Null when the folder does not say.
 */
export function servedAsFromVercel(text: string): ServedAs | null {
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof config !== 'object' || config === null) return null;
  const { cleanUrls, trailingSlash } = config as { cleanUrls?: unknown; trailingSlash?: unknown };
  if (cleanUrls !== true) return 'html';
  return trailingSlash === true ? 'folders' : 'clean';
}
