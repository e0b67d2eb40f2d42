/**
 * Turns a CheckResult into text for people; JSON for tools (report-json.ts) and GitHub workflow
 * annotations (report-github.ts) are beside it. Pure functions returning lines: the CLI decides
 * where they go.
 */
import { formatDiagnostic } from '../support/diagnostics/diagnostics.js';
import { eachFinding, spillPathOf } from './finding-spill.js';
import { allPlaces, placeCount } from './place-store.js';
import {
  baselineLine,
  PLACES_SHOWN,
  safePlace,
  shownFindings,
  siteNote,
  spread,
  staleOffersLine,
  summaryLine,
} from './report-parts.js';
import { count, SummaryTally, summaryLines } from './report-summary.js';
import { SpillSort } from './spill-sort.js';
import type { CheckResult, Finding, Place } from './types.js';

/** Names the run files of each by-page sort apart, so that two reports of one result never share one. */
let byPageSorts = 0;

export { formatGithub, githubLines } from './report-github.js';
export { formatJson, jsonChunks, toJson } from './report-json.js';
export { formatJunit, junitChunks } from './report-junit.js';
export { formatSarif, sarifChunks } from './report-sarif.js';
export { staleOffersLine, summaryLine };

export type CheckFormat = 'text' | 'json' | 'github' | 'sarif' | 'junit';

export interface TextOptions {
  color?: boolean;
  /** Errors only: no warnings, no summary. */
  quiet?: boolean;
  /** Every page of every finding, with its message and fix, however long the list. */
  verbose?: boolean;
}

/**
 * Findings from which the report gives each one line (its rule, target and first pages) after the
 * summary, so its length grows with the causes, not with the pages; `verbose` gives the detail.
 */
const ONE_LINE_FROM = 100;

const paint = (on: boolean | undefined, code: number, s: string) => (on ? `\x1b[${code}m${s}\x1b[0m` : s);

export const KNOWN_UNBUILT_TITLE = 'Linked from the header or footer but not built — served by 404.html';

function where(p: Place): string {
  if (p.file) return `${p.page}  ${p.file}${p.line ? `:${p.line}` : ''}`;
  return p.line ? `${p.page}:${p.line}${p.col ? `:${p.col}` : ''}` : p.page;
}

/** `header and footer, on all 12 pages` or `about.html, index.html`. */
function linkedFrom(f: Finding): string {
  const regions = [...new Set(f.places.map((p) => p.region).filter((r) => r === 'header' || r === 'footer'))];
  if (f.allPages) return `${regions.length ? `${regions.join(' and ')}, ` : ''}on all ${placeCount(f)} pages`;
  const more = placeCount(f) - f.places.length;
  const pages = f.places.map((p) => (p.region && p.region !== 'main' ? `${p.page} (${p.region})` : p.page));
  return pages.join(', ') + (more > 0 ? ` and ${count(more)} more` : '');
}

/** A finding's first pages on one line: `a.html:3, b.html` and how many more. */
function firstPages(f: Finding): string {
  const shown = f.places.slice(0, 2).map(where).join(', ');
  const more = placeCount(f) - Math.min(2, f.places.length);
  return more > 0 ? `${shown} (+ ${count(more)} more)` : shown;
}

export function formatText(result: CheckResult, o: TextOptions = {}): string[] {
  return [...textLines(result, o)];
}

/**
 * The text report a few lines at a time, as formatText returns it: lines are handed on after each
 * finding, so a report of 84,000 findings never sits in memory as 400,000 lines.
 */
