import type { BlockOf, SiteConfig } from 'pa-site';
import * as odds from '../../lib/odds.js';
import { Field, Result, Select, ToolFrame } from './parts.js';

const T = 'odds';
const FORMATS = [
  { id: 'american', label: 'American (-110, +150)' },
  { id: 'decimal', label: 'Decimal (1.91, 2.50)' },
  { id: 'fractional', label: 'Fractional (10/11, 3/2)' },
  { id: 'implied', label: 'Implied probability (%)' },
];

/** The worked examples, from the same functions the calculator runs. */
const EXAMPLE = { stake: 100, odds: -110, legs: [-110, 150, -200], parlayStake: 10 } as const;

function OddsExample() {
  const d = odds.americanToDecimal(EXAMPLE.odds);
  const [num, den] = odds.americanToFractional(EXAMPLE.odds);
  const parlay = odds.parlayDecimal(EXAMPLE.legs);
  const fair = odds.noVig(-110, -110);
  return (
    <>
      <h3>The formulas, with a worked example</h3>
      <ul className="tool-formulas">
        <li>
          Profit at positive odds = stake × odds ÷ 100; at negative odds = stake × 100 ÷ |odds|. Decimal odds = 1 +
          profit per $1. Implied probability = 1 ÷ decimal odds.
        </li>
        <li>
          <strong>Example:</strong> {odds.money(EXAMPLE.stake)} at {odds.formatAmerican(EXAMPLE.odds)} is{' '}
          {odds.formatDecimal(d)} in decimal and {num}/{den} in fractional odds, an implied probability of{' '}
          {odds.percent(odds.impliedProbability(EXAMPLE.odds))}; it wins{' '}
          {odds.money(odds.profit(EXAMPLE.stake, EXAMPLE.odds))} profit, a total return of{' '}
          {odds.money(odds.totalReturn(EXAMPLE.stake, EXAMPLE.odds))}.
        </li>
        <li>
          A parlay&apos;s decimal odds are its legs&apos; decimal odds multiplied. <strong>Example:</strong>{' '}
          {EXAMPLE.legs.map(odds.formatAmerican).join(', ')} gives {odds.formatDecimal(parlay)} (
          {odds.formatAmerican(odds.decimalToAmerican(parlay))}): {odds.money(EXAMPLE.parlayStake)} returns{' '}
          {odds.money(EXAMPLE.parlayStake * parlay)}, and it needs all three legs to win.
        </li>
        <li>
          The no-vig (fair) price of a two-way market divides each side&apos;s implied probability by their sum.{' '}
          <strong>Example:</strong> -110 on both sides implies {odds.percent(odds.impliedProbability(-110))} for each
          side; the two add up to more than 100% by {odds.percent(fair.margin)}, the margin. The fair chances are{' '}
          {odds.percent(fair.a)} each, a fair price of {odds.formatAmerican(odds.probabilityToAmerican(fair.a))}.
        </li>
      </ul>
    </>
  );
}

export function OddsTool({ block, site }: { block: BlockOf<'tool'>; site: SiteConfig }) {
  return (
    <ToolFrame
      tool={T}
      block={block}
      site={site}
      heading="Odds, Payout and Parlay Calculator"
      what="A calculator for prices you see: it shows what a price means, not whether a bet is a good one."
      example={<OddsExample />}
    >
      <fieldset>
        <legend>Convert odds and work out a payout</legend>
        <Select tool={T} name="format" label="Odds format" options={FORMATS} value="american" />
        <Field tool={T} name="odds" label="Odds" value="-110" inputMode="text" />
        <Field tool={T} name="stake" label="Stake" unit="$" value="100" />
        <Result tool={T} name="convert" />
      </fieldset>
      <fieldset>
        <legend>Parlay (2 to 12 legs)</legend>
        <Field
          tool={T}
          name="legs"
          label="Each leg's American odds"
          hint="Separate the legs with commas or spaces, such as -110, +150, -200."
          value="-110, +150, -200"
          inputMode="text"
        />
        <Field tool={T} name="parlay-stake" label="Parlay stake" unit="$" value="10" />
        <Result tool={T} name="parlay" />
      </fieldset>
      <fieldset>
        <legend>No-vig fair price of a two-way market</legend>
        <Field tool={T} name="side-a" label="Side A American odds" value="-110" inputMode="text" />
        <Field tool={T} name="side-b" label="Side B American odds" value="-110" inputMode="text" />
        <Result tool={T} name="fair" />
      </fieldset>
    </ToolFrame>
  );
}
