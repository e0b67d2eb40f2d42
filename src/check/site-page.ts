/** A checked page (or stylesheet) as the link check and the page rules see it: where it is served, what it holds. */
import { emptyScan, type PageScan } from './html.js';
import type { LeanStore } from './lean-store.js';

export interface SitePage {
  /** Built file relative to the checked folder. */
  file: string;
  /** URL path the host serves the page at (served.ts): `/about`, `/guides/`. */
  url: string;
  scan: PageScan;
  /**
   * The page's real file, when this path reaches it through a symbolic link (files.ts `aliases`):
   * the page shares that file's scan, and its links and rules are checked there, once.
   */
  aliasOf?: string;
  /** A lean page's number in the lean store, which keeps its links and ids (`scan.links` and `scan.ids` are empty). */
  lean?: number;
}

/**
 * The pages by file, as the link check asks for them: a Map of whole pages, or a large folder's lean
 * pages (lean-pages.ts), which makes each page's object when it is asked for.
 */
export interface Pages {
  readonly size: number;
  get(file: string): SitePage | undefined;
  has(file: string): boolean;
  /** In the order of the files' names. */
  values(): IterableIterator<SitePage>;
}

/** What a lean page keeps of its scan, besides its ids and links. */
export type Kept = Pick<PageScan, 'base' | 'refresh' | 'noindex' | 'tooDeep'>;

/** The scan most pages of a large folder leave: no base, no refresh, read to the end (shared, never changed). */
export const PLAIN = emptyScan();

/**
 * A page of a folder whose page rules do not run, as small as the link check allows: its links and
 * ids go to the lean store, and of the rest of its scan only what the link check reads is kept (the
 * page rules' text, titles and calls to action are not collected on such folders).
 */
export function leanPage(scan: PageScan, store: LeanStore): Pick<SitePage, 'scan' | 'lean'> {
  const kept: Kept = { base: scan.base, refresh: scan.refresh, noindex: scan.noindex, tooDeep: scan.tooDeep };
  const plain = kept.base === null && kept.refresh === null && !kept.noindex && kept.tooDeep === null;
  return {
    // The plain scan's empty arrays are shared: nothing changes a lean page's scan.
    scan: plain ? PLAIN : { ...PLAIN, ...kept },
    lean: store.put(scan),
  };
}
