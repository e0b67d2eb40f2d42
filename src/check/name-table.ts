/**
 * A large folder's file names packed in one buffer (UTF-8, one after another) with their offsets and a
 * hash index, instead of a string and a set entry each on the JavaScript heap: about 13 bytes a file
 * besides the name's own bytes, outside the heap, where V8's room to grow (a multiple of what the heap
 * holds) does not multiply it. A name is made a string again only when it is asked for (`name(i)`),
 * and let go with its page. Answers `has` as a `Set<string>` of the same names would.
 */

/** FNV-1a over bytes: the hash index's key. */
function fnv(bytes: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

const LONE_SURROGATE = /\p{Cs}/u;

/** Iterable names that answer `has` (a `Set<string>` is one). */
export type FileNames = Pick<ReadonlySet<string>, 'has'> & Iterable<string>;

export class NameTable implements FileNames {
  private readonly bytes: Buffer;
  /** Name i is bytes[starts[i] .. starts[i + 1]). */
  private readonly starts: Uint32Array;
  /** Open addressing, at most half full: name index + 1, 0 for an empty slot. */
  private readonly slots: Int32Array;
  private readonly mask: number;
  private scratch = Buffer.allocUnsafe(256);
  /** Names, each once (a name listed again keeps its first index). */
  readonly size: number;

  constructor(names: readonly string[]) {
    let total = 0;
    for (const n of names) total += Buffer.byteLength(n);
    this.bytes = Buffer.allocUnsafe(total);
    this.starts = new Uint32Array(names.length + 1);
    let at = 0;
    names.forEach((n, i) => {
      this.starts[i] = at;
      at += this.bytes.write(n, at);
    });
    this.starts[names.length] = at;
    let size = 16;
    while (size < names.length * 2) size *= 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    let unique = 0;
    for (let i = 0; i < names.length; i++) {
      const from = this.starts[i]!;
      const to = this.starts[i + 1]!;
      if (this.find(this.bytes, from, to) !== -1) continue;
      let s = fnv(this.bytes, from, to) & this.mask;
      while (this.slots[s] !== 0) s = (s + 1) & this.mask;
      this.slots[s] = i + 1;
      unique++;
    }
    this.size = unique;
  }

  /** Names listed, the repeated ones included: the indexes `name` takes. */
  get length(): number {
    return this.starts.length - 1;
  }

  /** The index of a name whose bytes are key[from .. to), or -1. */
  private find(key: Uint8Array, from: number, to: number): number {
    const n = to - from;
    for (let s = fnv(key, from, to) & this.mask; ; s = (s + 1) & this.mask) {
      const at = this.slots[s]!;
      if (at === 0) return -1;
      const start = this.starts[at - 1]!;
      if (this.starts[at]! - start === n && this.bytes.compare(key, from, to, start, start + n) === 0) return at - 1;
    }
  }

  /** The index of `name`, or -1. */
  indexOf(name: string): number {
    // A lone surrogate is in no file name (names are decoded from the file system's bytes), and UTF-8
    // would write it as U+FFFD, which may be.
    if (LONE_SURROGATE.test(name)) return -1;
    const most = name.length * 3;
    if (this.scratch.length < most) this.scratch = Buffer.allocUnsafe(most);
    const n = this.scratch.write(name, 0);
    return this.find(this.scratch, 0, n);
  }

  has(name: string): boolean {
    return this.indexOf(name) !== -1;
  }

  /** Name i, as a string made now. */
  name(i: number): string {
    return this.bytes.toString('utf8', this.starts[i], this.starts[i + 1]);
  }

  *[Symbol.iterator](): IterableIterator<string> {
    for (let i = 0; i < this.length; i++) if (this.indexOf(this.name(i)) === i) yield this.name(i);
  }
}
