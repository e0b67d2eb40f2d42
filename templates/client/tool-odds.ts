// The odds calculator: conversions, payout, parlay and no-vig price, from templates/lib/odds.ts,
// the module the odds page's tables use.
import * as odds from '../lib/odds.js';
import { parseAmericanOdds, parseAnyOdds, parseNumber, type Parsed } from '../lib/tool-input.js';
import { setupTool } from './tools/kit.js';

const MAX_LEGS = 12;
const stakeRule = {
  missing: 'Enter a stake, such as 100.',
  max: 1_000_000,
  tooBig: 'Enter a stake of at most $1,000,000.',
};

function parseLegs(raw: string): Parsed<number[]> {
  const parts = raw.split(/[\s,;]+/).filter(Boolean);
  if (parts.length === 0) return { ok: false, message: 'Enter the odds of each leg, such as -110, +150.' };
  if (parts.length > MAX_LEGS)
    return { ok: false, message: `A parlay here has at most ${MAX_LEGS} legs: you entered ${parts.length}.` };
  if (parts.length < 2) return { ok: false, message: 'A parlay needs at least 2 legs.' };
  const legs: number[] = [];
  for (const [i, p] of parts.entries()) {
    const r = parseAmericanOdds(p);
    if (!r.ok) return { ok: false, message: `Leg ${i + 1} (${p}): ${r.message}` };
    legs.push(odds.americanToDecimal(r.value));
  }
  return { ok: true, value: legs };
}

setupTool('odds', (t) => {
  const format = t.text('format');
  const decimal = t.read('odds', (raw) => parseAnyOdds(format, raw));
  const stake = t.read('stake', (raw) => parseNumber(raw, stakeRule));
  if (decimal !== undefined && stake !== undefined) {
    const [num, den] = odds.decimalToFractional(decimal);
    t.result('convert', [
      ['American', odds.formatAmerican(odds.decimalToAmerican(decimal))],
      ['Decimal', odds.formatDecimal(decimal)],
      ['Fractional', `${num}/${den}`],
      ['Implied probability', odds.percent(odds.decimalImplied(decimal))],
      ['Profit if it wins', odds.money(stake * (decimal - 1))],
      ['Total return', odds.money(stake * decimal)],
    ]);
  } else t.result('convert', ['Enter odds and a stake to see the conversion and payout.'], 'ask');

  const legs = t.read('legs', parseLegs);
  const parlayStake = t.read('parlay-stake', (raw) => parseNumber(raw, stakeRule));
  if (legs && parlayStake !== undefined) {
    const d = odds.parlayOfDecimals(legs);
    t.result('parlay', [
      ['Parlay price', `${odds.formatAmerican(odds.decimalToAmerican(d))} (decimal ${odds.formatDecimal(d)})`],
      ['Profit if every leg wins', odds.money(parlayStake * (d - 1))],
      ['Total return', odds.money(parlayStake * d)],
      ['Implied chance all legs win', odds.percent(odds.decimalImplied(d))],
    ]);
  } else t.result('parlay', ['Enter 2 to 12 legs and a stake to price the parlay.'], 'ask');

  const a = t.read('side-a', (raw) => parseAmericanOdds(raw));
  const b = t.read('side-b', (raw) => parseAmericanOdds(raw));
  if (a !== undefined && b !== undefined) {
    const fair = odds.noVig(a, b);
    t.result('fair', [
      [
        'Margin (vig)',
        fair.margin >= 0 ? odds.percent(fair.margin) : `none (${odds.percent(-fair.margin)} under 100%)`,
      ],
      [
        'Side A fair chance',
        `${odds.percent(fair.a)}, a fair price of ${odds.formatAmerican(odds.probabilityToAmerican(fair.a))}`,
      ],
      [
        'Side B fair chance',
        `${odds.percent(fair.b)}, a fair price of ${odds.formatAmerican(odds.probabilityToAmerican(fair.b))}`,
      ],
    ]);
  } else t.result('fair', ['Enter both sides’ odds to see the fair price.'], 'ask');
});
