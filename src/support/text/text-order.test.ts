import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localeOrder } from './text-order.js';

const sign = (n: number) => Math.sign(n);

describe('localeOrder', () => {
  it('orders routes and dates as localeCompare does', () => {
    const plain = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-/'), maxLength: 12 });
    fc.assert(
      fc.property(plain, plain, (a, b) => {
        expect(sign(localeOrder(a, b))).toBe(sign(a.localeCompare(b)));
      }),
      { numRuns: 5_000 },
    );
  });

  it('orders any other text as localeCompare does', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(sign(localeOrder(a, b))).toBe(sign(a.localeCompare(b)));
      }),
      { numRuns: 1_000 },
    );
    for (const [a, b] of [
      ['/Guide', '/guide'],
      ['/co-op', '/coop'],
      ['/é', '/f'],
      ['2025-01', '2025-01-15'],
    ])
      expect(sign(localeOrder(a!, b!))).toBe(sign(a!.localeCompare(b!)));
  });
});
