import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PGSI_BANDS, PGSI_QUESTIONS, pgsiBand, pgsiScore } from './pgsi.js';

describe('PGSI self-check', () => {
  it('has the nine published questions and scores 0–3 each', () => {
    expect(PGSI_QUESTIONS).toHaveLength(9);
    expect(pgsiScore([0, 0, 0, 0, 0, 0, 0, 0, 0])).toBe(0);
    expect(pgsiScore([1, 0, 2, 0, 0, 0, 0, 0, 0])).toBe(3);
    expect(pgsiScore([3, 3, 3, 3, 3, 3, 3, 3, 3])).toBe(27);
  });
  it('waits for every answer and refuses values outside 0–3', () => {
    expect(pgsiScore([0, 0, 0])).toBeUndefined();
    expect(pgsiScore([0, 0, 0, 0, undefined, 0, 0, 0, 0])).toBeUndefined();
    expect(pgsiScore([0, 0, 0, 0, 4, 0, 0, 0, 0])).toBeUndefined();
  });
  it('bands scores as published: 0, 1–2, 3–7, 8+', () => {
    expect(pgsiBand(0).min).toBe(0);
    expect(pgsiBand(2).min).toBe(1);
    expect(pgsiBand(3).min).toBe(3);
    expect(pgsiBand(7).min).toBe(3);
    expect(pgsiBand(8).min).toBe(8);
    expect(pgsiBand(27).min).toBe(8);
  });
  it('puts every possible answer set in exactly one band (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 9, maxLength: 9 }), (answers) => {
        const score = pgsiScore(answers)!;
        expect(PGSI_BANDS.filter((b) => score >= b.min && score <= b.max)).toHaveLength(1);
      }),
    );
  });
});
