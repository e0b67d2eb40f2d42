import * as z from 'zod';
import { copy, href, text } from './common.js';

/** A tag of a post (`tags:`): lowercase words joined by "-", the last part of its page's route /tags/<tag>. */
export const tagName = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'expected a tag such as "release-notes"');

const faqItem = z.strictObject({ question: copy, answer: copy });
const action = z.strictObject({ label: text, href, variant: z.enum(['primary', 'secondary']).default('primary') });
const operatorKind = z.enum(['sportsbook', 'casino']);
const americanOdds = z.string().regex(/^[+-]\d{3,5}$/, 'expected American odds such as "+150" or "-110"');

/** The interactive tools a `tool` block places; each has its own script, `templates/client/tool-<name>.ts`. */
export const TOOLS = ['odds', 'offer-value', 'tax', 'self-check'] as const;
export type ToolName = (typeof TOOLS)[number];

/**
 * Structured blocks a page declares in frontmatter (`blocks:`) and places in its Markdown body
 * with a line `::: name`. Every block has a `type`; the fields depend on it.
 */
export const blockSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('operators'),
    kind: operatorKind,
    limit: z.number().int().min(1).max(20).optional(),
    heading: text.optional(),
    intro: copy.optional(),
  }),
  z.strictObject({ type: z.literal('apps'), kind: operatorKind, heading: text.optional(), intro: copy.optional() }),
  /** One operator's offer box (dated, withheld once stale) with its call to action. */
  z.strictObject({
    type: z.literal('offer'),
    operator: z.string().regex(/^[a-z0-9-]+$/, 'expected an operator id such as "fanduel"'),
    heading: text.optional(),
  }),
  /** Every licensed brand of a kind from site.yaml `market`, with its license holder. */
  z.strictObject({
    type: z.literal('licensed-brands'),
    kind: operatorKind,
    heading: text.optional(),
    intro: copy.optional(),
  }),
  /** Every brand of a kind in site.yaml `roster`, with its license holder and status as of the build's date. */
  z.strictObject({
    type: z.literal('roster'),
    kind: operatorKind,
    heading: text.optional(),
    intro: copy.optional(),
  }),
  /**
   * Lists that maintain themselves: they read the operator files and the pages' frontmatter at
   * build time, so adding or removing a file adds or removes its entry with no other edit.
   */
  /** Every operator of a kind, by rank, with its review (or the review that covers it). */
  z.strictObject({ type: z.literal('reviews'), kind: operatorKind, heading: text.optional(), intro: copy.optional() }),
  /**
   * Every ranked operator of a kind side by side: rating, license holder, launch, offer and key terms,
   * minimum deposit, fastest payout (stacked rows on phones).
   */
  z.strictObject({
    type: z.literal('comparison'),
    kind: operatorKind,
    heading: text.optional(),
    intro: copy.optional(),
    /** Say above the table when its offers' terms are too old to show; `false` where an earlier table says it. */
    outdatedOffersNote: z.boolean().default(true),
  }),
  /** Every operator of a kind, by rank, with its offer box: current, dated, or withheld (staleness policy). */
  z.strictObject({ type: z.literal('offers'), kind: operatorKind, heading: text.optional(), intro: copy.optional() }),
  /**
   * Pages from their frontmatter: those of a section (a top-level header menu href), of a template
   * and, for reviews, of an operator kind; in menu order (then title), by title, or by the reviewed
   * operator's rank.
   */
  z.strictObject({
    type: z.literal('pages'),
    section: href.optional(),
    template: z.enum(['guide', 'review']).optional(),
    kind: operatorKind.optional(),
    order: z.enum(['menu', 'title', 'rank']).default('menu'),
    limit: z.number().int().min(1).max(100).optional(),
    heading: text.optional(),
    intro: copy.optional(),
  }),
  /**
   * A blog's posts: the pages under `section` (its route and below), newest `date` first (then
   * `updated`), each with its date and tags; `tag` keeps those with that tag.
   */
  z.strictObject({
    type: z.literal('posts'),
    section: href,
    tag: tagName.optional(),
    limit: z.number().int().min(1).max(100).optional(),
    heading: text.optional(),
    intro: copy.optional(),
  }),
  /** Every page of the site, grouped by header menu section: the HTML sitemap, the same pages as sitemap.xml. */
  z.strictObject({ type: z.literal('sitemap'), heading: text.optional(), intro: copy.optional() }),
  /** The review criteria from site.yaml `methodology`, as cards: `kind: casino` lists `casinoCriteria`. */
  z.strictObject({
    type: z.literal('methodology'),
    kind: z.enum(['sportsbook', 'casino']).default('sportsbook'),
    heading: text.optional(),
    intro: copy.optional(),
  }),
  z.strictObject({
    type: z.literal('stats'),
    heading: text.optional(),
    items: z
      .array(z.strictObject({ value: text, label: text }))
      .min(2)
      .max(6),
  }),
  z.strictObject({
    type: z.literal('steps'),
    heading: text.optional(),
    items: z
      .array(z.strictObject({ title: copy, description: copy }))
      .min(2)
      .max(8),
  }),
  z.strictObject({
    type: z.literal('trust'),
    heading: text.optional(),
    items: z
      .array(z.strictObject({ title: copy, text: copy }))
      .min(2)
      .max(6),
  }),
  z.strictObject({
    type: z.literal('cards'),
    heading: text.optional(),
    intro: copy.optional(),
    tone: z.enum(['default', 'warning', 'help']).default('default'),
    items: z
      .array(
        z.strictObject({
          title: copy,
          text: copy.optional(),
          points: z.array(copy).optional(),
          href: href.optional(),
          linkLabel: text.optional(),
        }),
      )
      .min(1)
      .max(12),
  }),
  z.strictObject({
    type: z.literal('faq'),
    id: z
      .string()
      .regex(/^[a-z][a-z0-9-]*$/)
      .default('faqs'),
    heading: text.default('Frequently Asked Questions'),
    items: z.array(faqItem).min(1).max(20),
  }),
  z.strictObject({
    type: z.literal('timeline'),
    heading: text.optional(),
    items: z
      .array(
        z.strictObject({
          date: z.string().regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, 'expected YYYY, YYYY-MM or YYYY-MM-DD'),
          title: copy,
          text: copy,
        }),
      )
      .min(2)
      .superRefine((items, ctx) => {
        for (let i = 1; i < items.length; i++) {
          if (items[i]!.date < items[i - 1]!.date)
            ctx.addIssue({
              code: 'custom',
              path: [i, 'date'],
              message: `timeline out of order: ${items[i]!.date} comes after ${items[i - 1]!.date}`,
            });
        }
      }),
  }),
  z.strictObject({
    type: z.literal('alert'),
    tone: z.enum(['info', 'warning', 'danger']).default('info'),
    title: copy,
    text: copy,
  }),
  z.strictObject({
    type: z.literal('cta'),
    heading: copy,
    text: copy.optional(),
    actions: z.array(action).min(1).max(3),
  }),
  z.strictObject({ type: z.literal('helpline'), heading: copy.optional(), text: copy.optional() }),
  z.strictObject({ type: z.literal('contact-form'), heading: text.default('Send Us a Message') }),
  z.strictObject({ type: z.literal('contact-emails'), heading: text.default('Contact Us') }),
  z.strictObject({
    type: z.literal('odds-examples'),
    heading: text.optional(),
    stake: z.number().positive().max(100000),
    examples: z
      .array(z.strictObject({ odds: americanOdds, label: text.optional() }))
      .min(1)
      .max(10),
  }),
  z.strictObject({
    type: z.literal('odds-formats'),
    heading: text.optional(),
    stake: z.number().positive().max(100000),
    odds: z.array(americanOdds).min(1).max(10),
  }),
  z.strictObject({
    type: z.literal('parlay'),
    heading: text.optional(),
    legPrice: americanOdds,
    stake: z.number().positive().max(100000),
    legs: z
      .array(z.strictObject({ count: z.number().int().min(2).max(15), quoted: americanOdds }))
      .min(1)
      .max(10),
  }),
  /**
   * An interactive tool: readable without JavaScript (formula, worked example, questions), live with
   * it. The page loads the tool's own script, and nothing else, from a file (strict CSP).
   */
  z.strictObject({ type: z.literal('tool'), tool: z.enum(TOOLS), heading: text.optional(), intro: copy.optional() }),
]);

export type Block = z.infer<typeof blockSchema>;
export type BlockType = Block['type'];
export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;
