/**
 * A page's ids, kept for the fragment check in a compact form when the pages of a large folder wait
 * for the link check: a sorted array of 53-bit hashes (8 bytes an id, instead of a string in a set).
 * Two ids share a hash with odds of about one in 2^53 per pair: such a clash could hide one broken
 * fragment, never report a fragment that exists.
 */

/** What the fragment check asks of a page's ids (a `Set<string>` answers it too). */
export interface IdLookup {
  has(id: string): boolean;
}

/** cyrb53 (public domain, bryc): a fast 53-bit string hash with good spread. */
function hash53(s: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

class IdHashes implements IdLookup {
  constructor(private readonly hashes: Float64Array) {}
  has(id: string): boolean {
    const h = hash53(id);
    const a = this.hashes;
    let lo = 0;
    let hi = a.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = a[mid]!;
      if (v === h) return true;
      if (v < h) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }
}

/** A page with no id (most pages of some trees) shares one answer. */
const NONE: IdLookup = { has: () => false };

/** The ids in their compact form. */
export function hashIds(ids: Iterable<string>): IdLookup {
  const hashes = Float64Array.from(ids, hash53).sort();
  return hashes.length === 0 ? NONE : new IdHashes(hashes);
}
