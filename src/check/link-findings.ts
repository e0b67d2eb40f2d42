/**
 * From broken references to findings: the link check (links.ts) records each reference to a broken
 * target as an Occurrence; sorted by target and page (spill-sort.ts), each target's run becomes one
 * finding. A page a reader goes to and a file the page loads can be the same target (`<a>` and
 * `<link rel=next>`, or an `<a>` to an image): it is one finding, a broken link when any reference
 * navigates to it. Only one target's first places are in memory at a time (place-store.ts keeps
 * the rest).
 */
import { PLACES_KEPT, type PlaceStore } from './place-store.js';
import type { Finding, Place } from './types.js';

/** What a broken target is, as its first reference in reading order found it. */
export interface TargetInfo {
  target: string;
  kind: 'missing' | 'invalid' | 'fragment' | 'known-unbuilt';
  /** For missing targets: the names the host tries for it. */
  tried?: string[];
  /** For missing targets outside the base: the base the site is served under. */
  outside?: string;
  /** For fragments: the decoded fragment, the target page's URL and file, and the redirect page on the way. */
  fragment?: { id: string; url: string; file: string; via?: string };
}

/** One reference to a broken target. Short keys: a spilled run holds one line of JSON per reference. */
export interface Occurrence {
  /** The target's key: references with one key are one finding. */
  k: string;
  /** Reading order over the whole folder. */
  s: number;
  g: TargetInfo;
  /** The reference navigates to the target (else the page loads it). */
  n: boolean;
  /** For fragments: the target as this reference writes it, and whether it is a same-page `#x`. */
  t?: string;
  d?: boolean;
  /** The linking page is a content page (not 404.html, not a redirect page): for "on every page". */
  c: boolean;
  p: Place;
}

const collator = new Intl.Collator();

/**
 * Fragment findings every reference of which is a same-page `#x` (a page linking an id on itself):
 * the report's summary says so and offers `--skip '^#'`. A set beside the findings, so their JSON is unchanged.
 */
export const sameDocumentFindings = new WeakSet<Finding>();

/**
 * A message built from parts is, in V8, a tree holding each part; JSON's round trip makes it one
 * flat string, about half the memory (84,000 messages are kept until the report is written).
 */
const flat = (s: string): string => JSON.parse(JSON.stringify(s)) as string;

/** By target, then page (as `localeCompare` orders them), then reading order. */
export const compareOccurrences = (a: Occurrence, b: Occurrence) =>
  a.k < b.k ? -1 : a.k > b.k ? 1 : collator.compare(a.p.page, b.p.page) || a.s - b.s;

export interface FindingContext {
  /** The files a missing link's case hint can name (one that differs only in case is named in the fix). */
  files: ReadonlySet<string>;
  paSite: boolean;
  has404: boolean;
  /** Content pages in the folder: a target linked from all of them comes from the layout. */
  contentPages: number;
  /** `page\0target` of the redirect pages' `redirect-target` findings (see `brokenRedirects`). */
  redirectKeys?: ReadonlySet<string>;
}

/** One target's run of references, folded as they come. */
interface Run {
  key: string;
  first: Occurrence;
  /** Some reference navigates to the target. */
  page: boolean;
  /** A fragment's name: as another page writes it when one does, else as the page itself does. */
  named: { s: number; target: string; sameDocument: boolean } | null;
  places: Place[];
  count: number;
  content: number;
  lastPage: string | null;
  spill: ReturnType<PlaceStore['begin']> | null;
  /** Its references on redirect pages that have a `redirect-target` finding for the same target. */
  redirects: string[];
}

export interface LinkFindings {
  findings: Finding[];
  /** The `page\0target` keys of redirectKeys a broken link also reports: their `redirect-target` finding goes. */
  brokenRedirects: Set<string>;
}

/**
 * The findings of sorted occurrences, in the order their targets were first met (or handed to `sink`
 * in the order of their targets). Places past PLACES_KEPT go to `store` (without one, all stay in memory).
 */
