/** The JSON report (schema version 1, docs/check.md), written a finding and a place at a time. */
import { allPlaces } from './place-store.js';
import { findingGroups } from './report-summary.js';
import type { CheckResult, Finding, Place } from './types.js';

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
    // The findings by cause, largest first, as the text summary has them: a tool reads the shape of a
    // long report here without walking every place.
    groups: findingGroups(r.findings),
    findings: r.findings.map((f) => findingJson(f)),
  };
}

/** One finding as the JSON report writes it: every place, read back from the spill folder when kept there. */
function findingJson(f: Finding, places: Iterable<Place> = allPlaces(f)) {
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

export function formatJson(r: CheckResult): string {
  return [...jsonChunks(r)].join('');
}

/**
 * The JSON report in pieces, a finding's head and then each of its places, for writing as it is
 * made: tens of thousands of findings, or one on 10,000 pages, never sit in memory as one string.
 * Joined, the pieces are `JSON.stringify(toJson(r), null, 2)`.
 */
export function* jsonChunks(r: CheckResult): Generator<string> {
  // `groups` keeps its place among the keys: it is overwritten, not added.
  const head = JSON.stringify({ ...toJson({ ...r, findings: [] }), groups: findingGroups(r.findings) }, null, 2);
  if (!r.findings.length) {
    yield head;
    return;
  }
  yield `${head.slice(0, head.length - '[]\n}'.length)}[\n`;
  for (let i = 0; i < r.findings.length; i++) {
    yield* findingChunks(r.findings[i]!);
    yield i < r.findings.length - 1 ? ',\n' : '\n';
  }
  yield '  ]\n}';
}

/** One finding, indented as an item of `findings`, its places one by one. */
function* findingChunks(f: Finding): Generator<string> {
  const indent = (s: string) => s.replace(/\n/g, '\n    ');
  const head = JSON.stringify(findingJson(f, []), null, 2);
  // `places` is the last key: its `[]` is opened here and filled as the places are read.
  yield indent(`    ${head.slice(0, head.length - '[]\n}'.length)}`);
  let n = 0;
  for (const p of allPlaces(f)) {
    yield indent(`${n++ ? ',\n' : '[\n'}    ${JSON.stringify(placeJson(p), null, 2).replace(/\n/g, '\n    ')}`);
  }
  yield indent(n ? '\n  ]\n}' : '[]\n}');
}
