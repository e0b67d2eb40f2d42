import spec from 'commonmark-spec';
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import type { Operator, SiteConfig } from '../../../model.js';
import { markdownForPage } from './markdown.js';
import { parseMarkdownIt, renderStock, renderTokens } from './markdown-it-engine.js';
import { SITE_LINK } from './markdown-it-speedups.js';
import { linkAllowed } from './markdown-rules.js';

// Stock markdown-it as the engine configures it, without the engine's faster `text` and `normalize`
// rules and with the rules that do nothing under these options still on.
const stock = new MarkdownIt('default', { html: true, linkify: false, typographer: false });
stock.validateLink = linkAllowed;
function same(text: string): void {
  expect(JSON.stringify(parseMarkdownIt(text))).toBe(JSON.stringify(stock.parse(text, {})));
  // The engine's render loop (which notes where tables are) writes what markdown-it's own loop writes.
  const tokens = parseMarkdownIt(text);
  const { html, tables } = renderTokens(tokens);
  expect(html).toBe(renderStock(tokens));
  for (const { start, end } of tables) expect(html.slice(start, end)).toMatch(/^<table>[\s\S]*<\/table>$/);
  expect(tables).toHaveLength(tokens.filter((t) => t.type === 'table_open').length);
}

describe("markdown-it engine's own rules", () => {
  it('parse every CommonMark spec example to the tokens stock markdown-it makes', () => {
    for (const example of spec.tests) same(example.markdown);
    // Edges of the line scan: no text, no newline, and text after the last newline that is only blanks.
    for (const text of ['', ' ', '\n', 'a', 'a\n  ', 'a\n\t \n', '  \tb\n\n \t', '\n\n  x  \n ']) same(text);
  });

  it('parse generated text to the same tokens: CR, NUL, entities, every terminator (property)', () => {
    const piece = fc.constantFrom(
      ...['a', 'Bé', ' ', '  ', '\t', '\n', '\n\n', '\r\n', '\r', '\0', '😀', '{{x.y}}', '\\{', '&amp;', '&#123;'],
      ...[...'!#$%&*+-:<=>@[\\]^_`{}~|()"\'./'],
      ...['[a](http://e.com)', '![i](x.png)', '<b>', '<!-- c -->', '# ', '- ', '1. ', '> ', '```\n', '    '],
      ...['| a | b |\n|:-|:-:|\n| c | d |\n', '***', '~~', '<http://e.com>', 'www.e.com', '(c)', '"q"'],
      ...['[a](/b-c/d_e.f~g#h)', '[t](#top)', '[e]()', '[r]: /ref/x\n', '[s](/a%20b)', '[u](/ä b)', '[d](//e.com/x)'],
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        same(pieces.join(''));
      }),
      { seed: 62, numRuns: 3000 },
    );
  });

  it("leaves to markdown-it's normalizeLink only the links it would change", () => {
    const piece = fc.constantFrom(...'aZ09-_.~/#'.split(''), '//', '%', ' ', 'ä', ':', '?', '@');
    fc.assert(
      fc.property(fc.constantFrom('', '/', '#'), fc.array(piece, { maxLength: 16 }), (start, rest) => {
        const url = start + rest.join('');
        if (SITE_LINK.test(url)) expect(stock.normalizeLink(url)).toBe(url);
      }),
      { seed: 62, numRuns: 5000 },
    );
    expect(['/', '/guide-2/', '/a/b#c', '#top', ''].every((u) => SITE_LINK.test(u))).toBe(true);
    expect(['//e.com', '/a b', '/ä', '/a?b', 'http://e.com', '/a%20b'].some((u) => SITE_LINK.test(u))).toBe(false);
  });

  // Text tokens are checked for values only where the segment can make one: `{{`, `\{` or an entity.
  it('fills values written with escaped braces or entities, as in any text', () => {
    const ctx = {
      config: { name: 'PA Bets' } as unknown as SiteConfig,
      operators: new Map([['fanduel', { id: 'fanduel', name: 'FanDuel' } as unknown as Operator]]),
      reviewRoutes: new Map<string, string>(),
    };
    const page = markdownForPage(ctx, 'content/pages/x.md');
    const html = ['\\{\\{fanduel.name}}', '{\\{site.name}}', '&#123;&#123;fanduel.name}}', 'no {braces} {here}']
      .map((t) => page.render(t, 1).html)
      .join('');
    expect(html).toBe('<p>FanDuel</p>\n<p>PA Bets</p>\n<p>FanDuel</p>\n<p>no {braces} {here}</p>\n');
    expect(page.diagnostics).toEqual([]);
  });
});
