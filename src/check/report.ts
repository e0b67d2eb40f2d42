/**
 * Turns a CheckResult into text for people, JSON for tools, or GitHub workflow annotations.
 * Pure functions returning lines: the CLI decides where they go.
 */
import path from 'node:path';
import { escapeTerminal, formatDiagnostic } from '../support/diagnostics/diagnostics.js';
import { count, summaryLines } from './report-summary.js';
import type { CheckResult, Finding, Place } from './types.js';

export type CheckFormat = 'text' | 'json' | 'github';

export interface TextOptions {
  color?: boolean;
  /** Errors only: no warnings, no summary. */
  quiet?: boolean;
}

const paint = (on: boolean | undefined, code: number, s: string) => (on ? `\x1b[${code}m${s}\x1b[0m` : s);
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
  return {
    ...f,
    message: lines(f.message),
    target: f.target === undefined ? undefined : e(f.target),
    hint: f.hint === undefined ? undefined : lines(f.hint),
    source: f.source && { ...f.source, file: e(f.source.file) },
    places: f.places.map((p) => ({ ...p, page: e(p.page), url: e(p.url), file: p.file === null ? null : e(p.file) })),
  };
}

/** The findings to print: escaped for the terminal, and errors only when `quiet`. */
function shownFindings(r: CheckResult, quiet: boolean | undefined): CheckResult {
  const kept = quiet ? r.findings.filter((f) => f.severity === 'error') : r.findings;
  return { ...r, findings: kept.map(safeFinding) };
}

/** Pages named for one finding; the rest are counted ("… and 10,133 more pages"). */
export const PLACES_SHOWN = 5;

/** `on 10,138 of 10,140 pages` for a finding on more pages than are named, else ''. */
function spread(f: Finding, pages: number): string {
  if (f.allPages) return `on all ${count(f.places.length)} pages`;
  return f.places.length > PLACES_SHOWN ? `on ${count(f.places.length)} of ${count(pages)} pages` : '';
}

export const KNOWN_UNBUILT_TITLE = 'Linked from the header or footer but not built — served by 404.html';

function where(p: Place): string {
  if (p.file) return `${p.page}  ${p.file}${p.line ? `:${p.line}` : ''}`;
  return p.line ? `${p.page}:${p.line}${p.col ? `:${p.col}` : ''}` : p.page;
}

