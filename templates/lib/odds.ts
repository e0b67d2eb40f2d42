/**
 * Odds arithmetic for the odds page. Every worked number on that page comes from here,
 * using the formulas in the product spec (§9 "Odds formulas").
 */

/** Parses "+150" / "-110" into a number, rejecting anything between -100 and +100. */
export function parseAmerican(text: string): number {
  const n = Number(text);
  if (!Number.isFinite(n) || Math.abs(n) < 100) throw new Error(`not American odds: ${text}`);
  return n;
}

export const formatAmerican = (odds: number): string => (odds > 0 ? `+${Math.round(odds)}` : `${Math.round(odds)}`);

/** Profit on a winning bet. Positive odds: stake × odds / 100; negative: stake × 100 / |odds|. */
export function profit(stake: number, american: number): number {
  return american > 0 ? (stake * american) / 100 : (stake * 100) / Math.abs(american);
}

/** Stake plus profit. */
export const totalReturn = (stake: number, american: number): number => stake + profit(stake, american);

/** Implied probability (0–1). Positive: 100 / (odds + 100); negative: |odds| / (|odds| + 100). */
export function impliedProbability(american: number): number {
  return american > 0 ? 100 / (american + 100) : Math.abs(american) / (Math.abs(american) + 100);
}

/** Decimal odds: total return per unit staked. */
export const americanToDecimal = (american: number): number => 1 + profit(1, american);

export function decimalToAmerican(decimal: number): number {
  if (!(decimal > 1)) throw new Error(`decimal odds must be above 1: ${decimal}`);
  return decimal >= 2 ? (decimal - 1) * 100 : -100 / (decimal - 1);
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Fractional odds as [numerator, denominator] in lowest terms (e.g. +150 → [3, 2]; -200 → [1, 2]). */
export function americanToFractional(american: number): [number, number] {
  // Work in hundredths so -110 becomes 100/110 = 10/11 exactly.
  const [num, den] = american > 0 ? [Math.round(american), 100] : [100, Math.round(Math.abs(american))];
  const g = gcd(num, den);
  return [num / g, den / g];
}

export const fractionalProfit = (stake: number, numerator: number, denominator: number): number =>
  (stake * numerator) / denominator;

/** Decimal price of a parlay: the product of its legs' decimal odds. */
export const parlayDecimal = (legs: readonly number[]): number =>
  legs.reduce((acc, leg) => acc * americanToDecimal(leg), 1);

/** American price of a parlay of `count` legs all at `legPrice`. */
export const parlayAmerican = (legPrice: number, count: number): number =>
  decimalToAmerican(parlayDecimal(Array(count).fill(legPrice)));

export const money = (n: number): string => {
  const minimumFractionDigits = Number.isInteger(Math.round(n * 100) / 100) ? 0 : 2;
  return `$${n.toLocaleString('en-US', { minimumFractionDigits, maximumFractionDigits: 2 })}`;
};

/** `0.4` → `40%`, `0.52381` → `52.38%`: fixed digits, trailing decimal zeros dropped. */
export const percent = (p: number, digits = 2): string => {
  const fixed = (p * 100).toFixed(digits);
  return `${fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed}%`;
};

/*
 * The odds tool (templates/client/tool-odds.ts) and its block's worked examples use the same
 * functions as the tables above, so a page's example and the calculator cannot disagree.
 */

/** Implied probability (0–1) of decimal odds: 1 / decimal. */
export const decimalImplied = (decimal: number): number => 1 / decimal;

/** Decimal odds of a fractional price n/d: 1 + n/d. */
export const fractionalToDecimal = (numerator: number, denominator: number): number => 1 + numerator / denominator;

/** Decimal odds of an implied probability (0–1, exclusive): 1 / p. */
export const impliedToDecimal = (p: number): number => 1 / p;

/** American odds of a probability (0–1, exclusive): the price with no margin. */
export const probabilityToAmerican = (p: number): number => decimalToAmerican(impliedToDecimal(p));

/** Decimal price of a parlay of any legs given as decimal odds: their product. */
export const parlayOfDecimals = (legs: readonly number[]): number => legs.reduce((acc, leg) => acc * leg, 1);

/**
 * The no-vig (fair) probabilities of a two-way market: each side's implied probability divided by
 * their sum, so the pair adds up to exactly 1. `margin` is the sum minus 1 (the vig, 0.0476 for -110/-110).
 */
export function noVig(sideA: number, sideB: number): { a: number; b: number; margin: number } {
  const pa = impliedProbability(sideA);
  const pb = impliedProbability(sideB);
  const sum = pa + pb;
  return { a: pa / sum, b: pb / sum, margin: sum - 1 };
}

/**
 * The bettor's expected loss per dollar staked on either side of a two-way market priced with this
 * margin: 1 − 1 / (1 + margin). For -110 on both sides, 4.55%.
 */
export const houseEdgeOfMargin = (margin: number): number => 1 - 1 / (1 + margin);

/** Fractional odds of a decimal price as the nearest fraction with a denominator up to 100 ("2.5" → 3/2). */
export function decimalToFractional(decimal: number): [number, number] {
  const profitPart = decimal - 1;
  let best: [number, number] = [Math.round(profitPart), 1];
  let bestError = Math.abs(profitPart - best[0]);
  for (let den = 2; den <= 100 && bestError > 1e-9; den++) {
    const num = Math.round(profitPart * den);
    const error = Math.abs(profitPart - num / den);
    if (error < bestError - 1e-12) [best, bestError] = [[num, den], error];
  }
  const g = gcd(best[0], best[1]);
  return [best[0] / g, best[1] / g];
}

/** Decimal odds to two places, as books print them ("1.91"). */
export const formatDecimal = (decimal: number): string => decimal.toFixed(2);
