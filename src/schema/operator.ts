import * as z from 'zod';
import { absoluteUrl, copy, hexColor, text, monthOrDate } from './common.js';
import { citedFact, sourceRef } from './sources.js';

/** What a page does with an offer: show it, show it with a warning, or withhold its amounts (domain/staleness). */
export type OfferState = 'current' | 'aging' | 'withheld';

/** What a money field holds: whole dollars as a plain number (pages add the "$"). */
const DOLLARS = 'a number of dollars, e.g. 10';
const money = z
  .number({ error: `expected ${DOLLARS}` })
  .nonnegative()
  .max(100000);

/**
 * A term the offer's source does not state: written `not stated` rather than guessed. Readers see
 * "See full terms" with a link to the operator's own terms.
 */
const NOT_STATED = 'not stated' as const;
/** A term as the source gives it, or `not stated`; `shape` says what a stated one looks like. */
const stated = <T extends z.ZodType>(t: T, shape = 'a value') =>
  z.union([t, z.literal(NOT_STATED)], {
    error: `expected ${shape}, or "${NOT_STATED}" when the offer's source gives none`,
  });

/** When an offer's terms were last checked: `YYYY-MM` (when only the month is known) or `YYYY-MM-DD`. */
const verifiedDate = monthOrDate('the date the terms were checked');

/**
 * A welcome offer and its key terms (58 Pa. Code §501a.7: never hide conditions; the PGCB wants
 * minimum deposit, minimum odds, playthrough and expiry next to every offer).
 */
const offerSchema = z.strictObject({
  headline: copy,
  detail: copy,
  promoCode: text.optional(),
  /** What the player receives, e.g. "$200 in bonus bets". */
  amount: copy,
  /** The most the offer pays, e.g. "$1,500 in bonus bets". */
  cap: stated(copy),
  minDeposit: stated(money, DOLLARS),
  /** Wagering (casino) or playthrough (bonus bets) before winnings can be withdrawn, e.g. "1x". */
  playthrough: stated(copy),
  /** Sportsbooks: the shortest odds a qualifying bet may have, e.g. "-500". */
  minOdds: stated(copy).optional(),
  /** When the bonus is credited, e.g. "within 72 hours". */
  bonusArrives: stated(copy).optional(),
  /** How long the bonus lasts once credited, e.g. "7 days". */
  expiry: stated(copy),
  minWithdrawal: stated(money, DOLLARS).optional(),
  /** Any other condition a reader must know. */
  other: z.array(copy).default([]),
  /** Where the operator publishes the offer's full terms. */
  termsUrl: absoluteUrl,
  /** When we last checked these terms against the source: never later than the check really happened. */
  verified: verifiedDate,
  /** Where the terms come from (an id in content/sources.yaml). */
  source: sourceRef,
});

/** A row of a review's deposit or withdrawal table, with its own source. */
const paymentSchema = z.strictObject({
  method: text,
  time: text,
  note: text.optional(),
  /** `true`: a time typical of the jurisdiction's operators, not one this operator publishes (pages say so). */
  typical: z.boolean().default(false),
  source: sourceRef,
});
const faqSchema = z.strictObject({ question: copy, answer: copy });

/**
 * A review. Its payout speed is its first withdrawal row's time (list the fastest method first), so
 * the summary box, the table and prose that cites `{{id.review.withdrawals.0.time}}` agree.
 */
const reviewSchema = z.strictObject({
  /** Where the review's own facts (minimums, fees) come from; table rows name their own. */
  source: sourceRef,
  pros: z.array(copy).min(2),
  /** Drawbacks of the product or its record; none where the record shows none (an unknown is never a con). */
  cons: z.array(copy).default([]),
  /** Only methods a source gives for this operator; none means the page says its cashier lists them. */
  deposits: z.array(paymentSchema).default([]),
  withdrawals: z.array(paymentSchema).default([]),
  /** Smallest deposit and withdrawal the account accepts (not an offer term), where a source gives them. */
  minDeposit: money.optional(),
  minWithdrawal: money.optional(),
  fees: copy.optional(),
  /** What a reader should confirm on the operator's own site before signing up (what no source here gives). */
  checkOnSite: z.array(copy).default([]),
  faqs: z.array(faqSchema).default([]),
  verdict: copy,
});

