import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Operator, SiteConfig } from '../../model.js';
import { citationOf, lookupDeep, lookupReference, malformedIssue, malformedPlaceholders } from './interpolate.js';

const word = fc.stringMatching(/^[a-z0-9]{1,8}$/);
const value = fc
  .tuple(word, fc.array(word, { minLength: 1, maxLength: 3 }))
  .map(([id, keys]) => `{{${id}.${keys.join('.')}}}`);
// Prose with no braces at all, so every `{{` in a generated text is one the test put there.
const prose = fc.string({ maxLength: 20 }).map((s) => s.replace(/[{}]/g, ''));

describe('malformedPlaceholders', () => {
  it('accepts any text made of prose and complete values', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(prose, value), { maxLength: 8 }), (parts) => {
        expect(malformedPlaceholders(parts.join(''))).toEqual([]);
      }),
    );
  });

  it('finds the first broken one, at its index, wherever it sits among complete values', () => {
    const broken = fc.constantFrom('{{', '{{}}', '{{x}', '{{ x.y', '{{.a}}', '{{x}}', '{{X.y}}', '{{x.y}');
    fc.assert(
      fc.property(fc.array(fc.oneof(prose, value)), broken, fc.array(fc.oneof(prose, value)), (before, bad, after) => {
        const head = before.join('');
        const [found] = malformedPlaceholders(head + bad + after.join(''));
        expect(found?.index).toBe(head.length);
        expect(found?.found.startsWith('{{')).toBe(true);
      }),
    );
  });

  it('finds every broken one, however many sit among prose and complete values', () => {
    const broken = fc.constantFrom('{{', '{{}}', '{{x}', '{{ x.y', '{{.a}}', '{{x}}', '{{X.y}}', '{{x.y}');
    const part = fc.oneof(
      prose.map((text) => ({ text, bad: 0 })),
      value.map((text) => ({ text, bad: 0 })),
      broken.map((text) => ({ text, bad: 1 })),
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 10 }), (parts) => {
        const found = malformedPlaceholders(parts.map((p) => p.text).join(''));
        expect(found).toHaveLength(parts.reduce((n, p) => n + p.bad, 0));
      }),
    );
  });
});

describe('citations of inserted values', () => {
  const config = {
    title: 'Site',
    facts: { incomeTax: { value: '3.07%', source: 'pa-revenue' } },
    market: { source: 'pgcb', sportsbooks: [{ brand: 'A' }, { brand: 'B' }] },
  } as unknown as SiteConfig;
  const op = {
    id: 'book',
    name: 'Book',
    licensee: 'Casino',
    source: ['pgcb', 'book-terms'],
    review: {
      source: 'book-terms',
      minDeposit: 10,
      withdrawals: [{ method: 'PayPal', time: '{{site.facts.incomeTax}}', source: 'operator-terms' }],
    },
  } as unknown as Operator;
  const ops = new Map([['book', op]]);

  it('a cited fact inserts its value and cites its own source', () => {
    expect(lookupReference('site', ['facts', 'incomeTax'], config, ops)).toBe('3.07%');
    expect(citationOf('site', ['facts', 'incomeTax'], config, ops)).toEqual(['pa-revenue']);
  });

  it('a value cites the nearest source on its path: a row its own, the review its own', () => {
    expect(citationOf('book', ['review', 'withdrawals', '0', 'method'], config, ops)).toEqual(['operator-terms']);
    expect(citationOf('book', ['review', 'minDeposit'], config, ops)).toEqual(['book-terms']);
    expect(citationOf('site', ['market', 'sportsbooks', 'length'], config, ops)).toEqual(['pgcb']);
  });

  it("an operator's own source covers its license holder, not its name; settings cite nothing", () => {
    expect(citationOf('book', ['licensee'], config, ops)).toEqual(['pgcb', 'book-terms']);
    expect(citationOf('book', ['name'], config, ops)).toEqual([]);
    expect(citationOf('site', ['title'], config, ops)).toEqual([]);
    expect(citationOf('book', ['nothing'], config, ops)).toEqual([]);
  });

  it('a value that refers to a fact is filled in, citing both', () => {
    const cited: string[] = [];
    const v = lookupDeep('book', ['review', 'withdrawals', '0', 'time'], config, ops, [], (s) => cited.push(...s));
    expect(v).toEqual({ value: '3.07%' });
    expect(cited).toEqual(['operator-terms', 'pa-revenue']);
  });

  it('a reference loop is returned as its cycle instead of running on', () => {
    const loop = { ...op, name: '{{book.name}}' } as Operator;
    expect(lookupDeep('book', ['name'], config, new Map([['book', loop]]))).toEqual({
      cycle: ['book.name', 'book.name'],
    });
  });
});

describe('malformedIssue', () => {
  const fix = (text: string) => malformedIssue(malformedPlaceholders(text)[0]!).hint;
  it('gives the fix for what is actually missing, not "close it" for a value already closed', () => {
    expect(fix('See {{x}} here')).toMatch(/^add the field after the id and a dot, such as \{\{x\.name\}\}/);
    expect(fix('See {{x}} here')).not.toContain('close it');
    expect(fix('See {{x.name} here')).toMatch(/^close it with a second "\}"/);
    expect(fix('See {{ x.name here')).toMatch(/^close it with "\}\}"/);
    expect(fix('See {{}} here')).toMatch(/^name an operator id \(or "site"\) and a field inside the braces/);
    expect(fix('See {{Fan_duel.name}} here')).toMatch(/^write the operator id \(or "site"\) in lowercase/);
  });
});
