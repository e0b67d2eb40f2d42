/**
 * Findings past a threshold spill (src/check/finding-spill.ts): with `spillFindings` they wait,
 * sorted, in check's spill folder and every report reads them back from there. Whether they spill
 * must not change a byte of any report: the same folder is checked with the threshold set low
 * (spilled) and without the option (every finding in memory), and the text (plain, --verbose,
 * --quiet), JSON (plain, --verbose), SARIF, JUnit and GitHub reports are compared, as they are
 * after a --baseline and in the baseline file written.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyBaseline, type BaselineEntry, writeBaseline } from '../src/check/baseline.js';
import { closeCheck, eachFinding, findingCount } from '../src/check/finding-spill.js';
import { githubLines, jsonChunks, junitChunks, sarifChunks, textLines } from '../src/check/report.js';
import { runCheck } from '../src/cli/check-command.js';
import { allPlaces, check, type CheckResult } from '../src/index.js';
import { fixtureProject, fixtureSiteYaml, GOOD_FM } from './fixture.js';

const PAGES = 120;
/** Rule ids a page's check-ignore names that are no page rule: one single-place page finding each. */
const IGNORES = 10;
const FRAGMENTS = 8;

let work: string;
let temp: string;
/** The folder, spilled and kept, of another generator and of pa-site (its marker: page rules run too). */
const runs = new Map<string, { site: string; spilled: CheckResult; kept: CheckResult }>();
const KINDS = ['another generator', 'pa-site'] as const;

function writeSite(site: string, marked: boolean): void {
  mkdirSync(path.join(site, 'd'), { recursive: true });
  const page = (head: string, body: string) =>
    `<!DOCTYPE html><html><head><title>t</title>${head}</head><body>${body}</body></html>\n`;
  if (marked) writeFileSync(path.join(site, '.pa-site-output'), '');
  writeFileSync(path.join(site, 'index.html'), page('', '<main><h1 id="top">Index</h1></main>'));
  writeFileSync(
    path.join(site, 'sitemap.xml'),
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
      '<url><loc>https://example.com/not-here</loc></url></urlset>\n',
  );
  for (let i = 0; i < PAGES; i++) {
    const ignore = Array.from({ length: IGNORES }, (_, k) => `no-rule-${(i + k) % 17}`).join(' ');
    const links = [
      ...Array.from({ length: FRAGMENTS }, (_, k) => `<a href="../index.html#gone-${i}-${k}">x</a>`),
      `<a href="#self-${i}">self</a>`,
      `<a href="missing-${i % 40}.html">missing</a>`,
      `<img src="img/missing-${i % 7}.png" alt="">`,
    ];
    // Every tenth page nests past what browsers build: a page error on one page.
    const deep = i % 10 === 0 ? `${'<div>'.repeat(600)}x` : '';
    writeFileSync(
      path.join(site, 'd', `p${String(i).padStart(3, '0')}.html`),
      page(
        `<meta name="pa-site-check-ignore" content="${ignore}">`,
        `<main>${links.join('\n')}</main><footer><a href="/legal/gone.html">legal</a></footer>${deep}`,
      ),
    );
  }
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'pa-site-findings-spill-'));
  temp = path.join(work, 'tmp');
  mkdirSync(temp);
  // check's temporary folders go here, where the test can see them.
  vi.stubEnv('TMPDIR', temp);
  for (const kind of KINDS) {
    const site = path.join(work, kind === 'pa-site' ? 'marked' : 'other');
    writeSite(site, kind === 'pa-site');
    const spilled = await check({ dir: site, spillFindings: true, findingsKept: 50 });
    const kept = await check({ dir: site });
    // The only part that differs from run to run.
    spilled.summary.ms = 0;
    kept.summary.ms = 0;
    runs.set(kind, { site, spilled, kept });
  }
});

afterAll(() => {
  for (const { spilled, kept } of runs.values()) {
    closeCheck(spilled);
    closeCheck(kept);
  }
  vi.unstubAllEnvs();
  rmSync(work, { recursive: true, force: true });
});

const text = (g: Iterable<string>) => [...g].join('\n');
const chunks = (g: Iterable<string>) => [...g].join('');

/** Every report of a result, by name. */
function reports(r: CheckResult): Record<string, string> {
  return {
    text: text(textLines(r)),
    'text --verbose': text(textLines(r, { verbose: true })),
    'text --quiet': text(textLines(r, { quiet: true })),
    'text --quiet --verbose': text(textLines(r, { quiet: true, verbose: true })),
    json: chunks(jsonChunks(r)),
    'json --verbose': chunks(jsonChunks(r, { verbose: true })),
    sarif: chunks(sarifChunks(r, work)),
    junit: chunks(junitChunks(r)),
    github: text(githubLines(r, work)),
    'github --quiet': text(githubLines(r, work, true)),
  };
}