/** `header and footer, on all 12 pages` or `about.html, index.html`. */
function linkedFrom(f: Finding): string {
  const regions = [...new Set(f.places.map((p) => p.region).filter((r) => r === 'header' || r === 'footer'))];
  if (f.allPages) return `${regions.length ? `${regions.join(' and ')}, ` : ''}on all ${f.places.length} pages`;
  return f.places.map((p) => (p.region && p.region !== 'main' ? `${p.page} (${p.region})` : p.page)).join(', ');
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
    if (!f.allPages && f.places.length) {
      out.push(`${indent}       linked from:`);
      for (const p of f.places.slice(0, PLACES_SHOWN))
        out.push(`${indent}         ${where(p)}${p.region && p.region !== 'main' ? ` (${p.region})` : ''}`);
      const more = f.places.length - PLACES_SHOWN;
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
      out.push(`  ${tag(f)}  ${f.rule}${target}${on ? `  ${on}` : ''}`);
      detail(f, '  ');
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
    const single = pageFindings.filter((f) => f.places.length === 1);
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
    const across = pageFindings.filter((f) => f.places.length !== 1);
    if (across.length) {
      out.push('  across pages');
      for (const f of across) {
        out.push(`    ${tag(f)}  ${f.rule}  ${f.message}`);
        for (const p of f.places.slice(0, PLACES_SHOWN)) out.push(`           ${where(p)}`);
        if (f.places.length > PLACES_SHOWN) out.push(`           … and ${count(f.places.length - PLACES_SHOWN)} more`);
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
    const mark = r.ok ? paint(o.color, 32, '✓') : paint(o.color, 31, '✗');
    out.push(`${mark} ${summaryLine(r)}`);
  }
  yield* out;
}

/** The documented JSON schema (version 1): every key always present, in a fixed order, null when it does not apply. */
export function toJson(r: CheckResult) {
  return {
    version: r.version,
    ok: r.ok,
    dir: r.dir,
    root: r.root,
    siteUrl: r.siteUrl,
    site: {
      builtBy: r.site.builtBy,
      marker: r.site.marker,
      servedAs: r.site.servedAs,
      servedAsFrom: r.site.servedAsFrom,
    },
    summary: {
      pages: r.summary.pages,
      links: r.summary.links,
      skipped: r.summary.skipped ?? 0,
      errors: r.summary.errors,
      warnings: r.summary.warnings,
      ms: r.summary.ms,
      buildMs: r.summary.buildMs ?? null,
      offers: { aging: r.summary.offers.aging, withheld: r.summary.offers.withheld },
    },
    build: r.build,
    baseline: r.baseline ?? null,
    findings: r.findings.map(findingJson),
  };
}

/** One finding as the JSON report writes it. */
function findingJson(f: Finding) {
  return {
    rule: f.rule,
    severity: f.severity,
    category: f.category,
    message: f.message,
    target: f.target ?? null,
    status: f.status ?? null,
    allPages: f.allPages ?? false,
    hint: f.hint ?? null,
    source: f.source ?? null,
    places: f.places.map((p) => ({
      page: p.page,
      url: p.url,
      file: p.file,
      line: p.line,
      col: p.col ?? null,
      region: p.region ?? null,
    })),
  };
}

export function formatJson(r: CheckResult): string {
  return [...jsonChunks(r)].join('');
}

/**
 * The JSON report in pieces, one finding at a time, for writing as it is made: tens of thousands
 * of findings never sit in memory as one string. Joined, the pieces are `JSON.stringify(toJson(r), null, 2)`.
 */
export function* jsonChunks(r: CheckResult): Generator<string> {
  const head = JSON.stringify({ ...toJson({ ...r, findings: [] }) }, null, 2);
  if (!r.findings.length) {
    yield head;
    return;
  }
  yield `${head.slice(0, head.length - '[]\n}'.length)}[\n`;
  for (let i = 0; i < r.findings.length; i++) {
    const text = JSON.stringify(findingJson(r.findings[i]!), null, 2).replace(/\n/g, '\n    ');
    yield `    ${text}${i < r.findings.length - 1 ? ',' : ''}\n`;
  }
  yield '  ]\n}';
}

const escData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escProp = (s: string) => escData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

function annotation(
  level: 'error' | 'warning' | 'notice',
  message: string,
  props: { file?: string | null; line?: number | null; col?: number | null; title?: string },
): string {
  const parts: string[] = [];
  if (props.file) parts.push(`file=${escProp(props.file)}`);
  if (props.file && props.line) parts.push(`line=${props.line}`);
  if (props.file && props.col) parts.push(`col=${props.col}`);
  if (props.title) parts.push(`title=${escProp(props.title)}`);
  return `::${level}${parts.length ? ` ${parts.join(',')}` : ''}::${escData(message)}`;
}

/**
 * GitHub workflow annotations, one per place a finding applies to, pointing at the content file
 * (or, with --dir, the built HTML file). Layout links get one annotation at content/site.yaml.
 */
export function formatGithub(result: CheckResult, cwd: string = process.cwd(), quiet = false): string[] {
  return [...githubLines(result, cwd, quiet)];
}

/** formatGithub's lines, handed on after each finding (as textLines). */
export function* githubLines(result: CheckResult, cwd: string = process.cwd(), quiet = false): Generator<string> {
  const r = shownFindings(result, quiet);
  const out: string[] = [];
  const rel = (base: string, file: string) => path.relative(cwd, path.resolve(base, file)).split(path.sep).join('/');
  const note = quiet ? null : siteNote(r);
  if (note) out.push(annotation('notice', note, { title: 'pa-site check' }));
  if (r.build && r.root) {
    for (const d of r.build.diagnostics) {
      if (quiet && d.severity !== 'error') continue;
      const message = escapeTerminal(d.hint ? `${d.message}\nfix: ${d.hint}` : d.message, true);
      out.push(
        annotation(d.severity, message, {
          file: rel(r.root, d.file),
          line: d.line,
          col: d.col,
          title: `pa-site build: ${d.code}`,
        }),
      );
    }
  }
  yield* out.splice(0);
  for (const f of r.findings) {
    const title = `pa-site check: ${f.rule}`;
    const text = (extra = '') => `${f.message}${extra}${f.hint ? `\nfix: ${f.hint}` : ''}`;
    const on = spread(f, r.summary.pages);
    const named = (list: Place[]) =>
      list
        .slice(0, PLACES_SHOWN)
        .map((p) => p.page)
        .join(', ') + (list.length > PLACES_SHOWN ? ` and ${count(list.length - PLACES_SHOWN)} more` : '');
    if (f.source && r.root) {
      const extra = f.allPages ? ` (${on})` : f.places.length ? ` (linked from ${named(f.places)})` : '';
      yield annotation(f.severity, text(extra), { file: rel(r.root, f.source.file), line: f.source.line, title });
      continue;
    }
    if (f.places.length === 0) {
      yield annotation(f.severity, text(), { title });
      continue;
    }
    // A target broken on many pages is one annotation, at its first page, naming a few and counting the rest.
    const one = f.allPages || f.places.length > PLACES_SHOWN;
    const shown = one ? [f.places.find((p) => p.page !== '404.html') ?? f.places[0]!] : f.places;
    for (const p of shown) {
      let file: string | null = null;
      if (p.file && r.root) file = rel(r.root, p.file);
      else if (!r.build) file = rel(r.dir, p.page);
      const pagesNamed = one && !f.allPages ? `: ${named(f.places)}` : '';
      const extra = `${file ? '' : ` (${p.page})`}${one ? ` (${on}${pagesNamed})` : ''}`;
      yield annotation(f.severity, text(extra), { file, line: p.line ?? 1, col: p.file ? null : p.col, title });
    }
  }
  if (!quiet) {
    const offers = staleOffersLine(r.summary.offers);
    if (offers) out.push(offers);
    const baseline = baselineLine(r);
    if (baseline) out.push(annotation('notice', escapeTerminal(baseline), { title: 'pa-site check baseline' }));
    out.push(summaryLine(r));
  }
  yield* out;
}
