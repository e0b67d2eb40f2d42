import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyScan } from './html.js';
import { LeanPages, NameIndex } from './lean-pages.js';
import { PLAIN, type SitePage } from './site-page.js';

/** File names as a folder gives them: short, often sharing a prefix, any character. */
const name = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer({ min: 0, max: 200 }).map((n) => `core/struct.S${n}.html`),
  fc.string({ unit: 'grapheme', maxLength: 6 }).map((s) => `dir/${s}.html`),
);

describe('NameIndex', () => {
  it('finds what Array.indexOf finds, for names listed and not (property)', () => {
    fc.assert(
      fc.property(fc.array(name, { maxLength: 300 }), fc.array(name, { maxLength: 50 }), (names, asked) => {
        const index = new NameIndex(names);
        for (const n of [...names, ...asked]) expect(index.indexOf(n)).toBe(names.indexOf(n));
      }),
    );
  });
});

describe('LeanPages', () => {
  const url = (f: string) => `/${f.replace(/\.html$/, '')}`;

  it('answers as a Map of the same pages would, in the order of the names (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(name, { maxLength: 200 }).map((a) => a.sort()),
        fc.array(fc.constantFrom('plain', 'refresh', 'alias', 'unread'), { minLength: 200, maxLength: 200 }),
        (files, kinds) => {
          const lean = new LeanPages(files, url);
          const map = new Map<string, SitePage>();
          files.forEach((file, i) => {
            const kind = kinds[i];
            if (kind === 'unread') return;
            const scan =
              kind === 'refresh' ? { ...emptyScan(), refresh: { url: 'a.html', delay: 0 }, noindex: true } : PLAIN;
            const page: SitePage = {
              file,
              url: url(file),
              scan,
              lean: i,
              ...(kind === 'alias' ? { aliasOf: 'x' } : {}),
            };
            lean.add(i, page);
            map.set(file, page);
          });
          const plainly = (p: SitePage | undefined) =>
            p && { ...p, scan: { refresh: p.scan.refresh, noindex: p.scan.noindex, base: p.scan.base } };
          expect(lean.size).toBe(map.size);
          expect([...lean.values()].map(plainly)).toEqual([...map.values()].map(plainly));
          for (const f of [...files, 'nowhere.html']) {
            expect(lean.has(f)).toBe(map.has(f));
            expect(plainly(lean.get(f))).toEqual(plainly(map.get(f)));
          }
          const other = lean.withUrls((f) => `/other/${f}`);
          expect([...other.values()].map((p) => p.url)).toEqual([...map.keys()].map((f) => `/other/${f}`));
        },
      ),
    );
  });

  it('shares the plain scan and keeps only what the link check reads of the others', () => {
    const lean = new LeanPages(['a.html', 'b.html'], url);
    lean.add(0, { scan: PLAIN, lean: 0 });
    lean.add(1, { scan: { ...emptyScan(), base: '/x/', titles: ['kept by no lean page'] }, lean: 1 });
    expect(lean.get('a.html')!.scan).toBe(PLAIN);
    expect(lean.get('b.html')!.scan).toMatchObject({ base: '/x/', titles: [] });
  });
});
