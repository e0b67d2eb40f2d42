import type { Operator, SiteConfig } from 'pa-site';
import { Cite, operatorSources } from './Sources.js';

/**
 * The criteria an operator of this kind is scored on: casinos' own where site.yaml gives them.
 * (Templates import no runtime code from src/; the validate stage applies the same rule.)
 */
export const criteriaFor = (site: SiteConfig, kind: Operator['kind']) =>
  (kind === 'casino' ? site.methodology?.casinoCriteria : undefined) ?? site.methodology?.criteria ?? [];

/** Who holds the brand's PGCB license, or, where no source names one, where a reader can look it up. */
export const licenseLine = (o: Operator) =>
  o.licensee ? `Licensed in PA via ${o.licensee}` : 'Licensed by the PGCB; its list of licensees names the holder';

/** The license holder alone, for tables: the name, or where to find it. */
export const licenseHolder = (o: Operator) => o.licensee ?? 'Listed by the PGCB';

/** The sources of those two: the operator's, or where it names no holder, the PGCB's list (site.yaml `market`). */
export const licenseSources = (o: Operator, site: SiteConfig): string[] =>
  o.licensee ? operatorSources(o, ['licensee']) : [site.market.source].flat();

/** The sources behind an operator's criteria scores (and the values their reasons insert). */
export function scoreSources(o: Operator): string[] {
  const refs = Object.values(o.scores ?? {}).flatMap((s) => (s.source === undefined ? [] : [s.source].flat()));
  return [...refs, ...(o.interpolated?.scores ?? [])];
}

/**
 * How the rating was reached: every criterion of the operator's kind with its score (or "Not
 * scored" where no source lets us judge it) and the reason, then the mean the rating is.
 */
export function ScoreBreakdown({ operator, site }: { operator: Operator; site: SiteConfig }) {
  const o = operator;
  if (!o.scores) return null;
  const scores = o.scores;
  const rows = criteriaFor(site, o.kind).map((c) => ({ ...c, ...scores[c.id] }));
  const scored = rows.filter((r) => r.score !== undefined).length;
  return (
    <div className="score-breakdown">
      <Cite refs={scoreSources(o)} />
      <dl className="score-list">
        {rows.map((r) => (
          <div key={r.id} className={r.score === undefined ? 'score-row is-unscored' : 'score-row'}>
            <dt>
              <span className="score-title">{r.title}</span>{' '}
              <span className="score-value">{r.score === undefined ? 'Not scored' : `${r.score.toFixed(1)}/5`}</span>
            </dt>
            <dd>{r.reason}</dd>
          </div>
        ))}
      </dl>
      <p className="score-total">
        Rating {o.rating.toFixed(1)}/5: the average of the {scored} criteria we could score, out of {rows.length}.
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
