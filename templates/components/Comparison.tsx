import type { Operator, SiteConfig } from 'pa-site';
import { keyTermsList, NOT_RATED, offerShown, TermsLink } from './Operator.js';
import { licenseHolder, licenseSources } from './Scores.js';
import { Cite, type OperatorPart, operatorSources } from './Sources.js';
import { TableScroll } from './TableScroll.js';
import { formatPartialDate } from '../lib/dates.js';
import { money } from '../lib/odds.js';
import { inMarket, marketName } from '../lib/pack.js';

const kindName = (kind: Operator['kind']) => (kind === 'casino' ? 'online casinos' : 'sportsbooks');

/** A term unknown for this operator (not in its published terms). */
const NONE = '—';

/** The smallest deposit: the account's (review), else the offer's where it states one. */
function minDeposit(o: Operator): string {
  if (o.review?.minDeposit !== undefined) return money(o.review.minDeposit);
  const d = offerShown(o) ? o.bonus?.minDeposit : undefined;
  return typeof d === 'number' ? money(d) : NONE;
}

/** The fastest payout the review lists, marked when it is a typical time of the market, not the operator's own. */
function fastestPayout(o: Operator, site: SiteConfig): string {
  const w = o.review?.withdrawals[0];
  if (!w) return NONE;
  return w.typical ? `${w.time} (typical${inMarket(site)})` : `${w.time} (${w.method})`;
}

/** The columns that may be left out: each shown only where at least two operators have a figure for it. */
const COLUMNS = [
  { label: 'Since', value: (o: Operator) => o.launch?.date ?? NONE },
  { label: 'Min. deposit', value: (o: Operator) => minDeposit(o) },
  { label: 'Fastest payout', value: fastestPayout },
] as const;
type Column = (typeof COLUMNS)[number]['label'];

/** A column's heading: the launch column names the market ("In PA since"). */
const heading = (label: Column, site: SiteConfig) =>
  label === 'Since' ? `In ${marketName(site) ?? 'the market'} since` : label;

/** The sources of what a row shows: license holder, launch, the offer while shown, minimums and payouts. */
function rowSources(o: Operator, site: SiteConfig): string[] {
  const banking = o.review?.minDeposit !== undefined || !!o.review?.withdrawals.length;
  const parts: OperatorPart[] = ['offer', ...(banking ? (['review'] as const) : [])];
  return [
    ...licenseSources(o, site),
    ...operatorSources(o, parts),
    ...(o.launch ? [o.launch.source].flat() : []),
    ...(o.interpolated?.launch ?? []),
  ];
}

function OfferCell({ operator }: { operator: Operator }) {
  const o = operator;
  const b = o.bonus;
  if (b && offerShown(o))
    return (
      <>
        <strong>{b.headline}</strong>. {keyTermsList(b).join(' · ')}. Checked{' '}
        <time dateTime={b.verified}>{formatPartialDate(b.verified)}</time>.
      </>
    );
  return (
    <>
      <TermsLink operator={o}>See current offer and terms</TermsLink>. T&amp;Cs apply.
    </>
  );
}

/**
 * Every ranked operator of a kind in one table: rating, license holder, launch, offer and key terms,
 * minimum deposit and fastest payout. On phones each row stacks into "column: value" lines, so no
 * cell sits outside the screen. `current` marks the reviewed operator's row on a review page.
 */
export function ComparisonTable({
  kind,
  operators,
  reviewRoutes,
  site,
  current,
}: {
  kind: Operator['kind'];
  operators: readonly Operator[];
  reviewRoutes: Record<string, string>;
  site: SiteConfig;
  current?: string;
}) {
  const list = operators.filter((o) => o.kind === kind);
  // A column compares: it is left out unless at least two rows have a figure for it, never a column of dashes.
  const shown = new Set(
    COLUMNS.filter((c) => list.filter((o) => c.value(o, site) !== NONE).length >= 2).map((c) => c.label),
  );
  const cell = (label: Column, o: Operator) =>
    shown.has(label) ? (
      <td data-label={heading(label, site)}>{COLUMNS.find((c) => c.label === label)!.value(o, site)}</td>
    ) : null;
  const head = (label: Column) => (shown.has(label) ? <th scope="col">{heading(label, site)}</th> : null);
  return (
    <>
      {/* Each row cites only what it shows: a withheld offer states nothing from its terms. */}
      <Cite refs={list.flatMap((o) => rowSources(o, site))} />
      <TableScroll stack label={`Comparison of the ${kindName(kind)} we rank`}>
        <table className="comparison">
          <caption>
            The {kindName(kind)} we rank, side by side{' '}
            <span className="caption-note">(— where no page we cite gives a figure)</span>
          </caption>
          <thead>
            <tr>
              <th scope="col">Operator</th>
              <th scope="col">Rating</th>
              <th scope="col">License holder</th>
              {head('Since')}
              <th scope="col">Welcome offer and key terms</th>
              {head('Min. deposit')}
              {head('Fastest payout')}
            </tr>
          </thead>
          <tbody>
            {list.map((o) => {
              const href = reviewRoutes[o.id];
              return (
                <tr key={o.id} className={o.id === current ? 'is-current' : undefined}>
                  <th scope="row">{href && o.id !== current ? <a href={href}>{o.name}</a> : o.name}</th>
                  <td data-label="Rating">{o.rating === undefined ? NOT_RATED : `${o.rating.toFixed(1)}/5`}</td>
                  <td data-label="License holder">{licenseHolder(o, site)}</td>
                  {cell('Since', o)}
                  <td data-label="Welcome offer" className="comparison-offer">
                    <span>
                      <OfferCell operator={o} />
                    </span>
                  </td>
                  {cell('Min. deposit', o)}
                  {cell('Fastest payout', o)}
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}
