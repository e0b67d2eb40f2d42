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

export function urlFor(route: string, siteUrl: string): PageUrl {
  if (!isValidRoute(route)) throw new Error(`invalid route ${JSON.stringify(route)}`);
  const file = route === '/' ? 'index.html' : `${route.slice(1)}.html`;
  const base = siteUrl.replace(/\/+$/, '');
  return { route, file, href: route, canonical: route === '/' ? `${base}/` : `${base}${route}` };
}

/** The absolute URL of a file under content/public (a path such as `/og-image.png`), as in link previews. */
export function publicFileUrl(file: string, siteUrl: string): string {
  return new URL(file, urlFor('/', siteUrl).canonical).href;
}

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
