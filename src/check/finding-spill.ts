/**
 * Findings past FINDINGS_KEPT, when the caller asks for it (`check({ spillFindings: true })`, as the
 * CLI does): sorted into report order in check's spill folder (spill-sort.ts), written to one file
 * there, and read back a finding at a time by `eachFinding()`, as often as a report needs them. A
 * million findings then cost a batch of memory, not 0.4 kB each. Below the threshold, and for library
 * callers without the option, every finding stays in `result.findings` as before.
 */
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { sameDocumentFindings } from './link-findings.js';
import { compareFindings } from './order.js';
import { closePlaces, type PlaceStore, placeRange, restoreRange } from './place-store.js';
import type { SpillFolder, SpillPath } from './spill-folder.js';
import { fileLines, LineWriter, SpillSort } from './spill-sort.js';
import type { CheckResult, Finding } from './types.js';

/** Findings a result keeps in memory before they spill (about 8 MB at 0.4 kB each). */
export const FINDINGS_KEPT = 20_000;
/** Findings prepared (located in content files) at once on their way to the file. */
const BATCH = 1_024;
/**
 * Findings sorted in memory before a run is written (about 3 MB): a million findings make 123 runs,
 * merged once through another level, where runs of 1,024 would have merged each finding three times.
 */
const RUN = 8_192;

/**
 * A finding with what is kept beside it by identity: `q`, its number in the order findings are
 * made (equal findings keep it), `r`, the byte range of its spilled places, `d`, a same-page fragment.
 */
interface Line {
  q: number;
  f: Finding;
  r?: [number, number];
  d?: 1;
}

const compareLines = (a: Line, b: Line) => compareFindings(a.f, b.f) || a.q - b.q;

function lineOf(f: Finding, q: number): Line {
  const line: Line = { q, f };
  const r = placeRange(f);
  if (r) line.r = r;
  if (sameDocumentFindings.has(f)) line.d = 1;
  return line;
}

/** The sorted findings' file; it lives (with the places) until `closeCheck()`. */
class FindingFile {
  private closed = false;
  constructor(
    private readonly fd: number,
    private readonly store: PlaceStore,
    readonly folder: SpillPath,
    readonly count: number,
  ) {}

  /** The findings in report order (none once closed), tied to their places again. */
  *read(): Generator<Finding> {
    if (this.closed) return;
    for (const text of fileLines(this.fd)) {
      const line = JSON.parse(text) as Line;
      if (line.r) restoreRange(line.f, this.store, line.r);
      if (line.d) sameDocumentFindings.add(line.f);
      yield line.f;
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
    this.store.close();
  }
}

/** What a report or a baseline does to a result's findings: leaves some out, shows others as a copy. */
export interface FindingStep {
  keep?: (f: Finding) => boolean;
  map?: (f: Finding) => Finding;
}

interface View {
  file: FindingFile;
  steps: FindingStep[];
  count: number | null;
}

/** A symbol, so that a spread copy of the result (`{ ...r }`) reads the same file and JSON leaves it out. */
const VIEW = Symbol('pa-site check: spilled findings');
type Viewed = CheckResult & { [VIEW]?: View };
const viewOf = (r: CheckResult) => (r as Viewed)[VIEW];

/** Counts kept as the findings are made: the summary's. */
export interface FindingCounts {
  findings: number;
  errors: number;
  offerStale: number;
  rules: Set<string>;
}

/** Gathers check's findings in the order they are made and hands them back in report order. */
export class FindingCollector {
  private kept: Line[] = [];
  private sort: SpillSort<Line> | null = null;
  readonly counts: FindingCounts = { findings: 0, errors: 0, offerStale: 0, rules: new Set() };
  constructor(
    private readonly spill: SpillFolder,
    private readonly store: PlaceStore,
    /** Findings kept before they spill; null: never. */
    private readonly limit: number | null,
  ) {}

  /** A finding and its number in the order findings are made (its first reference's reading order for links). */
  add(f: Finding, q: number): void {
    if (this.sort) {
      this.sort.add(lineOf(f, q));
      return;
    }
    this.kept.push({ q, f });
    if (this.limit !== null && this.kept.length > this.limit) {
      // A run holds no more than the findings kept in memory (tests keep 50: runs of 1,024, as the links' sort).
      const run = Math.min(RUN, Math.max(this.limit, 1_024));
      this.sort = new SpillSort(compareLines, this.spill, 'findings-run-', run);
      for (const l of this.kept) this.sort.add(lineOf(l.f, l.q));
      this.kept = [];
    }
  }

