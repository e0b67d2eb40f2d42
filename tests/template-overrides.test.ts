/**
 * A site's templates/ overrides pa-site's one file at a time (docs/templates.md): each file it holds
 * replaces the default of its path, the rest stay pa-site's; an override can wrap the default it
 * replaces; a file nothing uses is a warning; a throw names the template's file and line; an edit
 * re-renders only the pages that use the file; and an init site with a review passes check.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildOptions, check, init, stopEsbuild } from '../src/index.js';
import { addReview, REVIEW_ROUTE, templatesDocExample } from './review-site.js';
import { repoRoot } from './helpers.js';
import { scaled } from './machine.js';

const TODAY = '2025-01-20';
let tmp: string;
let root: string;
let cacheDir: string;
const write = async (rel: string, text: string) => {
  await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
  await writeFile(path.join(root, rel), text);
};
const run = (extra: BuildOptions = {}) => build({ root, cacheDir, today: TODAY, ...extra });
const html = (route: string) =>
  readFile(path.join(root, 'dist', route === '/' ? 'index.html' : `${route.slice(1)}.html`), 'utf8');

/** A review template that wraps pa-site's own, imported by its package path. */
const REVIEW = `import type { TemplateProps } from 'pa-site';
import { ReviewPage as DefaultReview } from 'pa-site/templates/pages/Review.js';

export function ReviewPage(props: TemplateProps) {
  return (
    <>
      <p className="my-review-note">Reviewed by our own template.</p>
      <DefaultReview {...props} />
    </>
  );
}
`;

/** A footer of the site's own, replacing components/Footer.tsx. */
const FOOTER = `import type { SiteConfig } from 'pa-site';

export function Footer({ site }: { site: SiteConfig; year: number; route: string }) {
  return (
    <footer className="site-footer my-footer">
      <p>{site.footer.disclaimer}</p>
    </footer>
  );
}
`;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'pa-site-overrides-'));
  root = path.join(tmp, 'site');
  cacheDir = path.join(tmp, 'render-cache');
  expect(init({ dir: root, month: '2025-01' }).ok).toBe(true);
  await addReview(root, '2025-01');
});
afterAll(async () => {
  await stopEsbuild();
  await rm(tmp, { recursive: true, force: true });
});

describe('an init site with a review', () => {
  it(
    'passes check with no error: no template links a route the site does not have',
    async () => {
      const checked = await check({ root, today: new Date(TODAY) });
      expect(checked.findings).toEqual([]);
      expect(checked.ok).toBe(true);
    },
    scaled(120_000),
  );
});