/** App entry. It carries no rating of its own: we have not tested the apps, so lists show the overall rating. */
const appSchema = z.strictObject({
  features: z.array(copy).min(1),
  /** Where the app's features and game counts come from. */
  source: sourceRef,
  /** Casino apps: how many games, as text ("1,000+"). */
  games: text.optional(),
  /** Casino apps, when the source breaks the count down: slots, table games, live dealer tables ("450+"). */
  slots: text.optional(),
  tableGames: text.optional(),
  liveTables: text.optional(),
});

/** When a PGCB action was approved: `YYYY-MM-DD`, `YYYY-MM` or, where the source gives only the year, `YYYY`. */
const actionDate = z.union([monthOrDate('the date the PGCB approved it'), z.string().regex(/^\d{4}$/)], {
  error: 'expected the date the PGCB approved it, as YYYY-MM-DD, YYYY-MM or YYYY',
});

/**
 * A PGCB action (a fine or consent agreement) against the brand's online operator, its license holder
 * or its group, with its source. The regulatory record score weighs each by severity, recency and who
 * was fined (src/domain/record.ts); a build dated before `date` does not show it.
 */
const enforcementSchema = z.strictObject({
  date: actionDate,
  /** The fine in dollars (pages show it as "$40,000"). */
  fine: z
    .number({ error: `expected ${DOLLARS}` })
    .int()
    .positive()
    .max(100_000_000),
  /** Who the PGCB fined, as the source names them ("BetMGM, LLC"). */
  party: text,
  /** Whom that is to this brand: the company that runs it online, its license holder, or its group. */
  against: z.enum(['operator', 'license-holder', 'group']),
  /**
   * What the action concerned: online gaming (this or another brand), a land-based casino, licensing
   * paperwork (no gambling), or `not stated` where the source does not say.
   */
  concerned: z.enum(['online', 'land-based', 'licensing', 'not stated']),
  /** Players the law keeps out who gambled: the most serious kind of breach, half a point more. */
  players: z.enum(['self-excluded', 'underage']).optional(),
  /** What for, as the source says, in a phrase after "for". */
  reason: copy,
  /** Where sources disagree (the amount, who is whose parent): what the other says, shown beside it. */
  disputed: copy.optional(),
  /** What a reader should know about the source (a repost, a report that names no brand): shown beside it. */
  note: copy.optional(),
  source: sourceRef,
});

/** One month of the PGCB's sports wagering figures for the brand (sportsbooks), as a source lists them by brand. */
const marketFigure = z.strictObject({
  /** The month the figures cover. */
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'expected the month the figures cover, as YYYY-MM'),
  /** Its online handle that month, in dollars (145900000 for "$145.9 million"). */
  handle: z.number().positive().max(100_000_000_000),
  /** When the source published them: a build dated earlier does not use them. */
  published: monthOrDate('the date the source published the figures'),
  source: sourceRef,
});

