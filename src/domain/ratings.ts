/**
 * The rating method, written once: what each operator's rating, rank and Editor's choice are on the
 * build's date, and the two criteria whose score follows from data by rule (licensing from the
 * PGCB's fines, the offer from the key terms its terms state). site.yaml `methodology` states the
 * same rules to readers; tests/content-ratings.test.ts recomputes them from the operator files.
 */
import { ratingOf, type Operator, type OperatorData } from '../schema/operator.js';
import { criteriaFor, type SiteConfig } from '../schema/site.js';

/** A fine of this many dollars or more takes two points off licensing; a smaller one, one point. */
export const LARGE_FINE = 100_000;

/** Licensing & regulatory record: 5 for a PGCB-licensed brand, less each fine on its record, at least 1. */
export function licensingScore(o: Pick<OperatorData, 'enforcement'>): number {
  const off = o.enforcement.reduce((sum, e) => sum + (e.fine >= LARGE_FINE ? 2 : 1), 0);
  return Math.max(1, 5 - off);
}

/**
 * The key terms an offer's score counts: the ones 58 Pa. Code §501a.7 wants beside an offer
 * (minimum deposit, playthrough, expiry), and the minimum odds for a sportsbook or the cap for a casino.
 */
export const offerTerms = (kind: OperatorData['kind']) =>
  ['minDeposit', 'playthrough', 'expiry', kind === 'sportsbook' ? 'minOdds' : 'cap'] as const;

/** The offer: 1, plus one for each key term its terms state; undefined where no offer is stated. */
export function offerScore(o: Pick<OperatorData, 'kind' | 'bonus'>): number | undefined {
  const bonus = o.bonus;
  if (!bonus) return undefined;
  return 1 + offerTerms(o.kind).filter((t) => bonus[t] !== undefined && bonus[t] !== 'not stated').length;
}

/** The criteria that count on this build's date: scored ones, less an offer that pages withhold as stale. */
function scoredCriteria(o: Pick<Operator, 'kind' | 'scores' | 'offerState'>, site: SiteConfig): string[] {
  const scores = o.scores ?? {};
  return criteriaFor(site, o.kind)
    .map((c) => c.id)
    .filter((id) => scores[id]?.score !== undefined && !(id === 'offer' && o.offerState === 'withheld'));
}

type Rated = Operator & { typedRank?: number };

/**
 * Rates and orders every operator. The rating is the mean of the scored criteria to one decimal, and
 * only with at least `minScored` of them; otherwise the operator is not rated. Rated operators come
 * first, by rating; equal ratings go to more scored criteria, then the higher licensing & regulatory
 * record score, then the name. Editor's choice is the first-ranked operator of each kind, if rated.
 * Operators without `scores` (a minimal project) keep their typed rating; their typed rank breaks ties.
 */
export function rateOperators<T extends Operator>(operators: readonly T[], site: SiteConfig | undefined): T[] {
  const min = site?.methodology?.minScored ?? 4;
  const rated = operators.map((o) => {
    const typed = o as T & { rank?: number; rating?: number };
    if (!o.scores || !site) return { ...o, scored: [], typedRank: typed.rank, rating: typed.rating } as T & Rated;
    const scored = scoredCriteria(o, site);
    const counted = Object.fromEntries(scored.map((id) => [id, o.scores![id]!]));
    const rating = scored.length >= min ? ratingOf(counted) : undefined;
    return { ...o, scored, rating, typedRank: undefined } as T & Rated;
  });
  const licensing = (o: Rated) => o.scores?.licensing?.score ?? 0;
  const order = (a: Rated, b: Rated) =>
    Number(b.rating !== undefined) - Number(a.rating !== undefined) ||
    (b.rating ?? 0) - (a.rating ?? 0) ||
    b.scored.length - a.scored.length ||
    licensing(b) - licensing(a) ||
    (a.typedRank ?? 0) - (b.typedRank ?? 0) ||
    a.name.localeCompare(b.name, 'en');
  const out: T[] = [];
  for (const kind of ['sportsbook', 'casino'] as const) {
    const ofKind = rated.filter((o) => o.kind === kind).sort(order);
    ofKind.forEach((o, i) => {
      const { typedRank: _, ...rest } = o;
      out.push({ ...rest, rank: i + 1, featured: i === 0 && o.rating !== undefined } as unknown as T);
    });
  }
  return out.sort((a, b) => a.rank - b.rank || (a.kind === b.kind ? 0 : a.kind === 'sportsbook' ? -1 : 1));
}