describe("a site's templates/", () => {
  it(
    'replaces the defaults of the paths it holds, one page template and one component, and keeps the rest',
    async () => {
      const first = await run();
      expect(first.ok).toBe(true);
      await write('templates/pages/Review.tsx', REVIEW);
      await write('templates/components/Footer.tsx', FOOTER);
      const r = await run();
      expect(r.diagnostics).toEqual([]);
      // A folder that appeared since the last build is seen, whatever the compile cache holds.
      expect(r.compiledFrom).toBe('esbuild');
      const review = await html(REVIEW_ROUTE);
      const home = await html('/');
      // The override, wrapping pa-site's review (its summary box) …
      expect(review).toContain('my-review-note');
      expect(review).toContain('review-summary');
      // … the footer of the site's own on every page, and pa-site's guide template and header elsewhere.
      for (const page of [review, home]) {
        expect(page).toContain('my-footer');
        expect(page).toContain('site-header');
      }
      expect(home).not.toContain('my-review-note');
      expect(home).toContain('page-home');
    },
    scaled(120_000),
  );

  it(
    'replaces a stylesheet that site.css imports, keeping the other default styles',
    async () => {
      await write('templates/styles/ratings.css', '.my-rating { color: #123456; }\n');
      const r = await run();
      expect(r.ok).toBe(true);
      const css = await readFile(path.join(root, 'dist', r.compiled!.assets.refs.css), 'utf8');
      expect(css).toContain('#123456');
      expect(css).toContain('.site-header');
      await rm(path.join(root, 'templates/styles'), { recursive: true });
    },
    scaled(120_000),
  );

  it(
    're-renders only the pages that use an edited override',
    async () => {
      expect((await run()).renderedRoutes).toEqual([]);
      await write('templates/pages/Review.tsx', REVIEW.replace('our own template', 'a template of ours'));
      expect((await run()).renderedRoutes).toEqual([REVIEW_ROUTE]);
      await write('templates/components/Footer.tsx', FOOTER.replace('my-footer', 'my-footer edited'));
      expect((await run()).renderedRoutes.sort()).toEqual(['/', REVIEW_ROUTE]);
    },
    scaled(120_000),
  );

  it(
    'warns of each file nothing uses, naming it, with the default it may have meant',
    async () => {
      await write('templates/pages/Reviews.tsx', REVIEW);
      await write('templates/lib/unused.ts', 'export const unused = 1;\n');
      await write('templates/lib/unused.test.ts', 'export {};\n');
      const r = await run();
      expect(r.ok).toBe(true);
      const warnings = r.diagnostics.filter((d) => d.code === 'template-unused');
      expect(warnings.map((d) => d.file)).toEqual(['templates/lib/unused.ts', 'templates/pages/Reviews.tsx']);
      expect(warnings[1]!.hint).toMatch(/did you mean pages\/Review\.tsx\?/);
      await rm(path.join(root, 'templates/lib'), { recursive: true });
      await rm(path.join(root, 'templates/pages/Reviews.tsx'));
    },
    scaled(120_000),
  );

  it(
    'names the file, line, column and component of a throw in an override, and the page it was rendering',
    async () => {
      const thrower = REVIEW.replace(
        '  return (\n',
        '  if (props.page.data.title) throw new Error("no review today");\n  return (\n',
      );
      await write('templates/pages/Review.tsx', thrower);
      const r = await run();
      expect(r.ok).toBe(false);
      const line = thrower.split('\n').findIndex((l) => l.includes('no review today')) + 1;
      expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([
        expect.objectContaining({
          code: 'render',
          file: 'templates/pages/Review.tsx',
          line,
          col: thrower.split('\n')[line - 1]!.indexOf('new Error') + 1,
          field: 'ReviewPage',
          message: `no review today, rendering content/pages${REVIEW_ROUTE}.md`,
        }),
      ]);
      await write('templates/pages/Review.tsx', REVIEW);
    },
    scaled(120_000),
  );

  it(
    "blames the template's line, not the page, for a broken link a template makes",
    async () => {
      const linking = REVIEW.replace('Reviewed by our own template.', '<a href="/no-such-guide">Our guide</a>');
      await write('templates/pages/Review.tsx', linking);
      const checked = await check({ root, today: new Date(TODAY) });
      const broken = checked.findings.filter((f) => f.rule === 'broken-link');
      expect(broken).toEqual([
        expect.objectContaining({
          target: '/no-such-guide',
          source: {
            file: 'templates/pages/Review.tsx',
            line: linking.split('\n').findIndex((l) => l.includes('/no-such')) + 1,
          },
        }),
      ]);
      expect(broken[0]!.places).toEqual([
        expect.objectContaining({ file: `content/pages${REVIEW_ROUTE}.md`, line: null }),
      ]);
      await write('templates/pages/Review.tsx', REVIEW);
    },
    scaled(120_000),
  );

  it(
    'takes an index.ts of its own as the registry, its imports finding pa-site files it does not replace',
    async () => {
      await write(
        'templates/index.ts',
        [
          "import { GuidePage } from './pages/Guide.js';",
          "export { Layout } from './components/Layout.js';",
          "export { sectionFor } from './components/Header.js';",
          "export { NotFoundPage } from './pages/NotFound.js';",
          "export { ErrorScreen } from './pages/ErrorScreen.js';",
          "// Reviews rendered as guides: the registry is the site's, the components pa-site's.",
          'export const templates = { guide: GuidePage, review: GuidePage };',
          '',
        ].join('\n'),
      );
      const r = await run();
      // The review template of the site's own is no longer used, and says so.
      expect(r.diagnostics.map((d) => [d.code, d.file])).toEqual([['template-unused', 'templates/pages/Review.tsx']]);
      const review = await html(REVIEW_ROUTE);
      expect(review).toContain('page-guide');
      expect(review).not.toContain('review-summary');
      await rm(path.join(root, 'templates/index.ts'));
    },
    scaled(120_000),
  );

  it(
    "builds docs/templates.md's example: its review line on the review, its footer on every page",
    async () => {
      await rm(path.join(root, 'templates'), { recursive: true, force: true });
      const example = templatesDocExample(await readFile(path.join(repoRoot, 'docs/templates.md'), 'utf8'));
      expect(Object.keys(example).sort()).toEqual(['templates/components/Footer.tsx', 'templates/pages/Review.tsx']);
      for (const [rel, text] of Object.entries(example)) await write(rel, text);
      const r = await run();
      expect(r.diagnostics).toEqual([]);
      const review = await html(REVIEW_ROUTE);
      const home = await html('/');
      expect(review).toContain('review-note');
      expect(home).not.toContain('review-note');
      // The example's footer (a paragraph of disclaimer) in place of pa-site's (a block, then its bottom row).
      for (const page of [review, home]) {
        expect(page).toContain('<p class="footer-disclaimer">');
        expect(page).not.toContain('footer-bottom');
      }
    },
    scaled(120_000),
  );
});

describe('pa-site dev with templates of its own', () => {
  it(
    'says "1 page", and updates the page a templates/ made while it runs changes',
    async () => {
      const dir = path.join(tmp, 'dev-site');
      expect(init({ dir, month: '2025-01' }).ok).toBe(true);
      const proc = spawn(process.execPath, [path.join(repoRoot, 'bin', 'pa-site.js'), 'dev', '--port', '0'], {
        cwd: dir,
        env: { ...process.env, NO_COLOR: '1', PA_SITE_TODAY: TODAY },
      });
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      let output = '';
      /** Resolves once the output matches `re`; fails with the output so far if dev exits first, or never prints it. */
      const seen = (re: RegExp) =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no ${re} in:\n${output}`)), scaled(60_000));
          const test = () => {
            if (!re.test(output)) return;
            proc.stdout.off('data', test);
            clearTimeout(timer);
            resolve();
          };
          proc.stdout.on('data', test);
          exited.then(() => reject(new Error(`dev exited before printing ${re}:\n${output}`)));
          test();
        });
      proc.stdout.on('data', (d) => {
        output += d;
      });
      proc.stderr.on('data', (d) => {
        output += d;
      });
      try {
        await seen(/pa-site dev: http/);
        expect(output).toMatch(/pa-site dev: http:\S+ {2}\(1 page, /);
        // templates/ did not exist when dev started.
        await mkdir(path.join(dir, 'templates', 'pages'), { recursive: true });
        await writeFile(
          path.join(dir, 'templates', 'pages', 'Guide.tsx'),
          REVIEW.replaceAll('Review', 'Guide').replace('my-review-note">Guideed by', 'my-guide-note">Written by'),
        );
        // The page changed (rendered now, or found in the shared render cache from an earlier run).
        await seen(/updated \/ \([01] rendered\)/);
      } finally {
        proc.kill('SIGINT');
        await exited;
      }
    },
    scaled(120_000),
  );
});
