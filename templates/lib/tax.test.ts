import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIRST_TAX_YEAR, LAST_TAX_YEAR, TAX_YEARS, rulesFor, rulesOn, taxOnWin, type WinType } from './tax.js';

/** A win, with the real site's income tax rate (content/site.yaml `compliance.incomeTax`). */
const win = (type: WinType, year: number, winnings: number, wager: number, losses = 0) =>
  taxOnWin({ type, year, winnings, wager, losses, incomeTaxRate: 0.0307 })!;

describe('tax on winnings', () => {
  it('issues a W-2G for slots at $1,200 before 2026 and at $2,000 from 2026 (hand-worked)', () => {
    expect(win('slots', 2025, 1200, 1).w2g).toBe(true);
    expect(win('slots', 2025, 1199.99, 1).w2g).toBe(false);
    expect(win('slots', 2026, 1500, 1).w2g).toBe(false);
    expect(win('slots', 2026, 2000, 1).w2g).toBe(true);
    expect(win('bingo', 2026, 1999, 5).w2g).toBe(false);
  });
  it('applies the $600 and 300-times rule to sports and table wins', () => {
    // $2 bet at +40000 returns $802: $800 net, 401 times the wager.
    expect(win('sports', 2026, 802, 2).w2g).toBe(true);
    // $100 bet winning $900 net is not 300 times the wager.
    expect(win('sports', 2026, 1000, 100).w2g).toBe(false);
    expect(win('table', 2025, 599, 1).w2g).toBe(false);
  });
  it('uses $1,500 (net) for keno and over $5,000 (net) for poker tournaments', () => {
    expect(win('keno', 2026, 1510, 10).w2g).toBe(true);
    expect(win('keno', 2026, 1505, 10).w2g).toBe(false);
    expect(win('poker', 2026, 5100, 100).w2g).toBe(false);
    expect(win('poker', 2026, 5101, 100).w2g).toBe(true);
  });
  it('withholds 24% of a sports win over $5,000 that is 300 times the wager, never from slots', () => {
    // $10 at +100000: $10,010 returned, $10,000 net: $2,400 withheld.
    const r = win('sports', 2026, 10_010, 10);
    expect(r.withheld).toBe(2400);
    expect(win('slots', 2026, 50_000, 5).withheld).toBe(0);
    expect(win('sports', 2026, 10_010, 1000).withheld).toBe(0);
  });
  it("takes the jurisdiction's rate (3.07%) of the net win", () => {
    expect(win('sports', 2026, 1100, 100).incomeTax).toBe(30.7);
    expect(win('slots', 2025, 2000, 0).incomeTax).toBe(61.4);
  });
  it('limits deductible losses to 90% from 2026, never above the win', () => {
    expect(win('slots', 2025, 5000, 0, 4000).deductibleLosses).toBe(4000);
    expect(win('slots', 2026, 5000, 0, 4000).deductibleLosses).toBe(3600);
    expect(win('slots', 2026, 5000, 0, 10_000).deductibleLosses).toBe(5000);
  });
  it('knows each year it covers, with sources, and no other', () => {
    expect(rulesFor(FIRST_TAX_YEAR - 1)).toBeUndefined();
    expect(rulesFor(LAST_TAX_YEAR + 1)).toBeUndefined();
    expect(taxOnWin({ type: 'slots', year: 2030, winnings: 1, wager: 0, losses: 0, incomeTaxRate: 0 })).toBeUndefined();
    for (const r of TAX_YEARS) for (const ids of Object.values(r.sources)) expect(ids.length).toBeGreaterThan(0);
  });
  it('switches the slot line and the loss share exactly on January 1, 2026 (property)', () => {
    const start = Date.UTC(2018, 0, 1);
    const end = Date.UTC(2026, 11, 31, 23, 59, 59);
    fc.assert(
      fc.property(fc.integer({ min: start, max: end }), (t) => {
        const rules = rulesOn(new Date(t))!;
        const from2026 = t >= Date.UTC(2026, 0, 1);
        expect(rules.slotsBingo).toBe(from2026 ? 2000 : 1200);
        expect(rules.lossShare).toBe(from2026 ? 0.9 : 1);
        expect(rules.other).toBe(600);
      }),
    );
  });
  it('never gives a negative or non-finite figure (property)', () => {
    const types: WinType[] = ['sports', 'slots', 'bingo', 'table', 'poker', 'keno'];
    fc.assert(
      fc.property(
        fc.constantFrom(...types),
        fc.integer({ min: FIRST_TAX_YEAR, max: LAST_TAX_YEAR }),
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        (type, year, winnings, wager, losses) => {
          const r = win(type, year, winnings, wager, losses);
          for (const n of [r.net, r.withheld, r.incomeTax, r.deductibleLosses]) {
            expect(Number.isFinite(n)).toBe(true);
            expect(n).toBeGreaterThanOrEqual(0);
          }
          expect(r.deductibleLosses).toBeLessThanOrEqual(r.net);
        },
      ),
    );
  });
});
