import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import { err, type PageDraft } from './parse-page.js';

/** The pages that claimed their route first, by route, and each operator's review page route. */
export interface Claimed {
  byRoute: Map<string, PageDraft>;
  reviewRoutes: Map<string, string>;
}

/**
 * Each page claims its route, its title and (a review) its operator's review once: a page whose route
 * is taken is left out; a second title or review is an error. A site with pages has a home page.
 */
export function claimPages(drafts: PageDraft[], hasSite: boolean, diagnostics: Diagnostic[]): Claimed {
  const byRoute = new Map<string, PageDraft>();
  const byTitle = new Map<string, PageDraft>();
  const reviewRoutes = new Map<string, string>();
  for (const d of drafts) {
    const first = byRoute.get(d.route);
    if (first) {
      diagnostics.push(
        err(
          d.file.path,
          // A route from the file name has no line of its own; a `route:` line is looked up (parsing again) only here.
          d.data.route ? d.locate(['route']).line : 1,
          1,
          'route',
          'duplicate-route',
          `route "${d.route}" is already claimed by ${first.file.path}`,
          { hint: 'rename one of the files, or set a different "route:" in its frontmatter' },
        ),
      );
      continue;
    }
    byRoute.set(d.route, d);
    const sameTitle = byTitle.get(d.data.title);
    if (sameTitle) {
      const pos = d.locate(['title']);
      diagnostics.push(
        err(
          d.file.path,
          pos.line,
          pos.col,
          'title',
          'duplicate-title',
          `title is already used by ${sameTitle.file.path}`,
          { received: JSON.stringify(d.data.title), hint: 'every page needs its own <title>' },
        ),
      );
    } else byTitle.set(d.data.title, d);
    if (d.data.template === 'review') {
      const other = reviewRoutes.get(d.data.operator);
      if (other) {
        const pos = d.locate(['operator']);
        diagnostics.push(
          err(
            d.file.path,
            pos.line,
            pos.col,
            'operator',
            'duplicate-review',
            `operator "${d.data.operator}" already has a review page at ${other}`,
          ),
        );
      } else reviewRoutes.set(d.data.operator, d.route);
    }
  }
  if (hasSite && drafts.length && !byRoute.has('/')) {
    diagnostics.push(
      err('content/pages', 1, 1, '', 'no-home', 'no page for the home route "/"', {
        hint: 'add content/pages/index.md',
      }),
    );
  }
  return { byRoute, reviewRoutes };
}
