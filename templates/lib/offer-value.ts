/**
 * The expected cash value of a welcome offer from the terms a reader enters: one module for the offer
 * value tool and the worked example its page prints. Every value is an expectation over many readers
 * taking the same offer, not a promise for one; it is never above the offer's own amount.
 */
import { americanToDecimal, houseEdgeOfMargin, money, noVig } from './odds.js';

export type OfferType = 'bonus-bets' | 'refund' | 'deposit-match' | 'casino-credits' | 'spins';

export const OFFER_TYPES: readonly { id: OfferType; label: string }[] = [
  { id: 'bonus-bets', label: 'Bonus bets (stake not returned)' },
  { id: 'refund', label: 'First-bet refund paid in bonus bets' },
  { id: 'deposit-match', label: 'Deposit match with playthrough' },
  { id: 'casino-credits', label: 'Casino credits with game weighting' },
  { id: 'spins', label: 'Spins' },
];

/**
 * The default sportsbook edge: the margin of a two-way market priced at -110 on both sides, the
 * standard price the odds page explains (4.55% of each dollar staked). Casino games have no default:
 * each game states its own return to player.
 */
export const SPORTS_EDGE = houseEdgeOfMargin(noVig(-110, -110).margin);

export interface OfferTerms {
  type: OfferType;
  /** The bonus: bonus bets, the refund's cap, the matched bonus, the credits. Spins: spins × value. */
  amount: number;
  /** The qualifying bet (refund) or deposit (deposit match). */
  qualifying: number;
  /** American odds the reader will bet the bonus (and, for a refund, the qualifying bet) at. */
  odds: number;
  /** Times the base must be wagered (1 for bonus bets used once). */
  playthrough: number;
  /** Deposit match: whether the playthrough counts the deposit as well as the bonus. */
  withDeposit: boolean;
  /** Share (0–1] of each wager that counts toward the playthrough. */
  weighting: number;
  /** The house edge (0–1) of what the reader will play. */
  edge: number;
}

export interface OfferValue {
  /** The most the offer can be worth: its amount. */
  amount: number;
  /** Total wagering the terms require, in real wagers (after weighting). */
  wagering: number;
  /** Expected loss while clearing that wagering. */
  expectedLoss: number;
  /** Expected cash value: what a reader can expect to withdraw from the bonus, on average. */
  value: number;
  /** The arithmetic, one line a step, in plain words with the numbers. */
  steps: string[];
}

const pct = (p: number) => `${(Math.round(p * 10000) / 100).toString()}%`;
const clampValue = (v: number, amount: number) => Math.min(amount, Math.max(0, v));

/**
 * Share of a bonus bet's face amount a reader keeps on average: a winning bonus bet pays its profit
 * only (the stake is not returned), and it wins with probability (1 − edge) / decimal.
 */
export const bonusBetShare = (decimal: number, edge: number): number => ((1 - edge) * (decimal - 1)) / decimal;

export function offerValue(t: OfferTerms): OfferValue {
  const steps: string[] = [];
  const decimal = americanToDecimal(t.odds);
  switch (t.type) {
    case 'bonus-bets': {
      const share = bonusBetShare(decimal, t.edge);
      const wagering = t.amount * t.playthrough;
      steps.push(
        `At ${decimal.toFixed(2)} decimal odds a bet wins with probability ` +
          `(1 − ${pct(t.edge)}) ÷ ${decimal.toFixed(2)}` +
          ` = ${pct((1 - t.edge) / decimal)}, and a winning bonus bet pays its profit only: ` +
          `${decimal.toFixed(2)} − 1 = ${(decimal - 1).toFixed(2)} per dollar.`,
        `Kept per bonus dollar: ${pct((1 - t.edge) / decimal)} × ${(decimal - 1).toFixed(2)} = ${pct(share)}.`,
        `Expected value: ${money(t.amount)} × ${pct(share)} = ${money(t.amount * share)}.`,
        `Wagering: ${money(t.amount)} × ${t.playthrough} = ${money(wagering)} in bonus bets.`,
      );
      const value = clampValue(t.amount * share, t.amount);
      return { amount: t.amount, wagering, expectedLoss: t.amount - value, value, steps };
    }
    case 'refund': {
      const lose = 1 - (1 - t.edge) / decimal;
      const refund = Math.min(t.qualifying, t.amount);
      const share = bonusBetShare(decimal, t.edge);
      const expectedLoss = t.qualifying * t.edge;
      const bonus = lose * refund * share;
      steps.push(
        `The qualifying bet of ${money(t.qualifying)} loses with probability ${pct(lose)}; then ${money(refund)} ` +
          `comes back as bonus bets (the smaller of the bet and the ${money(t.amount)} cap).`,
        `Each bonus-bet dollar is worth ${pct(share)} at the same odds (its stake is not returned).`,
        `Value of the refund: ${pct(lose)} × ${money(refund)} × ${pct(share)} = ${money(bonus)}.`,
        `Expected loss on the qualifying bet: ${money(t.qualifying)} × ${pct(t.edge)} = ${money(expectedLoss)}.`,
        `Wagering: the ${money(t.qualifying)} bet, then ${money(refund)} × ${t.playthrough} in bonus bets.`,
      );
      return {
        amount: t.amount,
        wagering: t.qualifying + refund * t.playthrough,
        expectedLoss,
        value: clampValue(bonus, t.amount),
        steps,
      };
    }
    default: {
      const spins = t.type === 'spins';
      // Spins: the playthrough applies to what the spins are expected to return.
      const start = spins ? t.amount * (1 - t.edge) : t.amount;
      const base = spins ? start : t.amount + (t.type === 'deposit-match' && t.withDeposit ? t.qualifying : 0);
      const counted = base * t.playthrough;
      const wagering = counted / t.weighting;
      const expectedLoss = wagering * t.edge;
      if (spins)
        steps.push(
          `The spins are worth ${money(t.amount)} at face value and return ${pct(1 - t.edge)} of it on average: ` +
            `${money(start)}.`,
        );
      steps.push(
        `Playthrough: ${money(base)} × ${t.playthrough} = ${money(counted)} of counted wagers.`,
        `Game weighting ${pct(t.weighting)}: ${money(counted)} ÷ ${pct(t.weighting)} = ` +
          `${money(wagering)} in real wagers.`,
        `Expected loss while clearing it: ${money(wagering)} × ${pct(t.edge)} house edge = ${money(expectedLoss)}.`,
        `Expected value: ${money(start)} − ${money(expectedLoss)} = ${money(start - expectedLoss)}` +
          `${start - expectedLoss < 0 ? ', so nothing: on average the wagering costs more than the bonus' : ''}.`,
      );
      return { amount: t.amount, wagering, expectedLoss, value: clampValue(start - expectedLoss, t.amount), steps };
    }
  }
}

/** Which terms change each offer type's answer: an empty one is asked for, never guessed. */
export const TERMS_USED: Record<OfferType, readonly (keyof OfferTerms)[]> = {
  'bonus-bets': ['amount', 'odds', 'playthrough', 'edge'],
  refund: ['amount', 'qualifying', 'odds', 'playthrough', 'edge'],
  'deposit-match': ['amount', 'qualifying', 'playthrough', 'weighting', 'edge'],
  'casino-credits': ['amount', 'playthrough', 'weighting', 'edge'],
  spins: ['amount', 'playthrough', 'weighting', 'edge'],
};
