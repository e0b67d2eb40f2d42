import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import type { Redirect } from '../../model.js';
import { closest } from './did-you-mean.js';
import { err } from './parse-page.js';
import { urlFor } from '../../urls/urls.js';
import { GENERATED } from '../write/clashes.js';

type Locate = (path: readonly PropertyKey[]) => { line: number; col: number };

/** The folder pa-site writes its hashed assets to (compile/assets.ts): no redirect may start inside it. */
const ASSET_FOLDER = '/assets';
/** Loop members named in a loop's message; the rest are counted. */
const SHOWN_MEMBERS = 12;

/** What a redirect from `from` would replace that pa-site generates, if anything. */
function generatedAt(from: string): string | undefined {
  if (from === ASSET_FOLDER || from.startsWith(`${ASSET_FOLDER}/`)) return "the folder of the site's generated assets";
  return GENERATED[urlFor(from, 'https://x.invalid').file];
}

/**
 * Where each path's redirects lead, in one pass over the graph: a path in a loop maps to the loop's
 * members (one array shared by them all), any other path to the end of its chain.
 */
function walk(next: ReadonlyMap<string, string>): { loopOf: Map<string, string[]>; endOf: Map<string, string> } {
  const loopOf = new Map<string, string[]>();
  const endOf = new Map<string, string>();
  const onPath = new Set<string>();
  for (const start of next.keys()) {
    if (loopOf.has(start) || endOf.has(start)) continue;
    const path: string[] = [];
    let at = start;
    while (next.has(at) && !onPath.has(at) && !loopOf.has(at) && !endOf.has(at)) {
      onPath.add(at);
      path.push(at);
      at = next.get(at)!;
    }
    let rest = path;
    if (onPath.has(at)) {
      const members = path.slice(path.indexOf(at));
      for (const m of members) loopOf.set(m, members);
      rest = path.slice(0, path.indexOf(at));
    }
    // A path that leads into a loop ends in it: its end is the loop's first member.
    const end = loopOf.get(at)?.[0] ?? endOf.get(at) ?? at;
    for (const p of rest) endOf.set(p, end);
    for (const p of path) onPath.delete(p);
  }
  return { loopOf, endOf };
}

/**
 * site.yaml `redirects`: each `from` is a path no page has, no file pa-site generates (`/404`, the
 * assets folder) and no other redirect starts from; each `to` is a page this build writes, reached in
 * one step (no chain) and never back at its start (no loop: reported once, with its members). Every
 * problem is reported at its own line of site.yaml.
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
  const first = new Set<number>();
  redirects.forEach((r, i) => {
    if (next.has(r.from))
      at(i, 'from', 'duplicate-redirect', `${r.from} is redirected twice`, 'keep one redirect from each path');
    else {
      next.set(r.from, r.to);
      first.add(i);
    }
  });
  const { loopOf, endOf } = walk(next);
  const reported = new Set<string[]>();
  redirects.forEach((r, i) => {
    const generated = generatedAt(r.from);
    if (generated)
      at(
        i,
        'from',
        'redirect-from-generated',
        `${r.from} is ${generated}, which pa-site writes itself, so it cannot redirect`,
        'remove the redirect: a redirect there would replace that file on every host',
      );
    else if (routes.has(r.from))
      at(
        i,
        'from',
        'redirect-from-page',
        `${r.from} is a page of this site, so it cannot also redirect`,
        'remove the redirect, or move the page to another route',
      );
    const loop = first.has(i) ? loopOf.get(r.from) : undefined;
    if (loop) {
      if (reported.has(loop)) return;
      reported.add(loop);
      const shown = loop.slice(0, SHOWN_MEMBERS);
      const more = loop.length - shown.length;
      const members = [...shown, ...(more ? [`… ${more} more`] : []), loop[0]].join(' → ');
      at(
        i,
        'to',
        'redirect-loop',
        `redirect loop of ${loop.length} redirect${loop.length === 1 ? '' : 's'}: ${members}`,
        'point one of these redirects at a page this site builds',
      );
    } else if (loopOf.has(r.to)) {
      at(
        i,
        'to',
        'redirect-chain',
        `${r.to} redirects again, into the redirect loop through ${loopOf.get(r.to)![0]}`,
        'point this redirect at a page this site builds',
      );
    } else if (next.has(r.to)) {
      at(
        i,
        'to',
        'redirect-chain',
        `${r.to} redirects again (to ${next.get(r.to)}), so readers would be redirected twice`,
        `point this redirect at ${endOf.get(r.to)} directly`,
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
