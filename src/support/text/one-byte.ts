/**
 * Strings as V8 stores them in one byte a character, where their text allows (issue 62).
 *
 * A file that holds one character beyond Latin-1 (an en dash in site.yaml) is read as a two-byte
 * string, and so is every value sliced out of it, though most are plain ASCII. A page's markup that
 * holds one such piece (the site's title, a canonical URL made from `url`) is two-byte as a whole:
 * twice the bytes to flatten, copy, post to the page-writer thread and encode there. The text is
 * the same either way; only how V8 stores it changes.
 */
const BEYOND_LATIN1 = /[\u0100-\uffff]/;

/** Whether every character of `s` is Latin-1 (U+0000 to U+00FF): then it can be stored one byte a character. */
export const allLatin1 = (s: string): boolean => !BEYOND_LATIN1.test(s);

/** `s`, the same text, stored one byte a character when all its characters are Latin-1. */
export const oneByte = (s: string): string => (allLatin1(s) ? Buffer.from(s, 'latin1').toString('latin1') : s);

/**
 * Replaces, in place, each string held by `value` (a parsed YAML value: plain objects and arrays,
 * each walked once) by oneByte's; returns `value`, or a string's oneByte.
 */
export function oneByteStrings<T>(value: T, seen = new Set<object>()): T {
  if (typeof value === 'string') return oneByte(value) as T;
  if (value === null || typeof value !== 'object' || seen.has(value)) return value;
  seen.add(value);
  const o = value as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (typeof v === 'string') o[k] = oneByte(v);
    else if (v !== null && typeof v === 'object') oneByteStrings(v, seen);
  }
  return value;
}