describe.each(KINDS)('findings past the threshold, in a folder of %s', (kind) => {
  const run = () => runs.get(kind)!;
  it('spill to a sorted file in the spill folder only when asked', () => {
    const { spilled, kept } = run();
    expect(spilled.spilled).toBe(true);
    expect(spilled.findings).toEqual([]);
    expect(kept.spilled).toBeUndefined();
    const n = kept.findings.length;
    expect(n).toBeGreaterThan(1_024);
    expect(findingCount(spilled)).toBe(n);
    // Findings on one page each, which the --verbose text sorts by page: past a sort's batch (1,024) where
    // the page rules run, so that sort goes through run files too.
    const onePage = kept.findings.filter((f) => f.category === 'page' && f.places.length === 1).length;
    expect(onePage).toBeGreaterThan(kind === 'pa-site' ? 1_024 : 10);
    expect(findingCount(kept)).toBe(n);
    const folders = readdirSync(temp).filter((name) => name.startsWith('pa-site-check-'));
    const files = folders.flatMap((f) => readdirSync(path.join(temp, f)));
    expect(files.filter((f) => f === 'findings.jsonl')).toHaveLength(KINDS.length);
    // The sort's runs are gone once its file is written.
    expect(files.filter((f) => f.includes('run-'))).toEqual([]);
  });

  it('read back equal to the findings kept in memory, places and all, any number of times', () => {
    const { spilled, kept } = run();
    const all = (r: CheckResult) => [...eachFinding(r)].map((f) => ({ ...f, all: [...allPlaces(f)] }));
    const back = all(spilled);
    expect(back).toEqual(all(kept));
    expect(all(spilled)).toEqual(back);
    const legal = back.find((f) => f.target === '/legal/gone.html')!;
    expect(legal.placeCount).toBe(PAGES);
    expect(legal.all).toHaveLength(PAGES);
  });

  it('give every report byte for byte as the findings kept in memory do', () => {
    const { spilled, kept } = run();
    const a = reports(spilled);
    const b = reports(kept);
    for (const name of Object.keys(b)) expect({ name, report: a[name] }).toEqual({ name, report: b[name] });
    // The cases the reports take are all there: one line a finding, every page, pages with many findings.
    expect(b.text).toContain('note: one line a finding');
    expect(b['text --verbose']).toContain(kind === 'pa-site' ? 'Page rules' : 'Pages and sitemap');
    expect(b['text --verbose']).toContain('  d/p000.html\n');
    expect(b['text --verbose']).toContain('across pages');
    expect(b['text --verbose']).toContain('linked from the most pages:');
    expect(JSON.parse(a['json --verbose']!).findings).toHaveLength(kept.findings.length);
  });

  it('are left out by a baseline as the findings in memory are, and written to one alike', async () => {
    const { spilled, kept } = run();
    // The baseline records all but every 40th finding, and one that is no longer found.
    const entries: BaselineEntry[] = kept.findings
      .filter((_, i) => i % 40 !== 0)
      .map((f) => ({
        rule: f.rule,
        target: f.target ?? null,
        page: f.target === undefined ? (f.places[0]?.page ?? null) : null,
      }));
    entries.push({ rule: 'broken-link', target: '/fixed.html', page: null });
    const a = applyBaseline(spilled, entries, 'baseline.json');
    const b = applyBaseline(kept, entries, 'baseline.json');
    expect(a.baseline).toEqual(b.baseline);
    expect(b.baseline!.fixed).toBe(1);
    expect(a.summary).toEqual(b.summary);
    expect(findingCount(a)).toBe(b.findings.length);
    // Under 100 findings left: the text report gives each one's detail, page findings by page.
    expect(b.findings.length).toBeLessThan(100);
    const ra = reports(a);
    const rb = reports(b);
    expect(rb.text).toContain('note: ');
    for (const name of Object.keys(rb)) expect({ name, report: ra[name] }).toEqual({ name, report: rb[name] });

    const [x, y] = [path.join(work, `${kind}-spilled.json`), path.join(work, `${kind}-kept.json`)];
    await writeBaseline(x, spilled);
    await writeBaseline(y, kept);
    expect(readFileSync(x, 'utf8')).toBe(readFileSync(y, 'utf8'));
  });

  it('are gone with the spill folder once the result is closed', async () => {
    const r = await check({ dir: run().site, spillFindings: true, findingsKept: 50 });
    const before = readdirSync(temp).length;
    expect(r.spilled).toBe(true);
    closeCheck(r);
    expect(readdirSync(temp).length).toBe(before - 1);
    expect([...eachFinding(r)]).toEqual([]);
  });
});

