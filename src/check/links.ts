/**
 * Internal links and fragments: every same-site href/src/srcset/action/refresh target must find a
 * file the way the host serves the folder (served.ts), and every #fragment a place on its target
 * page. Links resolve as a browser resolves them (resolve.ts). External URLs are only collected
 * here; external.ts checks them.
 */
import type { LinkRef } from './html.js';
import type { IdLookup } from './id-hashes.js';
import type { LeanStore } from './lean-store.js';
import { underBase } from './base.js';
import { documentBase, PLACEHOLDER_ORIGIN, Resolver, type Target } from './resolve.js';
import { candidates, type ServedAs } from './served.js';
import { isRedirectPage, redirectEnds } from './forward.js';
import {
  compareOccurrences,
  type FindingContext,
  linkFindings,
  type Occurrence,
  type TargetInfo,
} from './link-findings.js';
import type { FileNames } from './name-table.js';
import type { Pages, SitePage } from './site-page.js';
import type { SpillPath } from './spill-folder.js';
import { SpillSort } from './spill-sort.js';
import type { Finding, Place } from './types.js';

export interface LinkContext {
  pages: Pages;
  /** Every file in the checked folder, relative, forward slashes. */
  files: FileNames;
  /** `https://www.example.com`: absolute URLs on this origin are internal. */
  siteOrigin: string | null;
  servedAs: ServedAs;
  /** A pa-site build: hints name content/site.yaml and templates/. */
  paSite: boolean;
  /** Paths linked on purpose although not built (check.knownUnbuilt). */
  knownUnbuilt: readonly string[];
  /** The folder's `.css` files (stylesheets.ts): their `url()`s and `@import`s are checked as assets. */
  stylesheets?: readonly SitePage[];
  /** The URL path the folder is served under (base.ts); default `/`. */
  base?: string;
  /**
   * What a link outside the base is: another part of a larger site, not checked (`--base`), or
   * broken (site.yaml `base`: the whole site is under it, and the host serves nothing else).
   */
  outsideBase?: 'skip' | 'broken';
  /** Links to leave out (`--skip`, check.skip): given the URL as written and as resolved. */
  skip?: ((...urls: string[]) => boolean) | null;
  /** Where lean pages' links and ids wait (site-page.ts leanPage). */
  lean?: LeanStore;
  /** Collect `linkedTo` (default true): the page rules need it, another generator's folder does not. */
  collectLinked?: boolean;
}

/** The link check before its findings are made: the broken references wait, sorted or spilled, in `broken`. */
export interface LinkScan {
  /** Every reference to a broken target (link-findings.ts makes them findings). */
  broken: SpillSort<Occurrence>;
  /** What making the findings needs once the pages are let go. */
  context: FindingContext;
  /** `known-unbuilt-built`: paths listed in check.knownUnbuilt that are built now. */
  builtKnown: Finding[];
  /** External URL (without fragment) → the pages linking it. */
  external: Map<string, Place[]>;
  /** External URL (without fragment) → each fragment links give it → the pages linking that (for `--external`). */
  externalFragments: Map<string, Map<string, Place[]>>;
  /** `mailto:` links as written → the pages linking them (`--external` parses their addresses). */
  mailto: Map<string, Place[]>;
  /** Built HTML files some other page links to (empty when `collectLinked` is false). */
  linkedTo: Set<string>;
  /** Internal link references checked. */
  checked: number;
  /** Internal link references that found no file (fragments aside). */
  missing: number;
  /** Link references left out by `skip`, and internal ones outside the base (not in this folder). */
  skipped: number;
  outsideBase: number;
}

export interface LinkOutcome extends Omit<LinkScan, 'broken' | 'context' | 'builtKnown'> {
  findings: Finding[];
}

/** `/about/` and `/about` are the same entry of check.knownUnbuilt. */
const normalizePath = (p: string) => {
  let d: string;
  try {
    d = decodeURIComponent(p);
  } catch {
    d = p;
  }
  return d.replace(/\/+$/, '') || '/';
};

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** URL percent-decoding then UTF-8 decoding, as browsers decode a fragment (bad bytes become U+FFFD). */
export function percentDecode(s: string): string {
  if (!s.includes('%')) return s;
  const bytes: number[] = [];
  const enc = new TextEncoder();
  for (let i = 0; i < s.length; i++) {
    const hex = s.slice(i + 1, i + 3);
    if (s[i] === '%' && /^[0-9a-f]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      const cp = s.codePointAt(i)!;
      const ch = String.fromCodePoint(cp);
      bytes.push(...enc.encode(ch));
      i += ch.length - 1;
    }
  }
  return utf8.decode(new Uint8Array(bytes));
}

/**
 * Whether a fragment (as the URL parser leaves it) names a place on a page with these ids and
 * `<a name>`s, by HTML's rules: a text directive (`:~:text=`) is removed first; the empty
 * fragment is the top of the page; then the fragment as written, then percent-decoded, must
 * equal an id or name exactly; failing that, `top` in any ASCII case is the top of the page.
 */
