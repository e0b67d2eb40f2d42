import type { Offer, Operator, SiteConfig } from 'pa-site';
import { licenseLine, RecordLine, RestsOn, ScoreDetails } from './Scores.js';
import { formatPartialDate } from '../lib/dates.js';
import { money } from '../lib/odds.js';
import { offerClaimable, offerShown } from '../lib/offers.js';
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

/** Whole, half and empty stars out of five for a rating, to the nearest half (4.5 → four and a half). */
export function starCounts(rating: number): { full: number; half: number; empty: number } {
  const halves = Math.round(Math.min(5, Math.max(0, rating)) * 2);
  const full = Math.floor(halves / 2);
  const half = halves % 2;
  return { full, half, empty: 5 - full - half };
}

/** `labelled: false` draws the stars alone, for a box that states the rating itself (a review's scorecard). */
/** What a card, table or review shows for an operator with too few scored criteria (site.yaml `minScored`). */
export const NOT_RATED = 'Not rated: too little public evidence';

export function Stars({ rating, labelled = true }: { rating: number | undefined; labelled?: boolean }) {
  if (rating === undefined) return <span className="stars is-unrated">{NOT_RATED}</span>;
  const { full, half, empty } = starCounts(rating);
  return (
    <span className="stars">
      <span className="stars-icons" aria-hidden="true">
        {'★'.repeat(full)}
        {half ? <span className="stars-half">★</span> : null}
        {empty ? <span className="stars-empty">{'★'.repeat(empty)}</span> : null}
      </span>
      {labelled ? (
        <>
          <span className="stars-value" aria-hidden="true">
            {rating.toFixed(1)}/5
          </span>
          <span className="visually-hidden">Rated {rating.toFixed(1)} out of 5</span>
        </>
      ) : null}
    </span>
  );
}

const NOT_STATED = 'not stated';
/** A term the offer's source does not state reads "not stated": the reader checks it in the operator's terms. */
const termValue = (v: string | number) => (v === NOT_STATED ? 'not stated' : typeof v === 'number' ? money(v) : v);

/**
 * The offer's key terms, as PGCB advertising rules want them next to the offer: every term its
 * source states, and where to find each it does not.
 */
export function keyTermsList(o: Offer): string[] {
  const items = [`Offer: ${o.amount}`, `Cap: ${termValue(o.cap)}`, `Min. deposit: ${termValue(o.minDeposit)}`];
  if (o.minOdds !== undefined) items.push(`Min. odds: ${termValue(o.minOdds)}`);
  items.push(`Playthrough: ${termValue(o.playthrough)}`);
  if (o.bonusArrives !== undefined) items.push(`Bonus credited: ${termValue(o.bonusArrives)}`);
  items.push(`Expiry: ${termValue(o.expiry)}`);
  if (o.minWithdrawal !== undefined) items.push(`Min. withdrawal: ${termValue(o.minWithdrawal)}`);
  return [...items, ...o.other];
}

/** Where the operator publishes the terms of its offer (or, without a stated offer, its promotions). */
export const termsHref = (o: Operator) => o.bonus?.termsUrl ?? o.termsUrl ?? o.officialUrl;

/** Whether the data names a terms page of its own, not just the operator's home page. */
export const hasTermsPage = (o: Operator) => termsHref(o) !== o.officialUrl;

