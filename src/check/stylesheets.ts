/**
 * A `.css` file as the link check reads it: a "page" with no ids whose only links are the fonts,
 * images and imports it loads, resolved against the stylesheet's own URL, so a missing font is a
 * `broken-asset` naming the stylesheet and its line.
 */
import { cssUrls } from './css.js';
import type { PageScan } from './html.js';
import type { SitePage } from './links.js';

export function stylesheetPage(file: string, url: string, css: string): SitePage {
  const scan: PageScan = {
    ids: new Set(),
    base: null,
    links: cssUrls(css).map((u) => ({
      url: u.url,
      attr: 'style',
      tag: 'style',
      kind: 'asset',
      line: u.line,
      col: u.col,
      region: null,
    })),
    titles: [],
    descriptions: [],
    canonicals: [],
    h1: 0,
    text: '',
    ignore: [],
    noindex: false,
    refresh: null,
    ctas: [],
    sponsoredBeforeDisclosure: null,
    offers: [],
    tooDeep: null,
  };
  return { file, url, scan };
}
