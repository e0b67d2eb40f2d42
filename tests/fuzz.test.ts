import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult, type Diagnostic } from '../src/index.js';
import type { SiteConfig, SourceFile } from '../src/model.js';
import { MARKDOWN_IT, type MarkdownContext, markdownForPage } from '../src/pipeline/render/markdown/markdown.js';
import { LIMITS } from '../src/pipeline/render/markdown/markdown-limits.js';
import { remarkEngine } from '../src/pipeline/render/markdown/remark-engine.js';
import { validateContent } from '../src/pipeline/validate/validate.js';
import { contextFrom, type PageRenderer } from '../src/pipeline/render/page/render-pages.js';
import { renderPage } from '../src/pipeline/render/page/render.js';
import { loadMarkdownEngine } from '../src/pipeline/render/markdown/remark-plugins.js';
import { reviewRoutesOf } from '../src/pipeline/validate/validate.js';
import { fixtureProject, fixtureSiteYaml, HOME, OPERATOR } from './fixture.js';
import { scaled } from './machine.js';
import { repoRoot } from './helpers.js';

/*
 * Random and mutated frontmatter, operator YAML and Markdown go through validation and rendering
 * (the build's stages, in memory, for thousands of cases) and, for a sample, through build()
 * itself. Never a thrown exception; always either output or diagnostics that name a file and line.
 */
const PAGE = `---
template: guide
title: Fuzzed page title
description: A fuzzed page of the fixture, with a description long enough for the rule.
updated: 2025-01-15
hero:
  heading: Fuzzed page
  lede: "From {{example.name}}"
blocks:
  faq:
    type: faq
    items:
      - { question: A question?, answer: An answer. }
---
## A section

Text with a [link](/about), an [operator link](operator:example) and {{example.name}}.

| a | b |
|:--|--:|
| 1 | 2 |

::: faq
`;

/** Characters that matter to YAML, Markdown, our `{{…}}` and `:::` syntax, encodings and terminals. */
const SPECIAL = [
  ...':-{}[]*&|>!%@`#"\'\\\n\t ,.?/()<=~_^$',
  ...['{{', '}}', ':::', '---', '\x00', '\x1b', '\uFEFF', '\u202e', '😀'],
];
const piece = fc.oneof(
  fc.constantFrom(...SPECIAL),
  fc.string({ maxLength: 6 }),
  fc.string({ unit: 'binary', maxLength: 3 }),
);

/** A text with a few random edits: insertions, deletions and replacements at random places. */
const mutated = (base: string) =>
  fc
    .array(fc.tuple(fc.nat({ max: base.length }), fc.nat({ max: 8 }), fc.oneof(piece, fc.constant(''))), {
      minLength: 1,
      maxLength: 6,
    })
    .map((edits) => {
      let s = base;
      for (const [at, del, insert] of edits) {
        const i = Math.min(at, s.length);
        s = s.slice(0, i) + insert + s.slice(i + del);
      }
      return s;
    });

