import type { Operator, SiteConfig } from 'pa-site';
import { SourceLinks } from './SourceLinks.js';
import { Cite, operatorSources } from './Sources.js';
import { formatPartialDate } from '../lib/dates.js';

/**
 * The criteria an operator of this kind is scored on: casinos' own where site.yaml gives them.
 * (Templates import no runtime code from src/; the validate stage applies the same rule.)
 */
export const criteriaFor = (site: SiteConfig, kind: Operator['kind']) =>
  (kind === 'casino' ? site.methodology?.casinoCriteria : undefined) ?? site.methodology?.criteria ?? [];

/** Who holds the brand's PGCB license, or, where no source names one, where a reader can look it up. */
export const licenseLine = (o: Operator) =>
  o.licensee ? `Licensed in PA via ${o.licensee}` : 'Licensed by the PGCB; its list of licensees names the holder';

/** The license holder alone, for tables: the name, or where a reader finds it. */
export const licenseHolder = (o: Operator) => o.licensee ?? NO_HOLDER;

/** Where no source of ours names a brand's license holder: the PGCB's list of licensees does. */
export const NO_HOLDER = "In the PGCB's list of licensees";

/** The sources of those two: the operator's, or where it names no holder, the PGCB's list (site.yaml `market`). */
export const licenseSources = (o: Operator, site: SiteConfig): string[] =>
  o.licensee ? operatorSources(o, ['licensee']) : [site.market.source].flat();

/** The sources behind an operator's criteria scores that count (and the values their reasons insert). */
export function scoreSources(o: Operator): string[] {
  const refs = Object.entries(o.scores ?? {}).flatMap(([id, s]) =>
    s.source === undefined || !o.scored.includes(id) ? [] : [s.source].flat(),
  );
  return [...refs, ...(o.interpolated?.scores ?? [])];
}

/** A score's sources, each its publisher linked to the page (or named, for a statute cited by section). */
function ScoreSource({ refs, site }: { refs: string | readonly string[]; site: SiteConfig }) {
  return (
    <span className="score-source">
      Source: <SourceLinks refs={refs} site={site} />
    </span>
  );
}

/**
 * How the rating was reached: every criterion of the operator's kind with its score (or "Not
 * scored" where no source lets us judge it, or where the offer is withheld as out of date), the
 * reason and the score's source, then the rule the rating follows.
 */
export function ScoreBreakdown({ operator, site }: { operator: Operator; site: SiteConfig }) {
  const o = operator;
  if (!o.scores) return null;
  const scores = o.scores;
  const rows = criteriaFor(site, o.kind).map((c) => ({ ...c, ...scores[c.id] }));
  const min = site.methodology?.minScored ?? 4;
  const withheld = (id: string, score?: number) => score !== undefined && !o.scored.includes(id);
  return (
    <div className="score-breakdown">
      <Cite refs={scoreSources(o)} />
      <dl className="score-list">
        {rows.map((r) => (
          <div key={r.id} className={o.scored.includes(r.id) ? 'score-row' : 'score-row is-unscored'}>
            <dt>
              <span className="score-title">{r.title}</span>{' '}
              <span className="score-value">
                {r.score === undefined || withheld(r.id, r.score) ? 'Not scored' : `${r.score.toFixed(1)}/5`}
              </span>
            </dt>
            <dd>
              {withheld(r.id, r.score) && o.bonus
                ? `Not scored while the offer is withheld: its terms were last checked ${formatPartialDate(
                    o.bonus.verified,
                  )}, too long ago to show as current.`
                : r.reason}
              {r.source !== undefined && o.scored.includes(r.id) ? (
                <>
                  {' '}
                  <ScoreSource refs={r.source} site={site} />
                </>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      <p className="score-total">
        {o.rating === undefined
          ? `Not rated: too little public evidence. ${o.scored.length} of ${rows.length} criteria could be ` +
            `scored, and a rating needs at least ${min}.`
          : `Rating ${o.rating.toFixed(1)}/5: the average of the ${o.scored.length} criteria scored, out of ` +
            `${rows.length}.`}
      </p>
    </div>
  );
}

/** The breakdown folded under a summary line, for ranking cards (open without JavaScript too). */
export function ScoreDetails({ operator, site }: { operator: Operator; site: SiteConfig }) {
  if (!operator.scores) return null;
  return (
    <details className="score-details">
      <summary>How we rated {operator.shortName}</summary>
      <ScoreBreakdown operator={operator} site={site} />
    </details>
  );
}
