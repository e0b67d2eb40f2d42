import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tagCode, TAG, usesAsValue } from './template-edges.js';
import { withSideEffects } from './template-deps.js';
import { ALL, closeOver, pageDeps, TemplateKeys } from './template-keys.js';

describe('usesAsValue', () => {
  const src = (body: string) => `import { Card, Note as N } from './Card.js';\n${body}`;
  it('is false only when every imported name is used as a JSX tag', () => {
    expect(usesAsValue(src('export const A = () => <div><Card x={1} /><N></N></div>;'), './Card.js')).toBe(false);
  });
  it('is true for calls, props, spreads, member tags, createElement and namespace imports', () => {
    for (const body of [
      'export const A = () => Card({});',
      'export const A = () => <X render={Card} />;',
      'export const A = () => <Card.Item />;',
      'export const A = () => createElement(N);',
      'export const A = { ...Card };',
    ])
      expect(usesAsValue(src(body), './Card.js'), body).toBe(true);
    expect(usesAsValue("import * as c from './Card.js';\nconst A = () => <c.Card />;", './Card.js')).toBe(true);
  });
  it('is true when the file also re-exports, imports dynamically or sets a JSX pragma', () => {
    expect(usesAsValue(src("export { Card } from './Card.js';"), './Card.js')).toBe(true);
    expect(usesAsValue(src("const m = import('./Card.js');"), './Card.js')).toBe(true);
    expect(usesAsValue(`/** @jsxImportSource preact */\n${src('const A = () => <Card />;')}`, './Card.js')).toBe(true);
  });
  it('is true when no import statement it understands names the file', () => {
    expect(usesAsValue("import './Card.js';", './Card.js')).toBe(true);
    expect(usesAsValue('const x = 1;', './Card.js')).toBe(true);
  });
});

describe('tagCode', () => {
  it('tags top-level functions and consts with their file, never imported names, keeping earlier tags', () => {
    const source = [
      "import { Other } from './other.js';",
      'export function Card() {}',
      'export const Note = () => null;',
      'const Alias = Other;',
      'const data = 1;',
    ].join('\n');
    const Other = () => null;
    Object.defineProperty(Other, TAG, { value: 'other.ts' });
    const Card = () => null;
    const Note = () => null;
    // The generated code, run on local stand-ins for the file's bindings.
    const run = new Function('Card', 'Note', 'Alias', 'data', tagCode(source, 'blocks/Card.tsx'));
    run(Card, Note, Other, 1);
    expect([Card, Note, Other].map((f) => (f as unknown as Record<string, string>)[TAG])).toEqual([
      'blocks/Card.tsx',
      'blocks/Card.tsx',
      'other.ts',
    ]);
    expect(tagCode(source, 'x.tsx')).not.toMatch(/"Other"/);
  });
});

describe('dependency sets', () => {
  const graph = {
    global: '',
    files: { 'a.tsx': '1', 'b.ts': '2', 'c.tsx': '3' },
    valueImports: { 'a.tsx': ['b.ts'], 'b.ts': [], 'c.tsx': [] },
    jsxImports: {},
  };
  it('closes noted files over value imports; anything untagged means every file', () => {
    expect(closeOver(graph, ['a.tsx'])).toEqual(['a.tsx', 'b.ts']);
    expect(closeOver(graph, ['c.tsx', ALL])).toEqual([ALL]);
  });
  it('hashes the current versions of exactly the files in the set', () => {
    const before = new TemplateKeys(graph);
    const after = new TemplateKeys({ ...graph, files: { ...graph.files, 'c.tsx': '4' } });
    expect(after.hashOf(['a.tsx', 'b.ts'])).toBe(before.hashOf(['a.tsx', 'b.ts']));
    expect(after.hashOf(['c.tsx'])).not.toBe(before.hashOf(['c.tsx']));
    expect(after.hashOf([ALL])).not.toBe(before.hashOf([ALL]));
  });
});

