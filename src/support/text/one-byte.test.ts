import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serialize } from 'node:v8';
import { allLatin1, oneByte, oneByteStrings } from './one-byte.js';

/** How V8 stores a string, from the tag its serializer writes: one byte a character, or two. */
const storage = (s: string) => {
  const bytes = serialize(s);
  // After the version header: '"' (one-byte), or 'c' (two-byte), that one after a padding byte.
  const tag = bytes[2] === 0 ? bytes[3] : bytes[2];
  return tag === 0x22 ? 'one-byte' : tag === 0x63 ? 'two-byte' : `tag ${tag}`;
};

describe('oneByte', () => {
  it('keeps the text of any string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' })), (s) => {
        expect(oneByte(s)).toBe(s);
      }),
    );
  });

  it('stores a Latin-1 slice of a two-byte text one byte a character', () => {
    const text = 'bankroll: 1\u20135%\ntitle: PA Bet Guide \u00a9\n';
    const title = text.slice(text.indexOf('PA'), -1);
    expect(storage(title)).toBe('two-byte');
    expect(storage(oneByte(title))).toBe('one-byte');
    expect(oneByte(title)).toBe('PA Bet Guide \u00a9');
    // Beyond Latin-1 it cannot be: kept as it is.
    expect(storage(oneByte(text))).toBe('two-byte');
    expect(allLatin1(text)).toBe(false);
    expect(allLatin1(title)).toBe(true);
  });

  it('replaces every string of a parsed value in place, the same text', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const copy = structuredClone(v);
        expect(oneByteStrings(copy)).toEqual(v);
      }),
    );
    const wide = '\u2013 Home page of the site';
    const value = { a: [wide.slice(2)], b: { c: wide.slice(2), d: 3, e: null } };
    oneByteStrings(value);
    expect(storage(value.a[0]!)).toBe('one-byte');
    expect(storage(value.b.c)).toBe('one-byte');
  });
});