const markdown = fc
  .array(
    fc.oneof(
      piece,
      fc.constantFrom(
        '\n\n| x | y |\n|---|---|\n| 1 | 2 |\n',
        '[a](javascript:alert(1))',
        '[b](%6Aavascript:x)',
        '[c]({{example.officialUrl}})',
        '{{example.bonus.headline}}',
        '{{nobody.field}}',
        '\n::: faq\n',
        '\n::: nothing\n',
        '\n# H1\n',
        '<script>x</script>',
        '```\n::: faq\n```',
        '> quote\n',
        '- item\n',
        '![img](/x.png)',
        '[ref]: /about\n',
      ),
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(''));

const page = fc.oneof(
  mutated(PAGE),
  markdown.map((body) => PAGE.replace(/---\n## A section[\s\S]*$/, `---\n${body}\n`)),
  fc.string({ maxLength: 200 }),
);
const operator = fc.oneof({ weight: 4, arbitrary: fc.constant(OPERATOR) }, { weight: 1, arbitrary: mutated(OPERATOR) });
/** The real registry of sources, mostly as it is (the facts cite it), sometimes mutated. */
const SOURCES = readFileSync(path.join(repoRoot, 'content/sources.yaml'), 'utf8');
const sources = fc.oneof({ weight: 6, arbitrary: fc.constant(SOURCES) }, { weight: 1, arbitrary: mutated(SOURCES) });

let root = '';
let renderer: ((site: NonNullable<ReturnType<typeof validateContent>['site']>) => PageRenderer) | undefined;
let siteYaml = '';
let cleanup: (() => Promise<void>) | undefined;
let first: BuildResult;

beforeAll(async () => {
  const p = await fixtureProject();
  cleanup = p.cleanup;
  root = p.root;
  siteYaml = await fixtureSiteYaml();
  first = await build({ root, cache: false });
  expect(first.ok).toBe(true);
  const engine = (await loadMarkdownEngine(first.site!.markdown)).engine!;
  const compiled = first.compiled!;
  renderer = (site) =>
    contextFrom(
      {
        site,
        templatesFile: compiled.templates.file,
        templatesHash: compiled.templates.hash,
        assets: compiled.assets.refs,
        year: 2026,
        reviewRoutes: Object.fromEntries(reviewRoutesOf(site)),
        stagingDir: root,
      },
      compiled.templates.module,
      engine,
    );
});
afterAll(() => cleanup?.());

/** Every error names a content file and a line; a case without errors produced its pages. */
function judge(diagnostics: Diagnostic[], produced: boolean): void {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  for (const d of diagnostics) {
    expect(d.file).toMatch(/^content\//);
    expect(d.line).toBeGreaterThanOrEqual(1);
    expect(d.message).toBeTruthy();
  }
  if (!produced) expect(errors.length).toBeGreaterThan(0);
}

describe('fuzzed content never crashes the build', () => {
  it('validation and rendering, in memory: thousands of cases', { timeout: scaled(120_000) }, () => {
    fc.assert(
      fc.property(page, operator, sources, (text, op, registry) => {
        const file = (p: string, t: string): SourceFile => ({ path: p, text: t });
        const loaded = {
          site: file('content/site.yaml', siteYaml),
          sources: file('content/sources.yaml', registry),
          operators: [file('content/operators/example.yaml', op)],
          authors: [],
          pages: [file('content/pages/index.md', HOME), file('content/pages/fuzzed.md', text)],
          diagnostics: [],
        };
        const { site, diagnostics } = validateContent(root, loaded);
        let produced = false;
        if (site) {
          const r = renderer!(site);
          produced = true;
          for (const p of site.pages) {
            const out = renderPage(r, p);
            diagnostics.push(...out.diagnostics);
            if (!out.html) produced = false;
          }
        }
        judge(diagnostics, produced);
      }),
      { seed: 1616, numRuns: 2000 },
    );
  });

  it('build() itself, on disk: a sample', { timeout: scaled(120_000) }, async () => {
    const p = await fixtureProject();
    try {
      await fc.assert(
        fc.asyncProperty(page, operator, async (text, op) => {
          await p.write('content/pages/fuzzed.md', text);
          await p.write('content/operators/example.yaml', op);
          const result = await build({ root: p.root, cache: false, compiled: first.compiled });
          judge(result.diagnostics, result.ok);
        }),
        { seed: 1617, numRuns: 60 },
      );
    } finally {
      await p.cleanup();
    }
  });
});

/*
 * Issue 36 item 6: nesting and size, for both engines, under a time limit. Containers nested at
 * random (up to thousands deep), and runs of the constructs that made remark slow or overflow its
 * stack, repeated up to tens of thousands of times. Each render must return (output, or a
 * diagnostic at the page's file and line), within its budget plus a margin for the checks before it.
 */
describe('fuzzed nesting and size stay within the Markdown limits', () => {
  const ctx: MarkdownContext = {
    config: { name: 'PA Bets', helpline: { display: '1-800-GAMBLER' } } as unknown as SiteConfig,
    operators: new Map(),
    reviewRoutes: new Map(),
  };
  const BUDGET_MS = 300;
  const container = fc.constantFrom('> ', '>', '- ', '* ', '+ ', '1. ', '9) ', '  ', '    ', '\t', '```\n');
  const line = fc
    .tuple(fc.array(container, { maxLength: 60 }), fc.constantFrom('text', '', '*a**', '[x](/y)', '---'))
    .map(([cs, t]) => cs.join('') + t);
  const nested = fc.oneof(
    fc.array(line, { maxLength: 80 }).map((ls) => ls.join('\n')),
    // One container repeated: deep nesting on one line or one level per line.
    fc
      .tuple(container, fc.integer({ min: 0, max: 3000 }), fc.boolean())
      .map(([c, n, perLine]) =>
        perLine ? Array.from({ length: n }, (_, i) => `${' '.repeat(2 * i)}${c}x`).join('\n') : `${c.repeat(n)}deep`,
      ),
  );
  const unit = fc.constantFrom(
    '*a**',
    '> a\n\n',
    '[r]: /x\n',
    '[',
    '](',
    '_a__',
    '`',
    '<b>',
    '&amp;',
    '- a\n',
    '|a|\n',
    '# h\n',
  );
  const sized = fc
    .tuple(fc.array(unit, { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 40_000 }))
    .map(([units, n]) => units.join('').repeat(n));

  for (const [name, engine] of [
    ['markdown-it', MARKDOWN_IT],
    ['remark', remarkEngine([])],
  ] as const)
    it(
      `${name}: nested and large inputs render or give a diagnostic, in time`,
      () => {
        fc.assert(
          fc.property(fc.oneof(nested, sized), (text) => {
            const page = markdownForPage(ctx, 'content/pages/fuzzed.md', engine, { ...LIMITS, budgetMs: BUDGET_MS });
            // In time: an input the budget did not stop (remark takes minutes on some) runs past the
            // test's timeout. No duration is asserted per input, since a busy machine stretches each.
            const { html } = page.render(text, 7);
            for (const d of page.diagnostics) {
              expect(d.file).toBe('content/pages/fuzzed.md');
              expect(d.line).toBeGreaterThanOrEqual(7);
              expect(d.line).toBeLessThanOrEqual(7 + text.split('\n').length);
            }
            // A page over a limit renders nothing (its build fails with the diagnostic).
            if (page.diagnostics.some((d) => d.code === 'markdown-limit')) expect(html).toBe('');
          }),
          { seed: 3606, numRuns: 80 },
        );
      },
      scaled(120_000),
    );
});
