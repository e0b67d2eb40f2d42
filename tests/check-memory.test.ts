/**
 * The memory bound of `check --dir` (docs/check.md, "Large trees"), kept small enough for every run
 * of the tests: the CLI's peak resident memory on a 5,000-struct rustdoc-shaped tree (5,752 files,
 * 8 kB of prose a page) with 15,000 findings, in the text, JSON and SARIF formats. bench/check-docgen.mjs
 * measures the full size (32,202 files; 84,000 and 100,000 findings).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeRustdoc } from '../bench/docgen-trees.mjs';
import { repoRoot } from './helpers.js';
import { scaled } from './machine.js';

/** The stated bound at this size (docs/check.md): the page phase's peak, with room for V8's timing of collections. */
const BOUND_MB = 250;

const work = mkdtempSync(path.join(tmpdir(), 'pa-site-check-memory-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The tree writer takes the bench's options too (its declared type names the tests' two). */
const write = writeRustdoc as (dir: string, o: { pages: number; bulk: number; broken: number }) => string[];

function peakMb(dir: string, format: string): { code: number | null; mb: number; stderr: string } {
  const cli = [path.join(repoRoot, 'bin', 'pa-site.js'), 'check', '--dir', dir, '--format', format];
  const r = spawnSync(process.execPath, ['--require', path.join(repoRoot, 'bench', 'max-rss.cjs'), ...cli], {
    stdio: ['ignore', openSync('/dev/null', 'w'), 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  const kib = Number(/maxRSS (\d+)/.exec(r.stderr)?.[1] ?? Number.NaN);
  return { code: r.status, mb: kib / 1024, stderr: r.stderr };
}

describe('check --dir memory', () => {
  const dir = path.join(work, 'rustdoc');
  it.each(['text', 'json', 'sarif'])(
    `peaks under ${BOUND_MB} MB on 5,000 struct pages with 15,000 findings (%s)`,
    (format) => {
      if (format === 'text') write(dir, { pages: 5_000, bulk: 8_000, broken: 3 });
      const r = peakMb(dir, format);
      expect(r.code, r.stderr.slice(-2000)).toBe(1);
      expect(r.mb).toBeGreaterThan(20);
      expect(r.mb).toBeLessThan(BOUND_MB);
    },
    scaled(240_000),
  );
});
