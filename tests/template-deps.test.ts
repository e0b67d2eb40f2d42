import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildOptions } from '../src/index.js';
import { copyOfContent, expectSameFiles, repoRoot } from './helpers.js';

// A template edit re-renders exactly the pages whose HTML can depend on the file edited.
let project: Awaited<ReturnType<typeof copyOfContent>>;
let cacheDir: string;
const now = new Date('2026-06-01');
const at = (outDir: string, extra: BuildOptions = {}) =>
  build({ root: project.root, outDir, cacheDir, now, today: '2026-06-01', ...extra });
const rebuild = async (extra: BuildOptions = {}) => {
  const r = await at('dist', extra);
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return r;
};
const edit = async (rel: string, change: (text: string) => string) => {
  const text = await project.read(rel);
  const changed = change(text);
  expect(changed).not.toBe(text);
  await project.write(rel, changed);
};

const ODDS_PAGE = '/pennsylvania-betting-odds-explained'; // a page with a parlay block
/** Routes of the pages with a block of one of these types, sorted. */
const pagesWith = (r: { site?: { pages: { route: string; data: { blocks?: object } }[] } }, types: string[]) =>
  r
    .site!.pages.filter((p) => Object.values(p.data.blocks ?? {}).some((b: { type: string }) => types.includes(b.type)))
    .map((p) => p.route)
    .sort();
const ODDS_BLOCKS = ['odds-examples', 'odds-formats', 'parlay']; // every block Odds.tsx renders
let ODDS_PAGES: string[]; // every page with a block from Odds.tsx
let PARLAY_PAGES: string[]; // every page with a parlay block

/** Runs `test` on a copy of the real content with a render cache of its own, and removes both after. */
async function inOwnSite(test: (root: string, opts: BuildOptions) => Promise<void>): Promise<void> {
  const p = await copyOfContent();
  const cache = await mkdtemp(path.join(tmpdir(), 'pa-site-tpl-cache-'));
  try {
    await test(p.root, { root: p.root, cacheDir: cache, now, today: '2026-06-01' });
  } finally {
    await p.cleanup();
    await rm(cache, { recursive: true, force: true });
  }
}

/** The output of a rebuild is byte for byte that of a build without the cache, made into `outDir`. */
async function sameAsCold(root: string, opts: BuildOptions, outDir: string) {
  const cold = await build({ ...opts, outDir, cache: false });
  expect(cold.ok).toBe(true);
  await expectSameFiles(path.join(root, 'dist'), cold.outDir);
}

const expectSameAsCold = (name: string) =>
  sameAsCold(project.root, { root: project.root, cacheDir, now, today: '2026-06-01' }, name);

