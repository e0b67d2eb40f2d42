/**
 * Internal links and fragments: every same-site href/src/srcset/action/refresh target must find a
 * file the way the host serves the folder (served.ts), and every #fragment a place on its target
 * page. Links resolve as a browser resolves them (resolve.ts). External URLs are only collected
 * here; external.ts checks them.
 */
import type { LinkRef } from './html.js';
import { underBase } from './base.js';
import { documentBase, PLACEHOLDER_ORIGIN, Resolver, type Target } from './resolve.js';
import { candidates, type ServedAs } from './served.js';
import { isRedirectPage, redirectEnds } from './forward.js';
import type { SitePage } from './site-page.js';
import type { Finding, Place } from './types.js';

export interface LinkContext {
  pages: Map<string, SitePage>;
  /** Every file in the checked folder, relative, forward slashes. */
  files: Set<string>;
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
}

export interface LinkOutcome {
  findings: Finding[];
  /** External URL (without fragment) → the pages linking it. */
  external: Map<string, Place[]>;
  /** Built HTML files some other page links to. */
  linkedTo: Set<string>;
  /** Internal link references checked. */
  checked: number;
  /** Internal link references that found no file (fragments aside). */
  missing: number;
  /** Link references left out by `skip`, and internal ones outside the base (not in this folder). */
  skipped: number;
  outsideBase: number;
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
export function fragmentFound(fragment: string, ids: ReadonlySet<string>): boolean {
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

/** Form targets: checked on the site, never fetched on another (a GET of a POST endpoint proves nothing). */
const isFormTarget = (ref: LinkRef) => ref.attr === 'action' || ref.attr === 'formaction';

/**
 * One broken target and every reference to it. A page a reader goes to and a file the page loads
 * can be the same target (`<a>` and `<link rel=next>`, or an `<a>` to an image): it is one
 * finding, a broken link when any reference navigates to it.
 */
interface Group {
  target: string;
  /** Some reference navigates to the target (else all load it). */
  page: boolean;
  kind: 'missing' | 'invalid' | 'fragment' | 'known-unbuilt';
  /** For missing targets: the names the host tries for it. */
  tried?: string[];
  /** For missing targets outside the base: the base the site is served under. */
  outside?: string;
  /** For fragments: the decoded fragment, the target page's URL and file, and the redirect page on the way. */
  fragment?: { id: string; url: string; file: string; via?: string };
  /** For fragments: the target's name comes from a same-page `#x` link. */
  sameDocument?: boolean;
  /** The first reference on each linking page, in reading order (a page's references come together). */
  places: Place[];
}

export function checkLinks(ctx: LinkContext): LinkOutcome {
  const groups = new Map<string, Group>();
  const external = new Map<string, Place[]>();
  const linkedTo = new Set<string>();
  const found = new Map<string, string | null>();
  const known = new Set(ctx.knownUnbuilt.map(normalizePath));
  const has404 = ctx.files.has('404.html');
  const origin = ctx.siteOrigin ?? PLACEHOLDER_ORIGIN;
  const resolver = new Resolver(origin);
  let byLowerCase: Map<string, string> | null = null;
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
      found.set(path, f);
    }
    return f;
  };
  /** A file whose name differs only in case: it works on a laptop's file system and 404s on the host. */
  const caseHint = (names: string[]) => {
    byLowerCase ??= new Map([...ctx.files].map((f) => [f.toLowerCase(), f]));
    const other = names.map((n) => byLowerCase!.get(n.toLowerCase())).find((f) => f !== undefined);
    return other ? `${other} exists: hosts match file names exactly, case included; fix the link's case` : undefined;
  };
  const placeOf = (page: SitePage, ref: LinkRef): Place => ({
    page: page.file,
    url: page.url,
    file: null,
    line: ref.line,
    col: ref.col,
    ...(ref.region ? { region: ref.region } : {}),
  });
  const add = (key: string, init: Omit<Group, 'places' | 'page'>, page: SitePage, ref: LinkRef) => {
    let g = groups.get(key);
    if (!g) {
      g = { ...init, page: false, places: [] };
      groups.set(key, g);
    }
    if (ref.kind === 'page') g.page = true;
    if (g.places[g.places.length - 1]?.page !== page.file) g.places.push(placeOf(page, ref));
  };

  const resolverOf = (page: SitePage) => resolver.at(documentBase(new URL(page.url, origin).href, page.scan.base));
  const lookupUrl = (p: string) => {
    const local = underBase(base, p);
    return local === null ? null : lookup(local);
  };
  const endOf = redirectEnds(ctx.pages, (page, url) => resolverOf(page)(url), lookupUrl);

