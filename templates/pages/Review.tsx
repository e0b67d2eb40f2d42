import type { Operator, Review, SiteConfig, TemplateProps } from 'pa-site';
import { Hero, bylineFor } from '../components/Hero.js';
import { Body } from '../components/Body.js';
import { Faq } from '../components/Faq.js';
import { NOT_RATED, OfferButton, OfferNote, OfferSummary, Stars, offerShown } from '../components/Operator.js';
import { type TocEntry, WithToc, tocEntries } from '../components/Toc.js';
import { Wordmark } from '../components/Wordmark.js';
import { money } from '../lib/odds.js';
import { possessive } from '../lib/text.js';
import { TableScroll } from '../components/TableScroll.js';
import { CitationScope, Cite, SourcesList, operatorSources } from '../components/Sources.js';
import { ScoreBreakdown, licenseLine, recordLine, restsOnText } from '../components/Scores.js';
import { ComparisonTable } from '../components/Comparison.js';
import { RegulatoryRecord } from '../components/Record.js';
import { jurisdictionName, marketName } from '../lib/pack.js';

/** Where the site's operators are licensed (site.yaml `compliance.jurisdiction`): the short and the full name. */
interface Where {
  market?: string;
  region?: string;
}

/** The mark of a time typical of the market's operators: "typical in PA". */
const typicalMark = (where: Where) => (where.market ? `typical in ${where.market}` : 'typical');

/** A payment row's time, marked when it is typical of the market's operators rather than this one's own. */
const timeOf = (r: Review['withdrawals'][number], where: Where) =>
  r.typical ? `${r.time} (${typicalMark(where)})` : r.time;

/** "New Jersey " before a noun, when the site names its jurisdiction. */
const regionWord = (where: Where) => (where.region ? `${where.region} ` : '');

/** The hero's scorecard: the mark, the rating and the facts a reader compares first. */
function Scorecard({
  operator,
  review,
  games,
  where,
  site,
}: {
  site: SiteConfig;
  operator: Operator;
  review: Review;
  games?: string;
  where: Where;
}) {
  const fastest = review.withdrawals[0];
  // Each fact the operator's data gives; one it does not give is left out.
  const facts: [term: string, value: string | undefined][] = [
    ['Our rating', operator.rating === undefined ? NOT_RATED : `${operator.rating.toFixed(1)} / 5`],
    ['Rating rests on', restsOnText(operator) || undefined],
    ['Record', operator.record ? recordLine(operator, site) : undefined],
    // The withdrawal table's first (fastest) row: one value for the box, the table and the prose.
    ['Fastest payout', fastest && timeOf(fastest, where)],
    ['Casino games', games],
    ['Minimum deposit', review.minDeposit === undefined ? undefined : money(review.minDeposit)],
    ['Minimum withdrawal', review.minWithdrawal === undefined ? undefined : money(review.minWithdrawal)],
  ];
  return (
    <div className="review-summary">
      <div className="review-brand">
        <Wordmark operator={operator} height={56} />
        <div>
          <p className="review-name">{operator.name}</p>
          {/* The number is stated once, in the facts below ("Our rating"). */}
          <Stars rating={operator.rating} labelled={false} />
          <p className="op-licensee">{licenseLine(operator, site)}</p>
        </div>
      </div>
      <dl className="review-facts">
        {facts.map(([term, value]) =>
          value ? (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ) : null,
        )}
      </dl>
    </div>
  );
}

