import { licenseLine, licenseSources } from './Scores.js';
import { operatorSources } from './Sources.js';
import type { Operator, SiteConfig } from 'pa-site';
import { Stars } from './Operator.js';
import { Wordmark } from './Wordmark.js';
import { ageMark, gamblingPack, regulatorName, whoMayPlay } from '../lib/pack.js';

/**
 * The hero's data panel on ranking pages: the top three of a kind by our rating, with the facts a
 * reader compares first. It shows no offer amounts and no operator links: the offers, with their
 * key terms and the disclosure before them, are in the ranking below.
 */
export function TopOffers({
  operators,
  kind,
  reviewRoutes,
  market,
  names,
}: {
  operators: readonly Operator[];
  kind: Operator['kind'];
  reviewRoutes: Record<string, string>;
  /** What the license line names (the pack's regulator and market): a small part of site.yaml. */
  names: Pick<SiteConfig, 'compliance' | 'regulator'>;
  /** The market's short name before the noun (site.yaml `compliance.jurisdiction`), when the site names one. */
  market?: string;
}) {
  const list = topOperators(operators, kind);
  if (!list.length) return null;
  const where = market ? `${market} ` : '';
  return (
    <div className="top-offers">
      <p className="top-offers-title">
        Top {list.length} {kind === 'casino' ? `${where}online casinos` : `${where}sportsbooks`} by our rating, of those
        that meet our bar
      </p>
      <ol className="top-offers-list">
        {list.map((o) => (
          <li key={o.id} className="top-offer">
            <span className="top-offer-rank" aria-hidden="true">
              {o.rank}
            </span>
            <Wordmark operator={o} height={40} />
            <div className="top-offer-text">
              <p className="top-offer-name">
                <NameLink operator={o} href={reviewRoutes[o.id]} />
              </p>
              <Stars rating={o.rating} />
              <p className="top-offer-facts">{factsOf(o, names)}</p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** How many operators the panel shows. */
export const TOP_SHOWN = 3;

/** The operators the panel shows: the top three of a kind that meet the published bar (fewer if fewer do). */
export const topOperators = (operators: readonly Operator[], kind: Operator['kind']) =>
  operators.filter((o) => o.kind === kind && (o.meetsBar ?? o.rating !== undefined)).slice(0, TOP_SHOWN);

/** The sources of the line `factsOf` shows: the review's payout row, or the license holder's. */
export const factsSources = (o: Operator, site: SiteConfig): string[] => {
  const fastest = o.review?.withdrawals[0];
  return fastest && !fastest.typical ? operatorSources(o, ['review']) : licenseSources(o, site);
};

/**
 * One line of facts from the operator's data: its own fastest payout ("Fastest payout: Play+ prepaid card,
 * instant once approved"), or its license. A time typical of the market is not the operator's, so it is
 * not shown as one.
 */
const factsOf = (o: Operator, site: Pick<SiteConfig, 'compliance' | 'regulator'>) => {
  const fastest = o.review?.withdrawals[0];
  if (!fastest || fastest.typical) return licenseLine(o, site);
  const time = /^[A-Z][a-z]/.test(fastest.time) ? fastest.time[0]!.toLowerCase() + fastest.time.slice(1) : fastest.time;
  return `Fastest payout: ${fastest.method}, ${time} once approved`;
};

const NameLink = ({ operator, href }: { operator: Operator; href?: string }) =>
  href ? <a href={href}>{operator.name}</a> : operator.name;

/** The hero's panel on guides without rankings: who may play, and where help is (gambling pack only). */
export function PlaySafePanel({ site }: { site: SiteConfig }) {
  const pack = gamblingPack(site);
  if (!pack) return null;
  const regulator = regulatorName(site);
  return (
    <div className="play-safe">
      <p className="play-safe-age" aria-hidden="true">
        {ageMark(site)}
      </p>
      <p className="play-safe-title">Play legally, play safely</p>
      <ul className="play-safe-list">
        <li>{whoMayPlay(site)}</li>
        {regulator ? <li>Only operators licensed by the {regulator}</li> : null}
        <li>Free, confidential help around the clock</li>
      </ul>
      <a className="btn btn-primary play-safe-call" href={`tel:${pack.helpline.tel}`}>
        Call {pack.helpline.display}
      </a>
    </div>
  );
}
