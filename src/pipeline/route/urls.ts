/**
 * The one place that decides URLs. A route such as `/about` maps to its output file
 * (`about.html`), the href used in links, the canonical URL and the sitemap `<loc>`.
 * Routes never end in a slash (except `/`), the clean-URL form static hosts serve.
 */
export interface PageUrl {
  route: string;
  file: string;
  href: string;
  canonical: string;
}

export const ROUTE_PATTERN = /^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*)?$/;

export function isValidRoute(route: string): boolean {
  return ROUTE_PATTERN.test(route);
}

/** Characters a site URL's path may hold: unreserved ones and "/", so nothing needs decoding. */
const SITE_PATH = /^(?:\/[A-Za-z0-9._~-]+)*\/?$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const SPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f]/u;

/**
 * What is wrong with site.yaml `url` as the site's address, or undefined: it must be a plain
 * `https://host[/path]` origin, exactly as a browser writes it (lowercase host, no default port), with
 * no credentials, query, fragment, whitespace or control characters: it is pasted into robots.txt,
 * canonicals, og:url and sitemap.xml. A trailing slash is optional and means nothing: `https://a.com`
 * and `https://a.com/` are one site, as are `https://a.com/guide` and `https://a.com/guide/` (a
 * site served from the folder /guide).
 */
export function siteUrlProblem(url: string): { problem: string; fix: string } | undefined {
  const shape = 'write the address readers open, such as https://www.example.com';
  const at = url.search(SPACE_OR_CONTROL);
  if (at >= 0) return { problem: `holds whitespace or a control character at character ${at + 1}`, fix: shape };
  if (!/^https:\/\//i.test(url)) return { problem: 'expected an https:// address', fix: shape };
  if (!URL.canParse(url)) return { problem: 'is not a valid URL', fix: shape };
  const u = new URL(url);
  if (u.username || u.password || url.includes('@'))
    return { problem: 'holds a user name or password ("user:pw@")', fix: 'remove the part before "@"' };
  if (url.includes('?')) return { problem: 'holds a query ("?…")', fix: 'remove the "?" and what follows it' };
  if (url.includes('#')) return { problem: 'holds a fragment ("#…")', fix: 'remove the "#" and what follows it' };
  if (!SITE_PATH.test(u.pathname)) return { problem: `has an unusual path (${u.pathname})`, fix: shape };
  if (u.href !== url && u.href !== `${url}/`) return { problem: `is not in plain form`, fix: `write ${u.href}` };
  return undefined;
}

/**
 * The site URL without its trailing slash, checked once: urlFor runs for every page and link, and a
 * build has one site URL, so the last one checked is remembered rather than parsed again each call.
 */
let checked: [url: string, base: string] | undefined;
function siteBase(siteUrl: string): string {
  if (checked?.[0] === siteUrl) return checked[1];
  const bad = siteUrlProblem(siteUrl);
  if (bad) throw new Error(`invalid site url ${JSON.stringify(siteUrl)}: ${bad.problem}`);
  checked = [siteUrl, siteUrl.replace(/\/+$/, '')];
  return checked[1];
}

/** The output file of a valid route: `/` → `index.html`, `/guides/odds` → `guides/odds.html`. */
export const fileForRoute = (route: string): string => (route === '/' ? 'index.html' : `${route.slice(1)}.html`);

export function urlFor(route: string, siteUrl: string): PageUrl {
  if (!isValidRoute(route)) throw new Error(`invalid route ${JSON.stringify(route)}`);
  const file = fileForRoute(route);
  const base = siteBase(siteUrl);
  return { route, file, href: route, canonical: route === '/' ? `${base}/` : `${base}${route}` };
}

/**
 * The absolute URL of a file the site serves (a path such as `/og-image.png` or `/sitemap.xml`),
 * under the site's folder when its `url` has a path.
 */
export function publicFileUrl(file: string, siteUrl: string): string {
  return new URL(file.replace(/^\/+/, ''), urlFor('/', siteUrl).canonical).href;
}

/** Where the site's Atom feed is served (route/feed.ts writes it; every page's <head> links it). */
export const FEED_PATH = '/feed.xml';

/**
 * `about.md` → `/about`; `index.md` → `/`; `guides/index.md` → `/guides`;
 * `guides/odds.md` → `/guides/odds`.
 */
export function routeFromContentPath(relativePath: string): string {
  const noExt = relativePath.replace(/\\/g, '/').replace(/\.md$/i, '');
  const parts = noExt.split('/').filter(Boolean);
  if (parts[parts.length - 1] === 'index') parts.pop();
  return `/${parts.join('/')}`.toLowerCase();
}

/** A valid content path for a page file whose name is not a route: `PA Gambling_Laws.md` → `pa-gambling-laws.md`. */
export function suggestedPath(relativePath: string): string {
  const parts = relativePath.replace(/\\/g, '/').replace(/\.md$/i, '').split('/').filter(Boolean);
  const slug = (s: string) =>
    s
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'page';
  return `${parts.map(slug).join('/')}.md`;
}

/**
 * The built file a same-site path resolves to, as static hosts resolve clean URLs:
 * `/` → `index.html`, `/about` → `about.html` (or `about/index.html`), `/assets/a.css` → itself.
 * Returns candidate files in the order a host tries them.
 */
export function filesForPath(pathname: string): string[] {
  let p: string;
  try {
    p = decodeURIComponent(pathname);
  } catch {
    p = pathname;
  }
  p = p.replace(/^\/+/, '');
  if (p === '') return ['index.html'];
  if (p.endsWith('/')) return [`${p}index.html`];
  if (/\.[a-z0-9]+$/i.test(p)) return [p];
  return [`${p}.html`, `${p}/index.html`];
}

/** The route a built HTML file answers (inverse of urlFor's file). */
export function routeForFile(file: string): string {
  const f = file.replace(/\\/g, '/');
  if (f === 'index.html') return '/';
  if (f.endsWith('/index.html')) return `/${f.slice(0, -'/index.html'.length)}`;
  return `/${f.replace(/\.html$/, '')}`;
}