export function linkFindings(
  sorted: Iterable<Occurrence>,
  ctx: FindingContext,
  store: PlaceStore | null,
  /** Takes each finding, with its first reference's reading order, as it is made (then `findings` is empty). */
  sink?: (f: Finding, s: number) => void,
): LinkFindings {
  /** Each finding with its first reference's place in reading order: findings come in that order. */
  const made: { s: number; f: Finding }[] = [];
  const brokenRedirects = new Set<string>();
  let byLowerCase: Map<string, string> | null = null;
  /** A file whose name differs only in case: it works on a laptop's file system and 404s on the host. */
  const caseHint = (names: string[]) => {
    byLowerCase ??= new Map([...ctx.files].map((f) => [f.toLowerCase(), f]));
    const other = names.map((n) => byLowerCase!.get(n.toLowerCase())).find((f) => f !== undefined);
    return other ? `${other} exists: hosts match file names exactly, case included; fix the link's case` : undefined;
  };
  // One string per page, not one per reference read back from the spill.
  const strings = new Map<string, string>();
  const intern = (s: string) => {
    const known = strings.get(s);
    if (known !== undefined) return known;
    strings.set(s, s);
    return s;
  };
  let run = null as Run | null;
  const finish = (r: Run) => {
    const f = findingOf(r, ctx, caseHint);
    if (r.spill) r.spill.end(f);
    if (f.rule === 'broken-link') for (const key of r.redirects) brokenRedirects.add(key);
    if (sink) sink(f, r.first.s);
    else made.push({ s: r.first.s, f });
  };
  for (const o of sorted) {
    if (run?.key !== o.k) {
      if (run) finish(run);
      run = {
        key: o.k,
        first: o,
        page: false,
        named: null,
        places: [],
        count: 0,
        content: 0,
        lastPage: null,
        spill: null,
        redirects: [],
      };
    }
    if (o.s < run.first.s) run.first = o;
    if (o.n) run.page = true;
    if (o.t !== undefined) {
      const same = o.d === true;
      const n = run.named;
      if (!n || (n.sameDocument && !same) || (n.sameDocument === same && o.s < n.s))
        run.named = { s: o.s, target: o.t, sameDocument: same };
    }
    // The first reference on each linking page (occurrences come by page, then in reading order).
    if (run.lastPage === o.p.page) continue;
    o.p.page = intern(o.p.page);
    o.p.url = intern(o.p.url);
    run.lastPage = o.p.page;
    run.count++;
    if (o.c) run.content++;
    if (run.places.length < PLACES_KEPT || !store) run.places.push(o.p);
    else {
      if (!run.spill) {
        run.spill = store.begin();
        for (const p of run.places) run.spill.add(p);
      }
      run.spill.add(o.p);
    }
    // A broken link's target is its key's (only a fragment's name varies by reference).
    const redirect = `${o.p.page}\0${o.g.target}`;
    if (ctx.redirectKeys?.has(redirect)) run.redirects.push(redirect);
  }
  if (run) finish(run);
  return { findings: made.sort((a, b) => a.s - b.s).map((m) => m.f), brokenRedirects };
}

function findingOf(r: Run, ctx: FindingContext, caseHint: (names: string[]) => string | undefined): Finding {
  const g: TargetInfo = r.named ? { ...r.first.g, target: r.named.target } : r.first.g;
  const allPages = r.count >= 2 && r.content >= ctx.contentPages;
  const isKnown = g.kind === 'known-unbuilt';
  const rule = isKnown
    ? 'known-unbuilt'
    : g.kind === 'fragment'
      ? 'broken-fragment'
      : r.page
        ? 'broken-link'
        : 'broken-asset';
  const f: Finding = {
    rule,
    severity: isKnown && ctx.has404 ? 'warning' : 'error',
    category: isKnown ? 'known-unbuilt' : 'link',
    message: flat(messageFor(g, r.page, ctx.has404, ctx.paSite)),
    target: g.target,
    // Copied to its length: an array grown by push keeps room for more.
    places: r.places.slice(),
  };
  if (allPages) f.allPages = true;
  if (rule === 'broken-fragment' && r.named?.sameDocument) sameDocumentFindings.add(f);
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
  return f;
}

function messageFor(g: TargetInfo, page: boolean, has404: boolean, paSite: boolean): string {
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
      return page
        ? `no page at ${g.target} (looked for ${g.tried!.join(', ')})`
        : `${g.target} does not exist in ${paSite ? 'the built site' : 'this folder'}`;
  }
}
