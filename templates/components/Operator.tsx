import type { KeyTerms, Operator } from '../../src/model.js';
import { money } from '../lib/odds.js';
import { Wordmark } from './Wordmark.js';
import { Highlights } from './Highlights.js';

/** Where an operator's buttons go: the affiliate URL when set, else the official PA site. */
export const operatorHref = (o: Operator) => o.affiliateUrl ?? o.officialUrl;

/** Attributes every operator call to action carries (affiliate link, new tab). */
export const sponsoredLink = { rel: 'sponsored nofollow noopener', target: '_blank' } as const;

/** An operator's mark at a card's scale: its wordmark (or licensed logo file), `size` px tall. */
export function Logo({ operator, size = 40 }: { operator: Operator; size?: number }) {
  return <Wordmark operator={operator} height={size} />;
}

export function Stars({ rating }: { rating: number }) {
  const whole = Math.round(rating);
  return (
    <span className="stars">
      <span className="stars-icons" aria-hidden="true">
        {'★'.repeat(whole)}
        <span className="stars-empty">{'★'.repeat(5 - whole)}</span>
      </span>
      <span className="stars-value" aria-hidden="true">
        {rating.toFixed(1)}/5
      </span>
      <span className="visually-hidden">Rated {rating.toFixed(1)} out of 5</span>
    </span>
  );
}

/** The offer's key terms in one line, as PGCB advertising rules want them next to the offer. */
export function keyTermsList(t: KeyTerms): string[] {
  const items = [`Min. deposit ${money(t.minDeposit)}`];
  if (t.minOdds) items.push(`Min. odds ${t.minOdds}`);
  if (t.bonusArrives) items.push(`Bonus credited ${t.bonusArrives}`);
  if (t.validity) items.push(`Bonus valid ${t.validity}`);
  if (t.playthrough) items.push(`Playthrough ${t.playthrough}`);
  items.push(`Min. withdrawal ${money(t.minWithdrawal)}`);
  return [...items, ...t.other];
}

export function KeyTermsLine({ terms }: { terms: KeyTerms }) {
  return (
    <p className="key-terms">
      <span className="key-terms-label">Key terms:</span> {keyTermsList(terms).join(' · ')}.
    </p>
  );
}

export function OfferButton({ operator, label }: { operator: Operator; label?: string }) {
  return (
    <a className="btn btn-primary btn-cta" href={operatorHref(operator)} {...sponsoredLink}>
      {label ?? operator.ctaText}
      <span className="visually-hidden"> at {operator.name} (opens in a new tab)</span>
    </a>
  );
}

export function OperatorCard({ operator, reviewHref }: { operator: Operator; reviewHref?: string }) {
  const o = operator;
  return (
    <article className={`op-card${o.featured ? ' is-featured' : ''}`} aria-labelledby={`op-${o.id}`}>
      {o.featured ? <p className="ribbon">EDITOR'S CHOICE</p> : null}
      <div className="op-head">
        <span className="op-rank">
          <span className="visually-hidden">Rank </span>#{o.rank}
        </span>
        <Logo operator={o} />
        <div className="op-title">
          <h3 id={`op-${o.id}`}>{o.name}</h3>
          <Stars rating={o.rating} />
          <p className="op-licensee">Licensed in PA via {o.licensee}</p>
        </div>
      </div>
      <div className="op-offer">
        <p className="op-bonus">{o.bonus.headline}</p>
        {o.bonus.promoCode ? (
          <p className="op-code">
            Promo code: <strong>{o.bonus.promoCode}</strong>
          </p>
        ) : null}
      </div>
      <Highlights items={o.features} />
      <div className="op-actions">
        <OfferButton operator={o} />
        {reviewHref ? (
          <a className="btn btn-secondary" href={reviewHref}>
            Read review<span className="visually-hidden"> of {o.name}</span>
          </a>
        ) : null}
      </div>
      <p className="op-note">New customers only. T&amp;Cs apply. 21+</p>
      <KeyTermsLine terms={o.bonus.terms} />
    </article>
  );
}

export function AppEntry({ operator }: { operator: Operator }) {
  const o = operator;
  const app = o.app!;
  return (
    <article className="app-card" aria-labelledby={`app-${o.id}`}>
      <div className="op-head">
        <Logo operator={o} size={36} />
        <div className="op-title">
          <h3 id={`app-${o.id}`}>{o.shortName} app</h3>
          <Stars rating={app.rating} />
          {app.games ? <p className="app-games">{app.games} casino games</p> : null}
        </div>
      </div>
      <ul className="op-features">
        {app.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <p className="op-bonus">{app.bonus ?? o.bonus.headline}</p>
      <div className="op-actions">
        <OfferButton operator={o} label="Get App" />
      </div>
      <p className="op-note">New customers only. T&amp;Cs apply. 21+</p>
      <KeyTermsLine terms={o.bonus.terms} />
    </article>
  );
}
