import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyScan } from './html.js';
import { LeanPages } from './lean-pages.js';
import { NameTable } from './name-table.js';
import { PLAIN, type SitePage } from './site-page.js';

/** File names as a folder gives them: short, often sharing a prefix, any character. */
const name = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer({ min: 0, max: 200 }).map((n) => `core/struct.S${n}.html`),
  fc.string({ unit: 'grapheme', maxLength: 6 }).map((s) => `dir/${s}.html`),
);

/** Names a link may ask for: any UTF-16, lone surrogates included. */
const asked = fc.oneof(name, fc.string({ unit: 'binary', maxLength: 6 }));

describe('NameTable', () => {
  it('answers has, indexOf and name as a Set and an array of the same names do (property)', () => {
    fc.assert(
      fc.property(fc.array(name, { maxLength: 300 }), fc.array(asked, { maxLength: 50 }), (names, asked) => {
        const table = new NameTable(names);
        const set = new Set(names);
        expect(table.size).toBe(set.size);
        expect([...table]).toEqual([...set]);
        for (const n of [...names, ...asked]) {
          expect(table.has(n)).toBe(set.has(n));
          expect(table.indexOf(n)).toBe(names.indexOf(n));
        }
        expect(names.map((_, i) => table.name(i))).toEqual(names);
      }),
    );
  });

  it('finds no name for a lone surrogate, which UTF-8 would write as U+FFFD', () => {
    const table = new NameTable(['a\uFFFD.html', 'b.html']);
    expect(table.has('a\uD800.html')).toBe(false);
    expect(table.has('a\uFFFD.html')).toBe(true);
  });

  it('takes names longer than its scratch buffer', () => {
    const long = `${'é'.repeat(400)}.html`;
    expect(new NameTable(['x', long]).indexOf(long)).toBe(1);
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
          const lean = new LeanPages(new NameTable(files), url);
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
    const lean = new LeanPages(new NameTable(['a.html', 'b.html']), url);
    lean.add(0, { scan: PLAIN, lean: 0 });
    lean.add(1, { scan: { ...emptyScan(), base: '/x/', titles: ['kept by no lean page'] }, lean: 1 });
    expect(lean.get('a.html')!.scan).toBe(PLAIN);
    expect(lean.get('b.html')!.scan).toMatchObject({ base: '/x/', titles: [] });
  });
});
