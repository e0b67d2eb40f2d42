import type { BlockOf, Operator, SiteConfig } from 'pa-site';
import { formatAmerican, money, percent } from '../../lib/odds.js';
import { OFFER_TYPES, SPORTS_EDGE, offerValue, type OfferTerms, type OfferType } from '../../lib/offer-value.js';
import { formatPartialDate } from '../../lib/dates.js';
import { Cite, operatorSources } from '../../components/Sources.js';
import { Field, Result, Select, ToolFrame } from './parts.js';

const T = 'offer';
const CASINO = 'deposit-match casino-credits spins';
/** The default edge as the form shows it: 4.55 (%). */
const SPORTS_EDGE_TEXT = (Math.round(SPORTS_EDGE * 10000) / 100).toString();

/** The first dollar amount in a term ("$200 in bonus bets" → 200), or "" when it states none. */
const dollars = (term: string | number | undefined) => {
  if (typeof term === 'number') return String(term);
  const m = /\$\s?([\d,]+(?:\.\d+)?)/.exec(term ?? '');
  return m ? m[1]!.replace(/,/g, '') : '';
};
const times = (term: string | undefined) => /(\d+(?:\.\d+)?)\s*x\b/i.exec(term ?? '')?.[1] ?? '';
const american = (term: string | undefined) => /[+-]\d{3,6}/.exec(term ?? '')?.[0] ?? '';
const days = (term: string | undefined) => /(\d+)\s*days?/i.exec(term ?? '')?.[1] ?? '';

/**
 * The terms a current, reviewed offer states, as the form's fields: only what the offer's own terms say
 * ("not stated" stays empty, so the tool asks for it). A stale or withheld offer never pre-fills.
 */
export function offerFill(o: Operator): Record<string, string> | undefined {
  const b = o.bonus;
  if (!b || o.offerState !== 'current') return undefined;
  const words = `${b.headline} ${b.amount}`.toLowerCase();
  const type: OfferType =
    o.kind === 'casino'
      ? /spin/.test(words)
        ? 'spins'
        : /match/.test(words)
          ? 'deposit-match'
          : 'casino-credits'
      : /refund|back|second chance|safety/.test(words)
        ? 'refund'
        : /match/.test(words)
          ? 'deposit-match'
          : 'bonus-bets';
  const qualifying = type === 'deposit-match' ? dollars(b.minDeposit) : (/bet \$(\d+)/i.exec(words)?.[1] ?? '');
  return {
    type,
    amount: dollars(b.cap) || dollars(b.amount),
    qualifying,
    'min-odds': american(b.minOdds),
    playthrough: times(b.playthrough),
    expiry: days(b.expiry),
  };
}

/** The first worked example: bonus bets used once at +200 (the tool's test reads the same terms). */
export const BONUS_BETS_EXAMPLE: OfferTerms = {
  type: 'bonus-bets',
  amount: 200,
  qualifying: 5,
  odds: 200,
  playthrough: 1,
  withDeposit: false,
  weighting: 1,
  edge: SPORTS_EDGE,
};

/** The second worked example: a deposit match whose wagering costs most of the bonus. */
const MATCH: OfferTerms = {
  type: 'deposit-match',
  amount: 500,
  qualifying: 500,
  odds: 100,
  playthrough: 15,
  withDeposit: true,
  weighting: 1,
  edge: 0.03,
};

/** A worked example's steps, as offerValue states them. */
function Steps({ steps }: { steps: readonly string[] }) {
  return (
    <ol className="tool-steps">
      {steps.map((s) => (
        <li key={s}>{s}</li>
      ))}
    </ol>
  );
}

