/** `pa-site check`: runs check() and prints its result as text, JSON or GitHub annotations. */
import { check, CheckInputError } from '../check/check.js';
import { applyBaseline, checkBaselineTarget, readBaseline, writeBaseline } from '../check/baseline.js';
import { closeCheck, findingCount } from '../check/finding-spill.js';
import type { CheckResult } from '../check/types.js';
import { githubLines, jsonChunks, junitChunks, sarifChunks, textLines, type CheckFormat } from '../check/report.js';
import type { ServedAs } from '../check/served.js';
import type { StaleSeverity } from '../domain/staleness.js';
import { colorEnabled } from './output.js';
import { exitOnSignal } from './stop-signals.js';
import { coresEnvError, notAProject, usageError } from './usage.js';

export interface CheckCommandOptions {
  root: string;
  dir?: string;
  external?: boolean;
  externalCache?: string;
  externalCacheAge?: string;
  servedAs?: ServedAs;
  format?: CheckFormat;
  quiet?: boolean;
  verbose?: boolean;
  today?: string;
  staleOffers?: StaleSeverity;
  skip?: string[];
  base?: string;
  baseline?: string;
  writeBaseline?: string;
}

/** Exit code: 0 clean (warnings allowed), 1 findings or build errors, 2 usage errors. */
export async function runCheck(opts: CheckCommandOptions): Promise<number> {
  const err = { color: colorEnabled(process.stderr), err: (l: string) => process.stderr.write(`${l}\n`) };
  // In slices, as the report makes them: a report of 100,000 lines is never one string, nor one array
  // (stdout is synchronous for files and pipes on Linux).
  const write = (lines: Iterable<string>) => {
    let slice: string[] = [];
    for (const line of lines) {
      slice.push(line);
      if (slice.length === 2000) {
        process.stdout.write(`${slice.join('\n')}\n`);
        slice = [];
      }
    }
    if (slice.length) process.stdout.write(`${slice.join('\n')}\n`);
  };
  const age = opts.externalCacheAge === undefined ? undefined : Number(opts.externalCacheAge);
  if (age !== undefined && !(Number.isFinite(age) && age >= 0))
    return usageError(err, `--external-cache-age must be a number of hours (received: ${opts.externalCacheAge})`);
  // How many findings stay in memory before they spill (default 20,000): tests set it low.
  const keptEnv = process.env.PA_SITE_FINDINGS_KEPT;
  const findingsKept = keptEnv === undefined || keptEnv === '' ? undefined : Number(keptEnv);
  if (findingsKept !== undefined && !(Number.isInteger(findingsKept) && findingsKept >= 0))
    return usageError(err, `PA_SITE_FINDINGS_KEPT must be a whole number of findings (received: ${keptEnv})`);
  // Only a check that builds plans threads.
  const badCores = opts.dir === undefined ? coresEnvError(err) : undefined;
  if (badCores) return badCores.exit;
  let result: CheckResult;
  /** The result before a baseline: it holds every finding, so closing it removes every spilled place. */
  let checked: CheckResult | undefined;
  const release = exitOnSignal((line) => process.stderr.write(`${line}\n`));
  try {
    // Read first: a baseline that cannot be read is a usage error before any work.
    const baseline = opts.baseline !== undefined ? await readBaseline(opts.baseline) : null;
    if (opts.writeBaseline !== undefined) checkBaselineTarget(opts.writeBaseline);
    result = checked = await check({
      root: opts.root,
      dir: opts.dir,
      external: opts.external,
      externalOptions: {
        ...(opts.externalCache !== undefined ? { cacheFile: opts.externalCache } : {}),
        ...(age !== undefined ? { cacheMaxAge: age * 3_600_000 } : {}),
      },
      servedAs: opts.servedAs,
      today: opts.today,
      staleOffers: opts.staleOffers,
      skip: opts.skip,
      base: opts.base,
      // A million findings wait in check's spill folder, not in memory; every report reads them from there.
      spillFindings: true,
      findingsKept,
    });
    if (baseline && opts.baseline !== undefined) result = applyBaseline(result, baseline, opts.baseline);
    if (opts.writeBaseline !== undefined) await writeBaseline(opts.writeBaseline, result);
  } catch (e) {
    if (checked) closeCheck(checked);
    if (e instanceof CheckInputError) return usageError(err, e.message);
    throw e;
  } finally {
    release();
  }
  try {
    return report(opts, result, err, write);
  } finally {
    closeCheck(checked);
  }
}

function report(
  opts: CheckCommandOptions,
  result: CheckResult,
  err: { color: boolean; err: (l: string) => void },
  write: (lines: Iterable<string>) => void,
): number {
  const noProject = notAProject(err, opts.root, result.build?.diagnostics ?? []);
  if (noProject) return noProject;
  const format = opts.format ?? 'text';
  const chunks =
    format === 'json'
      ? jsonChunks(result, { verbose: opts.verbose })
      : format === 'sarif'
        ? sarifChunks(result, process.cwd())
        : format === 'junit'
          ? junitChunks(result)
          : null;
  if (chunks) {
    let buffered = '';
    for (const chunk of chunks) {
      buffered += chunk;
      if (buffered.length > 65_536) {
        process.stdout.write(buffered);
        buffered = '';
      }
    }
    process.stdout.write(format === 'junit' ? buffered : `${buffered}\n`);
  } else if (format === 'github') write(githubLines(result, process.cwd(), opts.quiet));
  else write(textLines(result, { color: colorEnabled(process.stdout), quiet: opts.quiet, verbose: opts.verbose }));
  if (opts.writeBaseline !== undefined) {
    // Recorded, the findings are known: a later --baseline run fails only on new ones.
    err.err(
      `wrote ${findingCount(result)} findings to ${opts.writeBaseline}; check with --baseline ${opts.writeBaseline}`,
    );
    return result.build && !result.build.ok ? 1 : 0;
  }
  return result.ok ? 0 : 1;
}
