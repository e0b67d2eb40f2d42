import type { Diagnostic } from '../../diagnostics.js';
import type { Redirect } from '../../model.js';
import { closest } from './issues.js';
import { err } from './parse-page.js';

type Locate = (path: readonly PropertyKey[]) => { line: number; col: number };

/**
 * site.yaml `redirects`: each `from` is a path no page has and no other redirect starts from; each
 * `to` is a page this build writes, reached in one step (no chain) and never back at its start
 * (no loop). Every problem is reported at its own line of site.yaml.
 */
export function checkRedirects(
  redirects: readonly Redirect[],
  routes: ReadonlySet<string>,
  file: string,
  locate: Locate,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const at = (i: number, key: 'from' | 'to', code: string, message: string, hint: string) => {
    const pos = locate(['redirects', i, key]);
    out.push(err(file, pos.line, pos.col, `redirects.${i}.${key}`, code, message, { hint }));
  };
  const next = new Map<string, string>();
  redirects.forEach((r, i) => {
    if (next.has(r.from))
      at(i, 'from', 'duplicate-redirect', `${r.from} is redirected twice`, 'keep one redirect from each path');
    else next.set(r.from, r.to);
  });
  redirects.forEach((r, i) => {
    if (routes.has(r.from))
      at(
        i,
        'from',
        'redirect-from-page',
        `${r.from} is a page of this site, so it cannot also redirect`,
        'remove the redirect, or move the page to another route',
      );
    // Follow the redirects from here: back at the start is a loop; a second step is a chain.
    const seen = new Set([r.from]);
    let end = r.to;
    while (next.has(end) && !seen.has(end)) {
      seen.add(end);
      end = next.get(end)!;
    }
    if (seen.has(end)) {
      const path = [...seen, end].join(' → ');
      at(i, 'to', 'redirect-loop', `redirect loop: ${path}`, 'point the redirect at a page this site builds');
    } else if (next.has(r.to)) {
      at(
        i,
        'to',
        'redirect-chain',
        `${r.to} redirects again (to ${next.get(r.to)}), so readers would be redirected twice`,
        `point this redirect at ${end} directly`,
      );
    } else if (!routes.has(r.to)) {
      const near = closest(r.to, routes);
      at(
        i,
        'to',
        'redirect-target',
        `no page at ${r.to}, so the redirect would lead to the not-found page`,
        `${near ? `did you mean "${near}"? ` : ''}point it at a page's route, or add a page at ${r.to}`,
      );
    }
  });
  return out;
}