function OfferExample() {
  const bets = offerValue(BONUS_BETS_EXAMPLE);
  const match = offerValue(MATCH);
  return (
    <>
      <h3>How it works, with two worked examples</h3>
      <p>
        The tool works out the total wagering the terms require, what you can expect to lose while placing it (the
        wagering times the house edge), and what that leaves of the bonus on average. The default sportsbook edge,{' '}
        {percent(SPORTS_EDGE)}, is what a price of -110 on both sides keeps, as the odds guide works out. Casino games
        differ, so it asks for the game&apos;s own figure: 100% minus the return to player on its information screen.
      </p>
      <p>
        <strong>Example 1:</strong> {money(BONUS_BETS_EXAMPLE.amount)} in bonus bets used at{' '}
        {formatAmerican(BONUS_BETS_EXAMPLE.odds)} with the default edge:
      </p>
      <Steps steps={bets.steps} />
      <p>
        <strong>Example 2:</strong> a {money(MATCH.amount)} deposit match with {MATCH.playthrough}x playthrough on the
        deposit and bonus, played on a slot with a {percent(MATCH.edge)} house edge ({percent(1 - MATCH.edge)} return to
        player):
      </p>
      <Steps steps={match.steps} />
    </>
  );
}

export function OfferTool({
  block,
  site,
  operators,
}: {
  block: BlockOf<'tool'>;
  site: SiteConfig;
  operators: Operator[];
}) {
  const fills = operators.flatMap((o) => {
    const fill = offerFill(o);
    return fill && o.bonus ? [{ o, fill }] : [];
  });
  return (
    <ToolFrame
      tool={T}
      block={block}
      site={site}
      heading="Welcome Offer Value Calculator"
      what={
        "An estimate of an offer's average cash value from the terms you enter, not advice to claim it: a bonus " +
        'only has value if you would bet anyway, and no offer is worth chasing losses for.'
      }
      example={<OfferExample />}
    >
      {fills.length ? (
        <div className="tool-fill">
          <Cite refs={fills.flatMap(({ o }) => operatorSources(o, ['offer']))} />
          <p>Fill in the terms of an offer we reviewed (only offers checked recently enough to be current):</p>
          <ul>
            {fills.map(({ o, fill }) => (
              <li key={o.id}>
                <button type="button" className="btn btn-secondary" data-fill={JSON.stringify(fill)}>
                  Fill in from {o.shortName}&apos;s offer (checked {formatPartialDate(o.bonus!.verified)})
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Select tool={T} name="type" label="Offer type" options={OFFER_TYPES} value="bonus-bets" />
      <Field
        tool={T}
        name="amount"
        label="Bonus amount"
        unit="$"
        hint="The bonus bets, the refund's cap, the matched bonus or the credits."
        uses="bonus-bets refund deposit-match casino-credits"
      />
      <Field tool={T} name="spins" label="Number of spins" uses="spins" inputMode="numeric" />
      <Field tool={T} name="spin-value" label="Value of each spin" unit="$" uses="spins" />
      <Field tool={T} name="qualifying" label="Qualifying bet or deposit" unit="$" uses="refund deposit-match" />
      <Field
        tool={T}
        name="odds"
        label="American odds you will bet at"
        hint="Bonus bets are usually worth most at longer odds, such as +200."
        uses="bonus-bets refund"
        inputMode="text"
      />
      <Field
        tool={T}
        name="min-odds"
        label="Minimum odds in the terms (optional)"
        uses="bonus-bets refund"
        inputMode="text"
      />
      <Field
        tool={T}
        name="playthrough"
        label="Playthrough"
        unit="times"
        hint="From the offer's terms: 1 for bonus bets you only need to use once."
      />
      <Select
        tool={T}
        name="base"
        label="Playthrough applies to"
        options={[
          { id: 'bonus', label: 'The bonus only' },
          { id: 'both', label: 'The deposit and the bonus' },
        ]}
        value="bonus"
        uses="deposit-match"
      />
      <Field
        tool={T}
        name="weighting"
        label="Game weighting"
        unit="%"
        hint="The share of each bet that counts: 100 if your game counts in full."
        uses={CASINO}
      />
      <Field
        tool={T}
        name="edge"
        label="House edge of what you will play"
        unit="%"
        hint={
          `Sportsbook default ${SPORTS_EDGE_TEXT}% (-110 on both sides); ` +
          'for a casino game, 100 minus its return to player.'
        }
        value={SPORTS_EDGE_TEXT}
      />
      <Field tool={T} name="expiry" label="Days to complete it (optional)" unit="days" inputMode="numeric" />
      <Result tool={T} />
    </ToolFrame>
  );
}