  private count(f: Finding): void {
    const c = this.counts;
    c.findings++;
    if (f.severity === 'error') c.errors++;
    if (f.rule === 'offer-stale') c.offerStale++;
    c.rules.add(f.rule);
  }

  /**
   * Every finding, `prepare`d (located), in report order: an array, or past the limit a file in the
   * spill folder. Preparing leaves the order as it is (it fills in files and lines, not pages or messages).
   */
  async finish(prepare: (batch: Finding[]) => Promise<void>): Promise<Finding[] | FindingFile> {
    if (!this.sort) {
      const kept = this.kept;
      this.kept = [];
      await prepare(kept.map((l) => l.f));
      const findings = kept.sort(compareLines).map((l) => l.f);
      for (const f of findings) this.count(f);
      return findings;
    }
    const fd = openSync(path.join(this.spill.path(), 'findings.jsonl'), 'wx+', 0o600);
    try {
      const out = new LineWriter(fd);
      let batch: Finding[] = [];
      const write = async () => {
        await prepare(batch);
        for (const f of batch) {
          this.count(f);
          out.add(JSON.stringify(lineOf(f, 0)));
        }
        batch = [];
      };
      for (const line of this.sort.sorted()) {
        if (line.r) restoreRange(line.f, this.store, line.r);
        if (line.d) sameDocumentFindings.add(line.f);
        batch.push(line.f);
        if (batch.length === BATCH) await write();
      }
      await write();
      out.flush();
    } catch (e) {
      closeSync(fd);
      throw e;
    }
    return new FindingFile(fd, this.store, this.spill, this.counts.findings);
  }
}

/** The result of a check whose findings spilled: `findings` empty, `eachFinding()` reads them. */
export function spilledResult(r: CheckResult, file: Finding[] | FindingFile): CheckResult {
  if (Array.isArray(file)) return { ...r, findings: file };
  const out: Viewed = { ...r, findings: [], spilled: true };
  out[VIEW] = { file, steps: [], count: file.count };
  return out;
}

/**
 * Every finding of a result, in report order: `result.findings`, or, when they spilled
 * (`result.spilled`), read back from check's spill folder one at a time. Can be walked any number of
 * times until `closeCheck(result)`.
 */
export function* eachFinding(r: CheckResult): Generator<Finding> {
  const v = viewOf(r);
  if (!v) {
    yield* r.findings;
    return;
  }
  next: for (let f of v.file.read()) {
    for (const step of v.steps) {
      if (step.keep && !step.keep(f)) continue next;
      if (step.map) f = step.map(f);
    }
    yield f;
  }
}

/** How many findings a result has (`result.findings.length` unless they spilled). */
export function findingCount(r: CheckResult): number {
  const v = viewOf(r);
  if (!v) return r.findings.length;
  if (v.count === null) {
    let n = 0;
    for (const _ of eachFinding(r)) n++;
    v.count = n;
  }
  return v.count;
}

/** A copy of the result with some findings left out or shown otherwise; `count` when the caller knows it. */
export function withFindings(r: CheckResult, step: FindingStep, count: number | null = null): CheckResult {
  const v = viewOf(r);
  if (!v) {
    const kept = step.keep ? r.findings.filter(step.keep) : r.findings;
    return { ...r, findings: step.map ? kept.map(step.map) : kept };
  }
  const out: Viewed = { ...r };
  out[VIEW] = { file: v.file, steps: [...v.steps, step], count };
  return out;
}

/** The result with no findings at all (a report's head). */
export function noFindings(r: CheckResult): CheckResult {
  const out: Viewed = { ...r, findings: [] };
  delete out[VIEW];
  return out;
}

/** Where a report may sort what it cannot keep in memory: the result's spill folder, or null (in memory). */
export const spillPathOf = (r: CheckResult): SpillPath | null => viewOf(r)?.file.folder ?? null;

/**
 * Removes the spill folder holding the places of a result's findings on more than PLACES_KEPT pages
 * and, when they spilled, the findings; `allPlaces()` then gives the kept places only.
 */
export function closeCheck(r: CheckResult): void {
  closePlaces(r);
  viewOf(r)?.file.close();
}
