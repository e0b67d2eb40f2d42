/**
 * A large folder's pages as columns (lean pages, lean-store.ts): no object, URL or map entry is kept
 * a page. A page is its index in the sorted list of the folder's HTML files, whose names the listing
 * holds anyway; beside them sit its number in the lean store (4 bytes), a slot in a hash index by
 * name (4 to 8 bytes), and, only for the few pages that have them, what the link check reads of the
 * rest of the scan (a `<base>`, a refresh, `noindex`, depth) and the real file of a page reached
 * through a symbolic link. A page's object and URL are made when the link check asks for it, and
 * let go with the page: short-lived garbage instead of a heap that holds every page.
 */
import { type Kept, type Pages, PLAIN, type SitePage } from './site-page.js';

/** FNV-1a over UTF-16 code units: the hash index's key. */
function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Which of `names` a string is, in O(1): open addressing over their indexes, 4 bytes a slot, at most half full. */
export class NameIndex {
  private readonly slots: Int32Array;
  private readonly mask: number;
  constructor(private readonly names: readonly string[]) {
    let size = 16;
    while (size < names.length * 2) size *= 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    names.forEach((name, i) => {
      let s = fnv(name) & this.mask;
      while (this.slots[s] !== 0) {
        if (names[this.slots[s]! - 1] === name) return;
        s = (s + 1) & this.mask;
      }
      this.slots[s] = i + 1;
    });
  }

  /** The index of `name` (its first, if listed twice), or -1. */
  indexOf(name: string): number {
    for (let s = fnv(name) & this.mask; ; s = (s + 1) & this.mask) {
      const at = this.slots[s]!;
      if (at === 0) return -1;
      if (this.names[at - 1] === name) return at - 1;
    }
  }
}

export class LeanPages implements Pages {
  /** Page i's number in the lean store, -1 while it is not a page (not read, or unreadable). */
  private readonly numbers: Int32Array;
  /** By lean number: the scan of a page that has a base, a refresh, noindex or nesting too deep. */
  private readonly kept: Map<number, Kept>;
  /** By page index: the real file of a page reached through a symbolic link. */
  private readonly aliases: Map<number, string>;
  private readonly index: NameIndex;
  size = 0;

  /** `files`: the folder's HTML files, each once; `url`: the URL path a file answers at. */
  constructor(
    private readonly files: readonly string[],
    private readonly url: (file: string) => string,
    from?: LeanPages,
  ) {
    this.index = from?.index ?? new NameIndex(files);
    this.numbers = from?.numbers ?? new Int32Array(files.length).fill(-1);
    this.kept = from?.kept ?? new Map();
    this.aliases = from?.aliases ?? new Map();
    this.size = from?.size ?? 0;
  }

  /** Makes files[i] a page: its scan's lean number and what the link check reads of the rest. */
  add(i: number, page: Pick<SitePage, 'scan' | 'lean' | 'aliasOf'>): void {
    const { scan, lean, aliasOf } = page;
    if (lean === undefined) throw new Error(`check's lean page ${this.files[i]} has no number`);
    if (this.numbers[i] === -1) this.size++;
    this.numbers[i] = lean;
    if (scan !== PLAIN && !this.kept.has(lean))
      this.kept.set(lean, { base: scan.base, refresh: scan.refresh, noindex: scan.noindex, tooDeep: scan.tooDeep });
    if (aliasOf !== undefined) this.aliases.set(i, aliasOf);
    else this.aliases.delete(i);
  }

  /** The same pages, answering at other URLs (a trial of another `--served-as`); the columns are shared. */
  withUrls(url: (file: string) => string): LeanPages {
    return new LeanPages(this.files, url, this);
  }

  private page(i: number): SitePage | undefined {
    const lean = this.numbers[i]!;
    if (lean === -1) return undefined;
    const file = this.files[i]!;
    const kept = this.kept.get(lean);
    const aliasOf = this.aliases.get(i);
    return {
      file,
      url: this.url(file),
      scan: kept ? { ...PLAIN, ...kept } : PLAIN,
      lean,
      ...(aliasOf !== undefined ? { aliasOf } : {}),
    };
  }

  get(file: string): SitePage | undefined {
    const i = this.index.indexOf(file);
    return i === -1 ? undefined : this.page(i);
  }

  has(file: string): boolean {
    const i = this.index.indexOf(file);
    return i !== -1 && this.numbers[i] !== -1;
  }

  *values(): IterableIterator<SitePage> {
    for (let i = 0; i < this.files.length; i++) {
      const p = this.page(i);
      if (p) yield p;
    }
  }
}
