import type { BlockOf, Operator, SiteConfig } from 'pa-site';
import { OfferButton, OfferNote, OfferSummary } from '../components/Operator.js';
import { Cards } from './Simple.js';
import { TableScroll } from '../components/TableScroll.js';
import { Cite, operatorSources } from '../components/Sources.js';
import { criteriaFor, licenseHolder, noHolder } from '../components/Scores.js';
import { regulatorWord } from '../lib/pack.js';

/** One operator's offer in the body of a page: dated, and withheld once stale, like every offer box. */
export function OfferBlock({ block, operator }: { block: BlockOf<'offer'>; operator: Operator }) {
  const heading = block.heading ?? `${operator.shortName} welcome offer`;
  return (
    <section className="review-offer offer-block" aria-label={heading}>
      <h3>{heading}</h3>
      <OfferSummary operator={operator} detail />
      <div className="op-actions">
        <OfferButton operator={operator} />
      </div>
      <OfferNote operator={operator} />
    </section>
  );
}

/** Every PGCB-licensed brand of a kind, from site.yaml `market`, with its license holder. */
export function LicensedBrands({
  block,
  site,
  operators,
  reviewRoutes,
}: {
  block: BlockOf<'licensed-brands'>;
  site: SiteConfig;
  operators: Operator[];
  reviewRoutes: Record<string, string>;
}) {
  const brands = block.kind === 'sportsbook' ? site.market.sportsbooks : site.market.casinos;
  const what = block.kind === 'sportsbook' ? 'online sportsbooks' : 'online casino brands';
  const reviewed = operators.filter((o) => brands.some((b) => b.operator === o.id));
  return (
    <section className="licensed-brands" aria-label={block.heading ?? `Licensed ${what}`}>
      <Cite refs={[site.market.source, ...reviewed.flatMap((o) => operatorSources(o, ['card']))]} />
      {block.heading ? <h2>{block.heading}</h2> : null}
      {block.intro ? <p>{block.intro}</p> : null}
      <TableScroll stack label={`Licensed ${what}`}>
        <table>
          <caption>
            {regulatorWord(site)}-licensed {what}, as of {site.market.asOf}
          </caption>
          <thead>
            <tr>
              <th scope="col">Brand</th>
              <th scope="col">License holder</th>
              <th scope="col">Our review</th>
            </tr>
          </thead>
          <tbody>
            {brands.map((b) => {
              const review = b.operator ? reviewRoutes[b.operator] : undefined;
              // A reviewed brand's license holder is stated once, in its operator file.
              const op = operators.find((o) => o.id === b.operator);
              const licensee = op ? licenseHolder(op, site) : (b.licensee ?? noHolder(site));
              return (
                <tr key={b.brand}>
                  <th scope="row">{b.brand}</th>
                  <td data-label="License holder">
                    {licensee}
                    {b.note ? <span className="brand-note"> ({b.note})</span> : null}
                  </td>
                  <td data-label="Our review">{review ? <a href={review}>Read our review</a> : 'Not reviewed yet'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

/**
 * The review criteria from site.yaml `methodology`, each with its scoring rule, then how the rating,
 * the order and Editor's choice follow from the scores: stated once for every page that lists them.
 */
export function Methodology({ block, site }: { block: BlockOf<'methodology'>; site: SiteConfig }) {
  const m = site.methodology;
  const rules = m ? [...m.ranking, barRule(m.bar.minRating, site)] : [];
  return (
    <>
      <Cards
        block={{
          type: 'cards',
          tone: 'default',
          heading: block.heading,
          intro: block.intro,
          items: criteriaFor(site, block.kind),
        }}
      />
      {rules.length ? (
        <div className="ranking-rules">
          <p className="ranking-rules-title">How ratings, ranks and Editor's choice follow</p>
          <ul>{rules.flatMap((r) => (r ? [<li key={r}>{r}</li>] : []))}</ul>
        </div>
      ) : null}
    </>
  );
}

/**
 * The published bar for Editor's choice and every "Top N" (site.yaml `methodology.bar`; the record
 * part is src/domain/record.ts `barredByRecord`).
 */
export const barRule = (minRating: number, site: SiteConfig) =>
  `Editor's choice and every "Top" list take only operators rated ${minRating.toFixed(1)} or more whose ` +
  `own online operator has no ${regulatorWord(site)} fine of $100,000 or more for letting self-excluded or ` +
  'underage players gamble in the last 24 months; a list shows fewer than its number when fewer meet that bar.';
