import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Operator } from '../schema/operator.js';
import type { SiteConfig } from '../schema/site.js';
import { marketMonth, rateOperators } from './ratings.js';
import { actionsOn, knownFrom, recordScore } from './record.js';

const criteria = [
  { id: 'record', title: 'Regulatory record', text: 'x' },
  { id: 'market', title: 'Market position', text: 'x' },
];
const site = { methodology: { criteria, bar: { minRating: 4 }, ranking: [] } } as unknown as SiteConfig;
const DEC = new Date('2026-12-06T00:00:00Z');
const JAN = new Date('2025-01-20T00:00:00Z');

type Action = Operator['enforcement'][number];
const fine = (date: string, amount: number, extra: Partial<Action> = {}): Action => ({
  date,
  fine: amount,
  party: 'x',
  against: 'operator',
  concerned: 'online',
  reason: 'x',
  source: 's',
  ...extra,
});

function op(name: string, enforcement: Action[] = [], handle?: number, extra: Partial<Operator> = {}): Operator {
  return {
    id: name.toLowerCase(),
    name,
    kind: 'sportsbook',
    enforcement,
    market: handle ? [{ month: '2025-07', handle, published: '2025-08', source: 's' }] : undefined,
    ...extra,
  } as unknown as Operator;
}

const view = (ops: Operator[], today = DEC) =>
  rateOperators(ops, site, today).map((o) => [o.name, o.rank, o.rating, o.featured]);

describe('the regulatory record', () => {
  it('weighs each fine by size, players kept out, who was fined, what it concerned and how recent', () => {
    expect(recordScore([], DEC)).toBe(5);
    // $40,000 on the online operator within 24 months: 1 point.
    expect(recordScore([fine('2025-07-24', 40_000)], DEC)).toBe(4);
    // Large self-exclusion fine on the operator: 2 + 0.5.
    expect(recordScore([fine('2025-01-30', 260_905, { players: 'self-excluded' })], DEC)).toBe(2.5);
    // Land-based, on the license holder, 2 to 5 years old: 1 × 0.25 × 0.5.
    const land = fine('2024-02', 65_000, { against: 'license-holder', concerned: 'land-based' });
    expect(recordScore([land], DEC)).toBe(4.9);
    // Older than five years: a quarter; never below 1.
    expect(recordScore([fine('2020', 87_500)], DEC)).toBe(4.8);
    expect(
      recordScore(
        Array.from({ length: 5 }, () => fine('2026-01-01', 500_000)),
        DEC,
      ),
    ).toBe(1);
  });

  it('shows no action dated after the build: a month counts from the next month, a year from the next year', () => {
    const late = fine('2025-01-30', 260_905);
    expect(actionsOn([late], JAN)).toEqual([]);
    expect(recordScore([late], JAN)).toBe(5);
    expect(knownFrom('2025-07').toISOString().slice(0, 10)).toBe('2025-08-01');
    expect(knownFrom('2020').toISOString().slice(0, 10)).toBe('2021-01-01');
  });
});

