/**
 * The JSON report (schema version 2, docs/check.md): the findings grouped by cause, each finding one
 * line with its count of places and the first few of them (every one with `verbose`), written a
 * finding and a place at a time so that no report sits in memory as one string.
 */
import { eachFinding, noFindings } from './finding-spill.js';
import { allPlaces, placeCount } from './place-store.js';
import { PLACES_SHOWN } from './report-parts.js';
import { findingGroups } from './report-summary.js';
import type { CheckResult, Finding, Place } from './types.js';

/**
 * The JSON report's schema version: 2 since each finding lists a sample of its places with their
 * count (`placeCount`) and the whole list only with `--verbose` (version 1 listed every place).
 */
const JSON_VERSION = 2;

export interface JsonOptions {
  /** Every place of every finding (read back from the spill folder), not the first PLACES_SHOWN. */
  verbose?: boolean;
}

/** The documented JSON schema: every key always present, in a fixed order, null when it does not apply. */
export function toJson(r: CheckResult, o: JsonOptions = {}) {
  return {
    version: JSON_VERSION,
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
    verbose: o.verbose === true,
    // The findings by cause, largest first, as the text summary has them: a tool reads the shape of a
    // long report here without walking every finding.
    groups: findingGroups(eachFinding(r)),
    findings: Array.from(eachFinding(r), (f) => findingJson(f, sampleOf(f, o))),
  };
}

/** The places a finding lists: the first few (in memory), or with `verbose` every one. */
const sampleOf = (f: Finding, o: JsonOptions): Iterable<Place> =>
  o.verbose ? allPlaces(f) : f.places.slice(0, PLACES_SHOWN);

function findingJson(f: Finding, places: Iterable<Place>) {
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
    placeCount: placeCount(f),
    places: Array.from(places, placeJson),
  };
}

const placeJson = (p: Place) => ({
  page: p.page,
  url: p.url,
  file: p.file,
  line: p.line,
  col: p.col ?? null,
  region: p.region ?? null,
});

export function formatJson(r: CheckResult, o: JsonOptions = {}): string {
  return [...jsonChunks(r, o)].join('');
}

/**
 * The JSON report in pieces, for writing as it is made: the head (summary and groups) indented, then
 * each finding on one line of its own, its places written one by one (with `verbose`, a finding on
 * 10,000 pages is read back from the spill folder a place at a time). Parsed, the pieces are `toJson(r, o)`.
 */
export function* jsonChunks(r: CheckResult, o: JsonOptions = {}): Generator<string> {
  const head = JSON.stringify(toJson(noFindings(r), o), null, 2);
  // `groups` is made from every finding, though the head is written without them.
  const groups = JSON.stringify(findingGroups(eachFinding(r)), null, 2).replace(/\n/g, '\n  ');
  const open = head.slice(0, head.length - '"groups": [],\n  "findings": []\n}'.length);
  yield `${open}"groups": ${groups},\n  "findings": [`;
  let i = 0;
  for (const f of eachFinding(r)) {
    yield i++ ? ',\n    ' : '\n    ';
    yield* findingChunks(f, o);
  }
  yield i ? '\n  ]\n}' : ']\n}';
}

/** One finding on one line, its places one by one. */
function* findingChunks(f: Finding, o: JsonOptions): Generator<string> {
  const head = JSON.stringify(findingJson(f, []));
  // `places` is the last key: its `[` is opened here and filled as the places are read.
  yield head.slice(0, head.length - ']}'.length);
  let n = 0;
  for (const p of sampleOf(f, o)) yield `${n++ ? ',' : ''}${JSON.stringify(placeJson(p))}`;
  yield ']}';
}
