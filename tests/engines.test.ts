import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import spec from 'commonmark-spec';
import { afterAll, describe, expect, it } from 'vitest';
import { page as benchPage, withoutRedirects } from '../bench/generate.mjs';
import { markdownForPage, MARKDOWN_IT, type MarkdownEngine } from '../src/pipeline/render/markdown/markdown.js';
import { remarkEngine } from '../src/pipeline/render/markdown/remark-engine.js';
import { build, formatDiagnostic } from '../src/index.js';
import { fixtureProject } from './fixture.js';
import { repoRoot } from './helpers.js';
import { scaled } from './machine.js';

const temps: string[] = [];
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});
const temp = (name: string) => {
  const d = mkdtempSync(path.join(tmpdir(), `pa-site-engines-${name}-`));
  temps.push(d);
  return d;
};

/** Every file under `dir`, relative, with its bytes. */
function tree(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile())
      files.set(path.relative(dir, path.join(e.parentPath, e.name)), readFileSync(path.join(e.parentPath, e.name)));
  }
  return files;
}

/** Builds one project twice, once per engine (site.yaml gains `markdown: { engine: remark }`), and compares dist/. */
async function buildBoth(contentDir: string) {
  const roots = ['markdown-it', 'remark'].map((engine) => {
    const root = temp(engine);
    cpSync(contentDir, path.join(root, 'content'), { recursive: true });
    if (engine === 'remark') {
      const site = path.join(root, 'content', 'site.yaml');
      writeFileSync(site, `${readFileSync(site, 'utf8')}\nmarkdown:\n  engine: remark\n`);
    }
    return root;
  });
  const results = [];
  for (const root of roots) {
    const result = await build({ root, cache: false });
    expect(result.diagnostics.filter((d) => d.severity === 'error').map((d) => formatDiagnostic(d))).toEqual([]);
    results.push(tree(result.outDir));
  }
  const [a, b] = results as [Map<string, Buffer>, Map<string, Buffer>];
  expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
  const differing = [...a].filter(([file, bytes]) => !bytes.equals(b.get(file)!)).map(([file]) => file);
  expect(differing).toEqual([]);
  return a.size;
}

describe('remark and markdown-it write the same site', () => {
  it('the real site: byte-identical dist/', async () => {
    expect(await buildBoth(path.join(repoRoot, 'content'))).toBeGreaterThan(20);
  });

  it('the 1,000-page bench corpus: byte-identical dist/', { timeout: scaled(300_000) }, async () => {
    const content = path.join(temp('corpus'), 'content');
    mkdirSync(path.join(content, 'pages'), { recursive: true });
    writeFileSync(
      path.join(content, 'site.yaml'),
      withoutRedirects(readFileSync(path.join(repoRoot, 'content', 'site.yaml'), 'utf8')),
    );
    cpSync(path.join(repoRoot, 'content', 'sources.yaml'), path.join(content, 'sources.yaml'));
    const n = 1000;
    for (let k = 0; k < n; k++) {
      const p = benchPage(k, n);
      const fm = [
        'template: guide',
        `title: ${JSON.stringify(p.title)}`,
        `description: ${JSON.stringify(p.description)}`,
        'updated: 2025-01-15',
        `hero:\n  heading: ${JSON.stringify(p.heading)}\n  lede: ${JSON.stringify(p.lede)}`,
      ].join('\n');
      writeFileSync(
        path.join(content, 'pages', `${k === 0 ? 'index' : `guide-${k}`}.md`),
        `---\n${fm}\n---\n${p.body}`,
      );
    }
    expect(await buildBoth(content)).toBeGreaterThan(n);
    // Two cold 1,000-page builds, one with remark: about a minute on a loaded two-core machine.
  });
});

/**
 * CommonMark 0.31.2 examples where the engines differ, and why. The test fails on any other difference
 * and on any listed one that disappears, so this list is always exact.
 */
const KNOWN_DIFFERENCES: Record<number, string> = {
  500: 'remark sanitizes with GitHub\'s schema, which reads "foo):" as an unknown URL scheme and drops the href',
  597: 'the sanitizer compares schemes case-sensitively, so MAILTO: (upper case) loses its href under remark',
};

describe('CommonMark 0.31.2 examples under both engines', () => {
  const ctx = { config: {} as never, operators: new Map(), reviewRoutes: new Map() };
  const remark: MarkdownEngine = remarkEngine([]);
  const render = (engine: MarkdownEngine, markdown: string) => {
    const page = markdownForPage(ctx, 'x.md', engine);
    return { html: page.render(markdown, 1).html, diagnostics: page.diagnostics };
  };

  it('render identically, with identical diagnostics, apart from the known differences', () => {
    const tests = spec.tests as { number: number; markdown: string }[];
    expect(tests.length).toBe(652);
    const differing: number[] = [];
    for (const t of tests) {
      const a = render(MARKDOWN_IT, t.markdown);
      const b = render(remark, t.markdown);
      expect(b.diagnostics, `example ${t.number}`).toEqual(a.diagnostics);
      if (a.html !== b.html) differing.push(t.number);
    }
    expect(differing).toEqual(Object.keys(KNOWN_DIFFERENCES).map(Number));
  });
});