/** A link to the operator's terms: an affiliate-style outbound link, so it is marked sponsored too. */
export function TermsLink({ operator, children }: { operator: Operator; children: React.ReactNode }) {
  return (
    <a className="terms-link" href={termsHref(operator)} {...sponsoredLink}>
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

// Here too for the templates that show offers; its sources follow the same rule (Sources.tsx).
export { offerShown };

/**
 * An operator's offer as the staleness policy allows: within the limit, the headline, key terms,
 * when they were checked and the terms link; past it, one quiet line saying when we last checked
 * (the card's button then leads to the operator's current offer). `data-offer-*` lets
 * `pa-site check` audit it.
 */
export function OfferSummary({ operator, detail = false }: { operator: Operator; detail?: boolean }) {
  const o = operator;
  const b = o.bonus;
  // No offer in our sources: say so in one line; the card's link leads to the operator's promotions.
  if (!b)
    return (
      <p className="op-offer-line">
        <span className="op-line-label">Offer:</span> none listed here; {o.shortName} shows its current one.
      </p>
    );
  const checked = formatPartialDate(b.verified);
  // Out of date: only the month it was last checked, and no push.
  if (!offerShown(o))
    return (
      <div
        className="op-offer is-withheld"
        data-offer-verified={b.verified}
        data-offer-state="withheld"
        data-offer-operator={o.name}
      >
        <p className="op-offer-line">
          <span className="op-line-label">Offer:</span> last checked <time dateTime={b.verified}>{checked}</time>, too
          old to show.
        </p>
      </div>
    );
  return (
    <div
      className="op-offer"
      data-offer-verified={b.verified}
      data-offer-state={o.offerState}
      data-offer-operator={o.name}
    >
      <p className="op-bonus">{b.headline}</p>
      {detail ? <p>{b.detail}</p> : null}
      {b.promoCode ? (
        <p className="op-code">
          {/* "not stated" would leave the reader asking whether a code is needed: say so plainly. */}
          {b.promoCode.toLowerCase() === 'not stated' ? (
            "Promo code: the offer's terms do not say whether one is needed; the operator's offer page does"
          ) : (
            <>
              Promo code: <strong>{b.promoCode}</strong>
            </>
          )}
        </p>
      ) : null}
      <p className="key-terms">
        <span className="key-terms-label">Key terms:</span> {keyTermsList(b).join(' · ')}.
      </p>
      <p className="offer-checked-line">
        Terms checked <time dateTime={b.verified}>{checked}</time>.{' '}
        {hasTermsPage(o) ? (
          <TermsLink operator={o}>Full terms at {new URL(b.termsUrl).hostname}</TermsLink>
        ) : (
          "Full terms on the operator's site"
        )}
        .
      </p>
    </div>
  );
}

/**
 * "New customers only. T&Cs apply. 21+", the T&Cs linked to the terms page where the data names one;
 * otherwise the link says what it is: the operator's site, where its terms are.
 */
export function OfferNote({ operator }: { operator: Operator }) {
  return (
    <p className="op-note">
      New customers only.{' '}
      {hasTermsPage(operator) ? (
        <TermsLink operator={operator}>T&amp;Cs apply</TermsLink>
      ) : (
        <>
          T&amp;Cs apply: <TermsLink operator={operator}>terms on the operator's site</TermsLink>
        </>
      )}
      . 21+
    </p>
  );
}

/** Link text beside an offer a page does not push (out of date, none stated, or a limiting term unstated). */
export const seeTerms = (o: Operator) => `See terms at ${o.shortName}`;

/** Button text: the offer's call to action only while every limiting term is stated, else "See terms at …". */
const ctaLabel = (o: Operator, offerLabel: string) => (offerClaimable(o) ? offerLabel : seeTerms(o));

/**
 * An operator call to action: `label` always (e.g. "Visit website"), else `offerLabel` while the offer is
 * shown (default the operator's ctaText), else "See Current Offer" to the page where the operator
 * states its current offers.
 */
export function OfferButton({
  operator,
  label,
  offerLabel,
}: {
  operator: Operator;
  label?: string;
  offerLabel?: string;
}) {
  const o = operator;
  const toOffers = label === undefined && !offerClaimable(o);
  return (
    <a
      className={toOffers ? 'btn btn-terms' : 'btn btn-primary btn-cta'}
      href={toOffers ? termsHref(o) : operatorHref(o)}
      {...sponsoredLink}
    >
      {label ??
        (toOffers ? (
          // "at <brand>" leaves the narrowest phones' view (base.css .terms-at), never the link's name.
          <>
            See terms<span className="terms-at"> at {o.shortName}</span>
          </>
        ) : (
          ctaLabel(o, offerLabel ?? o.ctaText)
        ))}
      <span className="visually-hidden">{toOffers ? '' : ` at ${o.name}`} (opens in a new tab)</span>
    </a>
  );
}

export function OperatorCard({
  operator,
  reviewHref,
  site,
}: {
  operator: Operator;
  reviewHref?: string;
  site: SiteConfig;
}) {
  const o = operator;
  return (
    <article className={`op-card${o.featured ? ' is-featured' : ''}`} aria-labelledby={`op-${o.id}`}>
      {o.featured ? <p className="ribbon">EDITOR'S CHOICE</p> : null}
      <div className="op-head">
        {o.rating === undefined ? null : (
          <span className="op-rank">
            <span className="visually-hidden">Rank </span>#{o.rank}
          </span>
        )}
        <Logo operator={o} />
        <div className="op-title">
          <h3 id={`op-${o.id}`}>{o.name}</h3>
          <Stars rating={o.rating} />
          <p className="op-licensee">{licenseLine(o, site)}</p>
        </div>
      </div>
      {/* Without a tap at any width: what the rating rests on, the record, and the offer or why none shows. */}
      <RestsOn operator={o} />
      <RecordLine operator={o} site={site} />
      <OfferSummary operator={o} />
      <Highlights items={o.features} />
      <ScoreDetails operator={o} site={site} />
      <div className="op-actions">
        <OfferButton operator={o} />
        {reviewHref ? (
          <a className="btn btn-secondary" href={reviewHref}>
            Read review<span className="visually-hidden"> of {o.name}</span>
          </a>
        ) : null}
      </div>
      <OfferNote operator={o} />
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
          <p className="app-rating">
            Our overall rating of {o.shortName}: <Stars rating={o.rating} />
          </p>
          {app.games ? <p className="app-games">{app.games} casino games</p> : null}
        </div>
      </div>
      <ul className="op-features">
        {app.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <OfferSummary operator={o} />
      <div className="op-actions">
        <OfferButton operator={o} label="Visit website" />
      </div>
      <OfferNote operator={o} />
    </article>
  );
}
