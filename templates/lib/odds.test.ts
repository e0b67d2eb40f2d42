import { describe, expect, it } from 'vitest';
import * as odds from './odds.js';

describe('odds', () => {
  it('computes profit with the spec formulas', () => {
    expect(odds.profit(100, 150)).toBe(150);
    expect(odds.profit(100, -200)).toBe(50);
    expect(odds.profit(110, -110)).toBeCloseTo(100, 10);
    expect(odds.totalReturn(100, 150)).toBe(250);
  });
  it('computes implied probability', () => {
    expect(odds.impliedProbability(150)).toBeCloseTo(0.4, 10);
    expect(odds.impliedProbability(-200)).toBeCloseTo(0.6667, 4);
    expect(odds.percent(odds.impliedProbability(-110))).toBe('52.38%');
    expect(odds.percent(0.2, 0)).toBe('20%');
    expect(odds.percent(0.4)).toBe('40%');
  });
  it('converts between American, decimal and fractional', () => {
    expect(odds.americanToDecimal(150)).toBe(2.5);
    expect(odds.decimalToAmerican(2.5)).toBe(150);
    expect(odds.americanToFractional(150)).toEqual([3, 2]);
    expect(odds.americanToFractional(-200)).toEqual([1, 2]);
    expect(odds.americanToFractional(-110)).toEqual([10, 11]);
    expect(odds.decimalToAmerican(1.5)).toBeCloseTo(-200, 10);
    expect(odds.fractionalProfit(100, 3, 2)).toBe(150);
  });
  it('prices parlays of -110 legs as the sourced figures say', () => {
    expect(Math.round(odds.parlayAmerican(-110, 2))).toBe(264);
    expect(Math.round(odds.parlayAmerican(-110, 3))).toBe(596);
    expect(Math.round(odds.parlayAmerican(-110, 4))).toBe(1228);
  });
  it('formats money and odds', () => {
    expect(odds.money(150)).toBe('$150');
    expect(odds.money(90.909)).toBe('$90.91');
    expect(odds.money(1500)).toBe('$1,500');
    expect(odds.formatAmerican(150)).toBe('+150');
    expect(() => odds.parseAmerican('+50')).toThrow();
  });
});
