import * as z from 'zod';
import { text } from './common.js';
import { sourceRef } from './sources.js';

/** A calendar date, YYYY-MM-DD: the first day a fact's variant is in force. */
export const isoDay = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'expected a date such as 2026-01-01 (YYYY-MM-DD)');

/**
 * One value of a site fact: the figure, its source, and optionally `from` (the first day it is in
 * force or was published: a build dated earlier never shows it) and `asOf` (the month the figure
 * describes, for labels such as "12 regulated sportsbooks, September 2025": `{{site.facts.name.asOf}}`).
 */
const factValue = z.strictObject({
  value: z.union([text, z.number()]),
  source: sourceRef,
  from: isoDay.optional(),
  asOf: text.optional(),
});

/**
 * A fact: one value, or its values over time, oldest first (a tax threshold that changed on January
 * 1, 2026; a count of sportsbooks newer each year). The build inserts the newest value in force on
 * its date; a fact none of whose values is in force yet is left out of that build.
 */
const fact = z.union([
  factValue,
  z
    .array(factValue)
    .min(1, 'list at least one value')
    .superRefine((list, ctx) => {
      for (const [i, v] of list.entries()) {
        if (i > 0 && !v.from)
          ctx.addIssue({ code: 'custom', path: [i, 'from'], message: 'every value after the first needs `from`' });
        const before = list[i - 1]?.from;
        if (before && v.from && v.from <= before)
          ctx.addIssue({
            code: 'custom',
            path: [i, 'from'],
            message: `\`from\` must be after ${before} (oldest first)`,
          });
      }
    }),
]);

export const datedFacts = z.record(z.string().regex(/^[a-zA-Z][a-zA-Z0-9]*$/), fact).default({});

export type ResolvedFact = z.infer<typeof factValue>;

/** The facts in force on `day` (YYYY-MM-DD): for each, its newest value whose `from` is not after it. */
export function factsOn(facts: z.infer<typeof datedFacts>, day: string): Record<string, ResolvedFact> {
  const out: Record<string, ResolvedFact> = {};
  for (const [name, f] of Object.entries(facts)) {
    const list = Array.isArray(f) ? f : [f];
    const inForce = list.filter((v) => !v.from || v.from <= day).at(-1);
    if (inForce) out[name] = inForce;
  }
  return out;
}

/** The facts with no value in force on `day`: pages and operator text that quote them wait for a later build. */
export function factsLaterThan(facts: z.infer<typeof datedFacts>, day: string): string[] {
  const inForce = factsOn(facts, day);
  return Object.keys(facts).filter((name) => !Object.hasOwn(inForce, name));
}

const SENTENCE = /(?<=[.!?])\s+(?=[A-Z0-9"“({])/;

/**
 * Operator text as a build of its date may show it (validate/operator-values.ts): a list entry that
 * quotes a fact not yet in force (`{{site.facts.name}}`, dated after the build) is left out whole (a
 * pro, a FAQ), and in running text the sentences that quote one are. What happened after the build's
 * date is never stated, and no gap is left where it would have been.
 */
export function withoutLaterFacts<T>(value: T, later: readonly string[]): T {
  if (!later.length) return value;
  const quotes = new RegExp(`\\{\\{\\s*site\\.facts\\.(${later.join('|')})\\b`);
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string')
      return quotes.test(v)
        ? v
            .split(SENTENCE)
            .filter((s) => !quotes.test(s))
            .join(' ')
        : v;
    if (Array.isArray(v)) return v.filter((e) => !quotes.test(JSON.stringify(e))).map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, e]) => [k, walk(e)]));
    return v;
  };
  return walk(value) as T;
}
