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
 * The part of the base a link's result depends on, so links that mean the same on many pages are
 * parsed once: nothing for an absolute URL, the scheme for `//host`, the origin for `/path`, the
 * base's folder for `a/b` and `../c`, and the whole base for `''`, `#x` and `?q`.
 */
function baseKey(h: string, base: string): string {
  const c0 = h[0];
  const scheme = c0 !== undefined && !slash(c0) ? /^([a-z][a-z0-9+.-]*):/i.exec(h)?.[1]?.toLowerCase() : undefined;
  // `https:x` (no slashes) is relative to a base with the same scheme: keep the whole base.
  if (scheme) return base.toLowerCase().startsWith(`${scheme}:`) ? base : '';
  if (!base.startsWith('https://') && !base.startsWith('http://')) return base;
  if (slash(c0)) {
    if (slash(h[1])) return base.slice(0, base.indexOf(':'));
    const origin = base.indexOf('/', base.indexOf('//') + 2);
    return origin === -1 ? base : base.slice(0, origin);
  }
  if (c0 === undefined || c0 === '#' || c0 === '?') return base;
  const end = base.search(/[?#]/);
  const path = end === -1 ? base : base.slice(0, end);
  return path.slice(0, path.lastIndexOf('/') + 1);
}

/** resolveHref with a cache keyed on what each result depends on. One per check run. */
export class Resolver {
  private readonly cache = new Map<string, Target>();
  constructor(private readonly origin: string) {}

  resolve(href: string, base: string): Target {
    const h = /[\0- ]/.test(href) ? clean(href) : href;
    const key = `${baseKey(h, base)}\0${h}`;
    let t = this.cache.get(key);
    if (!t) {
      t = resolveHref(h, base, this.origin);
      this.cache.set(key, t);
    }
    return t;
  }
}