  for (const page of [...ctx.pages.values(), ...(ctx.stylesheets ?? [])]) {
    const resolve = resolverOf(page);
    for (const ref of page.scan.links) {
      const t = resolve(ref.url);
      if (t.kind === 'skip') continue;
      if (ctx.skip?.(ref.url, resolvedText(t))) {
        skipped++;
        continue;
      }
      if (t.kind === 'external') {
        if (isFormTarget(ref)) continue;
        let list = external.get(t.url);
        if (!list) {
          list = [];
          external.set(t.url, list);
        }
        // Pages are read one after another, so a page already listed is the last one.
        if (list[list.length - 1]?.page !== page.file) list.push(placeOf(page, ref));
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
        else
          add(
            `missing\0${t.path}`,
            { target: t.path, kind: 'missing', tried: candidates(local, ctx.servedAs) },
            page,
            ref,
          );
        continue;
      }
      if (file !== page.file && ctx.pages.has(file)) linkedTo.add(file);
      if (t.fragment === undefined) continue;
      // A redirect page: the fragment is looked for where it ends (null: it ends nowhere, reported there).
      const end = t.fragment ? endOf(file) : undefined;
      const target = end === undefined ? ctx.pages.get(file) : end;
      if (!target || fragmentFound(t.fragment, target.scan.ids)) continue;
      // Keyed by the page it names, not the URL written: `#x` on a.html and `a.html#x` elsewhere are one target.
      const id = percentDecode(t.fragment);
      const key = `fragment\0${target.file}\0${id}`;
      const named = { id, url: target.url, file: target.file, ...(end ? { via: ctx.pages.get(file)!.url } : {}) };
      add(key, { target: `${t.path}#${t.fragment}`, kind: 'fragment', fragment: named }, page, ref);
      // Named as other pages write it when one does: a same-page `#x` only names the target until then.
      const g = groups.get(key)!;
      const sameDocument = ref.url.startsWith('#');
      if (g.sameDocument === undefined || (g.sameDocument && !sameDocument)) {
        g.target = `${t.path}#${t.fragment}`;
        g.sameDocument = sameDocument;
      }
    }
  }

  // Redirect pages carry no layout: a link on every other page still comes from the layout.
  const contentPages = [...ctx.pages.values()]
    .filter((p) => p.file !== '404.html' && !isRedirectPage(p.scan))
    .map((p) => p.file);
  const findings: Finding[] = [];
  for (const [key, g] of groups) {
    // Each group is let go once it is a finding: the two never all sit in memory together.
    groups.delete(key);
    const places = g.places.sort((a, b) => a.page.localeCompare(b.page));
    const allPages =
      places.length >= 2 &&
      places.length >= contentPages.length &&
      ((linking) => contentPages.every((f) => linking.has(f)))(new Set(places.map((p) => p.page)));
    const isKnown = g.kind === 'known-unbuilt';
    const rule = isKnown
      ? 'known-unbuilt'
      : g.kind === 'fragment'
        ? 'broken-fragment'
        : g.page
          ? 'broken-link'
          : 'broken-asset';
    const f: Finding = {
      rule,
      severity: isKnown && has404 ? 'warning' : 'error',
      category: isKnown ? 'known-unbuilt' : 'link',
      message: messageFor(g, has404, ctx.paSite),
      target: g.target,
      places,
    };
    if (allPages) f.allPages = true;
    const caseFix = g.tried ? caseHint(g.tried) : undefined;
    if (isKnown) {
      f.hint = 'write the page, then remove the path from check.knownUnbuilt in content/site.yaml';
    } else if (allPages) {
      f.hint = ctx.paSite
        ? 'the link is on every page, so it comes from the layout: a link in content/site.yaml (header, footer, ' +
          'helpline.page, favicon, compliance.disclosureHref), or a template of your own in templates/'
        : 'the link is on every page, so it comes from the layout template the pages share';
    } else if (g.outside) {
      f.hint = `link to a path under ${g.outside}: write site paths from the root (/about), the build adds the base`;
    } else if (caseFix) {
      f.hint = caseFix;
    } else if (g.kind === 'invalid') {
      f.hint = 'correct the URL: write it as a browser can parse it (percent-encode spaces and brackets)';
    } else if (rule === 'broken-fragment') {
      f.hint = 'point the link at an id the target page has, or give the target element that id';
    } else if (rule === 'broken-link') {
      f.hint = ctx.paSite
        ? 'correct the link in the page that has it, or add a page at that route in content/pages'
        : 'correct the link, or add the page it points to';
    } else if (rule === 'broken-asset') {
      f.hint = ctx.paSite ? 'correct the path, or add the file to content/public' : 'correct the path, or add the file';
    }
    findings.push(f);
  }

  for (const p of ctx.knownUnbuilt) {
    const file = lookup(p);
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
  return { findings, external, linkedTo, checked, missing, skipped, outsideBase };
}

/** A resolved link as `--skip` sees it: the URL, or the path with its fragment. */
function resolvedText(t: Target): string {
  if (t.kind === 'external') return t.url;
  if (t.kind === 'internal') return t.fragment === undefined ? t.path : `${t.path}#${t.fragment}`;
  return '';
}

function messageFor(g: Group, has404: boolean, paSite: boolean): string {
  switch (g.kind) {
    case 'known-unbuilt':
      return has404
        ? `${g.target} is not built; 404.html answers it`
        : `${g.target} is not built and there is no 404.html to answer it`;
    case 'invalid':
      return `${g.target} is not a valid URL, so browsers cannot follow it`;
    case 'fragment': {
      const { id, url, file, via } = g.fragment!;
      return `no id="${id}" on ${url} (${file})${via ? `, where ${via} redirects` : ''}`;
    }
    case 'missing':
      if (g.outside) return `${g.target} is outside ${g.outside}, the folder the site is served under`;
      return g.page
        ? `no page at ${g.target} (looked for ${g.tried!.join(', ')})`
        : `${g.target} does not exist in ${paSite ? 'the built site' : 'this folder'}`;
  }
}