describe('remark plugins', () => {
  /** A small project whose node_modules holds remark-toc (from this repo) and whatever `extra` adds. */
  function project(markdown: string, extra: (nodeModules: string) => void = () => {}) {
    const root = temp('plugins');
    mkdirSync(path.join(root, 'content'), { recursive: true });
    cpSync(path.join(repoRoot, 'content', 'sources.yaml'), path.join(root, 'content', 'sources.yaml'));
    const site = path.join(root, 'content', 'site.yaml');
    writeFileSync(site, withoutRedirects(readFileSync(path.join(repoRoot, 'content', 'site.yaml'), 'utf8')));
    writeFileSync(site, `${readFileSync(site, 'utf8')}\n${markdown}`);
    mkdirSync(path.join(root, 'content', 'pages'), { recursive: true });
    writeFileSync(
      path.join(root, 'content', 'pages', 'index.md'),
      `---
template: guide
title: A page with a table of contents
description: A test page whose Contents heading remark-toc fills with links to the sections below.
updated: 2025-01-15
hero:
  heading: Contents test
  lede: A lede.
---
## Contents

## Bonus terms

Text.

## Withdrawals

More text.
`,
    );
    const nodeModules = path.join(root, 'node_modules');
    mkdirSync(nodeModules);
    symlinkSync(path.join(repoRoot, 'node_modules', 'remark-toc'), path.join(nodeModules, 'remark-toc'));
    extra(nodeModules);
    return root;
  }
  const siteLine = (root: string, needle: string) =>
    readFileSync(path.join(root, 'content', 'site.yaml'), 'utf8')
      .split('\n')
      .indexOf(needle) + 1;

  it('remark-toc fills the Contents section with links to the headings', async () => {
    const root = project('markdown:\n  engine: remark\n  remarkPlugins:\n    - remark-toc\n');
    const result = await build({ root, cache: false });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = readFileSync(path.join(result.outDir, 'index.html'), 'utf8');
    expect(html).toContain('<h2 id="contents">Contents</h2>\n<ul>\n<li><a href="#bonus-terms">Bonus terms</a></li>');
    expect(html).toContain('<li><a href="#withdrawals">Withdrawals</a></li>');
  });

  it('passes [name, options] to the plugin, and re-renders when the options change', async () => {
    const cacheDir = temp('cache');
    const root = project(
      'markdown:\n  engine: remark\n  remarkPlugins:\n    - [remark-toc, { heading: Withdrawals }]\n',
    );
    const first = await build({ root, cacheDir });
    // remark-toc now fills the "Withdrawals" section (with the one heading after it: none), not "Contents".
    expect(readFileSync(path.join(first.outDir, 'index.html'), 'utf8')).not.toContain('href="#bonus-terms"');
    const site = path.join(root, 'content', 'site.yaml');
    writeFileSync(site, readFileSync(site, 'utf8').replace('heading: Withdrawals', 'heading: Contents'));
    const second = await build({ root, cacheDir });
    expect(second.cacheHits).toBe(0);
    expect(readFileSync(path.join(second.outDir, 'index.html'), 'utf8')).toContain('href="#bonus-terms"');
  });

  it('reports a plugin that is not installed at its line in site.yaml, naming the package', async () => {
    const root = project('markdown:\n  engine: remark\n  remarkPlugins:\n    - remark-toc\n    - remark-nope\n');
    const result = await build({ root, cache: false });
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map(formatDiagnostic).join('\n')).toContain(
      'remark plugin "remark-nope" is not installed',
    );
    expect(result.diagnostics).toMatchObject([
      {
        file: 'content/site.yaml',
        line: siteLine(root, '    - remark-nope'),
        col: 7,
        field: 'markdown.remarkPlugins[1]',
      },
    ]);
  });

  it('reports a plugin that throws while loading, without a stack', async () => {
    const root = project('markdown:\n  engine: remark\n  remarkPlugins:\n    - remark-broken\n', (nm) => {
      mkdirSync(path.join(nm, 'remark-broken'));
      writeFileSync(
        path.join(nm, 'remark-broken', 'package.json'),
        '{"name":"remark-broken","version":"1.0.0","type":"module","exports":"./index.js"}',
      );
      writeFileSync(path.join(nm, 'remark-broken', 'index.js'), 'throw new Error("cannot start");\n');
    });
    const result = await build({ root, cache: false });
    expect(result.ok).toBe(false);
    const text = result.diagnostics.map(formatDiagnostic).join('\n');
    expect(text).toContain('loading "remark-broken" failed: cannot start');
    expect(text).not.toMatch(/\n\s+at /);
    expect(result.diagnostics[0]).toMatchObject({ line: siteLine(root, '    - remark-broken') });
    // Beside a content error it is still reported in the same run.
    const page = path.join(root, 'content', 'pages', 'index.md');
    writeFileSync(page, readFileSync(page, 'utf8').replace('updated: 2025-01-15', 'updated: soon'));
    const both = await build({ root, cache: false });
    expect(both.diagnostics.map((d) => d.field)).toEqual(['updated', 'markdown.remarkPlugins[0]']);
  });

  it('reports a plugin whose package.json is not JSON at its line in site.yaml, naming it (#36 item 8)', async () => {
    const root = project('markdown:\n  engine: remark\n  remarkPlugins:\n    - remark-mangled\n', (nm) => {
      mkdirSync(path.join(nm, 'remark-mangled'));
      writeFileSync(path.join(nm, 'remark-mangled', 'package.json'), '{"name": "remark-mangled", "version": ');
    });
    const result = await build({ root, cache: false });
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toMatchObject([
      {
        file: 'content/site.yaml',
        line: siteLine(root, '    - remark-mangled'),
        col: 7,
        field: 'markdown.remarkPlugins[0]',
        message: expect.stringMatching(/^remark plugin "remark-mangled" has a package\.json that is not valid JSON \(/),
      },
    ]);
  });

  it('names the plugin, its line in site.yaml and the page when it throws on one page (#36 item 8)', async () => {
    const root = project('markdown:\n  engine: remark\n  remarkPlugins:\n    - remark-picky\n', (nm) => {
      mkdirSync(path.join(nm, 'remark-picky'));
      writeFileSync(
        path.join(nm, 'remark-picky', 'package.json'),
        '{"name":"remark-picky","version":"1.0.0","type":"module","exports":"./index.js"}',
      );
      writeFileSync(
        path.join(nm, 'remark-picky', 'index.js'),
        'export default () => (tree, file) => {\n' +
          '  if (String(file.value).includes("Withdrawals")) throw new Error("cannot handle withdrawals");\n};\n',
      );
    });
    const result = await build({ root, cache: false });
    expect(result.ok).toBe(false);
    const text = result.diagnostics.map(formatDiagnostic).join('\n');
    expect(text).not.toMatch(/\n\s+at /);
    expect(result.diagnostics).toMatchObject([
      {
        file: 'content/pages/index.md',
        field: 'body',
        code: 'remark-plugin',
        message:
          `the remark plugin "remark-picky" (content/site.yaml:${siteLine(root, '    - remark-picky')}) ` +
          'failed on this page: cannot handle withdrawals',
      },
    ]);
  });

  it('refuses remarkPlugins with the markdown-it engine', async () => {
    const root = project('markdown:\n  remarkPlugins:\n    - remark-toc\n');
    const result = await build({ root, cache: false });
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toMatchObject([
      {
        file: 'content/site.yaml',
        field: 'markdown.remarkPlugins',
        message: expect.stringContaining('engine: remark'),
      },
    ]);
  });
});

