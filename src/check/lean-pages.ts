/**
 * A large folder's pages as columns (lean pages, lean-store.ts): no object, URL or map entry is kept
 * a page. A page is its index in the sorted table of the folder's HTML file names (name-table.ts,
 * which also finds a name's index), and beside it sit its number in the lean store (4 bytes) and,
 * only for the few pages that have them, what the link check reads of the rest of the scan (a
 * `<base>`, a refresh, `noindex`, depth) and the real file of a page reached through a symbolic link.
 * A page's object, name and URL are made when the link check asks for it, and let go with the page:
 * short-lived garbage instead of a heap that holds every page.
 */
import type { NameTable } from './name-table.js';
import { type Kept, type Pages, PLAIN, type SitePage } from './site-page.js';

export class LeanPages implements Pages {
  /** Page i's number in the lean store, -1 while it is not a page (not read, or unreadable). */
  private readonly numbers: Int32Array;
  /** By lean number: the scan of a page that has a base, a refresh, noindex or nesting too deep. */
  private readonly kept: Map<number, Kept>;
  /** By page index: the real file of a page reached through a symbolic link. */
  private readonly aliases: Map<number, string>;
  size = 0;

  /** `files`: the folder's HTML files, each once, in order; `url`: the URL path a file answers at. */
  constructor(
    private readonly files: NameTable,
    private readonly url: (file: string) => string,
    from?: LeanPages,
  ) {
    this.numbers = from?.numbers ?? new Int32Array(files.length).fill(-1);
    this.kept = from?.kept ?? new Map();
    this.aliases = from?.aliases ?? new Map();
    this.size = from?.size ?? 0;
  }

  /** Makes files[i] a page: its scan's lean number and what the link check reads of the rest. */
  add(i: number, page: Pick<SitePage, 'scan' | 'lean' | 'aliasOf'>): void {
    const { scan, lean, aliasOf } = page;
    if (lean === undefined) throw new Error(`check's lean page ${this.files.name(i)} has no number`);
    this.last = null;
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

  /** Page i (`file`: its name, when the caller has it), its URL made when first read. */
  private page(i: number, file = this.files.name(i)): SitePage | undefined {
    const lean = this.numbers[i]!;
    if (lean === -1) return undefined;
    const kept = this.kept.get(lean);
    const aliasOf = this.aliases.get(i);
    const urlOf = this.url;
    let url: string | undefined;
    return {
      file,
      // Most pages asked for are link targets whose URL no finding names.
      get url() {
        url ??= urlOf(file);
        return url;
      },
      scan: kept ? { ...PLAIN, ...kept } : PLAIN,
      lean,
      ...(aliasOf !== undefined ? { aliasOf } : {}),
    };
  }

  /** The page last asked for by name: a fragment link asks for its target twice (its redirect, then its ids). */
  private last: { file: string; page: SitePage | undefined } | null = null;

  get(file: string): SitePage | undefined {
    if (this.last?.file === file) return this.last.page;
    const i = this.files.indexOf(file);
    const page = i === -1 ? undefined : this.page(i, file);
    this.last = { file, page };
    return page;
  }

  has(file: string): boolean {
    const i = this.files.indexOf(file);
    return i !== -1 && this.numbers[i] !== -1;
  }

  *values(): IterableIterator<SitePage> {
    for (let i = 0; i < this.files.length; i++) {
      const p = this.numbers[i] === -1 ? undefined : this.page(i);
      if (p) yield p;
    }
  }
}