/** The summary box at the top of a review: pros and cons (the offer has its own section, once). */
function AtAGlance({ operator, review }: { operator: Operator; review: Review }) {
  return (
    <section className="glance" aria-labelledby="glance-heading">
      <h2 id="glance-heading" className="glance-heading">
        {operator.shortName} review summary
      </h2>
      <div className="glance-grid is-two">
        <div className="glance-pros">
          <h3>Pros</h3>
          <ul>
            {review.pros.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
        {review.cons.length ? (
          <div className="glance-cons">
            <h3>Cons</h3>
            <ul>
              {review.cons.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  );
}

function Payments({ title, rows, where }: { title: string; rows: Review['deposits']; where: Where }) {
  return (
    <TableScroll stack label={title}>
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Method</th>
            <th scope="col">Time</th>
            <th scope="col">Notes</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.method}>
              <th scope="row">{r.method}</th>
              <td data-label="Time">{timeOf(r, where)}</td>
              <td data-label="Notes">{r.note ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/**
 * Deposits and withdrawals: only the methods a source gives for this operator. Where none gives any, one
 * sentence sends the reader to the cashier and to the guide that holds what is typical in the market
 * (`guide`: site.yaml `links.beginnersGuide`, when the site has one).
 */
function Banking({
  operator,
  review,
  guide,
  where,
}: {
  operator: Operator;
  review: Review;
  guide?: string;
  where: Where;
}) {
  const name = operator.shortName;
  const typical = review.withdrawals.some((r) => r.typical);
  const rows = review.deposits.length + review.withdrawals.length > 0;
  return (
    <section className="payments" aria-labelledby="payments-heading">
      <h2 id="payments-heading">Deposits and withdrawals</h2>
      {review.deposits.length ? <Payments title="Deposit methods" rows={review.deposits} where={where} /> : null}
      {review.withdrawals.length ? (
        <Payments title="Withdrawal times once approved" rows={review.withdrawals} where={where} />
      ) : null}
      {rows ? null : (
        // The same line in every review by design, a pointer rather than a fact about the operator: the
        // overlap measure (tests/review-overlap.ts) leaves `.review-links` out.
        <p className="review-links">
          {possessive(name)} cashier lists its deposit and withdrawal methods with their minimums, fees and payout times
          {guide ? (
            <>
              ; our <a href={guide}>beginner's guide</a> walks through a withdrawal
            </>
          ) : null}
          .
        </p>
      )}
      {typical ? (
        <p>
          Times marked "{typicalMark(where)}" are what {regionWord(where)}operators usually publish, not{' '}
          {possessive(name)} own figures: its cashier shows the times that apply to you.
        </p>
      ) : null}
      {review.minDeposit !== undefined && review.minWithdrawal !== undefined ? (
        <p>
          Minimum deposit {money(review.minDeposit)}; minimum withdrawal {money(review.minWithdrawal)}.
          {review.fees ? ` ${review.fees}` : ''}
        </p>
      ) : review.fees ? (
        <p>{review.fees}</p>
      ) : null}
    </section>
  );
}

/**
 * Where what applies at every licensed operator is explained: the laws guide (taxes on winnings)
 * and the responsible-gambling page, each when the site has one (site.yaml `links.laws`, `helpline.page`).
 */
function ExplainedOnce({ laws, safety, where }: { laws?: string; safety?: string; where: Where }) {
  if (!laws && !safety) return null;
  const lawsLink = laws ? (
    <>
      taxes on winnings in our <a href={laws}>{regionWord(where)}gambling laws guide</a>
    </>
  ) : null;
  const safetyLink = safety ? (
    <>
      limits, cool-off periods and self-exclusion in our <a href={safety}>responsible gambling guide</a>
    </>
  ) : null;
  return (
    <p className="review-links">
      Rules that apply at every licensed operator are in our guides: {lawsLink}
      {laws && safety ? ', and ' : null}
      {safetyLink}.
    </p>
  );
}

/** The other review of the same brand: a sportsbook's casino, or a casino's sportsbook. */
function sisterOf(operator: Operator, operators: readonly Operator[]): Operator | undefined {
  return operator.kind === 'sportsbook'
    ? operators.find((o) => o.id === operator.casino)
    : operators.find((o) => o.casino === operator.id);
}

/** A review's sections in page order, for its table of contents. */
const reviewToc = (operator: Operator, body: TemplateProps['body'], faqs: boolean): TocEntry[] => [
  { id: 'glance-heading', text: 'Review summary' },
  { id: 'offer-heading', text: `${operator.shortName} welcome offer` },
  { id: 'rating-heading', text: 'How we rated it' },
  ...tocEntries(body),
  { id: 'payments-heading', text: 'Deposits and withdrawals' },
  { id: 'check-heading', text: 'What to check on its site' },
  { id: 'compare-heading', text: 'How it compares' },
  ...(faqs ? [{ id: 'faqs', text: 'FAQ' }] : []),
  { id: 'verdict-heading', text: 'Final verdict' },
];

/** An operator review, with its Sources list: what renders inside cites the data it shows. */
export function ReviewPage(props: TemplateProps) {
  return (
    <CitationScope cited={props.page.citations}>
      <ReviewArticle {...props} />
    </CitationScope>
  );
}

/** An operator review: facts, scores and offer from the operator's data, prose from the page's Markdown. */
function ReviewArticle({ page, site, body, operators, reviewRoutes, authors, listing }: TemplateProps) {
  if (page.data.template !== 'review') throw new Error('ReviewPage needs a review page');
  const id = page.data.operator;
  const operator = operators.find((o) => o.id === id)!;
  const review = operator.review!;
  const where: Where = { market: marketName(site), region: jurisdictionName(site) };
  const claim = offerShown(operator) ? `Claim ${operator.shortName} Bonus` : undefined;
  const sister = sisterOf(operator, operators);
  const sisterReview = sister ? reviewRoutes[sister.id] : undefined;
  // A casino's own game count, or a sportsbook's sister casino's.
  const gamesFrom = operator.app?.games
    ? operator
    : sister?.kind === 'casino' && sister.app?.games
      ? sister
      : undefined;
  const kindName = operator.kind === 'casino' ? 'online casinos' : 'sportsbooks';
  // The site's guide to this kind's offers (site.yaml `links`): no guide, no sentence pointing to one.
  const bonusGuide = operator.kind === 'casino' ? site.links.casinoBonuses : site.links.sportsbookBonuses;
  return (
    <article className="page page-review">
      <Cite refs={operatorSources(operator, ['card', 'offer', 'review-text'])} />
      {gamesFrom ? <Cite refs={operatorSources(gamesFrom, ['games'])} /> : null}
      <Hero
        data={page.data}
        byline={bylineFor(page.data, site, authors, true)}
        disclosure={site}
        aside={
          <Scorecard operator={operator} review={review} games={gamesFrom?.app?.games} where={where} site={site} />
        }
      />
      <WithToc entries={reviewToc(operator, body, review.faqs.length > 0)}>
        <AtAGlance operator={operator} review={review} />
        <section className="review-offer" aria-labelledby="offer-heading">
          <h2 id="offer-heading">{operator.shortName} welcome offer</h2>
          <OfferSummary operator={operator} detail />
          {offerShown(operator) && bonusGuide ? (
            <p>
              How bonus bets, deposit matches and wagering requirements pay out is explained once, with worked examples,
              in our{' '}
              <a href={bonusGuide}>{operator.kind === 'casino' ? 'casino bonus guide' : 'betting promos guide'}</a>.
            </p>
          ) : null}
          <div className="op-actions">
            <OfferButton operator={operator} offerLabel={claim} />
          </div>
          <OfferNote operator={operator} />
        </section>
        <section className="review-rating" aria-labelledby="rating-heading">
          <h2 id="rating-heading">How we rated {operator.shortName}</h2>
          <ScoreBreakdown operator={operator} site={site} />
          <RegulatoryRecord operator={operator} site={site} />
          <p>
            <a href={site.editorial.methodologyHref}>Our methodology</a> explains each criterion.
          </p>
        </section>
        <Body body={body} ctx={{ site, operators, reviewRoutes, route: page.route, pages: listing }} />
        <Banking operator={operator} review={review} guide={site.links.beginnersGuide} where={where} />
        <section className="review-check" aria-labelledby="check-heading" hidden={!review.checkOnSite.length}>
          <h2 id="check-heading">What to check on {possessive(operator.shortName)} own site</h2>
          <ul>
            {review.checkOnSite.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <ExplainedOnce laws={site.links.laws} safety={site.helpline?.page} where={where} />
        </section>
        <section className="review-compare" aria-labelledby="compare-heading">
          <h2 id="compare-heading">How {operator.shortName} compares</h2>
          <p>
            The {kindName} we rank, side by side; {possessive(operator.shortName)} row is highlighted.
            {sister && sisterReview ? (
              <>
                {' '}
                The same brand's {sister.kind === 'casino' ? 'online casino' : 'sportsbook'} has its own review:{' '}
                <a href={sisterReview}>our {sister.name} review</a>.
              </>
            ) : null}
          </p>
          <ComparisonTable
            kind={operator.kind}
            operators={operators}
            reviewRoutes={reviewRoutes}
            site={site}
            current={operator.id}
          />
        </section>
        {review.faqs.length ? (
          <Faq id="faqs" heading={`${operator.shortName} ${regionWord(where)}FAQ`} items={review.faqs} />
        ) : null}
        <section className="verdict" aria-labelledby="verdict-heading">
          <h2 id="verdict-heading">Final verdict</h2>
          <p>{review.verdict}</p>
          {/* A withheld or unstated offer has its one button in the offer section. */}
          {claim ? (
            <>
              <div className="op-actions">
                <OfferButton operator={operator} offerLabel={claim} />
              </div>
              <OfferNote operator={operator} />
            </>
          ) : null}
        </section>
        <SourcesList site={site} />
      </WithToc>
    </article>
  );
}
