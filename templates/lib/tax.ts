/**
 * Tax on gambling winnings, by tax year: when a Form W-2G is issued, regular federal withholding and
 * the federal limit on deductible losses, national rules kept here with the ids of the sources
 * (content/sources.yaml) that state them; the jurisdiction's own income tax is site data (site.yaml
 * `compliance.incomeTax`, read through pack.ts), passed in as a rate. The tax tool, its page's worked
 * example and the tests read the federal rules from here only. An estimate, not tax advice.
 */

export type WinType = 'sports' | 'slots' | 'bingo' | 'table' | 'poker' | 'keno';

export const WIN_TYPES: readonly { id: WinType; label: string }[] = [
  { id: 'sports', label: 'Sports bet' },
  { id: 'slots', label: 'Slot machine' },
  { id: 'bingo', label: 'Bingo' },
  { id: 'table', label: 'Table game (blackjack, roulette, craps)' },
  { id: 'poker', label: 'Poker tournament' },
  { id: 'keno', label: 'Keno' },
];

export interface TaxYearRules {
  year: number;
  /** Slot and bingo wins of this much or more get a W-2G (not reduced by the wager). */
  slotsBingo: number;
  /** Keno wins, reduced by the wager, of this much or more. */
  keno: number;
  /** Poker tournament wins, reduced by the buy-in, of more than this. */
  poker: number;
  /** Other wins (sports, table games) of this much or more… */
  other: number;
  /** …that are also at least this many times the wager. */
  otherMultiple: number;
  /** Regular gambling withholding: this rate… */
  withholdingRate: number;
  /** …on winnings, less the wager, of more than this that are at least `otherMultiple` times the wager. */
  withholdingOver: number;
  /** Share of gambling losses an itemizer may deduct (never more than the winnings). */
  lossShare: number;
  /** Source ids for each group of figures. */
  sources: { w2g: string[]; withholding: string[]; losses: string[] };
}

const BEFORE_2026 = {
  slotsBingo: 1200,
  keno: 1500,
  poker: 5000,
  other: 600,
  otherMultiple: 300,
  withholdingRate: 0.24,
  withholdingOver: 5000,
  lossShare: 1,
  sources: {
    w2g: ['irs-w2g'],
    withholding: ['irs-w2g-instructions'],
    losses: ['irs-w2g-instructions'],
  },
};

/**
 * The years the tool knows. 2018 is the first year of the 24% withholding rate. From 2026 the slot and
 * bingo line is $2,000 (draft 2026 W-2G instructions, confirmed by the IRS) and itemizers deduct 90% of
 * losses; the cited sources leave the $600/300-times, keno and poker lines as they were. Later years are
 * left out until a source states them (the $2,000 line is to be indexed for inflation).
 */
export const TAX_YEARS: readonly TaxYearRules[] = [
  ...[2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025].map((year) => ({ year, ...BEFORE_2026 })),
  {
    year: 2026,
    ...BEFORE_2026,
    slotsBingo: 2000,
    lossShare: 0.9,
    sources: {
      w2g: ['taxabletalk-w2g-2026', 'irs-w2g'],
      withholding: ['irs-w2g-instructions'],
      losses: ['kiplinger-loss-cap'],
    },
  },
];

/** A rate of a jurisdiction's income tax on winnings as site.yaml `compliance.incomeTax` lists them, oldest first. */
export interface IncomeTaxRate {
  rate: number;
  /** The day it took effect, YYYY-MM-DD: it applies to tax years from that day's year. */
  from?: string | undefined;
  source: string | string[];
}

/** The rate for a tax year: the newest whose `from` falls in or before it, with its source ids; else undefined. */
export function incomeTaxRateIn(
  rates: readonly IncomeTaxRate[] | undefined,
  year: number,
): { rate: number; source: string[] } | undefined {
  const r = (rates ?? []).filter((v) => !v.from || Number(v.from.slice(0, 4)) <= year).at(-1);
  return r && { rate: r.rate, source: ([] as string[]).concat(r.source) };
}

export const FIRST_TAX_YEAR = TAX_YEARS[0]!.year;
export const LAST_TAX_YEAR = TAX_YEARS[TAX_YEARS.length - 1]!.year;

/** The rules of a tax year, or undefined for a year the tool does not cover. */
export const rulesFor = (year: number): TaxYearRules | undefined => TAX_YEARS.find((r) => r.year === year);

/** The rules for a payment made on a date (W-2G thresholds apply by when the win is paid). */
export const rulesOn = (date: Date): TaxYearRules | undefined => rulesFor(date.getUTCFullYear());

export interface TaxInput {
  type: WinType;
  year: number;
  /** What the win paid, wager included where the game returns it (a sports bet's total return). */
  winnings: number;
  /** The wager or buy-in. */
  wager: number;
  /** Gambling losses over the year, for the loss deduction (0 when none or not itemizing). */
  losses: number;
  /** The jurisdiction's income tax rate on winnings that year (pack.ts incomeTaxIn); 0 where none is known. */
  incomeTaxRate: number;
}

export interface TaxResult {
  rules: TaxYearRules;
  /** Winnings less the wager: what W-2G thresholds other than slots and bingo compare. */
  net: number;
  /** The amount compared with the threshold, and the threshold. */
  compared: number;
  threshold: number;
  /** Whether the W-2G rule also needs 300 times the wager, and whether it is met. */
  multipleRule: boolean;
  multipleMet: boolean;
  w2g: boolean;
  /** Regular federal withholding (0 where it does not apply). */
  withheld: number;
  /** The jurisdiction's income tax on the net win. */
  incomeTax: number;
  /** Losses an itemizer may deduct against this year's winnings. */
  deductibleLosses: number;
}

/** Money to the cent: the sums are shown in dollars and cents, so they are computed that way. */
const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * Works out one win. Slots and bingo compare the whole win with their line; keno, poker tournaments and
 * other wins compare the win less the wager. Withholding applies to sports and table wins over $5,000
 * (less the wager) that are at least 300 times the wager; wins from slots, bingo, keno and poker
 * tournaments are not subject to regular withholding (backup withholding aside).
 */
export function taxOnWin(input: TaxInput): TaxResult | undefined {
  const rules = rulesFor(input.year);
  if (!rules) return undefined;
  const net = Math.max(0, input.winnings - input.wager);
  const ratioMet = input.wager > 0 ? input.winnings >= rules.otherMultiple * input.wager : net > 0;
  let compared = net;
  let threshold = rules.other;
  let multipleRule = false;
  let w2g: boolean;
  switch (input.type) {
    case 'slots':
    case 'bingo':
      compared = input.winnings;
      threshold = rules.slotsBingo;
      w2g = compared >= threshold;
      break;
    case 'keno':
      threshold = rules.keno;
      w2g = net >= threshold;
      break;
    case 'poker':
      threshold = rules.poker;
      w2g = net > threshold;
      break;
    default:
      multipleRule = true;
      w2g = net >= threshold && ratioMet;
  }
  const withholds = multipleRule && net > rules.withholdingOver && ratioMet;
  const deductibleLosses = cents(Math.min(input.losses * rules.lossShare, net));
  return {
    rules,
    net: cents(net),
    compared: cents(compared),
    threshold,
    multipleRule,
    multipleMet: ratioMet,
    w2g,
    withheld: withholds ? cents(net * rules.withholdingRate) : 0,
    incomeTax: cents(net * input.incomeTaxRate),
    deductibleLosses,
  };
}
