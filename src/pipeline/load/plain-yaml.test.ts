import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import jsyaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { splitFrontmatter } from './frontmatter.js';
import { plainYaml } from './plain-yaml.js';
import { parseYamlWithPositions } from './yaml-source.js';

/** js-yaml's result, as parseYaml loads it, or 'throws'. */
const library = (text: string): unknown => {
  try {
    return jsyaml.load(text, { schema: jsyaml.CORE_SCHEMA });
  } catch {
    return 'throws';
  }
};

/**
 * The fast path either declines or gives exactly js-yaml's value (never a value where js-yaml throws), which is
 * also the position-tracking parser's (text with a `*` went there before the fast path, as it may hold an alias).
 */
const agrees = (text: string) => {
  const fast = plainYaml(text);
  if (fast === undefined) return;
  // isDeepStrictEqual, not toStrictEqual: that compares `.constructor`, an own key in `constructor: …` maps.
  expect(isDeepStrictEqual(fast, library(text)), JSON.stringify(text)).toBe(true);
  expect(isDeepStrictEqual(fast, parseYamlWithPositions(text, 'x.md').data), JSON.stringify(text)).toBe(true);
};

describe('plainYaml (the fast path for frontmatter)', () => {
  it('reads nested maps of one-line scalars as js-yaml does', () => {
    const text = '\ntemplate: guide\ntitle: "A: b"\nn: 12\nd: 2025-01\nq: \'x\'\nhero:\n  heading: Hi there\nnone:\n';
    expect(plainYaml(text)).toStrictEqual({
      template: 'guide',
      title: 'A: b',
      n: 12,
      d: '2025-01',
      q: 'x',
      hero: { heading: 'Hi there' },
      none: null,
    });
    agrees(text);
  });

  it('leaves anything else to js-yaml', () => {
    for (const text of [
      'a: [1, 2]',
      'a:\n  - x',
      'a: "\\u0041"',
      'a: 1.5',
      'a: x # note',
      'a: *ref',
      'a: b\na: c',
      'a: |\n  text',
      'a: "one\n  two"',
      'a: b\n  c',
      'True: x',
      '__proto__: x',
      'a:\tb',
      'a: b\r\n',
      '',
      '# only a comment',
      Array.from({ length: 40 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n'),
    ])
      expect(plainYaml(text), JSON.stringify(text)).toBeUndefined();
  });

  it('agrees with js-yaml on every real page and the bench pages it takes', () => {
    const pages = path.resolve(import.meta.dirname, '../../../content/pages');
    for (const f of readdirSync(pages, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')))
      agrees(splitFrontmatter(readFileSync(path.join(pages, f), 'utf8')).matter);
    // The bench corpus's frontmatter shape (bench/corpus): the fast path must take it, or it pays nothing.
    const bench =
      '\ntemplate: guide\ntitle: "Guide 901: Account Verification"\ndescription: "How it works: terms (guide 901)."\n' +
      'updated: 2025-01-15\nhero:\n  heading: "Account Verification in Pittsburgh"\n  lede: "The licensed ticket."';
    expect(plainYaml(bench)).toBeDefined();
    agrees(bench);
  });

  it("gives js-yaml's value wherever it gives one (property)", () => {
    const goodKey = fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_-]{0,5}$/);
    const key = fc.oneof(
      { weight: 3, arbitrary: goodKey },
      fc.constantFrom('a', 'title', 'hero', 'b-c', '_x', 'true', 'Null', 'no', '1a', '__proto__', 'constructor', ''),
      fc.stringMatching(/^[a-z0-9_ :.-]{1,6}$/),
    );
    const plain = fc.stringMatching(/^[a-zA-Z0-9 :#*'"\-.,[\]{}&*!|>%@`~+_/é\u00a0\u2028\u0085]{0,12}$/);
    const goodValue = fc.oneof(
      fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9 ,.:'"/-]{0,12}$/),
      fc.stringMatching(/^[a-zA-Z0-9 ,.:#'/é-]{0,12}$/).map((s) => `"${s}"`),
    );
    const value = fc.oneof(
      fc.constant(''),
      { weight: 3, arbitrary: fc.stringMatching(/^[a-zA-Z0-9][a-zA-Z0-9 ,.:'"/-]{0,12}$/) },
      plain,
      plain.map((s) => `"${s}"`),
      plain.map((s) => `'${s}'`),
      fc.stringMatching(/^[a-z\\"]{0,6}$/).map((s) => `"${s}"`),
      fc.constantFrom('0', '7', '007', '-1', '+1', '1_000', '0x1F', '0o7', '1e3', '.5', '.inf', '.NaN', '2025-01-15'),
      fc.constantFrom('2025-1-5', '12345678901234567', 'yes', 'off', 'null', 'TRUE', 'False', '~', '<<', '='),
    );
    const line = fc
      .tuple(
        fc.constantFrom('', '', ' ', '  ', '    ', '\t'),
        key,
        fc.constantFrom(':', ': ', ':  ', ' :', ':\t'),
        value,
        fc.constantFrom('', '', ' '),
      )
      .map((parts) => parts.join(''));
    const noisy = fc
      .tuple(fc.boolean(), fc.array(fc.oneof(line, fc.constantFrom('', '  ', '# c', '- x', '---')), { maxLength: 8 }))
      .map(([lead, lines]) => (lead ? '\n' : '') + lines.join('\n'));
    // Mostly well-formed nested maps (what the fast path takes), each written with a chosen indentation.
    type Tree = [string, string | Tree][];
    const { tree } = fc.letrec<{ tree: Tree }>((tie) => ({
      tree: fc.array(
        fc.tuple(fc.oneof({ weight: 9, arbitrary: goodKey }, key), fc.oneof(goodValue, value, tie('tree'))),
        {
          minLength: 1,
          maxLength: 4,
        },
      ),
    }));
    const write = (t: Tree, indent: string, step: string): string[] =>
      t.flatMap(([k, v]) =>
        typeof v === 'string' ? [`${indent}${k}: ${v}`] : [`${indent}${k}:`, ...write(v, indent + step, step)],
      );
    const nested = fc
      .tuple(tree, fc.constantFrom(' ', '  ', '    '), fc.boolean())
      .map(([t, step, lead]) => (lead ? '\n' : '') + write(t, '', step).join('\n'));
    const doc = fc.oneof(noisy, nested);
    fc.assert(fc.property(doc, agrees), { seed: 20261207, numRuns: 10000 });
  });
});
