import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContent } from './load.js';

const root = mkdtempSync(path.join(tmpdir(), 'pa-site-ignored-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const put = (files: Record<string, string>) => {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
};

describe('content files pa-site does not read', () => {
  it('are each a warning with the fix, and the files it reads load as before', () => {
    put({
      'content/site.yaml': 'title: x\n',
      'content/pages/index.md': '# Home\n',
      'content/about.md': '# About\n',
      'content/site.yml': 'title: y\n',
      'content/pages/about.markdown': '# About\n',
      'content/pages/faq.mdx': '# FAQ\n',
      'content/pages/guides/chart.png': 'png',
      'content/pages/.notes.md': 'dot files stay unmentioned',
      'content/operators/acme.json': '{}',
      'content/operators/acme.yaml': 'name: Acme\n',
    });
    const { pages, operators, diagnostics } = loadContent(root);
    expect(pages.map((p) => p.path)).toEqual(['content/pages/index.md']);
    expect(operators.map((p) => p.path)).toEqual(['content/operators/acme.yaml']);
    expect(diagnostics.every((d) => d.severity === 'warning' && d.code === 'ignored-file' && d.line === 1)).toBe(true);
    const said = Object.fromEntries(diagnostics.map((d) => [d.file, `${d.message} | ${d.hint}`]));
    expect(said).toEqual({
      'content/about.md': expect.stringContaining('move it to content/pages/about.md'),
      'content/site.yml': expect.stringContaining('rename it to content/site.yaml'),
      'content/pages/about.markdown': expect.stringContaining('rename it to content/pages/about.md'),
      'content/pages/faq.mdx': expect.stringMatching(/does not read MDX.*rename it to content\/pages\/faq\.md/),
      'content/pages/guides/chart.png': expect.stringContaining('content/public/'),
      'content/operators/acme.json': expect.stringContaining('rename it to content/operators/acme.yaml'),
    });
  });

  it('still says there are no pages when the only one is a file it does not read', () => {
    rmSync(path.join(root, 'content'), { recursive: true });
    put({ 'content/site.yaml': 'title: x\n', 'content/pages/index.mdx': '# Home\n' });
    const codes = loadContent(root).diagnostics.map((d) => [d.code, d.file]);
    expect(codes).toEqual([
      ['ignored-file', 'content/pages/index.mdx'],
      ['no-pages', 'content/pages'],
    ]);
  });
});
