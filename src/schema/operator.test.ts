import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ratingOf } from './operator.js';

const score = fc.integer({ min: 2, max: 10 }).map((h) => ({ score: h / 2 }));
const unscored = fc.constant({} as { score?: number });

describe('ratingOf: the rating a review shows is the mean of its scored criteria', () => {
  it('works the mean out to one decimal, leaving unscored criteria out', () => {
    expect(ratingOf({ a: { score: 5 }, b: { score: 3.5 }, c: { score: 3.5 }, d: { score: 4 } })).toBe(4);
    expect(ratingOf({ a: { score: 5 }, b: { score: 4.5 }, c: { score: 3.5 }, d: { score: 4 } })).toBe(4.3);
    expect(ratingOf({ a: { score: 4 }, b: {}, c: { score: 3 }, d: { score: 4 } })).toBe(3.7);
    expect(ratingOf({ a: {}, b: {} })).toBeUndefined();
  });

  it('lies between the lowest and highest score, whatever their order or the unscored ones', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(score, unscored), { minLength: 1, maxLength: 12 }), (list) => {
        const given = list.flatMap((s) => (s.score === undefined ? [] : [s.score]));
        const rating = ratingOf(Object.fromEntries(list.map((s, i) => [`c${i}`, s])));
        if (!given.length) return rating === undefined;
        const reversed = ratingOf(Object.fromEntries([...list].reverse().map((s, i) => [`c${i}`, s])));
        return (
          rating !== undefined &&
          rating === reversed &&
          rating >= Math.min(...given) - 0.05 &&
          rating <= Math.max(...given) + 0.05 &&
          Math.round(rating * 10) === rating * 10
        );
      }),
    );
  });
});
