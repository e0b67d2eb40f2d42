import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRange } from './range.js';

describe('parseRange (RFC 9110 §14)', () => {
  it('serves one range: first-last, first-, the last N bytes, one byte', () => {
    expect(parseRange('bytes=2-4', 10)).toEqual({ kind: 'part', start: 2, end: 4 });
    expect(parseRange('bytes=7-', 10)).toEqual({ kind: 'part', start: 7, end: 9 });
    expect(parseRange('bytes=-5', 10)).toEqual({ kind: 'part', start: 5, end: 9 });
    expect(parseRange('bytes=0-0', 10)).toEqual({ kind: 'part', start: 0, end: 0 });
    // A last position past the end, or a suffix longer than the file, is cut to the file.
    expect(parseRange('bytes=8-99999999999999999999', 10)).toEqual({ kind: 'part', start: 8, end: 9 });
    expect(parseRange('bytes=-50', 10)).toEqual({ kind: 'part', start: 0, end: 9 });
    expect(parseRange('Bytes = 1-1', 10)).toEqual({ kind: 'part', start: 1, end: 1 });
  });

  it('answers an invalid or unsatisfiable range with 416', () => {
    for (const header of ['bytes=5-2', 'bytes=10-', 'bytes=10-12', 'bytes=-0', 'bytes=', 'bytes=abc', 'bytes=1-2-3'])
      expect([header, parseRange(header, 10).kind]).toEqual([header, 'unsatisfiable']);
    expect(parseRange('bytes=0-0', 0).kind).toBe('unsatisfiable');
    expect(parseRange('bytes=-5', 0).kind).toBe('unsatisfiable');
  });

  it('answers several ranges with the whole file, and ignores other units and no header', () => {
    expect(parseRange('bytes=0-1, 4-5', 10)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=0-1,20-30', 10)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=20-30,40-', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('items=0-1', 10)).toEqual({ kind: 'whole' });
    expect(parseRange(undefined, 10)).toEqual({ kind: 'whole' });
  });

  it('never throws, and a part always lies inside the file', () => {
    const unit = fc.constantFrom(...'bytes=0123456789-, ,x'.split(''));
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 30 }), fc.nat(1_000), (header, size) => {
        const r = parseRange(header, size);
        if (r.kind === 'part') {
          expect(r.start).toBeGreaterThanOrEqual(0);
          expect(r.end).toBeGreaterThanOrEqual(r.start);
          expect(r.end).toBeLessThan(size);
        }
      }),
      { numRuns: 2_000 },
    );
  });
});
