/** A checked page (or stylesheet) as the link check and the page rules see it: where it is served, what it holds. */
import type { PageScan } from './html.js';

export interface SitePage {
  /** Built file relative to the checked folder. */
  file: string;
  /** URL path the host serves the page at (served.ts): `/about`, `/guides/`. */
  url: string;
  scan: PageScan;
}
