import { afterEach, describe, expect, it } from 'vitest';
import { ageInDays, offerState, ReferenceDateError, referenceDate, TODAY_ENV, verifiedLabel } from './staleness.js';

const policy = { warnAfterDays: 30, hardLimitDays: 90 };
const day = (s: string) => new Date(`${s}T00:00:00Z`);

describe('offer staleness', () => {
  afterEach(() => {
    delete process.env[TODAY_ENV];
  });

  it('counts a month-only date from the first of the month, so it is never treated as fresher', () => {
    expect(ageInDays('2025-01', day('2025-01-31'))).toBe(30);
    expect(ageInDays('2025-01-15', day('2025-01-31'))).toBe(16);
    expect(verifiedLabel('2025-01')).toBe('January 2025');
    expect(verifiedLabel('2025-01-05')).toBe('January 5, 2025');
  });

  it('shows an offer up to the warn age, warns after it and withholds it after the hard limit', () => {
    expect(offerState('2025-01-01', day('2025-01-31'), policy)).toBe('current'); // 30 days
    expect(offerState('2025-01-01', day('2025-02-01'), policy)).toBe('aging'); // 31
    expect(offerState('2025-01-01', day('2025-04-01'), policy)).toBe('aging'); // 90
    expect(offerState('2025-01-01', day('2025-04-02'), policy)).toBe('withheld'); // 91
    // The spec's offers, checked January 2025, seen from late 2026.
    expect(offerState('2025-01', day('2026-11-23'), policy)).toBe('withheld');
  });

  it('takes the reference date from the option, then $PA_SITE_TODAY, then the clock', () => {
    const now = day('2026-11-23');
    expect(referenceDate(undefined, now)).toBe(now);
    process.env[TODAY_ENV] = '2025-02-10';
    expect(referenceDate(undefined, now).toISOString()).toBe('2025-02-10T00:00:00.000Z');
    expect(referenceDate('2025-03-01', now).toISOString()).toBe('2025-03-01T00:00:00.000Z');
    expect(() => referenceDate('2025-02-30', now)).toThrow(ReferenceDateError);
    process.env[TODAY_ENV] = 'soon';
    expect(() => referenceDate(undefined, now)).toThrow(`"soon" (from $${TODAY_ENV}) is not a date`);
  });

  it('treats an empty $PA_SITE_TODAY as unset, as shells do', () => {
    const now = day('2026-11-23');
    process.env[TODAY_ENV] = '';
    expect(referenceDate(undefined, now)).toBe(now);
  });
});
