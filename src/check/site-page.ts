/** A checked page (or stylesheet) as the link check and the page rules see it: where it is served, what it holds. */
import type { PageScan } from './html.js';

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
}
