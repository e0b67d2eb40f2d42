import type { Operator, SiteConfig } from 'pa-site';
import { formatPartialDate } from '../lib/dates.js';
import { money } from '../lib/odds.js';
import { regulatorWord } from '../lib/pack.js';
import { SourceLinks } from './SourceLinks.js';
import { Cite } from './Sources.js';
import { againstWords } from './Scores.js';

/** A fine's sources, each its publisher linked to the report. */
function Reported({ refs, site }: { refs: string | readonly string[]; site: SiteConfig }) {
  return (
    <>
      {' '}
      (<SourceLinks refs={refs} site={site} />)
    </>
  );
}

type ShownAction = NonNullable<Operator['record']>[number];

const concernedWords: Record<ShownAction['concerned'], string> = {
  online: 'online gaming',
  'land-based': 'a land-based casino',
  licensing: 'licensing, not gambling',
  'not stated': 'online or retail betting (the report does not say which)',
};

/** "0.25" / "1" / "0.125": a weight as a reader reads it. */
const num = (n: number) => String(Number(n.toFixed(3)));

/**
 * How one action enters the regulatory record score: the points it takes off on this page's date,
 * and why (src/domain/record.ts; site.yaml `methodology` states the rule).
 */
export function howItCounts(a: ShownAction): string {
  const size = a.fine >= 100_000 ? 2 : a.fine >= 25_000 ? 1 : 0.5;
  const who = a.concerned === 'land-based' || a.concerned === 'licensing' ? 0.25 : a.against === 'operator' ? 1 : 0.5;
  const [recency, when] =
    a.ageMonths < 24
      ? [1, 'in the last 24 months']
      : a.ageMonths < 60
        ? [0.5, 'in the last five years']
        : [0.25, 'older'];
  const players = a.players ? ` plus 0.5 for ${a.players} players` : '';
  return (
    `Takes ${num(a.points)} off the record score: ${num(size)} for its size${players}, ` +
    `× ${num(who)} for whom it was against and what it concerned, × ${num(recency)} ` +
    `for when (${when}).`
  );
}

/**
 * The operator's regulatory record as this build shows it: every PGCB action in its `enforcement:`
 * data against the company that runs it online, its license holder or its group, dated on or before
 * the build, each saying what it concerned, how it enters the score and where it is reported.
 */
export function RegulatoryRecord({ operator, site }: { operator: Operator; site: SiteConfig }) {
  const shown = operator.record ?? [];
  return (
    <div className="regulatory-record">
      <h3>Regulatory record</h3>
      <Cite refs={shown.map((e) => e.source)} />
      {shown.length ? (
        <ul>
          {shown.map((e) => (
            <li key={`${e.date}-${e.fine}-${e.party}`}>
              <strong>
                {formatPartialDate(e.date)}: {money(e.fine)}
              </strong>{' '}
              on {e.party}, for {e.reason}. It was against {againstWords[e.against]} and concerned{' '}
              {concernedWords[e.concerned]}.{e.disputed ? ` ${e.disputed}` : null}
              {e.note ? ` ${e.note}` : null} {howItCounts(e)}
              <Reported refs={e.source} site={site} />
            </li>
          ))}
        </ul>
      ) : (
        <p>
          No {regulatorWord(site)} fine on record against the company that runs it online, its license holder or its
          group.
        </p>
      )}
    </div>
  );
}
