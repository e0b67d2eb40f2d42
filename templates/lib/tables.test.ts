import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Heading } from '../../src/model.js';
import { MARKDOWN_IT, markdownForPage } from '../../src/pipeline/render/markdown/markdown.js';
import { remarkEngine } from '../../src/pipeline/render/markdown/remark-engine.js';
import { findTables, wrapTables } from './tables.js';

const table = '<table><thead><tr><th>Tax</th><th align="right">Rate</th></tr></thead><tbody></tbody></table>';
const h = (depth: number, id: string, text: string): Heading => ({ depth, id, text });

describe('wrapTables', () => {
  it('labels a table with the last heading before it', () => {
    const html = `<h2 id="a">Taxes</h2><h3 id="b">Rates &amp; fees</h3><p>x</p>${table}`;
    expect(wrapTables(html, [h(2, 'a', 'Taxes'), h(3, 'b', 'Rates & fees')])).toBe(
      `<h2 id="a">Taxes</h2><h3 id="b">Rates &amp; fees</h3><p>x</p>` +
        `<section class="table-scroll" tabindex="0" aria-label="Rates &amp; fees">${table}</section>`,
    );
  });

  it('falls back to the column headings, and wraps every table once', () => {
    const out = wrapTables(`<p>a</p>${table}<p>b</p>${table}`, []);
    expect(out.match(/class="table-scroll"/g)).toHaveLength(2);
    expect(out).toContain('aria-label="Table: Tax, Rate"');
    expect(wrapTables(out.replace(/<section[^>]*>|<\/section>/g, ''), [])).toBe(out);
  });

  it('numbers a second table under the same heading, and ignores a page title (h1)', () => {
    const out = wrapTables(`<h2 id="t">Taxes</h2>${table}<h1 id="x">Title</h1><p>and</p>${table}`, [
      h(2, 't', 'Taxes'),
      h(1, 'x', 'Title'),
    ]);
    expect(out).toContain('aria-label="Taxes"');
    expect(out).toContain('aria-label="Taxes (table 2)"');
  });

  it('leaves HTML without tables alone and escapes labels', () => {
    expect(wrapTables('<p>no tables</p>', [])).toBe('<p>no tables</p>');
    const quoted = wrapTables(`<h2 id="b">The "best" odds &lt;3</h2>${table}`, [h(2, 'b', 'The "best" odds <3')]);
    expect(quoted).toContain('aria-label="The &quot;best&quot; odds &lt;3"');
    expect(wrapTables(`<h2 id="a">AT&amp;T;</h2>${table}`, [h(2, 'a', 'AT&T;')])).toContain('aria-label="AT&amp;T;"');
  });

  it('labels thousands of tables in one pass', () => {
    const html = Array.from({ length: 3000 }, (_, i) => `<h2 id="p${i}">Part ${i}</h2><p>x</p>${table}`).join('');
    const headings = Array.from({ length: 3000 }, (_, i) => h(2, `p${i}`, `Part ${i}`));
    const started = performance.now();
    const out = wrapTables(html, headings);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(out.match(/<section /g)).toHaveLength(3000);
    expect(out).toContain('aria-label="Part 2999"');
  });

  // The oracle works on the Markdown's blocks, not on HTML: each table takes the text of the last
  // ## to ###### heading before it (a # title does not count), else its column names, and a repeat
  // of a label is numbered.
  const ctx = { config: {} as never, operators: new Map(), reviewRoutes: new Map() };
  const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9&<"' ]{0,10}[A-Za-z0-9]$/);
  const block = fc.oneof(
    fc.record({ kind: fc.constant('heading' as const), depth: fc.integer({ min: 1, max: 6 }), text: word }),
    fc.record({ kind: fc.constant('table' as const), columns: fc.array(word, { minLength: 1, maxLength: 3 }) }),
    fc.record({ kind: fc.constant('paragraph' as const), text: word }),
  );
  const asLabel = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

  it.each([
    ['markdown-it', MARKDOWN_IT],
    ['remark', remarkEngine([])],
  ])('labels tables as the Markdown reads, under %s', (_name, engine) => {
    fc.assert(
      fc.property(fc.array(block, { maxLength: 8 }), (blocks) => {
        const markdown = blocks
          .map((b) =>
            b.kind === 'heading'
              ? `${'#'.repeat(b.depth)} ${b.text}`
              : b.kind === 'table'
                ? [b.columns, b.columns.map(() => '---'), b.columns.map(() => 'x')]
                    .map((row) => `| ${row.join(' | ')} |`)
                    .join('\n')
                : b.text,
          )
          .join('\n\n');
        const expected: string[] = [];
        const seen = new Map<string, number>();
        let heading = '';
        for (const b of blocks) {
          if (b.kind === 'heading' && b.depth >= 2) heading = asLabel(b.text.replace(/\s+/g, ' ').trim());
          if (b.kind !== 'table') continue;
          const base = heading || asLabel(`Table: ${b.columns.map((c) => c.replace(/\s+/g, ' ').trim()).join(', ')}`);
          const n = (seen.get(base) ?? 0) + 1;
          seen.set(base, n);
          expected.push(n > 1 ? `${base} (table ${n})` : base);
        }
        const { html, headings } = markdownForPage(ctx, 'x.md', engine).render(markdown, 1);
        const labels = [...wrapTables(html, headings).matchAll(/aria-label="([^"]*)"/g)].map((m) => m[1]);
        expect(labels).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  // markdown-it says where its tables are; the HTML scan (remark's way) must find the same ones.
  it('finds the tables markdown-it says, and wraps them alike (property)', () => {
    const piece = fc.constantFrom(
      ...['# T', '## Fees', '### Rates & "odds"', 'Setext\n---', '#### <b>x</b>', 'text', '`<table>`', '\n', '\n\n'],
      ...[
        '| a | b |\n| - | -: |\n| 1 | 2 |',
        '| <h2> | x |\n|---|---|',
        '- a\n  | c |\n  | - |\n  | d |',
        '> | q |\n> |---|',
      ],
      ...['- ', '  ', '> ', '1. ', '```\n| a |\n|---|\n```', '<table>', '&lt;table&gt;'],
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (pieces) => {
        const { html, headings, tables } = markdownForPage(ctx, 'x.md').render(pieces.join(''), 1);
        expect(tables).toEqual(findTables(html));
        expect(wrapTables(html, headings, tables)).toBe(wrapTables(html, headings));
      }),
      { seed: 62, numRuns: 2000 },
    );
    expect(markdownForPage(ctx, 'x.md', remarkEngine([])).render('| a |\n| - |', 1).tables).toBeUndefined();
  });
});
