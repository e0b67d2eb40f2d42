/**
 * `--format sarif` and `--format junit`: valid against their schemas (SARIF 2.1.0's JSON Schema,
 * the Jenkins xUnit plugin's JUnit XSD, both in tests/fixtures/schemas) and within GitHub code
 * scanning's upload rules (one run, one rule per kind, every result at a relative file path); and
 * `--format json`, whose size grows with the findings, not with the pages they are on.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { check, type CheckResult } from '../src/index.js';
import { closeCheck } from '../src/check/finding-spill.js';
import { formatJunit, formatSarif, jsonChunks } from '../src/check/report.js';
import { SARIF_MAX_RESULTS } from '../src/check/report-sarif.js';
import type { Finding } from '../src/check/types.js';
import { repoRoot } from './helpers.js';
import { hasXmllint } from './machine.js';

const schemas = path.join(import.meta.dirname, 'fixtures', 'schemas');
const work = mkdtempSync(path.join(tmpdir(), 'pa-site-formats-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** SARIF's schema is draft-04: Ajv reads it as draft-07 once its `id` is `$id` (nothing else differs in it). */
function sarifValidator() {
  const schema = JSON.parse(readFileSync(path.join(schemas, 'sarif-schema-2.1.0.json'), 'utf8'));
  delete schema.$schema;
  schema.$id = schema.id;
  delete schema.id;
  const ajv = new Ajv({ strict: false, allErrors: true });
  const parses = (s: string, base?: string) => {
    try {
      new URL(s, base);
      return true;
    } catch {
      return false;
    }
  };
  ajv.addFormat('uri', (s: string) => parses(s));
  ajv.addFormat('uri-reference', (s: string) => parses(s, 'file:///root/'));
  ajv.addFormat('date-time', (s: string) => !Number.isNaN(Date.parse(s)));
  return ajv.compile(schema);
}
const validSarif = sarifValidator();