export function* textLines(result: CheckResult, o: TextOptions = {}): Generator<string> {
  const r = shownFindings(result, o.quiet);
  /** Lines not yet handed on: emptied after each finding. */
  const out: string[] = [];
  const tag = (f: { severity: 'error' | 'warning' }) =>
    f.severity === 'error' ? paint(o.color, 31, 'error') : paint(o.color, 33, 'warning');
  const heading = (s: string) => paint(o.color, 1, s);
  // One pass for what the report needs first: a wrong --served-as (said once, first: it explains most of
  // what follows), the rules found, and how many findings each section has.
  let modeHint: Finding | undefined;
  let modeAt = -1;
  const covered = new Set<string>();
  const sections = { link: 0, page: 0, external: 0, 'known-unbuilt': 0 };
  // The summary's counts too, in the same pass (a pass reads every finding back when they spilled).
  const tally = new SummaryTally();
  let at = 0;
  for (const f of eachFinding(r)) {
    if (!modeHint && f.rule === 'served-as') {
      modeHint = f;
      modeAt = at;
    } else {
      sections[f.category]++;
      tally.add(f);
    }
    covered.add(f.rule);
    at++;
  }
  const total = at - (modeHint ? 1 : 0);
  /** The findings but the --served-as one, read as often as a section needs (from the spill folder, if there). */
  function* findings(): Generator<Finding> {
    let i = 0;
    for (const f of eachFinding(r)) if (i++ !== modeAt) yield f;
  }
  if (modeHint) out.push(`${tag(modeHint)}: ${modeHint.message}`, `  ${modeHint.hint}`, '');
  const oneLine = !o.verbose && total >= ONE_LINE_FROM;

  const note = o.quiet ? null : siteNote(r);
  if (note) out.push(`note: ${note}`, '');

  // The build's own diagnostics: all of them when it failed, its warnings (raw HTML removed…) when not.
  // A warning a check rule also found (offer-stale) is shown once, with its pages, by that rule.
  // Errors first: an error is never lost below a screen of warnings.
  const shown = [
    ...(r.build?.diagnostics.filter((d) => d.severity === 'error') ?? []),
    ...(r.build?.diagnostics.filter((d) => d.severity !== 'error' && !o.quiet && !covered.has(d.code)) ?? []),
  ];
  if (r.build && (!r.build.ok || shown.length)) {
    out.push(heading(r.build.ok ? 'Build warnings' : 'Build failed'));
    for (const d of shown) out.push(...`${tag(d)} ${formatDiagnostic(d)}`.split('\n').map((l) => `  ${l}`));
    out.push('');
  }

  // Each distinct fix is said once: thirty links out of the folder need the advice once.
  const fixes = new Set<string>();
  const fix = (hint: string | undefined, indent: string) => {
    if (!hint || fixes.has(hint)) return;
    fixes.add(hint);
    out.push(`${indent}fix: ${hint}`);
  };
  const detail = (f: Finding, indent: string) => {
    out.push(`${indent}       ${f.message}`);
    if (f.source) out.push(`${indent}       source: ${f.source.file}:${f.source.line}`);
    if ((o.verbose || !f.allPages) && f.places.length) {
      out.push(`${indent}       linked from:`);
      const places = o.verbose ? allPlaces(f) : f.places.slice(0, PLACES_SHOWN);
      for (const p of places) {
        const s = o.verbose ? safePlace(p) : p;
        out.push(`${indent}         ${where(s)}${s.region && s.region !== 'main' ? ` (${s.region})` : ''}`);
      }
      const more = o.verbose ? 0 : placeCount(f) - PLACES_SHOWN;
      if (more > 0) out.push(`${indent}         … and ${count(more)} more page${more === 1 ? '' : 's'}`);
    }
    fix(f.hint, `${indent}       `);
  };

  /** One entry per broken target, with every page that links it. */
  function* targetSection(category: Finding['category'], title: string) {
    if (!sections[category]) return;
    out.push(heading(title));
    for (const f of findings()) {
      if (f.category !== category) continue;
      const target = f.target === undefined ? '' : `  ${f.target}`;
      const on = spread(f, r.summary.pages);
      if (oneLine) {
        out.push(`  ${tag(f)}  ${f.rule}${target}  ${on || firstPages(f)}`);
        fix(f.hint, '         ');
      } else {
        out.push(`  ${tag(f)}  ${f.rule}${target}${on ? `  ${on}` : ''}`);
        detail(f, '  ');
      }
      yield* out.splice(0);
    }
    out.push('');
  }

  out.push(...summaryLines(tally, total, r.summary.pages));
  yield* targetSection('link', 'Broken links and fragments');

  if (sections.page) {
    // Another generator's folder gets no page rules (the note says so): its page findings are the
    // sitemap's and the nesting depth's.
    out.push(heading(r.site.builtBy === 'pa-site' ? 'Page rules' : 'Pages and sitemap'));
    const isPage = (f: Finding) => f.category === 'page';
    if (oneLine)
      for (const f of findings()) {
        if (!isPage(f) || placeCount(f) !== 1) continue;
        const p = f.places[0]!;
        out.push(`  ${tag(f)}  ${f.rule}  ${where(p)}  ${f.message}`);
        yield* out.splice(0);
      }
    else yield* byPage(findings(), isPage);
    let across = false;
    for (const f of findings()) {
      if (!isPage(f) || placeCount(f) === 1) continue;
      if (!across) out.push('  across pages');
      across = true;
      out.push(`    ${tag(f)}  ${f.rule}  ${f.message}${oneLine ? `  ${firstPages(f)}` : ''}`);
      if (oneLine) {
        yield* out.splice(0);
        continue;
      }
      for (const p of f.places.slice(0, PLACES_SHOWN)) out.push(`           ${where(p)}`);
      if (placeCount(f) > PLACES_SHOWN) out.push(`           … and ${count(placeCount(f) - PLACES_SHOWN)} more`);
      fix(f.hint, '           ');
      yield* out.splice(0);
    }
    out.push('');
  }

  /** The findings on one page each, grouped by page (sorted in the spill folder when the findings are there). */
  function* byPage(list: Iterable<Finding>, isPage: (f: Finding) => boolean) {
    const sorted = new SpillSort<{ p: string; q: number; f: Finding }>(
      (a, b) => a.p.localeCompare(b.p) || a.q - b.q,
      spillPathOf(r),
      `by-page-${byPageSorts++}-run-`,
    );
    let q = 0;
    for (const f of list) if (isPage(f) && placeCount(f) === 1) sorted.add({ p: f.places[0]!.page, q: q++, f });
    let page: string | null = null;
    for (const { p: onPage, f } of sorted.sorted()) {
      if (onPage !== page) {
        yield* out.splice(0);
        page = onPage;
        const file = f.places[0]!.file;
        out.push(`  ${page}${file ? `  ${file}` : ''}`);
      }
      const p = f.places[0]!;
      const line = p.line ? `  (line ${p.line})` : '';
      out.push(`    ${tag(f)}  ${f.rule}  ${f.message}${line}`);
      fix(f.hint, '           ');
    }
    yield* out.splice(0);
  }

  yield* targetSection('external', 'External links');

  if (sections['known-unbuilt']) {
    out.push(heading(KNOWN_UNBUILT_TITLE));
    const isListed = (f: Finding) => f.category === 'known-unbuilt' && f.rule === 'known-unbuilt';
    let width = -1;
    for (const f of findings()) if (isListed(f)) width = Math.max(width, (f.target ?? '').length);
    if (width !== -1) {
      out.push('  (warnings while they are listed in check.knownUnbuilt in content/site.yaml)');
      for (const f of findings()) {
        if (!isListed(f)) continue;
        const mark = f.severity === 'error' ? `${tag(f)} ` : '';
        const source = f.source ? `  (${f.source.file}:${f.source.line})` : '';
        out.push(`  ${mark}${(f.target ?? '').padEnd(width)}  ${linkedFrom(f)}${source}`);
        if (f.severity === 'error') out.push(`    ${f.message}`);
        yield* out.splice(0);
      }
    }
    for (const f of findings()) {
      if (f.category !== 'known-unbuilt' || f.rule === 'known-unbuilt') continue;
      out.push(`  ${tag(f)}  ${f.rule}  ${f.message}`);
      fix(f.hint, '         ');
      yield* out.splice(0);
    }
    out.push('');
  }

  if (!o.quiet) {
    const offers = staleOffersLine(r.summary.offers);
    if (offers) out.push(`${paint(o.color, 33, '!')} ${offers}`);
    const baseline = baselineLine(r);
    if (baseline) out.push(`note: ${baseline}`);
    if (oneLine)
      out.push(`note: one line a finding (${count(total)}); --verbose gives each one's pages, message and fix`);
    const mark = r.ok ? paint(o.color, 32, '✓') : paint(o.color, 31, '✗');
    out.push(`${mark} ${summaryLine(r)}`);
  }
  yield* out;
}