export const operatorSchema = z
  .strictObject({
    kind: z.enum(['sportsbook', 'casino']),
    name: text,
    /** Brand name used in sentences and buttons ("Claim FanDuel Bonus"). */
    shortName: text,
    /** Only where every operator types its rating (domain typedProject): its order, breaking ties. */
    rank: z.number().int().min(1).max(50).optional(),
    /** Only where every operator types one (domain typedProject): the rating, 1 to 5; otherwise computed. */
    rating: z.number().min(1, 'ratings in listings are 1 to 5').max(5, 'ratings are out of 5').optional(),
    /** PGCB actions against its online operator, license holder or group; none listed means none in our sources. */
    enforcement: z.array(enforcementSchema).default([]),
    /**
     * Dated facts a score's reason inserts with `{{id.facts.name}}` (a reason types no figure of its
     * own): each with its source, e.g. `creditCardsEnd: { value: "March 2, 2026", source: … }`.
     */
    facts: z
      .record(z.string().regex(/^[a-zA-Z][a-zA-Z0-9]*$/, 'expected a name such as creditCardsEnd'), citedFact)
      .default({}),
    /** Sportsbooks: the brand's monthly handle in the PGCB's figures, where a source gives it by brand. */
    market: z.array(marketFigure).optional(),
    brandColor: hexColor,
    /** Optional licensed logo file in content/public (`logos/fanduel.svg`); otherwise a wordmark is drawn. */
    logo: z
      .string()
      .regex(/^[\w-]+(\/[\w-]+)*\.(svg|png|webp)$/, 'expected a file path in content/public such as logos/fanduel.svg')
      .optional(),
    /**
     * The PGCB license holder the brand operates under, as a source names it. Left out where no source
     * names one (pages then send readers to the PGCB's own list rather than infer it from a sister brand).
     */
    licensee: text.optional(),
    officialUrl: absoluteUrl,
    /** Where the license holder and the features come from (ids in content/sources.yaml). */
    source: sourceRef,
    affiliateUrl: absoluteUrl.optional(),
    /** When the brand went live online in the jurisdiction, where a source gives the date. */
    launch: z.strictObject({ date: text, source: sourceRef }).optional(),
    /** The welcome offer, when its source states one. */
    bonus: offerSchema.optional(),
    /** Operators without a stated offer: where the operator publishes its current promotions and terms. */
    termsUrl: absoluteUrl.optional(),
    features: z.array(copy).min(2).max(6),
    ctaText: text.optional(),
    /** Sportsbooks: id of the brand's online casino in the jurisdiction (its game count shows in the review). */
    casino: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .optional(),
    app: appSchema.optional(),
    review: reviewSchema.optional(),
  })
  .superRefine((o, ctx) => {
    if (o.kind === 'sportsbook' && o.bonus && o.bonus.minOdds === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['bonus', 'minOdds'],
        message: `a sportsbook offer needs minOdds (the shortest qualifying odds), or "${NOT_STATED}"`,
      });
    if (!o.bonus && !o.termsUrl)
      ctx.addIssue({
        code: 'custom',
        path: ['termsUrl'],
        message: 'an operator without a stated offer needs termsUrl: where it publishes its current promotions',
      });
  })
  .transform((o) => ({
    ...o,
    ctaText: o.ctaText ?? (o.kind === 'casino' ? 'Play Now' : 'Claim Bonus'),
  }));

export type OperatorData = z.output<typeof operatorSchema>;
/** A PGCB action as a build shows it, with what it takes off the regulatory record score on that date. */
type ShownAction = OperatorData['enforcement'][number] & { points: number; ageMonths: number };

export type Operator = Omit<OperatorData, 'rank' | 'rating'> & {
  id: string;
  file: string;
  /** The operator's place among its kind (1 first), by the method's rule (src/domain/ratings.ts). */
  rank: number;
  /** The rating out of 5; undefined only in a project without a methodology that typed none. */
  rating?: number;
  /** Editor's choice: the first-ranked operator of its kind that meets the bar. */
  featured: boolean;
  /** Whether it meets the bar for Editor's choice and every "Top N" (site.yaml `methodology.bar`). */
  meetsBar?: boolean;
  /** The rating and rank the operator file types (a project whose every operator types one: no computed method). */
  typedRating?: number;
  typedRank?: number;
  /** Criterion ids the rating rests on, on this build's date. */
  scored: string[];
  /** The criteria the rating rests on, each with its score (src/domain/ratings.ts). */
  parts?: { id: string; title: string; score: number; figure?: NonNullable<OperatorData['market']>[number] }[];
  /** The PGCB actions this build shows (none dated after it), newest first, each with its weight. */
  record?: ShownAction[];
  /** The month of handle figures its kind's market position uses on this date, if any. */
  marketMonth?: string;
  /**
   * Sources of the `{{…}}` values interpolated into the operator's own text, by top-level field
   * (`features`, `review`…): pages that show that field cite them too.
   */
  interpolated?: Record<string, string[]>;
  /** What pages do with the offer on the build's reference date (set by the build; absent = withheld). */
  offerState?: OfferState;
};
export type Offer = z.infer<typeof offerSchema>;
export type Review = z.infer<typeof reviewSchema>;
