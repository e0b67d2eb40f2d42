import type { Operator, Review, TemplateProps } from '../../src/model.js';
import { Hero, bylineFor } from '../components/Hero.js';
import { Body } from '../components/Body.js';
import { Faq } from '../components/Faq.js';
import { OfferButton, OfferNote, OfferSummary, Stars, offerShown } from '../components/Operator.js';
import { type TocEntry, WithToc, tocEntries } from '../components/Toc.js';
import { Wordmark } from '../components/Wordmark.js';
import { money } from '../lib/odds.js';
import { TableScroll } from '../components/TableScroll.js';
import { CitationScope, Cite, SourcesList, operatorSources } from '../components/Sources.js';

/** The hero's scorecard: the mark, the rating and the facts a reader compares first. */
function Scorecard({ operator, review, casino }: { operator: Operator; review: Review; casino?: Operator }) {
  return (
    <div className="review-summary">
      <div className="review-brand">
        <Wordmark operator={operator} height={56} />
        <div>
          <p className="review-name">{operator.name}</p>
          <Stars rating={operator.rating} />
          <p className="op-licensee">Licensed in PA via {operator.licensee}</p>
        </div>
      </div>
      <dl className="review-facts">
        <div>
          <dt>Our rating</dt>
          <dd>{operator.rating.toFixed(1)} / 5</dd>
        </div>
        <div>
          {/* The withdrawal table's first (fastest) row: one value for the box, the table and the prose. */}
          <dt>Fastest payout</dt>
          <dd>{review.withdrawals[0]!.time}</dd>
        </div>
        {casino?.app?.games ? (
          <div>
            <dt>Casino games</dt>
            <dd>{casino.app.games}</dd>
          </div>
        ) : null}
        <div>
          <dt>Minimum deposit</dt>
          <dd>{money(review.minDeposit)}</dd>
        </div>
        <div>
          <dt>Minimum withdrawal</dt>
          <dd>{money(review.minWithdrawal)}</dd>
        </div>
      </dl>
    </div>
  );
}

/** The summary box at the top of a review: pros, cons, and the offer with its key terms. */
function AtAGlance({ operator, review }: { operator: Operator; review: Review }) {
  return (
    <section className="glance" aria-labelledby="glance-heading">
      <h2 id="glance-heading" className="glance-heading">
        {operator.shortName} review summary
      </h2>
      <div className={`glance-grid${offerShown(operator) ? '' : ' is-two'}`}>
        <div className="glance-pros">
          <h3>Pros</h3>
          <ul>
            {review.pros.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
        <div className="glance-cons">
          <h3>Cons</h3>
          <ul>
            {review.cons.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
        {/* A withheld offer is said once, in the offer section below, not in every box. */}
        {offerShown(operator) ? (
          <div className="glance-offer">
            <h3>Welcome offer</h3>
            <OfferSummary operator={operator} />
            <OfferNote operator={operator} />
            <p className="glance-more">
              <a href="#offer-heading">How the offer works and how to claim it</a>
            </p>
          </div>
        ) : null}
      </div>
    </section>
  );
}

function Payments({ title, rows }: { title: string; rows: Review['deposits'] }) {
  return (
    <TableScroll label={title}>
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
              <td>{r.time}</td>
              <td>{r.note ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** A review's sections in page order, for its table of contents. */
const reviewToc = (operator: Operator, body: TemplateProps['body']): TocEntry[] => [
  { id: 'glance-heading', text: 'Review summary' },
  { id: 'offer-heading', text: `${operator.shortName} bonus offer` },
  ...tocEntries(body),
  { id: 'payments-heading', text: 'Deposits and withdrawals' },
  { id: 'faqs', text: 'FAQ' },
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

/** An operator review: facts and offer from the operator's data, prose from the page's Markdown. */
function ReviewArticle({ page, site, body, operators, reviewRoutes, authors, listing }: TemplateProps) {
  if (page.data.template !== 'review') throw new Error('ReviewPage needs a review page');
  const id = page.data.operator;
  const operator = operators.find((o) => o.id === id)!;
  const review = operator.review!;
  const claim = `Claim ${operator.shortName} Bonus`;
  const casino = operators.find((o) => o.id === operator.casino);
  return (
    <article className="page page-review">
      <Cite refs={operatorSources(operator, ['card', 'offer', 'review'])} />
      {casino?.app?.games ? <Cite refs={operatorSources(casino, ['app'])} /> : null}
      <Hero
        data={page.data}
        byline={bylineFor(page.data, site, authors, true)}
        disclosure={site}
        aside={<Scorecard operator={operator} review={review} casino={casino} />}
      />
      <WithToc entries={reviewToc(operator, body)}>
        <AtAGlance operator={operator} review={review} />
        <section className="review-offer" aria-labelledby="offer-heading">
          <h2 id="offer-heading">{operator.shortName} bonus offer</h2>
          <OfferSummary operator={operator} detail />
          <div className="op-actions">
            <OfferButton operator={operator} offerLabel={claim} />
          </div>
          <OfferNote operator={operator} />
        </section>
        <Body body={body} ctx={{ site, operators, reviewRoutes, route: page.route, pages: listing }} />
        <section className="payments" aria-labelledby="payments-heading">
          <h2 id="payments-heading">Deposits and withdrawals</h2>
          <Payments title="Deposit methods" rows={review.deposits} />
          <Payments title="Withdrawal methods" rows={review.withdrawals} />
          <p>
            Minimum deposit {money(review.minDeposit)}; minimum withdrawal {money(review.minWithdrawal)}. {review.fees}
          </p>
        </section>
        <Faq id="faqs" heading={`${operator.shortName} Pennsylvania FAQ`} items={review.faqs} />
        <section className="verdict" aria-labelledby="verdict-heading">
          <h2 id="verdict-heading">Final verdict</h2>
          <p>{review.verdict}</p>
          {offerShown(operator) ? (
            <>
              <OfferSummary operator={operator} />
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
