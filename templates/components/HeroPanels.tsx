import type { Operator, SiteConfig } from '../../src/model.js';
import { KeyTermsLine, Stars } from './Operator.js';
import { Wordmark } from './Wordmark.js';

/** The hero's data panel on ranking pages: the top three of a kind, each offer with its key terms. */
export function TopOffers({
  operators,
  kind,
  reviewRoutes,
}: {
  operators: readonly Operator[];
  kind: Operator['kind'];
  reviewRoutes: Record<string, string>;
}) {
  const list = operators.filter((o) => o.kind === kind).slice(0, 3);
  if (!list.length) return null;
  return (
    <div className="top-offers">
      <p className="top-offers-title" id="top-offers-title">
        Top {list.length} {kind === 'casino' ? 'PA online casinos' : 'PA sportsbooks'} by our rating
      </p>
      <ol className="top-offers-list" aria-labelledby="top-offers-title">
        {list.map((o) => (
          <li key={o.id} className="top-offer">
            <span className="top-offer-rank" aria-hidden="true">
              {o.rank}
            </span>
            <Wordmark operator={o} height={40} />
            <div className="top-offer-text">
              <p className="top-offer-name">
                <NameLink operator={o} href={reviewRoutes[o.id]} /> <Stars rating={o.rating} />
              </p>
              <p className="top-offer-bonus">{o.bonus.headline}</p>
              <KeyTermsLine terms={o.bonus.terms} />
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

const NameLink = ({ operator, href }: { operator: Operator; href?: string }) =>
  href ? <a href={href}>{operator.name}</a> : <>{operator.name}</>;

/** The hero's panel on guides without rankings: who may play, and where help is. */
export function PlaySafePanel({ site }: { site: SiteConfig }) {
  return (
    <div className="play-safe">
      <p className="play-safe-age" aria-hidden="true">
        21+
      </p>
      <p className="play-safe-title">Play legally, play safely</p>
      <ul className="play-safe-list">
        <li>21 or older, physically inside Pennsylvania</li>
        <li>Only operators licensed by the Pennsylvania Gaming Control Board</li>
        <li>Free, confidential help around the clock</li>
      </ul>
      <a className="btn btn-primary play-safe-call" href={`tel:${site.helpline.tel}`}>
        Call {site.helpline.display}
      </a>
    </div>
  );
}
