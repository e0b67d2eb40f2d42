import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { malformedPlaceholders } from './interpolate.js';

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
