/**
 * A score is evidence with its source (#48): a score without `source:`, a figure typed into a
 * score's reason, a typed rank or rating beside scores, and a licensing or offer score that breaks
 * the method's rule are each an error at their line, naming the field, with a fix; all at once.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, formatDiagnostic, type Diagnostic } from '../src/index.js';
import { copyOfContent } from './helpers.js';

const FD = 'content/operators/fanduel.yaml';
const MGM = 'content/operators/betmgm.yaml';

/** The 1-based line of the first match of `re` in `text`. */
const lineOf = (text: string, re: RegExp) => text.slice(0, text.search(re)).split('\n').length;

let errors: Diagnostic[];
let fd: string;
let mgm: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  const copy = await copyOfContent();
  cleanup = copy.cleanup;
  fd = (await copy.read(FD))
    // The banking score loses its source; the track reason gets a typed date.
    .replace(
      /(\n {2}banking:\n {4}score: 2\n(?: {6}.*\n| {4}reason: >-\n)+) {4}source: fos-fanduel-credit-cards\n/,
      '$1',
    )
    .replace(
      'within a year of\n      the first online sportsbook,',
      'within a year of\n      the first online sportsbook, July 29, 2019,',
    )
    .replace('kind: sportsbook\n', 'kind: sportsbook\nrank: 1\n');
  mgm = (await copy.read(MGM))
    // Licensing 2 follows from its two fines; 5 does not. The offer states three key terms: 4, not 5.
    .replace(/(\n {2}licensing:\n {4}score: )2/, '$15')
    .replace(/(\n {2}offer:\n {4}score: )4/, '$15')
    // One self-exclusion fine on record: protection can be at most 4.
    .replace(/(\n {2}protection:\n {4}score: )3/, '$15');
  expect(fd).toContain('rank: 1');
  expect(fd).toContain('July 29, 2019,');
  expect(mgm.match(/score: 5/g)).toHaveLength(3);
  await copy.write(FD, fd);
  await copy.write(MGM, mgm);
  const result = await build({ root: copy.root, outDir: path.join(copy.root, 'dist'), today: '2025-01-20' });
  expect(result.ok).toBe(false);
  errors = result.diagnostics.filter((d) => d.severity === 'error');
});
afterAll(() => cleanup?.());

describe('scores that break the method fail the build at their line', () => {
  it('a score without a source, at the score, with a fix', () => {
    const d = errors.find((e) => e.field === 'scores.banking.source')!;
    expect(d).toMatchObject({ file: FD, line: lineOf(fd, /\n {2}banking:\n/) + 2 });
    expect(d.message).toMatch(/^a score needs its source/);
    expect(d.hint).toMatch(/add "source: <id>"/);
    expect(formatDiagnostic(d)).toMatch(/^content\/operators\/fanduel\.yaml:\d+:\d+ {2}scores\.banking\.source/);
  });

  it('a figure typed into a reason, naming it', () => {
    const d = errors.find((e) => e.field === 'scores.track.reason')!;
    expect(d).toMatchObject({ file: FD, line: lineOf(fd, /\n {2}track:\n/) + 3 });
    expect(d.message).toBe('a reason states no figure of its own: "29" is typed into it');
    expect(d.hint).toMatch(/\{\{id\.field\}\}/);
  });

  it('a typed rank beside scores', () => {
    const d = errors.find((e) => e.field === 'rank')!;
    expect(d).toMatchObject({ file: FD, line: 2 });
    expect(d.message).toMatch(/computed from scores/);
  });

  it('licensing, offer and protection scores that break their rules, saying what the rule gives', () => {
    const lic = errors.find((e) => e.field === 'scores.licensing.score')!;
    expect(lic).toMatchObject({ file: MGM, line: lineOf(mgm, /\n {2}licensing:\n/) + 2, code: 'score-rule' });
    expect(lic.message).toBe("licensing score 5 disagrees with the method's rule, which gives 2");
    expect(lic.hint).toMatch(/^write score: 2; the rule is 5, less 1 for each fine under \$100,000/);
    const offer = errors.find((e) => e.field === 'scores.offer.score')!;
    expect(offer.message).toBe("offer score 5 disagrees with the method's rule, which gives 4");
    const protection = errors.find((e) => e.field === 'scores.protection.score')!;
    expect(protection.message).toMatch(/^protection score 5 is above 4, the most the method's rule allows with 1 PGCB/);
  });
});
