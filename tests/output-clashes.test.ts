/**
 * A path in the output is a file or a folder, not both (issue 51 item 9): a content/public file where
 * a page needs a folder, a public folder named as a page's file, a file named `assets`: one error
 * naming both sources, not the system's EEXIST or EISDIR on dist/.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../src/index.js';
import { GOOD_FM, fixtureProject } from './fixture.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

const PAGE = `---\n${GOOD_FM}\n---\nText.\n`;

describe('file and folder clashes (#51 item 9)', () => {
  const cases: [string, Record<string, string>, string, RegExp][] = [
    [
      'content/public/docs beside content/pages/docs/intro.md',
      { 'content/public/docs': 'a file', 'content/pages/docs/intro.md': PAGE },
      'content/public/docs',
      /content\/pages\/docs\/intro\.md/,
    ],
    [
      'a public folder named index.html/',
      { 'content/public/index.html/x.txt': 'x' },
      'content/public/index.html/x.txt',
      /index\.html/,
    ],
    [
      'a public folder named sitemap.xml/',
      { 'content/public/sitemap.xml/x.txt': 'x' },
      'content/public/sitemap.xml/x.txt',
      /sitemap/,
    ],
    ['a public file named assets', { 'content/public/assets': 'x' }, 'content/public/assets', /assets pa-site writes/],
  ];
  for (const [name, files, file, names] of cases) {
    it(`${name}: one error naming both`, async () => {
      const p = await fixtureProject(files);
      cleanups.push(p.cleanup);
      const r = await build({ root: p.root });
      expect(r.ok).toBe(false);
      expect(r.diagnostics.filter((d) => d.code === 'write-error')).toEqual([]);
      const d = r.diagnostics.find((x) => x.code === 'output-clash');
      expect(d?.file, JSON.stringify(r.diagnostics)).toBe(file);
      expect(d?.message).toMatch(names);
    });
  }
});
