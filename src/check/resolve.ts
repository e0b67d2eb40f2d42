/**
 * The one link resolver: a URL as written in a page, resolved exactly as a browser resolves it
 * (the WHATWG URL parser, which node's URL implements) against the page's base URL — its
 * `<base href>`, else the URL the host serves the page at (served.ts). Every link, sitemap entry
 * and redirect target goes through here.
 */

export type Target =
  | { kind: 'skip' }
  | { kind: 'invalid' }
  | { kind: 'external'; url: string }
  /** `path` is percent-encoded, as URL.pathname gives it; `fragment` is undefined when there is no `#`. */
  | { kind: 'internal'; path: string; fragment: string | undefined };

/** Stands in for the site's origin when it is unknown, so absolute URLs are all external. */
export const PLACEHOLDER_ORIGIN = 'https://pa-site.invalid';

/** What the URL parser removes first: tabs and newlines anywhere, C0 controls and spaces at the ends. */
const clean = (href: string) => href.replace(/[\t\n\r]/g, '').replace(/^[\0- ]+|[\0- ]+$/g, '');

/**
 * The document base URL: the first `<base href>` resolved against the page URL, or the page URL
 * when there is none or it does not parse.
 */
export function documentBase(pageUrl: string, baseHref: string | null): string {
  if (baseHref === null) return pageUrl;
  try {
    const u = new URL(clean(baseHref), pageUrl);
    // HTML ignores a base whose scheme is data: or javascript:.
    return u.protocol === 'data:' || u.protocol === 'javascript:' ? pageUrl : u.href;
  } catch {
    return pageUrl;
  }
}

/** Resolves `href` against `base` with no caching: the reference the cached resolver must agree with. */
export function resolveHref(href: string, base: string, origin: string): Target {
  const h = clean(href);
  let u: URL;
  try {
    u = new URL(h, base);
  } catch {
    return { kind: 'invalid' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { kind: 'skip' };
  if (u.origin !== origin) {
    u.hash = '';
    return { kind: 'external', url: u.href };
  }
  // Only the link can give the result a fragment; `#` alone gives an empty one.
  return { kind: 'internal', path: u.pathname, fragment: h.includes('#') ? u.hash.slice(1) : undefined };
}

const slash = (c: string | undefined) => c === '/' || c === '\\';

/**
 * resolveHref with caches keyed on what each result depends on, so a link that means the same on
 * many pages is parsed once: nothing for an absolute URL of another scheme, the scheme for
 * `//host`, the origin for `/path`, the base's folder for `a/b` and `../c`, and the whole base for
 * `''`, `#x`, `?q` and `https:x` (relative when the base has that scheme). One per check run.
 * Each cache holds at most CACHED links (then starts over), and the whole-base one lives for one
 * page: a folder of 30,000 pages, each with its own `#x` links and unique fragments, does not keep
 * every link it ever resolved.
 */
const CACHED = 8_192;

export class Resolver {
  private readonly caches = new Map<string, Map<string, Target>>();
  constructor(private readonly origin: string) {}

  private cache(key: string): Map<string, Target> {
    let m = this.caches.get(key);
    if (!m) {
      m = new Map();
      this.caches.set(key, m);
    }
    return m;
  }

  /** The resolver for one base URL (a page's): call it for each link on the page. */
  at(base: string): (href: string) => Target {
    const full = new Map<string, Target>();
    const colon = base.indexOf(':');
    const baseScheme = base.slice(0, colon).toLowerCase();
    const special = baseScheme === 'https' || baseScheme === 'http';
    const originEnd = base.indexOf('/', colon + 3);
    const end = base.search(/[?#]/);
    const path = end === -1 ? base : base.slice(0, end);
    const byScheme = this.cache(`scheme\0${baseScheme}`);
    const byOrigin = originEnd === -1 ? full : this.cache(`origin\0${base.slice(0, originEnd)}`);
    const byDir = this.cache(`dir\0${path.slice(0, path.lastIndexOf('/') + 1)}`);
    const absolute = this.cache('absolute');

    const pick = (h: string): Map<string, Target> => {
      if (!special) return full;
      const c0 = h[0];
      if (slash(c0)) return slash(h[1]) ? byScheme : byOrigin;
      if (c0 === undefined || c0 === '#' || c0 === '?') return full;
      const scheme = /^[a-z][a-z0-9+.-]*(?=:)/i.exec(h)?.[0]?.toLowerCase();
      if (scheme === undefined) return byDir;
      return scheme === baseScheme ? full : absolute;
    };
    return (href) => {
      const h = /[\0- ]/.test(href) ? clean(href) : href;
      const m = pick(h);
      let t = m.get(h);
      if (!t) {
        t = resolveHref(h, base, this.origin);
        if (m.size >= CACHED) m.clear();
        m.set(h, t);
      }
      return t;
    };
  }
}
