import { formatDiagnostic, summarizeDiagnostics, type Diagnostic } from '../support/diagnostics/diagnostics.js';
import type { BuildResult } from '../pipeline/build.js';

export interface Out {
  color: boolean;
  out(line: string): void;
  err(line: string): void;
}

/** Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org). */
export function colorEnabled(stream: NodeJS.WriteStream): boolean {
  return !!stream.isTTY && !('NO_COLOR' in process.env) && process.env.TERM !== 'dumb';
}

/** Lines to this process's stdout and stderr, coloured as the terminal allows. */
export function processOut(): Out {
  return {
    color: colorEnabled(process.stderr),
    out: (l) => process.stdout.write(`${l}\n`),
    err: (l) => process.stderr.write(`${l}\n`),
  };
}

export const paint = (on: boolean, code: number, s: string) => (on ? `\x1b[${code}m${s}\x1b[0m` : s);

/** A stale or withheld offer reported as a warning: the build summarizes these in one line (see `staleOffersLine`). */
export const isOfferWarning = (d: Diagnostic) =>
  d.severity === 'warning' && (d.code === 'offer-stale' || d.code === 'offer-withheld');

/** Where the summary line of stale offers (build and dev) tells the reader to find each one named. */
export const OFFERS_NAMED_BY = 'run the build with --verbose to name each';

/**
 * Errors first, then warnings, so that an error is never lost below a screen of warnings; each group
 * keeps its file order. The error count closes the list when there are errors.
 */
export function printDiagnostics(o: Out, diagnostics: readonly Diagnostic[]): void {
  const ordered = [
    ...diagnostics.filter((d) => d.severity === 'error'),
    ...diagnostics.filter((d) => d.severity !== 'error'),
  ];
  for (const d of ordered) {
    const tag = d.severity === 'error' ? paint(o.color, 31, 'error') : paint(o.color, 33, 'warning');
    o.err(`${tag} ${formatDiagnostic(d)}`);
  }
  if (diagnostics.some((d) => d.severity === 'error')) o.err(summarizeDiagnostics(diagnostics));
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(2)} MB`;
}

const ms = (n: number) => `${Math.round(n).toLocaleString('en-US')} ms`;

const COMPILED_FROM: Record<NonNullable<BuildResult['compiledFrom']>, string> = {
  esbuild: 'compiled with esbuild',
  'compile cache': 'unchanged, taken from the compile cache',
  memory: 'unchanged, reused from the previous build',
};

/** `--verbose` lines: where the time went, and how the pages were produced. */
export function buildDetails(r: BuildResult): string[] {
  const t = r.timings;
  const rendered = r.renderedRoutes.length;
  const workers = r.workers - 1;
  const how =
    r.workers > 1
      ? ` in ${r.workers} threads (main and ${workers} worker${workers === 1 ? '' : 's'})`
      : r.workers === 1
        ? ' on the main thread'
        : '';
  return [
    `stages: load ${ms(t.load)}, validate ${ms(t.validate)}, compile ${ms(t.compile)}, ` +
      `render ${ms(t.render)}, write ${ms(t.write)}`,
    `pages: ${rendered} rendered${how}, ${r.cacheHits} from the render cache`,
    ...(r.compiledFrom ? [`templates: ${COMPILED_FROM[r.compiledFrom]}`] : []),
  ];
}
