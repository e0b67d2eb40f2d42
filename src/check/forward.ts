/**
 * Pages that only send readers on: a meta refresh without delay (rustdoc's redirect pages, Javadoc's
 * `<noscript>` fallback, pa-site's own with noindex). Their scripts carry `location.hash` along, so
 * a link's fragment is looked for on the page the chain of such pages ends at.
 */
import type { Pages, SitePage } from './site-page.js';
import type { Target } from './resolve.js';
import type { PageScan } from './html.js';

/** Hops followed before a chain is taken to lead nowhere (browsers stop a loop after a few too). */
const MAX_HOPS = 20;

export const isRedirectPage = (scan: PageScan) => scan.refresh !== null && (scan.noindex || scan.refresh.delay === 0);

/**
 * For a page file: `undefined` when it is no redirect page (its own ids count), the page the chain
 * ends at, or null when it ends outside the folder's pages or loops (the redirect page's own
 * refresh link is then checked and reported where it is written, once).
 */
export function redirectEnds(
  pages: Pages,
  resolveOn: (page: SitePage, url: string) => Target,
  lookup: (path: string) => string | null,
): (file: string) => SitePage | null | undefined {
  const memo = new Map<string, SitePage | null>();
  return (file) => {
    const start = pages.get(file);
    if (!start || !isRedirectPage(start.scan)) return undefined;
    const cached = memo.get(file);
    if (cached !== undefined) return cached;
    let page: SitePage | undefined = start;
    let end: SitePage | null = null;
    for (let hop = 0; hop < MAX_HOPS && page; hop++) {
      if (!isRedirectPage(page.scan)) {
        end = page;
        break;
      }
      const t = resolveOn(page, page.scan.refresh!.url);
      // A redirect that names its own fragment replaces the link's: its own check covers it.
      if (t.kind !== 'internal' || t.fragment) break;
      const next = lookup(t.path);
      page = next === null ? undefined : pages.get(next);
    }
    memo.set(file, end);
    return end;
  };
}
