/**
 * A broken link whose target is a page left out as a draft (`draft: true`) says so, and how to fix
 * it, rather than only "no page at …": the page exists, it is just not published.
 */
import { withBase } from '../urls/urls.js';
import type { Finding } from './types.js';

/** `/docs/about`, `/docs/about/`, `/docs/about.html` and `/docs/about/index.html` are one page. */
const pagePath = (p: string) => p.replace(/(\/index)?\.html$/, '').replace(/\/+$/, '') || '/';

/** Rewrites, in place, the message and fix of each broken link to one of `drafts` (routes and files). */
export function nameDraftLinks(
  findings: readonly Finding[],
  drafts: readonly { route: string; file: string }[],
  base: string,
): void {
  if (!drafts.length) return;
  const byPath = new Map(drafts.map((d) => [pagePath(withBase(d.route, base)), d]));
  for (const f of findings) {
    const draft = f.rule === 'broken-link' && f.target ? byPath.get(pagePath(f.target)) : undefined;
    if (!draft) continue;
    f.message = `${f.target} is a draft (draft: true in ${draft.file}), so build and check leave it out`;
    f.hint = `publish it (remove "draft: true" from ${draft.file}), or remove the link`;
  }
}
