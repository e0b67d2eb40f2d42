/**
 * A `.css` file as the link check reads it: a "page" with no ids whose only links are the fonts,
 * images and imports it loads, resolved against the stylesheet's own URL, so a missing font is a
 * `broken-asset` naming the stylesheet and its line.
 */
import { cssUrls } from './css.js';
import { emptyScan, type PageScan } from './html.js';
import type { SitePage } from './site-page.js';

export function stylesheetPage(file: string, url: string, css: string): SitePage {
  const scan: PageScan = {
    ...emptyScan(),
    links: cssUrls(css).map((u) => ({
      url: u.url,
      attr: 'style',
      tag: 'style',
      kind: 'asset',
      line: u.line,
      col: u.col,
      region: null,
    })),
  };
  return { file, url, scan };
}
