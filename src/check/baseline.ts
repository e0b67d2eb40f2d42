/**
 * Baselines: `--write-baseline FILE` records today's findings; `--baseline FILE` leaves the recorded
 * ones out, so a site with thousands of old breaks fails only on new ones, and counts the recorded
 * ones that are fixed. A finding is known by its rule and target (by its page when it has no
 * target): the same break linked from one more page is not new.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CheckInputError } from './errors.js';
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
  const entries = new Map(r.findings.map((f) => [keyOf(entryOf(f)), entryOf(f)]));
  const findings = [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, e]) => e);
  return `${JSON.stringify({ tool: TOOL, version: 1, findings }, null, 1)}\n`;
}

/** Reads a baseline; a missing or malformed file is a usage error. */
export async function readBaseline(file: string): Promise<BaselineEntry[]> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new CheckInputError(`--baseline ${file} cannot be read (${why}); write one with --write-baseline ${file}`);
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
  const old = await readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? null : e));
  if (old instanceof Error)
    throw new CheckInputError(`--write-baseline ${file} cannot be read to replace it (${old.code ?? old.message})`);
  if (old !== null && !old.includes(`"tool": "${TOOL}"`))
    throw new CheckInputError(`--write-baseline ${file} exists and is not a baseline: give a new file name`);
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  await writeFile(temp, baselineText(r));
  await rename(temp, file);
}

/** The result without the findings the baseline records: ok unless something new is an error. */
export function applyBaseline(r: CheckResult, entries: readonly BaselineEntry[], file: string) {
  const recorded = new Set(entries.map(keyOf));
  const seen = new Set<string>();
  const findings: Finding[] = [];
  for (const f of r.findings) {
    const key = keyOf(entryOf(f));
    if (recorded.has(key)) seen.add(key);
    else findings.push(f);
  }
  const kept = new Set(findings);
  const left = r.findings.filter((f) => !kept.has(f));
  const errors = findings.filter((f) => f.severity === 'error').length;
  const leftWarnings = left.length - (r.summary.errors - errors);
  const baseline: BaselineOutcome = { file, known: left.length, fixed: recorded.size - seen.size };
  const result: CheckResult = {
    ...r,
    baseline,
    ok: errors === 0 && (r.build?.ok ?? true),
    summary: { ...r.summary, errors, warnings: r.summary.warnings - leftWarnings },
    findings,
  };
  return result;
}
