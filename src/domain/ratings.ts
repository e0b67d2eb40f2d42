/**
 * The rating method, written once: each operator's rating, what it rests on, its rank and whether it
 * meets the bar for Editor's choice and every "Top N", on the build's date. A rating rests only on
 * criteria the record holds for every operator of its kind (the regulatory record always; market
 * position where one month's PGCB handle figures cover them all), so no gap moves a rank, and no offer
 * enters it. site.yaml `methodology` states the same rules to readers; tests/content-ratings.test.ts
 * recomputes them from the operator files.
 */
import type { Operator, OperatorData } from '../schema/operator.js';
import { criteriaFor, type SiteConfig } from '../schema/site.js';
import { actionsOn, barredByRecord, knownFrom, recordScore } from './record.js';

const tenth = (n: number) => Math.round(n * 10 + 1e-9) / 10;

type Figure = NonNullable<OperatorData['market']>[number];

/**
 * The month of PGCB handle figures a kind's market position uses on the build's date: the newest
 * month for which every operator of the kind has a figure published by then; undefined when none does.
 */
export function marketMonth(ofKind: readonly Pick<OperatorData, 'market'>[], today: Date): string | undefined {
  const known = (o: Pick<OperatorData, 'market'>) =>
    (o.market ?? []).filter((f) => knownFrom(f.published).getTime() <= today.getTime()).map((f) => f.month);
  if (!ofKind.length) return undefined;
  const [first, ...rest] = ofKind.map(known);
  return first!
    .filter((m) => rest.every((months) => months.includes(m)))
    .sort()
    .at(-1);
}

/** Market position: 1, plus 4 times the operator's share of the month's top handle among its kind, to one decimal. */
function marketScores(ofKind: readonly Pick<OperatorData, 'market'>[], month: string): number[] {
  const handles = ofKind.map((o) => o.market!.find((f) => f.month === month)!.handle);
  const top = Math.max(...handles);
  return handles.map((h) => tenth(1 + (4 * h) / top));
}

/** The bar for Editor's choice and every "Top N": a rating at least this, and no large self-exclusion fine lately. */
const DEFAULT_MIN_RATING = 4;

/** One criterion an operator's rating rests on, with its score on the build's date. */
interface Part {
  id: string;
  title: string;
  score: number;
  /** The PGCB figure a market position uses: its month and handle. */
  figure?: Figure;
}

type Rated = Operator & { order?: number };

/** A project whose every operator types its rating (a minimal one) keeps them; otherwise the method computes all. */
export const typedProject = (operators: readonly Pick<Operator, 'typedRating'>[], site: SiteConfig | undefined) =>
  !site?.methodology || (operators.length > 0 && operators.every((o) => o.typedRating !== undefined));

/**
 * Rates and orders every operator on the build's date. With a methodology the rating is the mean of
 * the criteria the record holds for every operator of the kind, to one decimal: every operator is
 * rated. Operators rank strictly by rating; equal ratings go to the higher regulatory record score,
 * then the name. Editor's choice is the first-ranked operator of each kind that meets the bar.
 * Operators of a project that types every rating (typedProject) keep them; their typed rank breaks ties.
 */
export function rateOperators<T extends Operator>(
  operators: readonly T[],
  site: SiteConfig | undefined,
  today: Date = new Date(),
): T[] {
  const methodology = typedProject(operators, site) ? undefined : site?.methodology;
  const minRating = methodology?.bar.minRating ?? DEFAULT_MIN_RATING;
  const out: T[] = [];
  for (const kind of ['sportsbook', 'casino'] as const) {
    const ofKind = operators.filter((o) => o.kind === kind);
    const month = marketMonth(ofKind, today);
    const market = month ? marketScores(ofKind, month) : [];
    const rated: Rated[] = ofKind.map((o, i) => {
      if (!methodology || !site) return { ...o, parts: [], scored: [], order: o.typedRank, rating: o.typedRating };
      const parts: Part[] = criteriaFor(site, kind).flatMap((c): Part[] => {
        if (c.id === 'record') return [{ id: c.id, title: c.title, score: recordScore(o.enforcement, today) }];
        if (c.id === 'market' && month)
          return [{ id: c.id, title: c.title, score: market[i]!, figure: o.market!.find((f) => f.month === month) }];
        return [];
      });
      const rating = tenth(parts.reduce((s, p) => s + p.score, 0) / parts.length);
      const record = actionsOn(o.enforcement, today);
      return { ...o, parts, scored: parts.map((p) => p.id), record, rating, order: undefined };
    });
    const recordOf = (o: Rated) => o.parts?.find((p) => p.id === 'record')?.score ?? 0;
    rated.sort(
      (a, b) =>
        Number(b.rating !== undefined) - Number(a.rating !== undefined) ||
        (b.rating ?? 0) - (a.rating ?? 0) ||
        recordOf(b) - recordOf(a) ||
        (a.order ?? 0) - (b.order ?? 0) ||
        a.name.localeCompare(b.name, 'en'),
    );
    let featuredGiven = false;
    rated.forEach((o, i) => {
      const { order: _, ...rest } = o;
      const meetsBar = methodology
        ? o.rating !== undefined && o.rating >= minRating && !barredByRecord(o.enforcement, today)
        : o.rating !== undefined;
      const featured = meetsBar && !featuredGiven;
      featuredGiven ||= featured;
      out.push({ ...rest, rank: i + 1, meetsBar, featured, marketMonth: month } as unknown as T);
    });
  }
  return out.sort((a, b) => a.rank - b.rank || (a.kind === b.kind ? 0 : a.kind === 'sportsbook' ? -1 : 1));
}
