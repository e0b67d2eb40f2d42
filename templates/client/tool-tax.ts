// The tax-on-winnings estimator: the year's rules and the arithmetic from templates/lib/tax.ts; the
// jurisdiction's name and income tax rates from the tool's `data-income-tax` (site.yaml, TaxTool.tsx).
import { money, percent } from '../lib/odds.js';
import { rulesFor, taxOnWin, type WinType } from '../lib/tax.js';
import { parseNumber } from '../lib/tool-input.js';
import { setupTool } from './tools/kit.js';

const MAX = 1_000_000_000;
const big = 'Enter an amount of at most $1,000,000,000.';
const LABELS: Record<WinType, string> = {
  sports: 'sports bet',
  slots: 'slot',
  bingo: 'bingo',
  table: 'table game',
  poker: 'poker tournament',
  keno: 'keno',
};

/** What TaxTool.tsx wrote of site.yaml's income tax: the jurisdiction's name and each year's rate. */
interface IncomeTax {
  where: string;
  rates: Record<string, number>;
}

const incomeTaxOf = (root: HTMLElement): IncomeTax | undefined => {
  try {
    return JSON.parse(root.dataset.incomeTax ?? '') as IncomeTax;
  } catch {
    return undefined;
  }
};

setupTool('tax', (t) => {
  const tax = incomeTaxOf(t.root);
  const year = Number(t.text('year'));
  const rate = tax?.rates[year];
  const type = t.text('type') as WinType;
  const rules = rulesFor(year);
  const winnings = t.read('winnings', (raw) =>
    parseNumber(raw, { missing: 'Enter the amount the win paid you.', max: MAX, tooBig: big }),
  );
  const wager = t.read('wager', (raw) =>
    parseNumber(raw, { missing: 'Enter what you wagered (or the buy-in); 0 if nothing.', max: MAX, tooBig: big }),
  );
  const losses = t.read('losses', (raw) =>
    raw.trim() === '' ? { ok: true, value: 0 } : parseNumber(raw, { missing: '', max: MAX, tooBig: big }),
  );
  if (
    !tax ||
    rate === undefined ||
    !rules ||
    !LABELS[type] ||
    winnings === undefined ||
    wager === undefined ||
    losses === undefined
  ) {
    t.result('result', ['Enter the amount paid and the wager to see the estimate.'], 'ask');
    return;
  }
  if (wager > winnings) {
    t.result('result', ['This wager is more than the win paid: there are no winnings to tax on this bet.'], 'ask');
    return;
  }
  const r = taxOnWin({ type, year, winnings, wager, losses, incomeTaxRate: rate })!;
  const why =
    type === 'slots' || type === 'bingo'
      ? `the ${year} line for ${LABELS[type]} wins is ${money(r.threshold)} or more`
      : type === 'poker'
        ? `the line is a win of more than ${money(r.threshold)} after the buy-in`
        : type === 'keno'
          ? `the line is ${money(r.threshold)} or more after the wager`
          : `the line is ${money(r.threshold)} or more after the wager ` +
            `and at least ${rules.otherMultiple} times the wager` +
            (r.multipleMet ? '' : ' (this win is not)');
  const lines: [string, string][] = [
    ['Form W-2G', `${r.w2g ? 'Yes, the payer issues one' : 'Not issued for this win'}: ${why}.`],
    [
      'Federal withholding',
      r.withheld > 0
        ? `${money(r.withheld)} (${percent(rules.withholdingRate, 0)} of the ${money(r.net)} net win).`
        : `None of the regular kind for this win (${percent(rules.withholdingRate, 0)} backup withholding ` +
          'only if you do not give your taxpayer number).',
    ],
    [`${tax.where} income tax`, `${money(r.incomeTax)} (${percent(rate)} of the ${money(r.net)} net win).`],
    [
      'Federal tax',
      'The win is taxable income whether or not a form is issued; the rate depends on your whole return.',
    ],
  ];
  if (losses > 0)
    lines.push([
      'Deductible losses if you itemize',
      `${money(r.deductibleLosses)} (${
        rules.lossShare < 1 ? `${percent(rules.lossShare, 0)} of your losses from ${year}, ` : ''
      }never more than the winnings).`,
    ]);
  t.result('result', lines);
});
