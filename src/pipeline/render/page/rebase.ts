/**
 * Puts a rendered page's site-absolute URLs under site.yaml `base`. Templates, blocks, site.yaml
 * links and Markdown bodies all write paths as the site knows them (`/about`, `/assets/site.css`);
 * this one pass over the finished HTML serves them under the base (urls.ts withBase), so no template
 * (a site's own included) needs to know where the site is served.
 *
 * It rewrites attribute values of start tags only. Text may hold `href="/x"` (Markdown escapes only
 * `&` and `<` in text), but never a raw `<`: React and both Markdown engines escape it, raw HTML
 * never reaches a page, and JSON-LD writes it as \u003c. Attribute values are always double-quoted
 * with `"` escaped, so a tag ends at the first `>` outside quotes. Absolute URLs (canonical,
 * og:image, JSON-LD) are made with the base already (urls.ts urlFor).
 */
import { withBase } from '../../../urls/urls.js';

/** A start tag: its name, then attributes, bare or with a double-quoted value. */
const START_TAG = /<[a-zA-Z][^\s/>]*(?:\s+[^\s"'=/>]+(?:="[^"]*")?)*\s*\/?>/g;
/** An attribute holding one URL, with a site-absolute value (`/x`, not `//host`). */
const URL_ATTRIBUTE = /(\s(?:href|src|action|formaction|poster)=")(\/(?!\/)[^"]*)"/g;
/** srcset holds a comma-separated list of `url [descriptor]`. */
const SRCSET = /(\s(?:srcset|imagesrcset)=")([^"]*)"/g;

const rebaseList = (list: string, base: string) =>
  list
    .split(',')
    .map((c) => c.replace(/^(\s*)(\S+)/, (_, space: string, url: string) => space + withBase(url, base)))
    .join(',');

export function rebaseHtml(html: string, base: string): string {
  if (base === '/') return html;
  return html.replace(START_TAG, (tag) =>
    tag
      .replace(URL_ATTRIBUTE, (_, attribute: string, url: string) => `${attribute}${withBase(url, base)}"`)
      .replace(SRCSET, (_, attribute: string, list: string) => `${attribute}${rebaseList(list, base)}"`),
  );
}
