/**
 * Baselines: `--write-baseline FILE` records today's findings; `--baseline FILE` leaves the recorded
 * ones out, so a site with thousands of old breaks fails only on new ones, and counts the recorded
 * ones that are fixed. A finding is known by its rule and target (by its page when it has no
 * target): the same break linked from one more page is not new.
 */
import { rename, rm, writeFile } from 'node:fs/promises';
import { FileTooLargeError, NotRegularFileError, readOwnFile } from '../pipeline/load/regular-file.js';
import path from 'node:path';
import { CheckInputError } from './errors.js';
import { eachFinding, withFindings } from './finding-spill.js';
import type { BaselineOutcome, CheckResult, Finding } from './types.js';

const TOOL = 'pa-site check baseline';

export interface BaselineEntry {
  rule: string;
  target: string | null;
  page: string | null;
}

const entryOf = (f: Finding): BaselineEntry => ({
  rule: f.rule,
  target: f.target ?? null,
  page: f.target === undefined ? (f.places[0]?.page ?? null) : null,
});
const keyOf = (e: BaselineEntry) => `${e.rule}\0${e.target ?? ''}\0${e.page ?? ''}`;

/** The baseline file's text for a result (sorted, so it diffs well in a repository). */
function baselineText(r: CheckResult): string {
  // One entry a finding's cause, in memory: the one part of a check with spilled findings that grows with them.
  const entries = new Map<string, BaselineEntry>();
  for (const f of eachFinding(r)) entries.set(keyOf(entryOf(f)), entryOf(f));
  const findings = [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, e]) => e);
  return `${JSON.stringify({ tool: TOOL, version: 1, findings }, null, 1)}\n`;
}

/** The largest baseline read: one entry per finding, far below this for any site. */
const MAX_BASELINE_BYTES = 64 * 1024 * 1024;

/**
 * The text of a baseline file, or null when there is none (ENOENT). Read as every named file is (readOwnFile):
 * a FIFO (which hung check for ever), a device (/dev/zero, /dev/urandom), a link or a file over the cap is
 * refused by name before a byte is read.
 */
function baselineFileText(file: string, flag: string): string | null {
  const shown = JSON.stringify(file);
  try {
    return readOwnFile(file, MAX_BASELINE_BYTES).toString('utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (e instanceof NotRegularFileError)
      throw new CheckInputError(`${flag} ${shown} is ${e.kind}, not a file; name a regular file for the baseline`);
    if (e instanceof FileTooLargeError)
      throw new CheckInputError(
        `${flag} ${shown} is ${e.size} bytes, over the ${MAX_BASELINE_BYTES} a baseline may be; ` +
          'it is not a baseline pa-site wrote',
      );
    throw new CheckInputError(`${flag} ${shown} cannot be read (${code ?? (e as Error).message})`);
  }
}

/** Refuses (CheckInputError) a --write-baseline target that is not a regular file, before any work is done. */
export function checkBaselineTarget(file: string): void {
  baselineFileText(file, '--write-baseline');
}

/** Reads a baseline; a missing or malformed file is a usage error. */
export async function readBaseline(file: string): Promise<BaselineEntry[]> {
  let data: unknown;
  const text = baselineFileText(file, '--baseline');
  if (text === null)
    throw new CheckInputError(`--baseline ${file} cannot be read (ENOENT); write one with --write-baseline ${file}`);
  try {
    data = JSON.parse(text);
  } catch {
    throw new CheckInputError(`--baseline ${file} is not a baseline written by pa-site check --write-baseline`);
  }
  const d = data as { tool?: unknown; findings?: unknown };
  if (d?.tool !== TOOL || !Array.isArray(d.findings))
    throw new CheckInputError(`--baseline ${file} is not a baseline written by pa-site check --write-baseline`);
  return (d.findings as Partial<BaselineEntry>[]).map((e) => ({
    rule: String(e.rule ?? ''),
    target: typeof e.target === 'string' ? e.target : null,
    page: typeof e.page === 'string' ? e.page : null,
  }));
}

/**
 * Writes the baseline: only over nothing or over an earlier baseline (never over another file),
 * through a temporary file renamed into place.
 */
export async function writeBaseline(file: string, r: CheckResult): Promise<void> {
  const old = baselineFileText(file, '--write-baseline');
  if (old !== null && !old.includes(`"tool": "${TOOL}"`))
    throw new CheckInputError(`--write-baseline ${file} exists and is not a baseline: give a new file name`);
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  // Made new (wx): a link or a FIFO left under the temporary name is never written through.
  await rm(temp, { force: true });
  try {
    await writeFile(temp, baselineText(r), { flag: 'wx' });
    await rename(temp, file);
  } catch (e) {
    await rm(temp, { force: true });
    const code = (e as NodeJS.ErrnoException).code;
    throw new CheckInputError(`--write-baseline ${file} cannot be written (${code ?? (e as Error).message})`);
  }
}

/** The result without the findings the baseline records: ok unless something new is an error. */
export function applyBaseline(r: CheckResult, entries: readonly BaselineEntry[], file: string) {
  const recorded = new Set(entries.map(keyOf));
  const seen = new Set<string>();
  const isNew = (f: Finding) => !recorded.has(keyOf(entryOf(f)));
  let known = 0;
  let kept = 0;
  let errors = 0;
  for (const f of eachFinding(r)) {
    const key = keyOf(entryOf(f));
    if (recorded.has(key)) {
      seen.add(key);
      known++;
    } else {
      kept++;
      if (f.severity === 'error') errors++;
    }
  }
  const leftWarnings = known - (r.summary.errors - errors);
  const baseline: BaselineOutcome = { file, known, fixed: recorded.size - seen.size };
  const result: CheckResult = {
    ...withFindings(r, { keep: isNew }, kept),
    baseline,
    ok: errors === 0 && (r.build?.ok ?? true),
    summary: { ...r.summary, errors, warnings: r.summary.warnings - leftWarnings },
  };
  return result;
}