describe('the CLI past the threshold ($PA_SITE_FINDINGS_KEPT)', () => {
  /** What the CLI prints to stdout and stderr, and its exit code, with the threshold given. */
  async function cli(kept: string, opts: Partial<Parameters<typeof runCheck>[0]>) {
    vi.stubEnv('PA_SITE_FINDINGS_KEPT', kept);
    let out = '';
    let err = '';
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      out += String(chunk);
      return true;
    });
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      err += String(chunk);
      return true;
    });
    try {
      const code = await runCheck({ root: work, dir: runs.get('pa-site')!.site, ...opts });
      const same = (s: string) => s.replace(/in \d+ ms/g, 'in X ms').replace(/"ms": \d+/g, '"ms": X');
      return {
        code,
        out: same(out).replaceAll(`${kept}.json`, 'K.json'),
        err: same(err).replaceAll(`${kept}.json`, 'K.json'),
      };
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
      vi.stubEnv('PA_SITE_FINDINGS_KEPT', '');
    }
  }

  it('prints as with every finding in memory, writes and reads baselines alike, leaves no folder', async () => {
    const folders = () => readdirSync(temp).filter((n) => n.startsWith('pa-site-check-')).length;
    const before = folders();
    for (const opts of [
      { verbose: true },
      { format: 'json' as const },
      { writeBaseline: 'K.json', quiet: true },
      { baseline: 'K.json', format: 'github' as const },
    ]) {
      const named = (kept: string) =>
        Object.fromEntries(
          Object.entries(opts).map(([k, v]) => [k, v === 'K.json' ? path.join(work, `${kept}.json`) : v]),
        );
      const low = await cli('50', named('50'));
      const high = await cli('1000000', named('1000000'));
      expect({ opts, ...low }).toEqual({ opts, ...high });
      expect(low.out).toContain(
        opts.baseline ? `${runs.get('pa-site')!.kept.findings.length} findings recorded in` : 'd/p000.html',
      );
    }
    expect(readFileSync(path.join(work, '50.json'), 'utf8')).toBe(
      readFileSync(path.join(work, '1000000.json'), 'utf8'),
    );
    expect(folders()).toBe(before);
  });

  it('refuses a threshold that is not a whole number', async () => {
    const r = await cli('lots', {});
    expect(r.code).toBe(2);
    expect(r.err).toContain('PA_SITE_FINDINGS_KEPT must be a whole number of findings (received: lots)');
  });
});

describe('a pa-site project past the threshold', () => {
  it('locates spilled findings in their content files as it does findings in memory', async () => {
    // Broken links at their own lines of two pages, and the layout's links broken on every page.
    const links = (from: number) =>
      Array.from({ length: 40 }, (_, i) => `See [the ${from + i}th](/gone-${from + i}).`).join('\n\n');
    const siteYaml = (await fixtureSiteYaml()).replace(/(href): \/[a-z0-9/#-]*/gi, '$1: /not-built');
    const p = await fixtureProject({
      'content/site.yaml': siteYaml,
      'content/pages/a.md': `---\n${GOOD_FM}\n---\n${links(0)}\n`,
      'content/pages/b.md': `---\n${GOOD_FM.replace('Second page title', 'Third page title')}\n---\n${links(20)}\n`,
    });
    try {
      const same = (r: CheckResult): CheckResult => ({
        ...r,
        dir: 'built',
        summary: { ...r.summary, ms: 0, buildMs: 0 },
      });
      const today = '2025-02-01';
      const spilled = same(await check({ root: p.root, today, spillFindings: true, findingsKept: 5 }));
      const kept = same(await check({ root: p.root, today }));
      try {
        expect(spilled.build?.ok).toBe(true);
        expect(spilled.spilled).toBe(true);
        expect(kept.findings.length).toBeGreaterThan(40);
        expect(kept.findings.find((f) => f.target === '/gone-30')?.places.map((q) => q.file)).toEqual([
          'content/pages/a.md',
          'content/pages/b.md',
        ]);
        const a = reports(spilled);
        const b = reports(kept);
        for (const name of Object.keys(b)) expect({ name, report: a[name] }).toEqual({ name, report: b[name] });
      } finally {
        closeCheck(spilled);
        closeCheck(kept);
      }
    } finally {
      await p.cleanup();
    }
  });
});
