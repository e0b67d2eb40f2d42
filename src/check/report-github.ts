/** The report as GitHub workflow annotations: one per finding, or per page it is on when they are few. */
import path from 'node:path';
import { escapeTerminal } from '../support/diagnostics/diagnostics.js';
import { eachFinding } from './finding-spill.js';
import { placeCount } from './place-store.js';
import {
  baselineLine,
  PLACES_SHOWN,
  shownFindings,
  siteNote,
  spread,
  staleOffersLine,
  summaryLine,
} from './report-parts.js';
import { count } from './report-summary.js';
import type { CheckResult } from './types.js';

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
  for (const f of eachFinding(r)) {
    const title = `pa-site check: ${f.rule}`;
    const text = (extra = '') => `${f.message}${extra}${f.hint ? `\nfix: ${f.hint}` : ''}`;
    const on = spread(f, r.summary.pages);
    const n = placeCount(f);
    const named =
      f.places
        .slice(0, PLACES_SHOWN)
        .map((p) => p.page)
        .join(', ') + (n > PLACES_SHOWN ? ` and ${count(n - PLACES_SHOWN)} more` : '');
    if (f.source && r.root) {
      const extra = f.allPages ? ` (${on})` : f.places.length ? ` (linked from ${named})` : '';
      yield annotation(f.severity, text(extra), { file: rel(r.root, f.source.file), line: f.source.line, title });
      continue;
    }
    if (f.places.length === 0) {
      yield annotation(f.severity, text(), { title });
      continue;
    }
    // A target broken on many pages is one annotation, at its first page, naming a few and counting the rest.
    const one = f.allPages || n > PLACES_SHOWN;
    const shown = one ? [f.places.find((p) => p.page !== '404.html') ?? f.places[0]!] : f.places;
    for (const p of shown) {
      let file: string | null = null;
      if (p.file && r.root) file = rel(r.root, p.file);
      else if (!r.build) file = rel(r.dir, p.page);
      const pagesNamed = one && !f.allPages ? `: ${named}` : '';
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
