import * as z from 'zod';
import { absoluteUrl, copy, hexColor, text, monthOrDate } from './common.js';
import { citedFact, sourceRef } from './sources.js';
import { criterionId } from './site.js';

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
  /** `true`: a time typical of Pennsylvania operators, not one this operator publishes (pages say so). */
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

/** Text with every `{{…}}` value taken out: what a writer typed. */
const typed = (s: string) => s.replace(/\{\{[^}]*\}\}/g, '');

/**
 * One review criterion's score out of 5 (whole or half points) with the sentence that explains it and
 * where that comes from. No `score` means no source lets us judge the criterion: the reason says so,
 * and the rating leaves it out rather than guess. A score needs its source, and its reason states no
 * figure (amount, count, date) of its own: each comes from data through `{{…}}`, which cites it.
 */
const criterionScore = z
  .strictObject({
    score: z.number().min(1, 'scores are 1 to 5').max(5, 'scores are out of 5').multipleOf(0.5).optional(),
    reason: copy,
    source: sourceRef.optional(),
  })
  .superRefine((s, ctx) => {
    if (s.score !== undefined && s.source === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['source'],
        input: `score ${s.score} with no source`,
        message: 'a score needs its source: missing required field source',
        params: {
          hint:
            'add "source: <id>" naming the content/sources.yaml entry the score is judged from, ' +
            'or delete the score and say in the reason why no source lets us score it',
        },
      });
    const figure = /\$?\d(?:[\d,.]*\d)?%?/.exec(typed(s.reason));
    if (figure)
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        input: figure[0],
        message: `a reason states no figure of its own: "${figure[0]}" is typed into it`,
        params: {
          hint:
            'insert the figure from data with {{id.field}} (an offer term, the regulatory record, ' +
            'site.facts), which also cites its source; or write the sentence without it',
        },
      });
  });

/** A PGCB fine against the operator's online business (its enforcement record), with its source. */
const enforcementSchema = z.strictObject({
  /** When the PGCB approved it, as readers see it: "January 2025" or "July 24, 2025". */
  date: text,
  /** The fine in dollars (pages show it as "$40,000"): the licensing score's rule reads it. */
  fine: z
    .number({ error: `expected ${DOLLARS}` })
    .int()
    .positive()
    .max(100_000_000),
  /** Who the PGCB fined, as the source names them ("BetMGM, LLC"). */
  party: text,
  /** What for, as the source says, in a phrase after "for"; left out where the source does not say. */
  reason: copy.optional(),
  /** Where sources disagree on the amount: what the other says, shown beside it. */
  disputed: copy.optional(),
  /** A fine for letting self-excluded players gamble also lowers player protection. */
  selfExclusion: z.boolean().default(false),
  source: sourceRef,
});

/** The brand's place by the PGCB's monthly sports wagering figures (sportsbooks; by license holder). */
const marketSchema = z.strictObject({
  month: text,
  /** Its handle that month, as the source gives it ("$145.9 million"). */
  handle: text,
  /** Its place by handle among the online sportsbooks the source lists (1 = most). */
  place: z.number().int().min(1).max(50),
  /** How many the source lists. */
  of: z.number().int().min(1).max(50),
  source: sourceRef,
});

/** The overall rating: the mean of the scores, to one decimal. */
export function ratingOf(scores: Record<string, { score?: number }>): number | undefined {
  const given = Object.values(scores).flatMap((s) => (s.score === undefined ? [] : [s.score]));
  if (!given.length) return undefined;
  return Math.round((given.reduce((a, b) => a + b, 0) / given.length) * 10 + 1e-9) / 10;
}

export const operatorSchema = z
  .strictObject({
    kind: z.enum(['sportsbook', 'casino']),
    name: text,
    /** Brand name used in sentences and buttons ("Claim FanDuel Bonus"). */
    shortName: text,
    /**
     * Only without `scores`: a minimal project's typed order, which breaks ties between equal typed
     * ratings. With `scores` the rank is computed by the method's rule (src/domain/ratings.ts).
     */
    rank: z.number().int().min(1).max(50).optional(),
    /**
     * Criterion id (site.yaml `methodology`) → score and reason. The rating, the rank and Editor's
     * choice are computed from these (src/domain/ratings.ts); the validate stage checks the ids against the
     * operator kind's criteria. Every operator of the real site has them; a minimal project may type
     * a rating instead.
     */
    scores: z.record(criterionId, criterionScore).optional(),
    /** Only without `scores` (a minimal project): the rating, 1 to 5. */
    rating: z.number().min(1, 'ratings in listings are 1 to 5').max(5, 'ratings are out of 5').optional(),
    /** The PGCB's fines against the operator's online business; none listed means none on record in our sources. */
    enforcement: z.array(enforcementSchema).default([]),
    /**
     * Dated facts a score's reason inserts with `{{id.facts.name}}` (a reason types no figure of its
     * own): each with its source, e.g. `creditCardsEnd: { value: "March 2, 2026", source: … }`.
     */
    facts: z
      .record(z.string().regex(/^[a-zA-Z][a-zA-Z0-9]*$/, 'expected a name such as creditCardsEnd'), citedFact)
      .default({}),
    /** Sportsbooks: the brand's place by handle in the PGCB's figures, where a source gives it. */
    market: marketSchema.optional(),
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
    /** When the brand went live online in Pennsylvania, where a source gives the date. */
    launch: z.strictObject({ date: text, source: sourceRef }).optional(),
    /** The welcome offer, when its source states one. */
    bonus: offerSchema.optional(),
    /** Operators without a stated offer: where the operator publishes its current promotions and terms. */
    termsUrl: absoluteUrl.optional(),
    features: z.array(copy).min(2).max(6),
    ctaText: text.optional(),
    /** Sportsbooks: id of the brand's Pennsylvania online casino (its game count shows in the review). */
    casino: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .optional(),
    app: appSchema.optional(),
    review: reviewSchema.optional(),
  })
  .superRefine((o, ctx) => {
    if (o.scores && ratingOf(o.scores) === undefined)
      ctx.addIssue({ code: 'custom', path: ['scores'], message: 'at least one criterion needs a score' });
    else if (!o.scores && o.rating === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['scores'],
        message: 'missing required field: scores (each review criterion scored, with its reason)',
        params: { hint: 'add "scores:" with one entry per criterion of site.yaml methodology (see docs/content.md)' },
      });
    for (const field of ['rating', 'rank'] as const)
      if (o.scores && o[field] !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `${field} is computed from scores: by the method's rule, so it is not typed beside them`,
          params: { hint: `delete "${field}:"; the build works it out from the scores (docs/content.md, "Ratings")` },
        });
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
export type Operator = Omit<OperatorData, 'rank' | 'rating'> & {
  id: string;
  file: string;
  /** The operator's place among its kind (1 first), by the method's rule (src/domain/ratings.ts). */
  rank: number;
  /** The rating out of 5, or undefined when too few criteria are scored ("not rated"). */
  rating?: number;
  /** Editor's choice: the first-ranked rated operator of its kind. */
  featured: boolean;
  /** Criterion ids that count toward the rating on this build's date (a withheld offer does not). */
  scored: string[];
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
