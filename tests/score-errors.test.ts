/**
 * The rating is computed from the record (#58): a rating or rank typed beside computed ones, and a
 * PGCB action that does not say whom it was against or what it concerned, are each an error at their
 * line, naming the field, with a fix; all at once.
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
let cleanup: () => Promise<void>;
beforeAll(async () => {
  const copy = await copyOfContent();
  cleanup = copy.cleanup;
  fd = (await copy.read(FD)).replace('kind: sportsbook\n', 'kind: sportsbook\nrank: 1\nrating: 5\n');
  const mgm = (await copy.read(MGM)).replace('    against: operator\n', '');
  expect(fd).toContain('rating: 5');
  await copy.write(FD, fd);
  await copy.write(MGM, mgm);
  const result = await build({ root: copy.root, outDir: path.join(copy.root, 'dist'), today: '2025-01-20' });
  expect(result.ok).toBe(false);
  errors = result.diagnostics.filter((d) => d.severity === 'error');
});
afterAll(() => cleanup?.());

describe('a rating the method computes cannot be typed, and the record says what each fine was', () => {
  it('a typed rating and rank beside computed ones, each at its line, with a fix', () => {
    for (const [field, re] of [
      ['rating', /\nrating: 5/],
      ['rank', /\nrank: 1/],
    ] as const) {
      const d = errors.find((e) => e.file === FD && e.field === field)!;
      expect(d, field).toMatchObject({ code: 'computed-field', line: lineOf(fd, re) + 1 });
      expect(d.hint).toMatch(new RegExp(`delete "${field}:"`));
      expect(formatDiagnostic(d)).toMatch(new RegExp(`^content/operators/fanduel\\.yaml:\\d+:\\d+ {2}${field}`));
    }
  });

  it('a PGCB action without whom it was against, in the same run', () => {
    const d = errors.find((e) => e.file === MGM)!;
    expect(d.field).toBe('enforcement[0].against');
  });
});
