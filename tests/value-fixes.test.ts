/**
 * Small values with their cause and a fix (issue 51 item 10): a source `url` with a space or a line
 * break is refused (it reached the page's href), `rank: 1.5` and a source title over 300 characters
 * say how to fix them.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../src/index.js';
import { OPERATOR, fixtureProject } from './fixture.js';
import { repoRoot } from './helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

async function diagnosticsWith(files: Record<string, string>) {
  const p = await fixtureProject(files);
  cleanups.push(p.cleanup);
  const r = await build({ root: p.root });
  return r.diagnostics.filter((d) => d.severity === 'error');
}

const sources = () => readFile(path.join(repoRoot, 'content/sources.yaml'), 'utf8');

describe('values with a fix (#51 item 10)', () => {
  it('a source url with a space and a line break is an error with a fix', async () => {
    const text = (await sources()).replace(/url: (https:\/\/\S+)/, 'url: "$1/a b\\nc"');
    const errors = await diagnosticsWith({ 'content/sources.yaml': text });
    const d = errors.find((e) => e.file === 'content/sources.yaml' && /url$/.test(e.field));
    expect(d?.message).toMatch(/no spaces or line breaks/);
    expect(d?.hint).toBeTruthy();
  });

  it('a source title over 300 characters has a fix line', async () => {
    const text = (await sources()).replace(/title: .*/, `title: ${'A'.repeat(301)}`);
    const errors = await diagnosticsWith({ 'content/sources.yaml': text });
    const d = errors.find((e) => e.file === 'content/sources.yaml' && /title$/.test(e.field));
    expect(d?.hint).toMatch(/300 characters at most/);
  });

  it('rank: 1.5 says to write a whole number', async () => {
    const errors = await diagnosticsWith({
      'content/operators/example.yaml': OPERATOR.replace('rank: 1', 'rank: 1.5'),
    });
    const d = errors.find((e) => e.field === 'rank');
    expect(d?.hint).toMatch(/whole number/);
  });
});
