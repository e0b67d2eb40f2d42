/**
 * What the three report formats share: the findings as they may be shown (escaped for a terminal),
 * how many pages a finding is on, and the one-line notes and summary.
 */
import { escapeTerminal } from '../support/diagnostics/diagnostics.js';
import { withFindings } from './finding-spill.js';
import { sameDocumentFindings } from './link-findings.js';
import { placeCount, samePlaces } from './place-store.js';
import { count } from './report-summary.js';
import type { CheckResult, Finding, Place } from './types.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * A finding with every text that can come from content (operator names, link targets, file names)
 * escaped, so a page cannot clear the screen or retitle the terminal of whoever runs check.
 */
function safeFinding(f: Finding): Finding {
  const e = (s: string) => escapeTerminal(s);
  const lines = (s: string) => escapeTerminal(s, true);
  // Nothing to escape (the usual case): the finding itself, not a copy of each of 100,000.
  const same = (s: string | null | undefined, keep = false) => !s || escapeTerminal(s, keep) === s;
  if (
    same(f.message, true) &&
    same(f.target) &&
    same(f.hint, true) &&
    same(f.source?.file) &&
    f.places.every((p) => same(p.page) && same(p.url) && same(p.file))
  )
    return f;
  const copy: Finding = {
    ...f,
    message: lines(f.message),
    target: f.target === undefined ? undefined : e(f.target),
    hint: f.hint === undefined ? undefined : lines(f.hint),
    source: f.source && { ...f.source, file: e(f.source.file) },
    places: f.places.map(safePlace),
  };
  samePlaces(copy, f);
  if (sameDocumentFindings.has(f)) sameDocumentFindings.add(copy);
  return copy;
}

/** A place with its names escaped for a terminal (the places read back from the spill folder are not). */
export const safePlace = (p: Place): Place => {
  const e = (s: string) => escapeTerminal(s);
  return { ...p, page: e(p.page), url: e(p.url), file: p.file === null ? null : e(p.file) };
};

/** The findings to print: escaped for the terminal, and errors only when `quiet`. */
export function shownFindings(r: CheckResult, quiet: boolean | undefined): CheckResult {
  // Escaped as each is read (eachFinding): a spilled result is never held in memory.
  return withFindings(r, { ...(quiet ? { keep: (f: Finding) => f.severity === 'error' } : {}), map: safeFinding });
}

/** Pages named for one finding; the rest are counted ("… and 10,133 more pages"). */
export const PLACES_SHOWN = 5;

/** `on 10,138 of 10,140 pages` for a finding on more pages than are named, else ''. */
export function spread(f: Finding, pages: number): string {
  const n = placeCount(f);
  if (f.allPages) return `on all ${count(n)} pages`;
  return n > PLACES_SHOWN ? `on ${count(n)} of ${count(pages)} pages` : '';
}

const SERVED_AS_TEXT = {
  clean: 'clean URLs (/a finds a.html)',
  html: 'exact file names (/a.html finds a.html, /a does not)',
  folders: 'folder URLs (a.html at /a/)',
} as const;

/**
 * The one note a check of another generator's folder gets: what was and was not checked, and how
 * its URLs were resolved. Null for pa-site builds.
 */
export function siteNote(r: CheckResult): string | null {
  if (r.site.builtBy === 'pa-site') return null;
  const from = {
    option: 'from --served-as',
    'vercel.json': "from the folder's vercel.json",
    default: 'the default; see --served-as',
    'pa-site': 'as pa-site builds are served',
  }[r.site.servedAsFrom];
  return (
    'not a pa-site build (no .pa-site-output or pa-site _headers file), so links, assets, fragments and ' +
    'any sitemap.xml were checked and the page rules skipped; ' +
    `URLs resolved as ${SERVED_AS_TEXT[r.site.servedAs]} (${from})`
  );
}

/** `12 findings recorded in baseline.json left out; 3 recorded ones are fixed`, or null without a baseline. */
export function baselineLine(r: CheckResult): string | null {
  const b = r.baseline;
  if (!b) return null;
  const fixed = b.fixed
    ? `; ${count(b.fixed)} recorded ${b.fixed === 1 ? 'one is' : 'ones are'} fixed ` +
      `(write the baseline again to drop ${b.fixed === 1 ? 'it' : 'them'})`
    : '';
  return `${plural(b.known, 'finding')} recorded in ${b.file} left out${fixed}`;
}

export function summaryLine(r: CheckResult): string {
  const s = r.summary;
  const build = s.buildMs !== undefined ? ` (build ${s.buildMs} ms)` : '';
  return (
    `${plural(s.pages, 'page')} checked, ${plural(s.links, 'link')} checked, ` +
    (s.skipped ? `${plural(s.skipped, 'link')} skipped, ` : '') +
    `${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')} in ${s.ms} ms${build}`
  );
}

/**
 * The summary's count of offers past the warn age (build and check print it), or null when every
 * offer is current: `10 offers withheld, 1 aging: refresh their terms (each is named above)`.
 */
export function staleOffersLine(
  offers: { aging: number; withheld: number },
  /** Where the reader finds each offer named. */
  named = 'each is named above',
): string | null {
  if (!offers.aging && !offers.withheld) return null;
  const counts = [
    offers.withheld ? `${plural(offers.withheld, 'offer')} withheld` : '',
    offers.aging ? `${offers.withheld ? offers.aging : plural(offers.aging, 'offer')} aging` : '',
  ].filter(Boolean);
  return `${counts.join(', ')}: refresh their terms (${named})`;
}
