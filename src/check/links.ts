/**
 * Internal links and fragments: every same-site href/src/srcset/action must resolve to a built
 * file (clean URLs through filesForPath, the build's own URL rule) and every #fragment to an id on
 * its target page. External URLs are only collected here; external.ts checks them.
 */
import { filesForPath } from '../pipeline/route/urls.js';
import type { PageScan, LinkRef } from './html.js';
import type { Finding, Place } from './types.js';

export interface SitePage {
  /** Built file relative to the checked folder. */
  file: string;
  /** URL path the page answers. */
  route: string;
  scan: PageScan;
}

export interface LinkContext {
  pages: Map<string, SitePage>;
  /** Every file in the checked folder, relative, forward slashes. */
  files: Set<string>;
  /** `https://www.example.com`: absolute URLs on this origin are internal. */
  siteOrigin: string | null;
  /** Paths linked on purpose although not built (check.knownUnbuilt). */
  knownUnbuilt: readonly string[];
}

export interface LinkOutcome {
  findings: Finding[];
  /** External URL (without fragment) → the pages linking it. */
  external: Map<string, Place[]>;
  /** Built HTML files some other page links to. */
  linkedTo: Set<string>;
  /** Internal link references checked. */
  checked: number;
}

export type Target =
  | { kind: 'skip' }
  | { kind: 'external'; url: string }
  | { kind: 'internal'; path: string; fragment: string | undefined };

const PLACEHOLDER_ORIGIN = 'https://pa-site.invalid';

/** Where a link points, as seen from a page at `route`. */
export function classify(url: string, route: string, siteOrigin: string | null): Target {
  if (url.startsWith('#')) return { kind: 'internal', path: route, fragment: url.slice(1) };
  // Fast path for the common case: a root-relative path without dot segments.
  if (url.startsWith('/') && !url.startsWith('//') && !url.includes('/.') && !url.includes('\\')) {
    const hash = url.indexOf('#');
    const beforeHash = hash === -1 ? url : url.slice(0, hash);
    const q = beforeHash.indexOf('?');
    return {
      kind: 'internal',
      path: q === -1 ? beforeHash : beforeHash.slice(0, q),
      fragment: hash === -1 ? undefined : url.slice(hash + 1),
    };
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme && scheme !== 'http' && scheme !== 'https') return { kind: 'skip' };
  let u: URL;
  try {
    u = new URL(url.startsWith('//') ? `https:${url}` : url, `${siteOrigin ?? PLACEHOLDER_ORIGIN}${route}`);
  } catch {
    return { kind: 'internal', path: url, fragment: undefined };
  }
  if (u.origin !== (siteOrigin ?? PLACEHOLDER_ORIGIN)) {
    u.hash = '';
    return { kind: 'external', url: u.href };
  }
  const hash = url.indexOf('#');
  return { kind: 'internal', path: u.pathname, fragment: hash === -1 ? undefined : url.slice(hash + 1) };
}

/** `/about/` and `/about` are the same entry of check.knownUnbuilt. */
export const normalizePath = (p: string) => {
  let d: string;
  try {
    d = decodeURIComponent(p);
  } catch {
    d = p;
  }
  return d.replace(/\/+$/, '') || '/';
};

const decodeFragment = (f: string) => {
  try {
    return decodeURIComponent(f);
  } catch {
    return f;
  }
};

/** `#` and `#top` always work (HTML's "scroll to the top"); `#:~:text=` is a text fragment. */
const alwaysValid = (frag: string) => frag === '' || frag.toLowerCase() === 'top' || frag.startsWith(':~:');

const isAsset = (ref: LinkRef, path: string) =>
  ref.attr === 'src' || ref.attr === 'srcset' || ref.tag === 'link' || /\.(?!html?$)[a-z0-9]+$/i.test(path);

interface Group {
  rule: string;
  target: string;
  message: string;
  places: Map<string, Place>;
}

