import type { ReactNode } from 'react';
import type { Operator, SiteConfig } from 'pa-site';
import { formatPartialDate } from '../lib/dates.js';
import { offerShown } from '../lib/offers.js';

/**
 * The page's citations: the sources of the values its text inserts (collected at validation) plus
 * those of the data its components show, each adding its own as it renders. The Sources list renders
 * last, so it lists exactly what the page used; no page keeps a list by hand.
 *
 * The set lives here rather than in a React context: a page renders synchronously, one at a time
 * per thread, and a context provider (an object, not a tagged function) would make every page
 * depend on every templates file in the render cache (see src/pipeline/render/compile/template-deps.ts).
 */
let cited: Set<string> | null = null;

type Ref = string | readonly string[] | undefined;

const idsOf = (refs: readonly Ref[]) => refs.flatMap((r) => (r === undefined ? [] : typeof r === 'string' ? [r] : r));

/** Adds sources to the page's list while rendering (outside a page, e.g. a shared part, it does nothing). */
export function Cite({ refs }: { refs: readonly Ref[] }) {
  if (cited) for (const id of idsOf(refs)) cited.add(id);
  return null;
}

/**
 * What of an operator a component shows: its card (license holder, features), its license holder
 * alone, its offer (cited only while shown: a withheld offer states nothing from its terms), its app
 * entry, its game count alone, its review's banking facts (minimums, fees, payment rows: what a ranking
 * row or panel shows of a review), or the whole review text (pros, cons, FAQs, verdict: the review page).
 */
export type OperatorPart = 'card' | 'licensee' | 'offer' | 'app' | 'games' | 'review' | 'review-text';

/** A review's banking fields: the part of it other pages show. */
const BANKING = ['minDeposit', 'minWithdrawal', 'fees', 'deposits', 'withdrawals'];

/** The sources behind the parts of an operator's data a component shows. */
export function operatorSources(o: Operator, parts: readonly OperatorPart[]): string[] {
  const from = (field: string) => o.interpolated?.[field] ?? [];
  const out: Ref[] = [];
  for (const part of parts) {
    if (part === 'card') out.push(o.source, from('features'), from('licensee'));
    // The operator's `source` is that of its license holder; without one, Scores.tsx licenseSources.
    if (part === 'licensee' && o.licensee) out.push(o.source, from('licensee'));
    if (part === 'offer' && o.bonus && offerShown(o)) out.push(o.bonus.source, from('bonus'));
    if (part === 'app' && o.app) out.push(o.app.source, from('app'));
    // The count is typed, not interpolated: the app's features (and their values' sources) are not shown.
    if (part === 'games' && o.app?.games) out.push(o.app.source);
    if ((part === 'review' || part === 'review-text') && o.review) {
      const r = o.review;
      out.push(r.source, ...r.deposits.map((p) => p.source), ...r.withdrawals.map((p) => p.source));
      for (const [field, ids] of Object.entries(o.interpolated ?? {}))
        if (field.startsWith('review.') && (part === 'review-text' || BANKING.includes(field.slice(7)))) out.push(ids);
    }
  }
  return idsOf(out);
}

/** Starts a page's citations: what renders inside may cite, and `<SourcesList />` (placed last) lists it. */
export function CitationScope({ cited: initial, children }: { cited: readonly string[]; children: ReactNode }) {
  cited = new Set(initial);
  return children;
}

/**
 * The sources of a build's site, in content/sources.yaml's order: listed once per build (a site object
 * per build), not per page. Object.values of the sources by id cost about 35 µs a page (issue 62).
 */
const allSources = new WeakMap<SiteConfig['sources'], SiteConfig['sources'][string][]>();
function sourcesOf(site: SiteConfig) {
  let all = allSources.get(site.sources);
  if (!all) {
    all = Object.values(site.sources);
    allSources.set(site.sources, all);
  }
  return all;
}

/** "Sources": every source the page used, in content/sources.yaml's order, with the month checked. */
export function SourcesList({ site }: { site: SiteConfig }) {
  const list = sourcesOf(site).filter((s) => cited?.has(s.id));
  if (!list.length) return null;
  return (
    <section className="page-sources" aria-labelledby="sources-heading">
      <h2 id="sources-heading">Sources</h2>
      <ol className="sources-list">
        {list.map((s) => (
          <li key={s.id} id={`source-${s.id}`}>
            {s.publisher},{' '}
            {s.url ? (
              <a href={s.url} rel="noopener noreferrer" target="_blank">
                {s.title}
              </a>
            ) : (
              <cite>{s.title}</cite>
            )}
            .{s.checked ? ` Checked ${formatPartialDate(s.checked.slice(0, 7))}.` : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
