import type { Operator, SiteConfig } from 'pa-site';
import { SourceLinks } from './SourceLinks.js';
import { Cite, operatorSources } from './Sources.js';
import { formatPartialDate } from '../lib/dates.js';
import { money } from '../lib/odds.js';
import { inMarket, regulatorWord } from '../lib/pack.js';

/**
 * The criteria an operator of this kind is scored on: casinos' own where site.yaml gives them.
 * (Templates import no runtime code from src/; the validate stage applies the same rule.)
 */
export const criteriaFor = (site: SiteConfig, kind: Operator['kind']) =>
  (kind === 'casino' ? site.methodology?.casinoCriteria : undefined) ?? site.methodology?.criteria ?? [];

/** Who holds the brand's license, or, where that is unknown, where a reader can look it up. */
export const licenseLine = (o: Operator, site: Pick<SiteConfig, 'compliance' | 'regulator'>) =>
  o.licensee
    ? `Licensed${inMarket(site)} via ${o.licensee}`
    : `Licensed by the ${regulatorWord(site)}; its list of licensees names the holder`;

/** The license holder alone, for tables: the name, or where a reader finds it. */
export const licenseHolder = (o: Operator, site: SiteConfig) => o.licensee ?? noHolder(site);

/** Where a brand's license holder is unknown: the regulator's list of licensees names it. */
export const noHolder = (site: SiteConfig) => `In the ${regulatorWord(site)}'s list of licensees`;

/** The sources of those two: the operator's, or where it names no holder, the PGCB's list (site.yaml `market`). */
export const licenseSources = (o: Operator, site: SiteConfig): string[] =>
  o.licensee ? operatorSources(o, ['licensee']) : [site.market.source].flat();

/** The sources of what the rating rests on: the PGCB actions the build shows and the handle figures used. */
export function scoreSources(o: Operator): string[] {
  const record = (o.record ?? []).flatMap((e) => [e.source].flat());
  const market = (o.parts ?? []).flatMap((p) => (p.figure ? [p.figure.source].flat() : []));
  return [...record, ...market];
}

/** A score's sources, each its publisher linked to the page. */
function ScoreSource({ refs, site }: { refs: string | readonly string[]; site: SiteConfig }) {
  return (
    <span className="score-source">
      Source: <SourceLinks refs={refs} site={site} />
    </span>
  );
}

/** "$145.9 million": a handle in dollars as a reader reads it. */
export const millions = (dollars: number) => `$${(dollars / 1e6).toFixed(1)} million`;

/** "regulatory record 4.0 · market position 5.0": what the rating rests on, each with its score. */
export const restsOnText = (o: Operator) =>
  (o.parts ?? []).map((p) => `${p.title.toLowerCase()} ${p.score.toFixed(1)}`).join(' · ');

/** The rating's basis in one line, shown on every card and review without a tap. */
export function RestsOn({ operator }: { operator: Operator }) {
  if (!operator.parts?.length) return null;
  return (
    <p className="op-rests-on">
      <span className="op-line-label">Rests on:</span> {restsOnText(operator)}
    </p>
  );
}

/** Who a PGCB action was against, in a reader's words. */
export const againstWords = {
  operator: 'the company that runs it online',
  'license-holder': 'its license holder',
  group: 'its group',
} as const;

/** The record in one line: how many PGCB fines the build shows, and the largest, with its date. */
export function recordLine(o: Operator, site: SiteConfig): string {
  const reg = regulatorWord(site);
  const shown = o.record ?? [];
  if (!shown.length) return `no ${reg} fine on its operator, license holder or group`;
  const largest = [...shown].sort((a, b) => b.fine - a.fine)[0]!;
  const n = shown.length;
  const what = { online: 'online', 'land-based': 'land-based casino', licensing: 'licensing', 'not stated': '' };
  const concerned = what[largest.concerned];
  const when = formatPartialDate(largest.date.slice(0, 7));
  return (
    `${n} ${reg} fine${n === 1 ? '' : 's'}; ${n === 1 ? '' : 'largest '}${money(largest.fine)} on ` +
    `${againstWords[largest.against]} (${when}${concerned ? `, ${concerned}` : ''})`
  );
}

/** The one-line record, on cards. */
export function RecordLine({ operator, site }: { operator: Operator; site: SiteConfig }) {
  if (!operator.record) return null;
  return (
    <p className="op-record-line">
      <span className="op-line-label">Record:</span> {recordLine(operator, site)}
    </p>
  );
}

/** How each criterion's score follows from the record, in a sentence built from the data. */
function partReason(o: Operator, p: NonNullable<Operator['parts']>[number], site: SiteConfig): string {
  const reg = regulatorWord(site);
  if (p.id === 'market' && p.figure)
    return (
      `${millions(p.figure.handle)} of online handle in ${formatPartialDate(p.figure.month)}, by the ${reg}'s ` +
      'figures as listed by brand: 1, plus 4 times its share of the top handle among the reviewed sportsbooks.'
    );
  const shown = o.record ?? [];
  if (!shown.length) return `No ${reg} fine on its online operator, license holder or group on record: 5.0.`;
  const off = shown.reduce((s, a) => s + a.points, 0);
  return (
    `${shown.length} ${reg} fine${shown.length === 1 ? '' : 's'} (listed under "Regulatory record"), weighed by ` +
    `size, how recent and who was fined, take ${Number(off.toFixed(3))} off 5` +
    `${5 - off < 1 ? ', and the score stops at 1' : ''}.`
  );
}

/**
 * How the rating was reached: each criterion it rests on with its score and why, what no rating rests
 * on, and the rule the rating follows.
 */
export function ScoreBreakdown({ operator, site }: { operator: Operator; site: SiteConfig }) {
  const o = operator;
  if (!o.parts?.length || o.rating === undefined) return null;
  const unused = criteriaFor(site, o.kind).filter((c) => !o.scored.includes(c.id));
  return (
    <div className="score-breakdown">
      <Cite refs={scoreSources(o)} />
      <dl className="score-list">
        {o.parts.map((p) => (
          <div key={p.id} className="score-row">
            <dt>
              <span className="score-title">{p.title}</span> <span className="score-value">{p.score.toFixed(1)}/5</span>
            </dt>
            <dd>
              {partReason(o, p, site)}
              {p.figure ? (
                <>
                  {' '}
                  <ScoreSource refs={p.figure.source} site={site} />
                </>
              ) : null}
            </dd>
          </div>
        ))}
        {unused.map((c) => (
          <div key={c.id} className="score-row is-unscored">
            <dt>
              <span className="score-title">{c.title}</span> <span className="score-value">not reported</span>
            </dt>
            <dd>
              No month of {regulatorWord(site)} figures lists every{' '}
              {o.kind === 'casino' ? 'online casino' : 'sportsbook'} we review by brand, so no {o.kind} rating rests on
              it.
            </dd>
          </div>
        ))}
      </dl>
      <p className="score-total">
        Rating {o.rating.toFixed(1)}/5: the average of the {o.parts.length === 1 ? 'one criterion' : 'criteria'} above.
        Payout times, banking, app and loyalty details are not reported for most operators, so no rating rests on them,
        and the welcome offer never counts.
      </p>
    </div>
  );
}

/** The breakdown folded under a summary line, for ranking cards (open without JavaScript too). */
export function ScoreDetails({ operator, site }: { operator: Operator; site: SiteConfig }) {
  if (!operator.parts?.length) return null;
  return (
    <details className="score-details">
      <summary>How we rated {operator.shortName}</summary>
      <ScoreBreakdown operator={operator} site={site} />
    </details>
  );
}