export function fragmentFound(fragment: string, ids: IdLookup): boolean {
  const directive = fragment.indexOf(':~:');
  const f = directive === -1 ? fragment : fragment.slice(0, directive);
  if (f === '' || ids.has(f)) return true;
  const decoded = percentDecode(f);
  if (ids.has(decoded) || /^top$/i.test(decoded)) return true;
  // A line range (`#10-25`, GitHub's `#L10-L25`): the pages' scripts mark the lines between two ids.
  const range = LINE_RANGE.exec(decoded);
  return range !== null && ids.has(range[1]!) && ids.has(range[2]!);
}

const LINE_RANGE = /^(L?\d+)-(L?\d+)$/;

/** URL paths whose file the link check remembers at once. */
const LOOKUPS_KEPT = 8_192;

/** Form targets: checked on the site, never fetched on another (a GET of a POST endpoint proves nothing). */
const isFormTarget = (ref: LinkRef) => ref.attr === 'action' || ref.attr === 'formaction';

/** The link check with its findings, every place in memory (the unit tests', and small folders'). */
export function checkLinks(ctx: LinkContext): LinkOutcome {
  const { broken, context, builtKnown, ...rest } = scanLinks(ctx);
  const { findings } = linkFindings(broken.sorted(), context, null);
  return { ...rest, findings: [...findings, ...builtKnown] };
}

/**
 * Resolves every link of every page. `spill`: where broken references go past a batch (none: all
 * kept in memory); `collect: false` only counts them (a trial of another --served-as).
 */