export function checkLinks(ctx: LinkContext): LinkOutcome {
  const groups = new Map<string, Group>();
  const external = new Map<string, Place[]>();
  const linkedTo = new Set<string>();
  const resolved = new Map<string, string | null>();
  const known = new Set(ctx.knownUnbuilt.map(normalizePath));
  const has404 = ctx.files.has('404.html');
  let checked = 0;

  const resolve = (p: string) => {
    let f = resolved.get(p);
    if (f === undefined) {
      f = filesForPath(p).find((c) => ctx.files.has(c)) ?? null;
      resolved.set(p, f);
    }
    return f;
  };
  const add = (rule: string, target: string, message: string, page: SitePage, ref: LinkRef) => {
    const key = `${rule}\0${target}`;
    let g = groups.get(key);
    if (!g) {
      g = { rule, target, message, places: new Map() };
      groups.set(key, g);
    }
    if (!g.places.has(page.file))
      g.places.set(page.file, { page: page.file, url: page.route, file: null, line: ref.line, region: ref.region });
  };

  // Root-relative and absolute URLs mean the same on every page: classify each once.
  const classified = new Map<string, Target>();
  const classifyCached = (url: string, route: string) => {
    if (url[0] !== '/' && !/^https?:/i.test(url)) return classify(url, route, ctx.siteOrigin);
    let t = classified.get(url);
    if (!t) {
      t = classify(url, route, ctx.siteOrigin);
      classified.set(url, t);
    }
    return t;
  };

  for (const page of ctx.pages.values()) {
    for (const ref of page.scan.links) {
      const t = classifyCached(ref.url, page.route);
      if (t.kind === 'skip') continue;
      if (t.kind === 'external') {
        let list = external.get(t.url);
        if (!list) {
          list = [];
          external.set(t.url, list);
        }
        if (!list.some((p) => p.page === page.file))
          list.push({ page: page.file, url: page.route, file: null, line: ref.line, region: ref.region });
        continue;
      }
      checked++;
      const file = resolve(t.path);
      if (file === null) {
        const norm = normalizePath(t.path);
        if (known.has(norm)) {
          const msg = has404
            ? `${norm} is not built; 404.html answers it`
            : `${norm} is not built and there is no 404.html to answer it`;
          add('known-unbuilt', norm, msg, page, ref);
        } else if (isAsset(ref, t.path)) {
          add('broken-asset', t.path, `${t.path} does not exist in the built site`, page, ref);
        } else {
          add('broken-link', t.path, `no page at ${t.path} (looked for ${filesForPath(t.path).join(', ')})`, page, ref);
        }
        continue;
      }
      if (file !== page.file && ctx.pages.has(file)) linkedTo.add(file);
      if (t.fragment === undefined) continue;
      const frag = decodeFragment(t.fragment);
      const target = ctx.pages.get(file);
      if (!target || alwaysValid(frag) || target.scan.ids.has(frag)) continue;
      const shown = `${target.route}#${t.fragment}`;
      add('broken-fragment', shown, `no id="${frag}" on ${target.route} (${file})`, page, ref);
    }
  }

  const contentPages = [...ctx.pages.keys()].filter((f) => f !== '404.html');
  const findings: Finding[] = [];
  for (const g of groups.values()) {
    const places = [...g.places.values()].sort((a, b) => a.page.localeCompare(b.page));
    const linking = new Set(places.map((p) => p.page));
    const allPages = places.length >= 2 && contentPages.every((f) => linking.has(f));
    const isKnown = g.rule === 'known-unbuilt';
    const f: Finding = {
      rule: g.rule,
      severity: isKnown && has404 ? 'warning' : 'error',
      category: isKnown ? 'known-unbuilt' : 'link',
      message: g.message,
      target: g.target,
      places,
    };
    if (allPages) f.allPages = true;
    if (isKnown) {
      f.hint = 'write the page, then remove the path from check.knownUnbuilt in content/site.yaml';
    } else if (allPages) {
      f.hint =
        'the link is on every page, so it comes from the layout: ' +
        'the header or footer links in content/site.yaml, or a template in templates/';
    } else if (g.rule === 'broken-fragment') {
      f.hint = 'point the link at an id the target page has, or give the target element that id';
    }
    findings.push(f);
  }

  for (const p of ctx.knownUnbuilt) {
    const file = resolve(p);
    if (file !== null) {
      findings.push({
        rule: 'known-unbuilt-built',
        severity: 'warning',
        category: 'known-unbuilt',
        message: `${normalizePath(p)} is listed in check.knownUnbuilt but is built now (${file})`,
        target: normalizePath(p),
        hint: 'remove it from check.knownUnbuilt in content/site.yaml so a future break is reported as an error',
        places: [],
      });
    }
  }
  return { findings, external, linkedTo, checked };
}
