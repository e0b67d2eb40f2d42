import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OFFER_TYPES, SPORTS_EDGE, bonusBetShare, offerValue, type OfferTerms } from './offer-value.js';

const terms = (t: Partial<OfferTerms>): OfferTerms => ({
  type: 'bonus-bets',
  amount: 100,
  qualifying: 0,
  odds: 100,
  playthrough: 1,
  withDeposit: false,
  weighting: 1,
  edge: 0,
  ...t,
});

describe('offer value', () => {
  it('states the default sportsbook edge: -110 on both sides keeps 4.55%', () => {
    expect(SPORTS_EDGE).toBeCloseTo(1 - 1 / (2 * (110 / 210)), 12);
    expect(Math.round(SPORTS_EDGE * 10000) / 100).toBe(4.55);
  });
  it('values bonus bets at their profit only (hand-worked)', () => {
    // $100 of bonus bets at +100 with no edge: half the time they win $100 of profit.
    expect(offerValue(terms({})).value).toBeCloseTo(50, 10);
    // At +300 (decimal 4) with a 5% edge: 0.95 × 3 / 4 = 71.25%.
    expect(bonusBetShare(4, 0.05)).toBeCloseTo(0.7125, 10);
    expect(offerValue(terms({ odds: 300, edge: 0.05 })).value).toBeCloseTo(71.25, 10);
  });
  it('values a first-bet refund as the chance of losing times the bonus bets', () => {
    // $50 bet at +100, no edge: loses half the time, then $50 of bonus bets worth 50%.
    const r = offerValue(terms({ type: 'refund', amount: 50, qualifying: 50 }));
    expect(r.value).toBeCloseTo(12.5, 10);
    expect(r.expectedLoss).toBe(0);
    expect(r.wagering).toBe(100);
  });
  it('prices a deposit match from playthrough, weighting and edge (hand-worked)', () => {
    // Caesars-style example: $1,000 bonus, $1,000 deposit, 15x on both = $30,000; 100% slots at 4% edge.
    const r = offerValue(
      terms({ type: 'deposit-match', amount: 1000, qualifying: 1000, playthrough: 15, withDeposit: true, edge: 0.04 }),
    );
    expect(r.wagering).toBe(30_000);
    expect(r.expectedLoss).toBeCloseTo(1200, 9);
    expect(r.value).toBe(0);
    // $100 in credits, 10x, table games counting 20%, 1% edge: $5,000 wagered, $50 lost, $50 kept.
    const c = offerValue(terms({ type: 'casino-credits', playthrough: 10, weighting: 0.2, edge: 0.01 }));
    expect(c.wagering).toBeCloseTo(5000, 9);
    expect(c.value).toBeCloseTo(50, 9);
  });
  it('values spins from their face value, return and wagering on winnings', () => {
    // 100 spins of $0.20 = $20, 96% return: $19.20; 1x on winnings at 4%: $0.77 lost.
    const r = offerValue(terms({ type: 'spins', amount: 20, playthrough: 1, edge: 0.04 }));
    expect(r.value).toBeCloseTo(19.2 - 19.2 * 0.04, 9);
    expect(r.steps.length).toBeGreaterThan(2);
  });
  it('never exceeds the bonus amount, never goes negative (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OFFER_TYPES.map((t) => t.id)),
        fc.double({ min: 0, max: 100_000, noNaN: true }),
        fc.double({ min: 0, max: 100_000, noNaN: true }),
        fc.oneof(fc.integer({ min: 100, max: 100_000 }), fc.integer({ min: -100_000, max: -100 })),
        fc.double({ min: 1, max: 100, noNaN: true }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        fc.boolean(),
        (type, amount, qualifying, odds, playthrough, weighting, edge, withDeposit) => {
          const r = offerValue({ type, amount, qualifying, odds, playthrough, weighting, edge, withDeposit });
          expect(Number.isFinite(r.value)).toBe(true);
          expect(r.value).toBeGreaterThanOrEqual(0);
          expect(r.value).toBeLessThanOrEqual(amount);
          expect(Number.isFinite(r.wagering)).toBe(true);
          expect(r.steps.join(' ')).not.toMatch(/NaN|Infinity/);
        },
      ),
    );
  });
});
