import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as odds from './odds.js';
import { parseAmericanOdds, parseAnyOdds, parseFractionalOdds, parseNumber } from './tool-input.js';

describe('odds tool formulas', () => {
  it('converts the odds page examples every way (hand-worked)', () => {
    expect(odds.fractionalToDecimal(3, 2)).toBe(2.5);
    expect(odds.decimalToFractional(2.5)).toEqual([3, 2]);
    expect(odds.decimalToFractional(odds.americanToDecimal(-110))).toEqual([10, 11]);
    expect(odds.decimalImplied(2.5)).toBe(0.4);
    expect(odds.probabilityToAmerican(0.4)).toBeCloseTo(150, 9);
    expect(odds.formatDecimal(odds.americanToDecimal(-110))).toBe('1.91');
  });
  it('strips the vig from a -110/-110 market to 50/50 with a 4.76% margin', () => {
    const r = odds.noVig(-110, -110);
    expect(r.a).toBeCloseTo(0.5, 12);
    expect(odds.percent(r.margin)).toBe('4.76%');
    const s = odds.noVig(-200, 170);
    expect(s.a + s.b).toBeCloseTo(1, 12);
    expect(s.a).toBeCloseTo(0.6667 / (0.6667 + 0.3704), 3);
  });
  it('prices parlays of any legs as the product of decimals', () => {
    expect(odds.parlayOfDecimals([2.5, 1.5])).toBe(3.75);
    expect(Math.round(odds.decimalToAmerican(odds.parlayOfDecimals([1.909090909, 1.909090909])))).toBe(264);
  });
  it('makes fair two-way probabilities sum to 1 (property)', () => {
    const american = fc.oneof(fc.integer({ min: 100, max: 100_000 }), fc.integer({ min: -100_000, max: -100 }));
    fc.assert(
      fc.property(american, american, (a, b) => {
        const r = odds.noVig(a, b);
        expect(r.a + r.b).toBeCloseTo(1, 12);
        expect(r.a).toBeGreaterThan(0);
        expect(r.a).toBeLessThan(1);
      }),
    );
  });
  it('round-trips American → decimal → American (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 101, max: 100_000 }), fc.integer({ min: -100_000, max: -101 })), (a) => {
        expect(odds.decimalToAmerican(odds.americanToDecimal(a))).toBeCloseTo(a, 6);
      }),
    );
    // -100 and +100 are one price (evens); it comes back as +100.
    expect(odds.decimalToAmerican(odds.americanToDecimal(-100))).toBe(100);
  });
});

describe('tool input', () => {
  it('refuses empty, non-numeric, negative and absurd values with a message', () => {
    const rule = { missing: 'Enter the playthrough from the offer’s terms.', max: 100 };
    expect(parseNumber('', rule)).toEqual({ ok: false, message: rule.missing });
    expect(parseNumber('abc', rule).ok).toBe(false);
    expect(parseNumber('-5', rule)).toMatchObject({ ok: false, message: expect.stringMatching(/negative/) });
    expect(parseNumber('1000', rule).ok).toBe(false);
    expect(parseNumber('15x', rule)).toEqual({ ok: true, value: 15 });
    expect(parseNumber('$1,200', { missing: 'x' })).toEqual({ ok: true, value: 1200 });
    expect(parseNumber('Infinity', rule).ok).toBe(false);
    expect(parseNumber('1e400', rule).ok).toBe(false);
  });
  it('refuses odds of 0 and ±99, and bad fractions', () => {
    expect(parseAmericanOdds('0')).toMatchObject({ ok: false, message: expect.stringMatching(/0 do not exist/) });
    expect(parseAmericanOdds('+99').ok).toBe(false);
    expect(parseAmericanOdds('-99').ok).toBe(false);
    expect(parseAmericanOdds('-110')).toEqual({ ok: true, value: -110 });
    expect(parseFractionalOdds('3/0').ok).toBe(false);
    expect(parseFractionalOdds('evens')).toEqual({ ok: true, value: 2 });
    expect(parseAnyOdds('decimal', '1').ok).toBe(false);
    expect(parseAnyOdds('implied', '100').ok).toBe(false);
    expect(parseAnyOdds('implied', '40')).toEqual({ ok: true, value: 2.5 });
  });
  it('never returns NaN or Infinity for any typed text (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('american', 'decimal', 'fractional', 'implied'), (text, format) => {
        const r = parseAnyOdds(format, text);
        if (r.ok) {
          expect(Number.isFinite(r.value)).toBe(true);
          expect(r.value).toBeGreaterThan(1);
        } else expect(r.message.length).toBeGreaterThan(0);
      }),
    );
  });
});
