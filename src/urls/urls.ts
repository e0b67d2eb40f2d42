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

const BASE_PATH = /^\/(?:[A-Za-z0-9._~-]+\/)*$/;

/**
 * What is wrong with site.yaml `base`, the folder the site is served under (`/` at a host's root,
 * `/repo/` for a GitHub Pages project site), or undefined: it starts and ends with "/" and holds only
 * plain path segments, so it can be pasted into hrefs, host rules and nginx locations as it is.
 */
export function basePathProblem(base: string): { problem: string; fix: string } | undefined {
  const fix = 'write the folder the site is served under, such as /repo/ (or / at the root of a host)';
  if (!base.startsWith('/') || !base.endsWith('/'))
    return { problem: 'expected a path that starts and ends with "/"', fix };
  if (!BASE_PATH.test(base))
    return { problem: 'may hold only letters, digits, "-", "_", "." and "~" between "/"', fix };
  if (base.split('/').some((s) => s === '.' || s === '..')) return { problem: 'holds a "." or ".." segment', fix };
  return undefined;
}
/** What is wrong with `url` and `base` together: a url with a folder names the same folder as base. */
export function urlBaseProblem(url: string, base: string): { problem: string; fix: string } | undefined {
  if (base === '/' || siteUrlProblem(url)) return undefined;
  const folder = new URL(url).pathname.replace(/\/*$/, '/');
  if (folder === '/' || folder === base) return undefined;
  return {
    problem: `url's folder ${folder} is not base ${base}`,
    fix: `the site's address is url's origin followed by base: write url: ${new URL(url).origin}`,
  };
}

/**
 * The site's address without its trailing slash: `url`, or, with a `base`, url's origin followed by
 * base. Checked once: urlFor runs for every page and link, and a build has one site URL, so the last
 * one checked is remembered rather than parsed again each call.
 */
let checked: [url: string, base: string, root: string] | undefined;
function siteRoot(siteUrl: string, base: string): string {
  if (checked?.[0] === siteUrl && checked[1] === base) return checked[2];
  const bad = siteUrlProblem(siteUrl) ?? basePathProblem(base) ?? urlBaseProblem(siteUrl, base);
  if (bad)
    throw new Error(`invalid site url ${JSON.stringify(siteUrl)} or base ${JSON.stringify(base)}: ${bad.problem}`);
  const root = base === '/' ? siteUrl.replace(/\/+$/, '') : `${new URL(siteUrl).origin}${base.slice(0, -1)}`;
  checked = [siteUrl, base, root];
  return root;
}

/**
 * A site-absolute path (`/about`, `/assets/site.css`, `/`) as the site serves it under `base`:
 * `/repo/about`, `/repo/assets/site.css`, `/repo/`. Anything else (`#top`, `https://…`, `//host`,
 * `mailto:`, a relative path) is returned as it is.
 */
export function withBase(path: string, base = '/'): string {
  if (base === '/' || !path.startsWith('/') || path.startsWith('//')) return path;
  return base + path.slice(1);
}

/**
 * The inverse of withBase: the site-absolute path a request or link under `base` names (`/repo/x` →
 * `/x`; `/repo` → `/`, which hosts redirect to `/repo/`), or undefined for a path outside the base.
 */
export function stripBase(path: string, base = '/'): string | undefined {
  if (base === '/') return path;
  if (path === base.slice(0, -1)) return '/';
  return path.startsWith(base) ? path.slice(base.length - 1) : undefined;
}

/** The output file of a valid route: `/` → `index.html`, `/guides/odds` → `guides/odds.html`. */
export const fileForRoute = (route: string): string => (route === '/' ? 'index.html' : `${route.slice(1)}.html`);

/** A route's output file, link href (under `base`) and canonical URL. */
export function urlFor(route: string, siteUrl: string, base = '/'): PageUrl {
  if (!isValidRoute(route)) throw new Error(`invalid route ${JSON.stringify(route)}`);
  const file = fileForRoute(route);
  const root = siteRoot(siteUrl, base);
  return { route, file, href: withBase(route, base), canonical: route === '/' ? `${root}/` : `${root}${route}` };
}

/**
 * The absolute URL of a file the site serves (a path such as `/og-image.png` or `/sitemap.xml`),
 * under the site's folder when its `url` has a path or site.yaml has a `base`.
 */
export function publicFileUrl(file: string, siteUrl: string, base = '/'): string {
  return new URL(file.replace(/^\/+/, ''), urlFor('/', siteUrl, base).canonical).href;
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
