/**
 * The report as SARIF 2.1.0 (`--format sarif`), for GitHub code scanning and other SARIF readers,
 * within GitHub's upload rules: one run, one rule per finding kind, every result with a location
 * whose file path is relative to the current folder, at most 25,000 results (errors first) and 100
 * related pages a result. Written in pieces, a result at a time.
 */
import path from 'node:path';
import { packageVersion } from '../support/package/paths.js';
import { eachFinding, findingCount } from './finding-spill.js';
import { placeCount } from './place-store.js';
import { spread } from './report-parts.js';
import type { CheckResult, Finding, Place } from './types.js';

/** GitHub rejects a run of more results; only the first 5,000 are shown. */
export const SARIF_MAX_RESULTS = 25_000;
/** Locations GitHub shows of a result (it accepts 1,000). */
const RELATED_MAX = 100;

const RULE_TEXT: Record<string, string> = {
  'broken-link': 'A link to a page or file that is not there',
  'broken-asset': 'A file the page loads that is not there',
  'broken-fragment': 'A link to an id the target page does not have',
  'known-unbuilt': 'A link to a page listed as not built yet',
};

interface Where {
  uri: string;
  line: number;
  col?: number;
}

/** Where a finding is, as a file relative to `cwd`: its source, its pages, else the file that explains it. */
function locator(r: CheckResult, cwd: string) {
  const rel = (base: string, file: string) => path.relative(cwd, path.resolve(base, file)).split(path.sep).join('/');
  const ofPlace = (p: Place): Where | null => {
    if (p.file && r.root) return { uri: rel(r.root, p.file), line: p.line ?? 1 };
    // A temporary build's files are gone once check returns: only a given folder's pages can be pointed at.
    if (r.build) return null;
    return { uri: rel(r.dir, p.page), line: p.line ?? 1, ...(p.col ? { col: p.col } : {}) };
  };
  /** GitHub refuses the whole file when one result has no file: a site-wide finding points at what explains it. */
  const fallback = (f: Finding): Where => {
    if (r.root) return { uri: rel(r.root, 'content/site.yaml'), line: 1 };
    const named = f.target && !/^[a-z][a-z0-9+.-]*:|^\//i.test(f.target) ? f.target : null;
    const file = f.rule.startsWith('sitemap') ? 'sitemap.xml' : (named ?? 'index.html');
    return { uri: rel(r.dir, file), line: 1 };
  };
  return { ofPlace, fallback, rel };
}

const location = (w: Where, id?: number) => ({
  ...(id !== undefined ? { id } : {}),
  physicalLocation: {
    artifactLocation: { uri: encodeURI(w.uri) },
    region: { startLine: Math.max(1, w.line), ...(w.col ? { startColumn: w.col } : {}) },
  },
});

/** Errors first (GitHub shows the first 5,000), each group in report order. */
function* inOrder(r: CheckResult): Generator<Finding> {
  for (const f of eachFinding(r)) if (f.severity === 'error') yield f;
  for (const f of eachFinding(r)) if (f.severity !== 'error') yield f;
}

export function formatSarif(r: CheckResult, cwd: string = process.cwd()): string {
  return [...sarifChunks(r, cwd)].join('');
}

/** The SARIF log in pieces, a result at a time; joined, they are one JSON document. */
export function* sarifChunks(r: CheckResult, cwd: string = process.cwd()): Generator<string> {
  const levelOf = new Map<string, string>();
  for (const f of eachFinding(r)) if (levelOf.get(f.rule) !== 'error') levelOf.set(f.rule, f.severity);
  const kinds = [...levelOf.keys()].sort();
  const ruleIndex = new Map(kinds.map((k, i) => [k, i]));
  const where = locator(r, cwd);
  const rules = kinds.map((id) => ({
    id,
    name: id.replace(/(^|-)([a-z])/g, (_, _d, c: string) => c.toUpperCase()),
    shortDescription: { text: RULE_TEXT[id] ?? `pa-site check rule ${id}` },
    defaultConfiguration: { level: levelOf.get(id) },
  }));
  const left = Math.max(0, findingCount(r) - SARIF_MAX_RESULTS);
  const run = {
    tool: { driver: { name: 'pa-site check', version: packageVersion, rules } },
    invocations: [
      {
        executionSuccessful: r.build?.ok ?? true,
        toolExecutionNotifications: left
          ? [
              {
                level: 'warning',
                message: {
                  text:
                    `${left} more findings were left out (GitHub accepts ${SARIF_MAX_RESULTS} a run); ` +
                    'see --format json',
                },
              },
            ]
          : [],
      },
    ],
    results: [] as unknown[],
  };
  const head = JSON.stringify(
    {
      $schema: 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json',
      version: '2.1.0',
      runs: [run],
    },
    null,
    2,
  );
  const cut = head.lastIndexOf('"results": []') + '"results": '.length;
  yield `${head.slice(0, cut)}[`;
  let n = 0;
  for (const f of inOrder(r)) {
    if (n === SARIF_MAX_RESULTS) break;
    const places = f.places.flatMap((p) => where.ofPlace(p) ?? []);
    const source = f.source && r.root ? { uri: where.rel(r.root, f.source.file), line: f.source.line } : null;
    const primary = source ?? places[0] ?? where.fallback(f);
    const on = spread(f, r.summary.pages) || (placeCount(f) > 1 ? `on ${placeCount(f)} pages` : '');
    const result = {
      ruleId: f.rule,
      ruleIndex: ruleIndex.get(f.rule),
      level: f.severity,
      message: { text: `${f.message}${on ? ` (${on})` : ''}${f.hint ? `\nfix: ${f.hint}` : ''}` },
      locations: [location(primary)],
      ...(places.length > (source ? 0 : 1)
        ? {
            relatedLocations: places
              .slice(source ? 0 : 1, RELATED_MAX + (source ? 0 : 1))
              .map((w, i) => location(w, i + 1)),
          }
        : {}),
      // The same break, found again, is the same alert: keyed by rule and target (or page), never by line.
      partialFingerprints: { 'paSiteCheck/v1': `${f.rule}:${f.target ?? f.places[0]?.page ?? f.message}` },
    };
    const text = JSON.stringify(result, null, 2).replace(/\n/g, '\n        ');
    yield `${n++ ? ',' : ''}\n        ${text}`;
  }
  yield `${n ? '\n      ' : ''}]${head.slice(cut + 2)}`;
}
