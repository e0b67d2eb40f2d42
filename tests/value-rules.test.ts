/**
 * Values checked where they enter (issue 42, items 6, 7 and 10): check dates not after the build's
 * date, the site `url` a plain https origin, source URLs without credentials, source titles of a
 * bounded length.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../src/index.js';
import { fixtureProject, fixtureSiteYaml, OPERATOR } from './fixture.js';
import { repoRoot } from './helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

async function built(files: Record<string, string>, today = '2025-01-20') {
  const p = await fixtureProject(files);
  cleanups.push(p.cleanup);
  const result = await build({ root: p.root, today, cache: false });
  return { result, root: p.root };
}

const errorsOf = (r: Awaited<ReturnType<typeof build>>) =>
  r.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.file, d.line, d.field, d.message]);
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('check dates after the build date', () => {
  it('bonus.verified in the future is an error at its line, even though the offer would look current', async () => {
    const operator = OPERATOR.replace('verified: 2025-01-10', 'verified: 2099-12-31');
    const { result } = await built({ 'content/operators/example.yaml': operator });
    expect(result.ok).toBe(false);
    expect(errorsOf(result)).toEqual([
      [
        'future-date',
        'content/operators/example.yaml',
        lineOf(operator, 'verified:'),
        'bonus.verified',
        expect.stringContaining("after the build's date (2025-01-20)"),
      ],
    ]);
  });

  it("a source's checked month after the build date is an error naming the source and field", async () => {
    const sources = (await readFile(path.join(repoRoot, 'content/sources.yaml'), 'utf8')).replace(
      'checked: 2025-01',
      'checked: 9999-12',
    );
    const { result } = await built({ 'content/sources.yaml': sources });
    const [only] = errorsOf(result);
    expect(errorsOf(result)).toHaveLength(1);
    expect(only).toEqual([
      'future-date',
      'content/sources.yaml',
      lineOf(sources, 'checked: 9999-12'),
      expect.stringMatching(/^\[\d+\]\.checked$/),
      expect.stringMatching(/checked is December 9999, after the build's date/),
    ]);
  });

  it('the same month as the build date, or a day up to it, is fine', async () => {
    const operator = OPERATOR.replace('verified: 2025-01-10', 'verified: 2025-01-20');
    const { result } = await built({ 'content/operators/example.yaml': operator });
    expect(errorsOf(result)).toEqual([]);
  });
});
