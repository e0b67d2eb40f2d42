import { describe, expect, it } from 'vitest';
import type { Operator } from '../schema/operator.js';
import type { SiteConfig } from '../schema/site.js';
import { licensingScore, offerScore, rateOperators } from './ratings.js';

const criteria = ['licensing', 'track', 'banking', 'protection', 'offer', 'app', 'loyalty'].map((id) => ({
  id,
  title: id,
  text: `How ${id} is scored.`,
}));
const site = { methodology: { criteria, minScored: 4, ranking: [] } } as unknown as SiteConfig;

/** An operator with these scores (criterion → score; missing = not scored). */
function op(name: string, scores: Record<string, number>, extra: Partial<Operator> = {}): Operator {
  return {
    id: name.toLowerCase(),
    name,
    kind: 'sportsbook',
    scores: Object.fromEntries(criteria.map((c) => [c.id, { reason: 'why', score: scores[c.id], source: 's' }])),
    ...extra,
  } as unknown as Operator;
}

const order = (ops: Operator[]) => rateOperators(ops, site).map((o) => [o.name, o.rank, o.rating, o.featured]);

describe('rateOperators: the method in one place', () => {
  it('rates from four scored criteria up; fewer is "not rated", listed below every rated operator', () => {
    const thin = op('Thin', { licensing: 5, track: 5, banking: 5 });
    const rated = op('Rated', { licensing: 2, track: 2, banking: 2, app: 2 });
    expect(order([thin, rated])).toEqual([
      ['Rated', 1, 2, true],
      ['Thin', 2, undefined, false],
    ]);
  });

  it('breaks equal ratings by more scored criteria, then licensing, then name', () => {
    const a = op('Alpha', { licensing: 3, track: 4, banking: 4, app: 5 });
    const b = op('Beta', { licensing: 4, track: 4, banking: 4, app: 4, loyalty: 4 });
    const c = op('Gamma', { licensing: 5, track: 4, banking: 4, app: 3 });
    const d = op('Delta', { licensing: 5, track: 3, banking: 4, app: 4 });
    // All rated 4.0: Beta has five scored criteria; Gamma and Delta tie on licensing, so by name.
    expect(order([a, b, c, d]).map(([n]) => n)).toEqual(['Beta', 'Delta', 'Gamma', 'Alpha']);
  });

  it('leaves a withheld offer out, so the rating and the rank follow the date', () => {
    const offer = op('Offer', { licensing: 3, track: 3, banking: 3, offer: 5 });
    const plain = op('Plain', { licensing: 4, track: 4, banking: 4, app: 4 });
    expect(order([offer, plain]).map(([n, , r]) => [n, r])).toEqual([
      ['Plain', 4],
      ['Offer', 3.5],
    ]);
    const withheld = { ...offer, offerState: 'withheld' } as Operator;
    expect(order([withheld, plain])).toEqual([
      ['Plain', 1, 4, true],
      ['Offer', 2, undefined, false],
    ]);
  });

  it("gives no Editor's choice when no operator of the kind is rated", () => {
    expect(order([op('Only', { licensing: 5 })])).toEqual([['Only', 1, undefined, false]]);
  });
});

describe('the scores that follow from data by rule', () => {
  it('licensing: 5, one off per fine, two off for $100,000 or more, never below 1', () => {
    const fine = (n: number) => ({ fine: n, date: 'x', party: 'x', selfExclusion: false, source: 's' });
    expect(licensingScore({ enforcement: [] })).toBe(5);
    expect(licensingScore({ enforcement: [fine(40_000)] })).toBe(4);
    expect(licensingScore({ enforcement: [fine(260_905), fine(7_500)] })).toBe(2);
    expect(licensingScore({ enforcement: [fine(1e6), fine(1e6), fine(1e6)] })).toBe(1);
  });

  it('offer: 1 plus each key term stated; undefined without an offer', () => {
    const bonus = { minDeposit: 10, playthrough: '1x', expiry: 'not stated', minOdds: 'not stated', cap: '$5' };
    expect(offerScore({ kind: 'sportsbook', bonus } as never)).toBe(3);
    expect(offerScore({ kind: 'casino', bonus } as never)).toBe(4);
    expect(offerScore({ kind: 'casino', bonus: undefined })).toBeUndefined();
  });
});