describe('template edits and the render cache', () => {
  beforeAll(async () => {
    project = await copyOfContent();
    await cp(path.join(repoRoot, 'templates'), path.join(project.root, 'templates'), { recursive: true });
    cacheDir = await mkdtemp(path.join(tmpdir(), 'pa-site-tpl-cache-'));
    const first = await rebuild();
    expect(first.ok).toBe(true);
    expect(first.renderedRoutes.length).toBe(first.routes.length);
    ODDS_PAGES = pagesWith(first, ODDS_BLOCKS);
    PARLAY_PAGES = pagesWith(first, ['parlay']);
    // Some pages render Odds.tsx without its parlay table, so the two cases below differ.
    expect(PARLAY_PAGES).toContain(ODDS_PAGE);
    expect(ODDS_PAGES.length).toBeGreaterThan(PARLAY_PAGES.length);
  });
  afterAll(async () => {
    await project.cleanup();
    await rm(cacheDir, { recursive: true, force: true });
  });

  it('re-renders nothing when no template changed', async () => {
    expect((await rebuild()).renderedRoutes).toEqual([]);
  });

  it('re-renders only the pages that render a component from the edited file', async () => {
    // A new component (with a helper of its own) rendered by the parlay table only.
    await project.write(
      'templates/lib/legs.ts',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template file
      'export const legsText = (n: number) => `${n} selections, all of which must win`;\n',
    );
    await project.write(
      'templates/blocks/ParlayNote.tsx',
      [
        "import { legsText } from '../lib/legs.js';",
        '',
        'export function ParlayNote({ legs }: { legs: number }) {',
        '  return <p className="parlay-note">A parlay of {legsText(legs)}.</p>;',
        '}',
        '',
      ].join('\n'),
    );
    await edit('templates/blocks/Odds.tsx', (t) =>
      t
        .replace("import { TableScroll } from '../components/TableScroll.js';", (m) =>
          [m, "import { ParlayNote } from './ParlayNote.js';"].join('\n'),
        )
        // The last table of the file is the parlay table.
        .replace(/(<\/TableScroll>\n)(\s*<\/section>\n\s*\);\n\}\n)$/, '$1      <ParlayNote legs={2} />\n$2'),
    );
    const withNote = await rebuild();
    expect(withNote.renderedRoutes.sort()).toEqual(ODDS_PAGES);
    expect(await readFile(path.join(project.root, 'dist', `${ODDS_PAGE.slice(1)}.html`), 'utf8')).toContain(
      'A parlay of 2 selections',
    );

    await edit('templates/blocks/ParlayNote.tsx', (t) => t.replace('A parlay of', 'One parlay of'));
    expect((await rebuild()).renderedRoutes.sort()).toEqual(PARLAY_PAGES);
    await expectSameAsCold('cold-component');
  });

  it('re-renders only the pages rendering a component that uses an edited helper', async () => {
    await edit('templates/lib/legs.ts', (t) => t.replace('all of which', 'every one of which'));
    const r = await rebuild();
    expect(r.renderedRoutes.sort()).toEqual(PARLAY_PAGES);
    await expectSameAsCold('cold-helper');
  });

  it('re-renders every page when the shared footer changes', async () => {
    await edit('templates/components/Footer.tsx', (t) => t.replace('<footer', '<footer data-edited=""'));
    const r = await rebuild();
    expect(r.renderedRoutes.sort()).toEqual([...r.routes].sort());
    await expectSameAsCold('cold-footer');
  });

  it('re-renders the pages whose template the registry maps elsewhere', async () => {
    await project.write(
      'templates/pages/Marked.tsx',
      [
        "import type { TemplateProps } from '../../src/model.js';",
        "import { GuidePage } from './Guide.js';",
        '',
        'export function MarkedGuide(props: TemplateProps) {',
        '  return (',
        '    <div data-marked="">',
        '      <GuidePage {...props} />',
        '    </div>',
        '  );',
        '}',
        '',
      ].join('\n'),
    );
    await edit('templates/index.ts', (t) =>
      t
        .replace(
          "import { ReviewPage } from './pages/Review.js';",
          (m) => `${m}\nimport { MarkedGuide } from './pages/Marked.js';`,
        )
        .replace('guide: GuidePage', 'guide: MarkedGuide'),
    );
    const r = await rebuild();
    const guides = r.site!.pages.filter((p) => p.template === 'guide').map((p) => p.route);
    expect(r.renderedRoutes).toEqual(expect.arrayContaining(guides));
    await expectSameAsCold('cold-registry');
  });

  it('re-renders every page when a component inside a shared part (rendered once per build) changes', async () => {
    await project.write(
      'templates/components/FooterNote.tsx',
      'export function FooterNote() {\n  return <p className="footer-note">Built with pa-site.</p>;\n}\n',
    );
    await edit('templates/components/Footer.tsx', (t) =>
      t
        .replace(
          "import { Shared } from 'pa-site/shared-parts';",
          (m) => `${m}\nimport { FooterNote } from './FooterNote.js';`,
        )
        .replace('<div className="container">', '<div className="container">\n        <FooterNote />'),
    );
    const all = await rebuild();
    expect(all.renderedRoutes.length).toBe(all.routes.length);
    // Only the first page to use the footer renders it; every page must still know it contains FooterNote.
    await edit('templates/components/FooterNote.tsx', (t) => t.replace('Built with', 'Made with'));
    const again = await rebuild();
    expect(again.renderedRoutes.sort()).toEqual([...again.routes].sort());
    await expectSameAsCold('cold-shared-part');
  });

  it('keeps the files of pages rendered in worker threads', async () => {
    await edit('templates/components/Footer.tsx', (t) =>
      t.replace('<footer data-edited=""', '<footer data-edited="2"'),
    );
    const all = await rebuild({ workers: 2 });
    expect(all.workers).toBe(2);
    expect(all.renderedRoutes.length).toBe(all.routes.length);
    await edit('templates/blocks/ParlayNote.tsx', (t) => t.replace('One parlay of', 'A single parlay of'));
    expect((await rebuild()).renderedRoutes.sort()).toEqual(PARLAY_PAGES);
    await expectSameAsCold('cold-workers');
  });
});

