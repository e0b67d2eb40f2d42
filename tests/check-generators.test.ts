/**
 * `pa-site check --dir` on sites other generators built: the bench corpus laid out with
 * folder-index URLs and relative links (bench/link-corpus.mjs), built with Eleventy and with Hugo.
 * The clean builds must give no finding at all; copies with seeded faults must give exactly the
 * seeded faults. Plus a hand-made folder of the tricky cases (tests/fixtures/tricky-site).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as corpus from '../bench/link-corpus.mjs';
import { check, type CheckResult } from '../src/index.js';
import { repoRoot } from './helpers.js';
import { installed } from './machine.js';

/**
 * The generators are test dependencies outside the root package: Hugo from apt, Eleventy from
 * bench/package.json. Outside CI a missing one skips its tests with the install command; in CI
 * (CI=true) it is a failure, never a silent skip.
 */
const hasHugo = installed(
  spawnSync('hugo', ['version'], { encoding: 'utf8' }).status === 0,
  'hugo',
  'sudo apt-get install hugo',
);
const hasEleventy = installed(existsSync(corpus.eleventyBin), 'Eleventy (bench/node_modules)', 'npm --prefix bench ci');

/** 180 pages: big enough for every kind of link many times over, small enough to build in seconds. */
const PAGES = 180;
const findings = (r: CheckResult) => r.findings.map((f) => `${f.rule} ${f.target ?? ''}`).sort();

let work: string;
let project: ReturnType<typeof corpus.writeCorpus>;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'pa-site-generators-'));
  project = corpus.writeCorpus(work, PAGES);
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe.each([
  ['Eleventy', hasEleventy, (p: typeof project, out: string) => corpus.buildEleventy(p.eleventy, out)],
  ['Hugo', hasHugo, (p: typeof project, out: string) => corpus.buildHugo(p.hugo, out)],
] as const)('check --dir on the corpus built by %s', (name, available, buildWith) => {
  let built: string;
  beforeAll(() => {
    if (available) built = buildWith(project, path.join(work, `${name}-site`));
  });

  it.skipIf(!available)('reports nothing on the clean build, served as clean or as html URLs', async () => {
    for (const servedAs of [undefined, 'clean', 'html'] as const) {
      const r = await check({ dir: built, servedAs });
      expect(r.site.builtBy).toBe('other');
      expect(findings(r)).toEqual([]);
      expect(r.summary.pages).toBeGreaterThanOrEqual(PAGES);
      expect(r.summary.links).toBeGreaterThan(PAGES * 30);
    }
  });

  it.skipIf(!available)('reports every seeded fault and nothing else', async () => {
    const seeded = path.join(work, `${name}-seeded`);
    const expected = corpus.seedFaults(built, seeded, project.pages);
    expect(expected.length).toBeGreaterThanOrEqual(11);
    const r = await check({ dir: seeded });
    expect(findings(r)).toEqual(expected);
    expect(r.ok).toBe(false);
  });
});

describe('check --dir on the hand-made folder of tricky cases', () => {
  const dir = path.join(repoRoot, 'tests', 'fixtures', 'tricky-site');
  const BROKEN = [
    'broken-asset /img/chart%202.svg',
    'broken-fragment /docs/api/#nowhere',
    'broken-fragment /library/os.path.html#os.path.split',
    'broken-fragment /read%20me/#cafe',
    'broken-link /library/OS.html',
    'broken-link /library/missing/',
    'broken-link /nope.html',
  ];

  it('accepts every working link and reports each broken one, served as clean or html URLs', async () => {
    for (const servedAs of ['clean', 'html'] as const) {
      const r = await check({ dir, servedAs });
      expect(findings(r)).toEqual(BROKEN);
      expect(r.findings.every((f) => f.places.length === 1 && f.places[0]!.page === 'broken.html')).toBe(true);
    }
    const r = await check({ dir });
    expect(r.findings.find((f) => f.target === '/library/OS.html')!.hint).toMatch(/^library\/os\.html exists/);
  });
});