// Issue 36 item 6: remark printed "unexpected error: Maximum call stack size exceeded", no file or line.
describe('the Markdown limits, from the command line', () => {
  const fm = [
    '---',
    'template: guide',
    'title: Deeply nested',
    'description: A page that nests far too deeply for any engine to be asked to parse.',
    'updated: 2025-01-15',
    'hero:',
    '  heading: Deep',
    '  lede: Deep.',
    '---',
    '',
  ].join('\n');
  const lists = Array.from({ length: 500 }, (_, i) => `${' '.repeat(2 * i)}- item`).join('\n');
  for (const engine of ['markdown-it', 'remark'])
    it(
      `${engine}: deep block quotes and lists are errors at their lines, not crashes`,
      async () => {
        const p = await fixtureProject({
          'content/pages/quotes.md': `${fm}Intro.\n\n${'> '.repeat(2000)}deep\n`,
          'content/pages/lists.md': `${fm.replace('Deeply nested', 'Deeply nested lists')}${lists}\n`,
        });
        temps.push(p.root);
        if (engine === 'remark')
          await p.write(
            'content/site.yaml',
            `${await readFile(path.join(p.root, 'content/site.yaml'), 'utf8')}\nmarkdown:\n  engine: remark\n`,
          );
        const r = spawnSync(
          process.execPath,
          [path.join(repoRoot, 'bin/pa-site.js'), 'build', '--root', p.root, '--no-cache'],
          {
            encoding: 'utf8',
            env: { ...process.env, NO_COLOR: '1' },
          },
        );
        expect(r.stderr).not.toContain('unexpected error');
        expect(r.stderr).toMatch(/^error content\/pages\/quotes\.md:12:1 +- +block quotes and lists nested 2000 deep/m);
        expect(r.stderr).toMatch(/^error content\/pages\/lists\.md:42:1 +- +block quotes and lists nested 500 deep/m);
        expect(r.stderr.match(/^error /gm)).toHaveLength(2);
        expect(r.status).toBe(1);
      },
      scaled(60_000),
    );
});
