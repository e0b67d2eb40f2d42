import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const script = path.resolve('bench', 'run.mjs');
const run = (...args: string[]) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });

describe('bench/run.mjs arguments', () => {
  it('refuses a thread list that is not whole numbers from 1, before building anything', () => {
    for (const list of ['0', '1,,2', 'two', '1,2,']) {
      const r = run('--sizes', '250', '--workers', list);
      expect(r.status, list).toBe(2);
      expect(r.stderr).toContain('[--workers 1,2,4,8] [--baseline DIR]');
      expect(r.stderr, list).not.toMatch(/\n\s+at /);
      expect(r.stderr).toContain(`(bad argument --workers ${list})`);
    }
  });

  it('--help prints the usage and exits 0', () => {
    const r = run('--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('or: node bench/run.mjs --compare DIR');
  });

  it('refuses a baseline folder that holds no pa-site', () => {
    const r = run('--baseline', path.resolve('docs'));
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('(bad argument --baseline');
  });

  it('with --cold-only --no-eleventy times only the cold rows and the peers left, and says so', () => {
    const r = run('--sizes', '40', '--runs', '1', '--warmup', '0', '--cold-only', '--no-eleventy');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('run 1 pa-site cold:');
    expect(r.stdout).toContain('run 1 pa-site --no-cache:');
    for (const row of ['pa-site warm', 'old output deleted', 'hard-link copy', 'Eleventy 3.1.2:'])
      expect(r.stdout).not.toContain(row);
    expect(r.stdout).toMatch(/tools: pa-site \S+, Eleventy not run/);
  });

  it('with --small builds the small-pages corpus and times the floor beside the builds', () => {
    const r = run('--sizes', '40', '--runs', '1', '--warmup', '0', '--cold-only', '--no-eleventy', '--small');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('small-pages corpus, sizes 40');
    expect(r.stdout).toContain('run 1 floor:');
    expect(r.stdout).toMatch(/\| floor +\| +40 \|/);
    expect(r.stdout).toMatch(/cold CPU \/ floor CPU = \d+\.\d\d×/);
  });

  it('runs untimed warm-up rounds first, then rotates the order by one tool each round', () => {
    const r = run('--sizes', '40', '--runs', '2', '--warmup', '1', '--cold-only', '--no-eleventy');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('2 run(s) each after 1 untimed warm-up round(s)');
    const lines = r.stdout.split('\n').filter((l) => /^ {2}(warm-up|run) \d+ /.test(l));
    const first = (round: string) => lines.find((l) => l.startsWith(`  ${round} `))?.replace(/:.*/, '');
    // The warm-up round starts with pa-site (its output feeds the floor); run 1 (round 2) one tool later.
    expect(first('warm-up 1')).toBe('  warm-up 1 pa-site cold');
    expect(first('run 1')).toBe('  run 1 floor');
    expect(lines.filter((l) => l.startsWith('  run 1 ')).map((l) => l.replace(/:.*/, '').slice(8))).toContain(
      'pa-site cold',
    );
    // The warm-up round is printed apart from the two timed rounds.
    const timed = r.stdout.match(/^ {2}run \d+ floor: /gm) ?? [];
    expect(timed).toHaveLength(2);
    const bad = run('--warmup', 'x');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('(bad argument --warmup x)');
  });

  it('refuses a --compare folder that holds no pa-site, and options that do not apply to it', () => {
    const none = run('--compare', path.resolve('docs'));
    expect(none.status).not.toBe(0);
    expect(none.stderr).toContain('(bad argument --compare');
    const clash = run('--compare', '.', '--workers', '1,2');
    expect(clash.status).not.toBe(0);
    expect(clash.stderr).toContain('--workers does not apply');
  });

  it('with --compare times two checkouts in turn and says whether their outputs are the same', () => {
    const r = run('--compare', '.', '--sizes', '40', '--runs', '1', '--cold-only');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('note: the same checkout twice');
    expect(r.stdout).toContain('round 1 this cold:');
    expect(r.stdout).toContain('round 1 other cold:');
    expect(r.stdout).toContain('outputs: byte-identical');
    expect(r.stdout).toMatch(/this ÷ other: cold \d+\.\d\d×/);
    for (const row of ['warm', 'Eleventy', 'Hugo']) expect(r.stdout).not.toContain(row);
  });
});