/** GitHub's upload rules for SARIF beyond the schema (docs: "SARIF support for code scanning", its limits). */
function githubRules(log: { runs: { tool: { driver: { rules: { id: string }[] } }; results: unknown[] }[] }): string[] {
  const problems: string[] = [];
  if (log.runs.length > 20) problems.push('more than 20 runs');
  for (const run of log.runs) {
    const ids = run.tool.driver.rules.map((r) => r.id);
    if (new Set(ids).size !== ids.length) problems.push('a rule id twice');
    if (run.results.length > SARIF_MAX_RESULTS) problems.push('more than 25,000 results');
    for (const r of run.results as {
      ruleId: string;
      ruleIndex: number;
      locations?: { physicalLocation?: { artifactLocation?: { uri?: string }; region?: { startLine?: number } } }[];
      relatedLocations?: unknown[];
    }[]) {
      if (ids[r.ruleIndex] !== r.ruleId) problems.push(`ruleIndex of ${r.ruleId}`);
      if (!r.locations?.length) problems.push(`${r.ruleId}: no location`);
      for (const l of r.locations ?? []) {
        const uri = l.physicalLocation?.artifactLocation?.uri;
        if (!uri) problems.push(`${r.ruleId}: a location without a file`);
        else if (/^[a-z][a-z0-9+.-]*:|^\//i.test(uri)) problems.push(`${r.ruleId}: ${uri} is not relative`);
        if (!((l.physicalLocation?.region?.startLine ?? 0) >= 1)) problems.push(`${r.ruleId}: no start line`);
      }
      if ((r.locations?.length ?? 0) + (r.relatedLocations?.length ?? 0) > 1000) problems.push('over 1,000 locations');
    }
  }
  return problems;
}

const page = (body: string) => `<!DOCTYPE html><html><head><title>t</title></head><body>${body}</body></html>\n`;

/** A folder with broken links, a fragment, a symbolic link, a page on many pages and odd characters. */
function folder(): string {
  const dir = path.join(work, 'site');
  mkdirSync(path.join(dir, 'docs sub'), { recursive: true });
  for (let i = 0; i < 15; i++)
    writeFileSync(path.join(dir, `p${i}.html`), page(`<a href="/legal.html">legal</a> <a href="#nope${i}">x</a>`));
  writeFileSync(path.join(dir, 'docs sub', 'a&b.html'), page('<a href="/gone%20page.html">g</a>'));
  writeFileSync(path.join(dir, 'index.html'), page('<a href="/p1.html">p</a> <a href="/x" ]]>&lt;&#1;>odd</a>'));
  symlinkSync('no-such-target.png', path.join(dir, 'dangling.png'));
  return dir;
}

describe('SARIF', () => {
  let result: CheckResult;
  it('is valid SARIF 2.1.0 within GitHub upload rules, one rule per kind, paths relative', async () => {
    const dir = folder();
    result = await check({ dir });
    const log = JSON.parse(formatSarif(result, work));
    expect(validSarif(log), JSON.stringify(validSarif.errors?.slice(0, 3))).toBe(true);
    // The validator can fail: a run without its tool is not SARIF.
    expect(validSarif({ version: '2.1.0', runs: [{ results: [] }] })).toBe(false);
    expect(githubRules(log)).toEqual([]);
    const run = log.runs[0];
    expect(run.tool.driver.rules.map((r: { id: string }) => r.id)).toEqual(
      [...new Set(result.findings.map((f) => f.rule))].sort(),
    );
    expect(run.results).toHaveLength(result.findings.length);
    const legal = run.results.find((r: { message: { text: string } }) => r.message.text.includes('/legal.html'));
    expect(legal.locations[0].physicalLocation.artifactLocation.uri).toBe('site/p0.html');
    expect(legal.relatedLocations).toHaveLength(9);
    // A file name with a space is percent-encoded; a finding with no page points at the file that explains it.
    const uris = run.results.map(
      (r: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) =>
        r.locations[0]!.physicalLocation.artifactLocation.uri,
    );
    expect(uris).toContain('site/docs%20sub/a&b.html');
    expect(uris).toContain('site/dangling.png');
    closeCheck(result);
  });

  it('keeps GitHub limits on a huge result: 25,000 results, errors first, the rest counted', () => {
    const findings: Finding[] = Array.from({ length: SARIF_MAX_RESULTS + 10 }, (_, i) => ({
      rule: i % 2 ? 'broken-link' : 'symlink-broken',
      severity: i % 2 ? 'error' : 'warning',
      category: 'link',
      message: `m${i}`,
      target: `/t${i}`,
      places: i % 2 ? [{ page: `p${i}.html`, url: `/p${i}`, file: null, line: 1 }] : [],
    }));
    const r = { ...result, findings, build: null, root: null, dir: path.join(work, 'site') };
    const log = JSON.parse(formatSarif(r, work));
    expect(githubRules(log)).toEqual([]);
    const results = log.runs[0].results as { level: string }[];
    expect(results).toHaveLength(SARIF_MAX_RESULTS);
    expect(results.filter((x) => x.level === 'error')).toHaveLength((SARIF_MAX_RESULTS + 10) / 2);
    expect(log.runs[0].invocations[0].toolExecutionNotifications[0].message.text).toContain('10 more findings');
  });
});

describe('JSON', () => {
  it('grows with the findings, not their pages: one line a finding, 5 places each, in small pieces', () => {
    const N = 5_000;
    const findings: Finding[] = Array.from({ length: N }, (_, i) => ({
      rule: 'broken-fragment',
      severity: 'error',
      category: 'link',
      message: `no id="m${i}"`,
      target: `/t${i % 97}.html#m${i}`,
      places: Array.from({ length: 40 }, (_, k) => ({ page: `p${k}.html`, url: `/p${k}`, file: null, line: k + 1 })),
    }));
    const r: CheckResult = {
      version: 1,
      ok: false,
      dir: path.join(work, 'site'),
      root: null,
      siteUrl: null,
      site: { builtBy: 'other', marker: null, servedAs: 'clean', servedAsFrom: 'default' },
      summary: { pages: 40, links: N * 40, errors: N, warnings: 0, ms: 1, offers: { aging: 0, withheld: 0 } },
      build: null,
      findings,
    };
    let bytes = 0;
    let largest = 0;
    const pieces: string[] = [];
    for (const chunk of jsonChunks(r)) {
      bytes += chunk.length;
      largest = Math.max(largest, chunk.length);
      pieces.push(chunk);
    }
    // No piece holds more than a finding's head or the groups: the CLI writes them as they come.
    expect(largest).toBeLessThan(4_096);
    const json = JSON.parse(pieces.join(''));
    expect(json.version).toBe(2);
    expect(json.findings).toHaveLength(N);
    expect(json.groups).toHaveLength(1);
    expect(json.groups[0]).toMatchObject({ findings: N, places: N * 40, rule: 'broken-fragment' });
    expect(json.findings.every((f: { places: unknown[]; placeCount: number }) => f.places.length === 5)).toBe(true);
    expect(json.findings[0].placeCount).toBe(40);
    // About 800 bytes a finding (5 of its 40 places); every place would be five times that.
    expect(bytes / N).toBeLessThan(1_000);
    const full = [...jsonChunks(r, { verbose: true })].join('');
    expect(full.length / N).toBeGreaterThan(4 * (bytes / N));
  });
});

describe.runIf(hasXmllint())('JUnit', () => {
  const valid = (xml: string) => {
    const file = path.join(work, `junit-${Math.random().toString(36).slice(2)}.xml`);
    writeFileSync(file, xml);
    try {
      execFileSync('xmllint', ['--noout', '--schema', path.join(schemas, 'junit-10.xsd'), file], { stdio: 'pipe' });
      return '';
    } catch (e) {
      return String((e as { stderr?: Buffer }).stderr ?? e);
    }
  };

  it('is valid against the JUnit schema: a suite per kind, a failure per error, warnings pass', async () => {
    const dir = path.join(work, 'site');
    const r = await check({ dir });
    const xml = formatJunit(r);
    expect(valid(xml)).toBe('');
    expect(valid('<testsuites><testcase name="x"/></testsuites>')).not.toBe('');
    expect(xml).toMatch(/<testsuite name="broken-link" tests="\d+" failures="\d+"/);
    expect(xml).toContain('<testsuite name="symlink-broken" tests="1" failures="0"');
    expect(xml).toContain('<system-out>warning: ');
    const failures = Number(/<testsuites [^>]*failures="(\d+)"/.exec(xml)![1]);
    expect(failures).toBe(r.summary.errors);
    closeCheck(r);
  });

  it('is one passing case for a clean folder, and escapes what XML cannot hold', async () => {
    const dir = path.join(work, 'clean');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), page('<a href="#top">top</a>'));
    const r = await check({ dir });
    const xml = formatJunit(r);
    expect(valid(xml)).toBe('');
    expect(xml).toContain('tests="1" failures="0"');
    const odd = formatJunit({
      ...r,
      findings: [
        { rule: 'broken-link', severity: 'error', category: 'link', message: 'a \u0001 < "b" ]]>', places: [] },
      ],
    });
    expect(valid(odd)).toBe('');
  });
});

describe('the command line', () => {
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'pa-site.js'), 'check', ...args], {
      cwd: work,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });

  it('prints SARIF and JUnit on --format, and refuses a cache age that is not a number', () => {
    const sarif = cli('--dir', 'site', '--format', 'sarif');
    expect(sarif.status).toBe(1);
    const log = JSON.parse(sarif.stdout);
    expect(validSarif(log)).toBe(true);
    expect(githubRules(log)).toEqual([]);
    const junit = cli('--dir', 'site', '--format', 'junit');
    expect(junit.status).toBe(1);
    expect(junit.stdout).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="pa-site check"/);
    const bad = cli('--dir', 'site', '--external-cache-age', 'soon');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--external-cache-age must be a number of hours (received: soon)');
  });
});
