/**
 * Turns a CheckResult into text for people; JSON for tools (report-json.ts) and GitHub workflow
 * annotations (report-github.ts) are beside it. Pure functions returning lines: the CLI decides
 * where they go.
 */
import { formatDiagnostic } from '../support/diagnostics/diagnostics.js';
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
import { count, summaryLines } from './report-summary.js';
import type { CheckResult, Finding, Place } from './types.js';

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
  // A wrong --served-as explains most of what follows: said once, first.
  const modeHint = r.findings.find((f) => f.rule === 'served-as');
  const findings = r.findings.filter((f) => f !== modeHint);
  if (modeHint) out.push(`${tag(modeHint)}: ${modeHint.message}`, `  ${modeHint.hint}`, '');
  const oneLine = !o.verbose && findings.length >= ONE_LINE_FROM;

  const note = o.quiet ? null : siteNote(r);
  if (note) out.push(`note: ${note}`, '');

  // The build's own diagnostics: all of them when it failed, its warnings (raw HTML removed…) when not.
  // A warning a check rule also found (offer-stale) is shown once, with its pages, by that rule.
  const covered = new Set(r.findings.map((f) => f.rule));
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
    const list = findings.filter((f) => f.category === category);
    if (!list.length) return;
    out.push(heading(title));
    for (const f of list) {
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

  out.push(...summaryLines(findings, r.summary.pages));
  yield* targetSection('link', 'Broken links and fragments');

  const pageFindings = findings.filter((f) => f.category === 'page');
  if (pageFindings.length) {
    // Another generator's folder gets no page rules (the note says so): its page findings are the
    // sitemap's and the nesting depth's.
    out.push(heading(r.site.builtBy === 'pa-site' ? 'Page rules' : 'Pages and sitemap'));
    const single = pageFindings.filter((f) => placeCount(f) === 1 && !oneLine);
    if (oneLine)
      for (const f of pageFindings.filter((f) => placeCount(f) === 1)) {
        const p = f.places[0]!;
        out.push(`  ${tag(f)}  ${f.rule}  ${where(p)}  ${f.message}`);
        yield* out.splice(0);
      }
    const byPage = new Map<string, Finding[]>();
    for (const f of single) {
      const list = byPage.get(f.places[0]!.page);
      if (list) list.push(f);
      else byPage.set(f.places[0]!.page, [f]);
    }
    for (const [page, list] of [...byPage].sort(([a], [b]) => a.localeCompare(b))) {
      const file = list[0]!.places[0]!.file;
      out.push(`  ${page}${file ? `  ${file}` : ''}`);
      for (const f of list) {
        const p = f.places[0]!;
        const at = p.line ? `  (line ${p.line})` : '';
        out.push(`    ${tag(f)}  ${f.rule}  ${f.message}${at}`);
        fix(f.hint, '           ');
      }
      yield* out.splice(0);
    }
    const across = pageFindings.filter((f) => placeCount(f) !== 1);
    if (across.length) {
      out.push('  across pages');
      for (const f of across) {
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
    }
    out.push('');
  }

  yield* targetSection('external', 'External links');

  const known = findings.filter((f) => f.category === 'known-unbuilt');
  if (known.length) {
    out.push(heading(KNOWN_UNBUILT_TITLE));
    const listed = known.filter((f) => f.rule === 'known-unbuilt');
    if (listed.length) {
      out.push('  (warnings while they are listed in check.knownUnbuilt in content/site.yaml)');
      const width = listed.reduce((w, f) => Math.max(w, (f.target ?? '').length), 0);
      for (const f of listed) {
        const mark = f.severity === 'error' ? `${tag(f)} ` : '';
        const source = f.source ? `  (${f.source.file}:${f.source.line})` : '';
        out.push(`  ${mark}${(f.target ?? '').padEnd(width)}  ${linkedFrom(f)}${source}`);
        if (f.severity === 'error') out.push(`    ${f.message}`);
      }
    }
    for (const f of known.filter((f) => f.rule !== 'known-unbuilt')) {
      out.push(`  ${tag(f)}  ${f.rule}  ${f.message}`);
      fix(f.hint, '         ');
    }
    out.push('');
  }

  if (!o.quiet) {
    const offers = staleOffersLine(r.summary.offers);
    if (offers) out.push(`${paint(o.color, 33, '!')} ${offers}`);
    const baseline = baselineLine(r);
    if (baseline) out.push(`note: ${baseline}`);
    if (oneLine)
      out.push(
        `note: one line a finding (${count(findings.length)}); --verbose gives each one's pages, message and fix`,
      );
    const mark = r.ok ? paint(o.color, 32, '✓') : paint(o.color, 31, '✗');
    out.push(`${mark} ${summaryLine(r)}`);
  }
  yield* out;
}
