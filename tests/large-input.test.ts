import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../src/index.js';
import { fixtureProject } from './fixture.js';
import { scaled } from './machine.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

const fm = (title: string) =>
  [
    '---',
    'template: guide',
    `title: ${title}`,
    'description: A page with a very large body, to show that large inputs build or fail clearly.',
    'updated: 2025-01-15',
    'hero:',
    `  heading: ${title}`,
    '  lede: Large.',
    '---',
    '',
  ].join('\n');

async function buildWith(name: string, text: string) {
  const p = await fixtureProject({ [`content/pages/${name}.md`]: text });
  cleanups.push(p.cleanup);
  return build({ root: p.root, cache: false });
}

describe('large inputs build, or fail with diagnostics, never a stack (#16 item 9)', () => {
  it('a 10,000-row Markdown table', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => `| ${i} | row ${i} |`).join('\n');
    const r = await buildWith('table', `${fm('Table')}| a | b |\n|---|--:|\n${rows}\n`);
    expect(r.ok).toBe(true);
    const html = await readFile(path.join(r.outDir, 'table.html'), 'utf8');
    expect(html.match(/<tr>/g)).toHaveLength(10_001);
  });

  it('a 12 MB page (120,000 paragraphs), in the main thread and in render workers', {
    timeout: scaled(120_000),
  }, async () => {
    const line = 'with some words to make each paragraph about one hundred bytes long, and then a few more.';
    const body = Array.from({ length: 120_000 }, (_, i) => `Paragraph ${i} ${line}\n`).join('\n');
    expect(body.length).toBeGreaterThan(12_000_000);
    const p = await fixtureProject({ 'content/pages/huge.md': `${fm('Huge')}${body}` });
    cleanups.push(p.cleanup);
    for (const workers of [1, 2]) {
      const r = await build({ root: p.root, cache: false, workers });
      expect(r.ok).toBe(true);
      expect(r.workers).toBe(workers);
    }
  });

  it('a page with 150,000 errors reports them all', async () => {
    const r = await buildWith('headings', `${fm('Headings')}${'# Another h1\n\n'.repeat(150_000)}`);
    expect(r.ok).toBe(false);
    expect(r.diagnostics.filter((d) => d.code === 'markdown-h1')).toHaveLength(150_000);
  });
});
