/**
 * A page's ids as the fragment check keeps them for a large folder (lean-store.ts): 53-bit hashes,
 * 8 bytes an id instead of a string in a set. Two ids share a hash with odds of about one in 2^53
 * per pair: such a clash could hide one broken fragment, never report a fragment that exists.
 */

/** What the fragment check asks of a page's ids (a `Set<string>` answers it too). */
export interface IdLookup {
  has(id: string): boolean;
}

/** cyrb53 (public domain, bryc): a fast 53-bit string hash with good spread. */
export function hash53(s: string): number {
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