describe('a new override in a site of its own', () => {
  it('re-renders only the pages that rendered the component it replaces, with the output of a cold build', async () => {
    // The real content and no templates/ of its own: every template is pa-site's, until one file is added.
    await inOwnSite(async (root, opts) => {
      const first = await build(opts);
      expect(first.ok).toBe(true);
      const oddsPages = pagesWith(first, ODDS_BLOCKS);
      expect(oddsPages.length).toBeGreaterThan(0);
      expect(oddsPages.length).toBeLessThan(first.routes.length);
      // It wraps one of the file's components and passes the others on: pa-site's file is still compiled.
      await mkdir(path.join(root, 'templates/blocks'), { recursive: true });
      await writeFile(
        path.join(root, 'templates/blocks/Odds.tsx'),
        [
          "import { OddsExamples as Base, OddsFormats, Parlay } from 'pa-site/templates/blocks/Odds.js';",
          '',
          'export { OddsFormats, Parlay };',
          '',
          'export function OddsExamples(props: Parameters<typeof Base>[0]) {',
          '  return (',
          '    <div className="my-odds">',
          '      <Base {...props} />',
          '    </div>',
          '  );',
          '}',
          '',
        ].join('\n'),
      );
      const added = await build(opts);
      expect(added.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(added.renderedRoutes.sort()).toEqual(oddsPages);
      const examples = pagesWith(added, ['odds-examples']);
      expect(examples.length).toBeGreaterThan(0);
      for (const route of examples)
        expect(await readFile(path.join(root, 'dist', `${route.slice(1)}.html`), 'utf8')).toContain('my-odds');
      await sameAsCold(root, opts, 'cold-added');
      // Taken away again: the same pages go back to pa-site's component.
      await rm(path.join(root, 'templates'), { recursive: true });
      const removed = await build(opts);
      expect(removed.renderedRoutes.sort()).toEqual(oddsPages);
      await sameAsCold(root, opts, 'cold-removed');
    });
  });
});

describe('a new page template in a site of its own', () => {
  it('re-renders only the pages of that template, with the output of a cold build', async () => {
    await inOwnSite(async (root, opts) => {
      const first = await build(opts);
      expect(first.ok).toBe(true);
      const reviews = first.site!.pages.filter((pg) => pg.template === 'review').map((pg) => pg.route);
      expect(reviews.length).toBeGreaterThan(0);
      expect(reviews.length).toBeLessThan(first.routes.length);
      // It wraps pa-site's review template, which is still compiled: the registry's entry is what changed.
      await mkdir(path.join(root, 'templates/pages'), { recursive: true });
      await writeFile(
        path.join(root, 'templates/pages/Review.tsx'),
        [
          "import type { TemplateProps } from 'pa-site';",
          "import { ReviewPage as Base } from 'pa-site/templates/pages/Review.js';",
          '',
          'export function ReviewPage(props: TemplateProps) {',
          '  return (',
          '    <div className="my-review">',
          '      <Base {...props} />',
          '    </div>',
          '  );',
          '}',
          '',
        ].join('\n'),
      );
      const added = await build(opts);
      expect(added.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(added.renderedRoutes.sort()).toEqual([...reviews].sort());
      await sameAsCold(root, opts, 'cold-review');
      expect(await readFile(path.join(root, 'dist', `${reviews[0]!.slice(1)}.html`), 'utf8')).toContain('my-review');
    });
  });
});

describe('a component without a tag', () => {
  it('makes the pages that render it depend on every templates file', async () => {
    // memo() wraps the component in an object: no tag names its file, so nothing can be ruled out.
    await inOwnSite(async (root, opts) => {
      await cp(path.join(repoRoot, 'templates'), path.join(root, 'templates'), { recursive: true });
      const site = path.join(root, 'templates/blocks/Site.tsx');
      const text = await readFile(site, 'utf8');
      await writeFile(
        site,
        `import { memo } from 'react';\n${text.replace('export function Helpline(', 'function HelplineInner(')}` +
          'export const Helpline = memo(HelplineInner);\n',
      );
      expect((await build(opts)).ok).toBe(true);
      const odds = path.join(root, 'templates/blocks/Odds.tsx');
      await writeFile(odds, (await readFile(odds, 'utf8')).replace('"table-block"', '"table-block odds"'));
      const r = await build(opts);
      const helplinePages = r
        .site!.pages.filter((pg) => Object.values(pg.data.blocks ?? {}).some((b) => b.type === 'helpline'))
        .map((pg) => pg.route);
      expect(helplinePages.length).toBeGreaterThan(0);
      expect(r.renderedRoutes.sort()).toEqual([...new Set([...helplinePages, ...pagesWith(r, ODDS_BLOCKS)])].sort());
    });
  });
});
