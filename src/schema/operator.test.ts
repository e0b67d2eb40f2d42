import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operatorSchema } from './operator.js';

const base = {
  kind: 'sportsbook',
  name: 'Book',
  shortName: 'Book',
  brandColor: '#123456',
  officialUrl: 'https://example.com/',
  termsUrl: 'https://example.com/promos',
  source: 's',
  features: ['One', 'Two'],
};
const action = {
  date: '2025-07-24',
  fine: 40000,
  party: 'Book, LLC',
  against: 'operator',
  concerned: 'online',
  reason: 'a reason',
  source: 's',
};
const parse = (extra: object) => operatorSchema.safeParse({ ...base, ...extra });

describe('operator schema: the record and the market figures the rating reads', () => {
  it('takes a PGCB action with whom it was against, what it concerned and a reason', () => {
    expect(parse({ enforcement: [action] }).success).toBe(true);
    expect(parse({ enforcement: [{ ...action, date: '2020' }] }).success).toBe(true);
    for (const drop of ['against', 'concerned', 'reason', 'source'] as const) {
      const { [drop]: _, ...rest } = action;
      expect(parse({ enforcement: [rest] }).success, drop).toBe(false);
    }
    expect(parse({ enforcement: [{ ...action, against: 'parent' }] }).success).toBe(false);
  });

  it('takes market figures only as a month, a handle in dollars and a publication date', () => {
    const figure = { month: '2025-07', handle: 145_900_000, published: '2025-08', source: 's' };
    expect(parse({ market: [figure] }).success).toBe(true);
    expect(parse({ market: [{ ...figure, handle: '$145.9 million' }] }).success).toBe(false);
    expect(parse({ market: [{ ...figure, month: 'July 2025' }] }).success).toBe(false);
  });

  it('rejects any date that is not YYYY, YYYY-MM or YYYY-MM-DD (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (date) => {
        const ok = parse({ enforcement: [{ ...action, date }] }).success;
        if (ok) expect(date).toMatch(/^\d{4}(-(0[1-9]|1[0-2])(-\d{2})?)?$/);
      }),
    );
  });
});