describe('rateOperators: the method in one place', () => {
  it('rests on market position only where one month covers every operator of the kind', () => {
    const a = op('Alpha', [], 100e6);
    const b = op('Beta', [], 50e6);
    expect(marketMonth([a, b], DEC)).toBe('2025-07');
    expect(marketMonth([a, b], JAN)).toBeUndefined();
    expect(marketMonth([a, op('Gamma')], DEC)).toBeUndefined();
    expect(view([a, b])).toEqual([
      ['Alpha', 1, 5, true],
      ['Beta', 2, 4, false],
    ]);
    // Without Gamma's figure no sportsbook's rating rests on market position: all rest on the record.
    expect(view([a, b, op('Gamma')]).map(([n, , r]) => [n, r])).toEqual([
      ['Alpha', 5],
      ['Beta', 5],
      ['Gamma', 5],
    ]);
  });

  it('ranks strictly by rating; equal ratings by record, then name; every operator is rated', () => {
    const ops = [
      op('Zed', [], 100e6),
      op('Fined', [fine('2026-01-01', 40_000)], 100e6),
      op('Small', [], 20e6),
      op('Also', [], 100e6),
    ];
    const out = rateOperators(ops, site, DEC);
    for (let i = 1; i < out.length; i++) expect(out[i - 1]!.rating!).toBeGreaterThanOrEqual(out[i]!.rating!);
    expect(out.map((o) => o.name)).toEqual(['Also', 'Zed', 'Fined', 'Small']);
    expect(out.every((o) => o.rating !== undefined)).toBe(true);
  });

  it("gives Editor's choice to the first operator that meets the bar, and none when none does", () => {
    const barred = op('Barred', [fine('2026-01-01', 150_000, { players: 'self-excluded' })], 100e6);
    const ops = [barred, op('Clean', [], 80e6), op('Low', [], 10e6)];
    const out = rateOperators(ops, site, DEC);
    expect(out.map((o) => [o.name, o.meetsBar, o.featured])).toEqual([
      ['Clean', true, true],
      ['Barred', false, false],
      ['Low', false, false],
    ]);
    const top = op('Top', [fine('2026-01-01', 500_000, { players: 'underage' })], 100e6);
    expect(rateOperators([op('Low', [], 10e6), top], site, DEC).some((o) => o.featured)).toBe(false);
  });
});

/** Offers as a generator sees them: none, or terms with any check date and any state. */
const offer = fc.option(
  fc.record({
    headline: fc.string(),
    minDeposit: fc.oneof(fc.nat(1000), fc.constant('not stated')),
    playthrough: fc.constantFrom('1x', '15x', 'not stated'),
    verified: fc.constantFrom('2019-07', '2025-01', '2026-11-30'),
  }),
  { nil: undefined },
);
const state = fc.constantFrom('current', 'aging', 'withheld', undefined);
const action = fc.record({
  date: fc.constantFrom('2020', '2021-11-10', '2024-02', '2025-01-30', '2026-11'),
  fine: fc.integer({ min: 1, max: 1_000_000 }),
  party: fc.constant('x'),
  against: fc.constantFrom('operator', 'license-holder', 'group'),
  concerned: fc.constantFrom('online', 'land-based', 'licensing', 'not stated'),
  players: fc.constantFrom('self-excluded', 'underage', undefined),
  reason: fc.constant('x'),
  source: fc.constant('s'),
});
const operatorArb = fc.record({
  enforcement: fc.array(action, { maxLength: 4 }),
  handle: fc.option(fc.integer({ min: 1, max: 400 }), { nil: undefined }),
  kind: fc.constantFrom('sportsbook', 'casino'),
  bonus: offer,
  offerState: state,
});

describe('offers never move a rating or a rank (property)', () => {
  it('changing, adding, removing or aging any offer leaves every rating, rank and Editor’s choice unchanged', () => {
    fc.assert(
      fc.property(
        fc.array(operatorArb, { minLength: 1, maxLength: 7 }),
        fc.array(fc.tuple(offer, state), { minLength: 7, maxLength: 7 }),
        fc.constantFrom(DEC, JAN),
        (specs, changes, today) => {
          const ops = specs.map((s, i) =>
            op(`Op${i}`, s.enforcement as Action[], s.handle && s.handle * 1e6, {
              kind: s.kind,
              bonus: s.bonus,
              offerState: s.offerState,
            } as Partial<Operator>),
          );
          const changed = ops.map((o, i) => ({ ...o, bonus: changes[i]![0], offerState: changes[i]![1] }) as Operator);
          const key = (list: Operator[]) =>
            rateOperators(list, site, today)
              .map((o) => [o.id, o.rank, o.rating, o.featured, o.meetsBar, o.scored.join()])
              .sort();
          expect(key(changed as Operator[])).toEqual(key(ops));
        },
      ),
    );
  });
});
