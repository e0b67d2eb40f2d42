import { z } from 'zod';
import { absoluteUrl, copy, hexColor, text } from './common.js';

const money = z.number().nonnegative().max(100000);

export const keyTermsSchema = z.strictObject({
  minDeposit: money,
  minWithdrawal: money,
  /** When the bonus is credited, e.g. "within 72 hours". */
  bonusArrives: text.optional(),
  /** How long bonus funds last, e.g. "7 days". */
  validity: text.optional(),
  /** Playthrough before winnings can be withdrawn, e.g. "1x". */
  playthrough: text.optional(),
  minOdds: text.optional(),
  /** Any other condition a reader must know. */
  other: z.array(copy).default([]),
});

const paymentSchema = z.strictObject({ method: text, time: text, note: text.optional() });
const faqSchema = z.strictObject({ question: copy, answer: copy });

export const reviewSchema = z.strictObject({
  grade: z.string().regex(/^[A-F][+-]?$/, 'expected a letter grade such as A, A- or B+'),
  payoutSpeed: text,
  sportsCount: z.number().int().min(1).max(200),
  pros: z.array(copy).min(2),
  cons: z.array(copy).min(1),
  deposits: z.array(paymentSchema).min(1),
  withdrawals: z.array(paymentSchema).min(1),
  fees: copy,
  faqs: z.array(faqSchema).min(2),
  verdict: copy,
});

export const appSchema = z.strictObject({
  rating: z.number().min(1).max(5),
  features: z.array(copy).min(1),
  bonus: copy.optional(),
  /** Casino apps: how many games, as text ("1,000+"). */
  games: text.optional(),
});

export const operatorSchema = z
  .strictObject({
    kind: z.enum(['sportsbook', 'casino']),
    name: text,
    /** Brand name used in sentences and buttons ("Claim FanDuel Bonus"). */
    shortName: text,
    rank: z.number().int().min(1).max(50),
    /** Editorial rating out of 5 (listings use 1-5). */
    rating: z.number().min(1, 'ratings in listings are 1 to 5').max(5, 'ratings are out of 5'),
    featured: z.boolean().default(false),
    brandColor: hexColor,
    /** Optional licensed logo file in content/public (`logos/fanduel.svg`); otherwise a wordmark is drawn. */
    logo: z
      .string()
      .regex(/^[\w-]+(\/[\w-]+)*\.(svg|png|webp)$/, 'expected a file path in content/public such as logos/fanduel.svg')
      .optional(),
    licensee: text,
    officialUrl: absoluteUrl,
    affiliateUrl: absoluteUrl.optional(),
    bonus: z.strictObject({
      headline: copy,
      detail: copy,
      promoCode: text.optional(),
      terms: keyTermsSchema,
    }),
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
  .transform((o) => ({ ...o, ctaText: o.ctaText ?? (o.kind === 'casino' ? 'Play Now' : 'Claim Bonus') }));

export type OperatorInput = z.input<typeof operatorSchema>;
export type OperatorData = z.output<typeof operatorSchema>;
export type Operator = OperatorData & { id: string; file: string };
export type KeyTerms = z.infer<typeof keyTermsSchema>;
export type Review = z.infer<typeof reviewSchema>;
