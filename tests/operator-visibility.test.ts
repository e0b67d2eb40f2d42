/**
 * Nothing silently invisible (#35 item 5): an operator no page shows is a warning naming the lists
 * and their limits, and the license table takes a reviewed brand from its operator file alone.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../src/index.js';
import { fixtureProject, HOME, OPERATOR } from './fixture.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

/** A second sportsbook, in its own file only (site.yaml's market list does not name it). */
const SECOND = OPERATOR.replace('name: Example Sportsbook', 'name: Second Sportsbook')
  .replace('shortName: Example', 'shortName: Second')
  .replace('rank: 1', 'rank: 2')
  .replace('licensee: Example Casino Resort', 'licensee: Second Casino Resort');

const LICENCES = `---
template: guide
title: Licensed sportsbooks in the fixture
description: Every licensed sportsbook brand of the fixture, with its license holder, for the tests.
updated: 2025-01-15
hero:
  heading: Licenses
  lede: Who holds which license.
blocks:
  licenses:
    type: licensed-brands
    kind: sportsbook
---
The brands.

::: licenses
`;

async function built(files: Record<string, string>) {
  const p = await fixtureProject(files);
  cleanups.push(p.cleanup);
  const r = await build({ root: p.root, outDir: 'dist', cache: false });
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return r;
}

describe('an operator no page shows', () => {
  it('is a warning naming the lists that leave it out and their limits', async () => {
    const r = await built({
      'content/pages/index.md': HOME.replace('    kind: sportsbook', '    kind: sportsbook\n    limit: 1'),
      'content/operators/second.yaml': SECOND,
    });
    expect(r.ok).toBe(true);
    expect(r.diagnostics.filter((d) => d.code === 'operator-unseen')).toEqual([
      {
        severity: 'warning',
        code: 'operator-unseen',
        file: 'content/operators/second.yaml',
        line: 1,
        col: 7,
        field: 'kind',
        message:
          'operator "second" (rank 2) appears on no page: the sportsbook lists show only the first few rated ' +
          'by rank (/ "books" shows the first 1), and it has no review or offer box',
        hint: 'raise a list\'s "limit:" or add a review page (template: review, operator: second)',
      },
    ]);
  });

  it('is no warning when a list has room for it', async () => {
    const r = await built({ 'content/operators/second.yaml': SECOND });
    expect(r.diagnostics.filter((d) => d.code === 'operator-unseen')).toEqual([]);
  });
});

describe('the license table takes reviewed brands from their operator files', () => {
  it('lists an operator that site.yaml does not name, with the license holder from its file', async () => {
    const r = await built({ 'content/operators/second.yaml': SECOND, 'content/pages/licenses.md': LICENCES });
    const html = await readFile(path.join(r.outDir, 'licenses.html'), 'utf8');
    expect(html).toMatch(/<th scope="row">Second Sportsbook<\/th><td[^>]*>Second Casino Resort/);
  });

  it('fills in the row of a brand site.yaml lists without a review, instead of adding a second row', async () => {
    const bet365 = SECOND.replace('name: Second Sportsbook', 'name: bet365').replace(
      'licensee: Second Casino Resort',
      'licensee: Example License Holder',
    );
    const r = await built({ 'content/operators/bet365.yaml': bet365, 'content/pages/licenses.md': LICENCES });
    const html = await readFile(path.join(r.outDir, 'licenses.html'), 'utf8');
    expect(html.match(/<th scope="row">bet365<\/th>/g)).toHaveLength(1);
    expect(html).toMatch(/<th scope="row">bet365<\/th><td[^>]*>Example License Holder/);
  });
});