export function scanLinks(ctx: LinkContext, spill: SpillPath | null = null, collect = true): LinkScan {
  const broken = new SpillSort<Occurrence>(compareOccurrences, spill);
  const external = new Map<string, Place[]>();
  const externalFragments = new Map<string, Map<string, Place[]>>();
  const mailto = new Map<string, Place[]>();
  /** Adds a page to a list, once: pages are read one after another, so a page already listed is the last one. */
  const listed = (map: Map<string, Place[]>, key: string, page: SitePage, ref: LinkRef) => {
    let list = map.get(key);
    if (!list) {
      list = [];
      map.set(key, list);
    }
    if (list[list.length - 1]?.page !== page.file) list.push(placeOf(page, ref));
  };
  const linkedTo = new Set<string>();
  const found = new Map<string, string | null>();
  const known = new Set(ctx.knownUnbuilt.map(normalizePath));
  const has404 = ctx.files.has('404.html');
  const origin = ctx.siteOrigin ?? PLACEHOLDER_ORIGIN;
  const resolver = new Resolver(origin);
  // Redirect pages carry no layout: a link on every other page still comes from the layout.
  const isContent = (p: SitePage) => p.file !== '404.html' && p.aliasOf === undefined && !isRedirectPage(p.scan);
  let contentPages = 0;
  for (const p of ctx.pages.values()) if (isContent(p)) contentPages++;
  const collectLinked = ctx.collectLinked ?? true;
  let checked = 0;
  let missing = 0;
  let skipped = 0;
  let outsideBase = 0;
  const base = ctx.base ?? '/';

  /** The file a URL path finds, as the host serves the folder. */
  const lookup = (path: string) => {
    let f = found.get(path);
    if (f === undefined) {
      f = candidates(path, ctx.servedAs).find((c) => ctx.files.has(c)) ?? null;
      // Bounded like the resolver's caches: a tree's paths are as many as its files.
      if (found.size >= LOOKUPS_KEPT) found.clear();
      found.set(path, f);
    }
    return f;
  };
  const placeOf = (page: SitePage, ref: LinkRef): Place => ({
    page: page.file,
    url: page.url,
    file: null,
    line: ref.line,
    col: ref.col,
    ...(ref.region ? { region: ref.region } : {}),
  });
  /**
   * The names missing links were looked for under, in lower case: the findings name a file that differs
   * only in case (link-findings.ts), and only such files go on with them, not every file of the folder.
   */
  const caseNames = new Set<string>();
  let seq = 0;
  /** The page being read is a content page (a stylesheet is none). */
  let content = false;
  const add = (k: string, g: TargetInfo, page: SitePage, ref: LinkRef, named?: { t: string; d: boolean }) => {
    if (!collect) return;
    const o: Occurrence = {
      k,
      s: seq++,
      g,
      n: ref.kind === 'page',
      c: content,
      p: placeOf(page, ref),
    };
    if (named) {
      o.t = named.t;
      o.d = named.d;
    }
    broken.add(o);
  };

  const idsOf = (page: SitePage) => (page.lean !== undefined && ctx.lean ? ctx.lean.ids(page.lean) : page.scan.ids);
  const resolverOf = (page: SitePage) => resolver.at(documentBase(new URL(page.url, origin).href, page.scan.base));
  const lookupUrl = (p: string) => {
    const local = underBase(base, p);
    return local === null ? null : lookup(local);
  };
  const endOf = redirectEnds(ctx.pages, (page, url) => resolverOf(page)(url), lookupUrl);

  /** Pages one at a time (a lean page's object lives while its links are read), then the stylesheets. */
  function* everyPage(): Generator<SitePage> {
    for (const page of ctx.pages.values()) {
      content = isContent(page);
      yield page;
    }
    content = false;
    yield* ctx.stylesheets ?? [];
  }
  for (const page of everyPage()) {
    // A page reached through a symbolic link is checked once, where it really is.
    if (page.aliasOf !== undefined) continue;
    const resolve = resolverOf(page);
    const refs = page.lean !== undefined && ctx.lean ? ctx.lean.links(page.lean) : page.scan.links;
    for (const ref of refs) {
      const t = resolve(ref.url);
      if (t.kind === 'skip') {
        if (/^\s*mailto:/i.test(ref.url) && !ctx.skip?.(ref.url)) listed(mailto, ref.url.trim(), page, ref);
        continue;
      }
      if (ctx.skip?.(ref.url, resolvedText(t))) {
        skipped++;
        continue;
      }
      if (t.kind === 'external') {
        if (isFormTarget(ref)) continue;
        listed(external, t.url, page, ref);
        const hash = ref.url.indexOf('#');
        const fragment = hash === -1 ? '' : ref.url.slice(hash + 1).trim();
        if (fragment) {
          let byFragment = externalFragments.get(t.url);
          if (!byFragment) {
            byFragment = new Map();
            externalFragments.set(t.url, byFragment);
          }
          listed(byFragment, fragment, page, ref);
        }
        continue;
      }
      checked++;
      if (t.kind === 'invalid') {
        add(`invalid\0${ref.url}`, { target: ref.url, kind: 'invalid' }, page, ref);
        continue;
      }
      const local = underBase(base, t.path);
      if (local === null && ctx.outsideBase === 'broken') {
        missing++;
        add(`missing\0${t.path}`, { target: t.path, kind: 'missing', outside: base }, page, ref);
        continue;
      }
      if (local === null) {
        outsideBase++;
        continue;
      }
      const file = lookup(local);
      if (file === null) {
        missing++;
        const norm = normalizePath(t.path);
        if (known.has(norm)) add(`known\0${norm}`, { target: norm, kind: 'known-unbuilt' }, page, ref);
        else {
          const tried = candidates(local, ctx.servedAs);
          if (collect) for (const c of tried) caseNames.add(c.toLowerCase());
          add(`missing\0${t.path}`, { target: t.path, kind: 'missing', tried }, page, ref);
        }
        continue;
      }
      if (collectLinked && file !== page.file && ctx.pages.has(file))
        linkedTo.add(ctx.pages.get(file)!.aliasOf ?? file);
      if (t.fragment === undefined) continue;
      // A redirect page: the fragment is looked for where it ends (null: it ends nowhere, reported there).
      const end = t.fragment ? endOf(file) : undefined;
      const reached = end === undefined ? ctx.pages.get(file) : end;
      // A fragment of a page reached through a symbolic link is one target with the same fragment of its real file.
      const target = reached?.aliasOf !== undefined ? (ctx.pages.get(reached.aliasOf) ?? reached) : reached;
      if (!target || fragmentFound(t.fragment, idsOf(target))) continue;
      // Keyed by the page it names, not the URL written: `#x` on a.html and `a.html#x` elsewhere are one target.
      // Named as other pages write it when one does: a same-page `#x` only names the target until then.
      const id = percentDecode(t.fragment);
      const named = { id, url: target.url, file: target.file, ...(end ? { via: ctx.pages.get(file)!.url } : {}) };
      const written = `${t.path}#${t.fragment}`;
      add(`fragment\0${target.file}\0${id}`, { target: written, kind: 'fragment', fragment: named }, page, ref, {
        t: written,
        d: ref.url.startsWith('#'),
      });
    }
  }

  const builtKnown: Finding[] = [];
  for (const p of ctx.knownUnbuilt) {
    const file = lookup(p);
    if (file !== null) {
      builtKnown.push({
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
  const files = new Set<string>();
  if (caseNames.size > 0) for (const f of ctx.files) if (caseNames.has(f.toLowerCase())) files.add(f);
  const context = { files, paSite: ctx.paSite, has404, contentPages };
  return {
    broken,
    context,
    builtKnown,
    external,
    externalFragments,
    mailto,
    linkedTo,
    checked,
    missing,
    skipped,
    outsideBase,
  };
}

/** A resolved link as `--skip` sees it: the URL, or the path with its fragment. */
function resolvedText(t: Target): string {
  if (t.kind === 'external') return t.url;
  if (t.kind === 'internal') return t.fragment === undefined ? t.path : `${t.path}#${t.fragment}`;
  return '';
}