describe('JSX-only imports', () => {
  // Block.tsx renders the odds and FAQ components as tags; Page.tsx renders one from a barrel file that
  // re-exports it from Impl.tsx.
  const graph = {
    global: '',
    files: {
      'Block.tsx': 'b',
      'pa-site:Odds.tsx': 'o',
      'Faq.tsx': 'f',
      'Page.tsx': 'p',
      'barrel.ts': 'r',
      'Impl.tsx': 'i',
    },
    valueImports: { 'barrel.ts': ['Impl.tsx'] },
    jsxImports: {
      'Block.tsx': { './Odds.js': 'pa-site:Odds.tsx', './Faq.js': 'Faq.tsx' },
      'Page.tsx': { './barrel.js': 'barrel.ts' },
    },
  };
  const faqPage = ['Block.tsx', 'Faq.tsx'];
  const oddsPage = ['Block.tsx', 'pa-site:Odds.tsx'];

  it('count for a page only where it rendered a component through them', () => {
    expect(pageDeps(graph, faqPage)).toEqual(['Block.tsx', 'Faq.tsx', 'Block.tsx\0"./Faq.js"']);
    expect(pageDeps(graph, oddsPage)).toEqual(['Block.tsx', 'pa-site:Odds.tsx', 'Block.tsx\0"./Odds.js"']);
    expect(pageDeps(graph, ['Block.tsx'])).toEqual(['Block.tsx']);
    expect(pageDeps(graph, [ALL])).toEqual([ALL]);
  });

  it('a new override of a component changes the keys of the pages that rendered it, and of no other', () => {
    const before = new TemplateKeys(graph);
    // The site's own Odds.tsx: Block.tsx's import now finds it; pa-site's file is still compiled (it may wrap it).
    const after = new TemplateKeys({
      ...graph,
      files: { ...graph.files, 'Odds.tsx': 'mine' },
      jsxImports: { ...graph.jsxImports, 'Block.tsx': { './Odds.js': 'Odds.tsx', './Faq.js': 'Faq.tsx' } },
    });
    const key = (k: TemplateKeys, noted: string[]) => k.hashOf(k.depsOf(noted));
    expect(key(after, faqPage)).toBe(key(before, faqPage));
    expect(key(after, oddsPage)).not.toBe(key(before, oddsPage));
    expect(key(after, [ALL])).not.toBe(key(before, [ALL]));
  });

  it('a file that re-exports the component rendered counts: a change to it changes the key', () => {
    const noted = ['Page.tsx', 'Impl.tsx'];
    expect(pageDeps(graph, noted)).toEqual(['Impl.tsx', 'Page.tsx', 'barrel.ts', 'Page.tsx\0"./barrel.js"']);
    const before = new TemplateKeys(graph);
    const after = new TemplateKeys({ ...graph, files: { ...graph.files, 'barrel.ts': 'r2' } });
    expect(after.hashOf(after.depsOf(noted))).not.toBe(before.hashOf(before.depsOf(noted)));
  });
});

describe('withSideEffects', () => {
  it('finds the files whose top-level code does more than define things', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pa-site-effects-'));
    try {
      const files: Record<string, string> = {
        'pure.tsx': "import { x } from './r.js';\nexport const A = () => <b>{x}</b>;\nconst re = /a/g;\n",
        'registers.ts': "import { registry } from './r.js';\nregistry.set('a', 1);\n",
        'computes.ts': "import { make } from './r.js';\nexport const table = make();\n",
        'reexports.ts': "export { A } from './pure.js';\nexport * from './r.js';\nexport default function B() {}\n",
        'global.ts': 'globalThis.flag = true;\nexport const y = 1;\n',
      };
      const loaded = new Map(
        Object.entries(files).map(([name, text]) => {
          writeFileSync(path.join(dir, name), text);
          return [path.join(dir, name), { text, hash: name }];
        }),
      );
      const found = [...(await withSideEffects(loaded))].map((f) => path.basename(f)).sort();
      expect(found).toEqual(['computes.ts', 'global.ts', 'registers.ts']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
