import * as z from 'zod';
import { CONTROL_HINT, CONTROL_IN_TEXT, escapeTerminal } from '../support/diagnostics/diagnostics.js';
import { urlProblem } from '../urls/url-safety.js';

export const text = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .superRefine((value, ctx) => {
    const at = value.search(CONTROL_IN_TEXT);
    if (at >= 0)
      ctx.addIssue({
        code: 'custom',
        message: `holds an invisible control character (${escapeTerminal(value[at]!)}) at character ${at + 1}`,
        params: { hint: CONTROL_HINT },
      });
  });

/**
 * A date that may stop at the month: `2025-01` when the source gives only the month (never invent
 * a day), or `2025-01-15`. `what` names it in the error.
 */
export const monthOrDate = (what: string) =>
  z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])(-\d{2})?$/, `expected ${what}, as YYYY-MM or YYYY-MM-DD`)
    .refine(
      // Runs even when the pattern failed: judge only full dates, and never call toISOString on an invalid one.
      (s) => {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return true;
        const d = new Date(`${s}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
      },
      'not a real calendar date',
    );

/** The link forms content may use; url-safety.ts rejects the dangerous ones first, with a reason. */
const LINK_FORMS = [
  /^\/(?!\/)[^\s]*$/,
  /^#[A-Za-z][\w-]*$/,
  /^https?:\/\/[^\s]+$/,
  /^mailto:[^\s@]+@[^\s@]+$/,
  /^tel:\+?[\d-]+$/,
];

/**
 * A link target: a site path (`/about`, `/best-pa-sportsbooks#faqs`), a fragment, or an absolute
 * http(s)/mailto/tel URL.
 */
export const href = z.string().superRefine((s, ctx) => {
  const unsafe = urlProblem(s);
  if (unsafe) ctx.addIssue({ code: 'custom', message: unsafe.problem, params: { hint: unsafe.fix } });
  else if (!LINK_FORMS.some((re) => re.test(s)))
    ctx.addIssue({
      code: 'custom',
      message: 'expected a site path like "/about", a "#fragment", or an absolute https://, mailto: or tel: URL',
      params: { hint: 'write the link in one of those forms' },
    });
});

/** An absolute http(s) URL (an operator's site, the site's own address, a form service). */
export const absoluteUrl = z.string().superRefine((s, ctx) => {
  const unsafe = urlProblem(s);
  const message = unsafe
    ? unsafe.problem
    : /\s/.test(s)
      ? 'a URL holds no spaces or line breaks (a browser would drop or encode them, changing the address)'
      : !URL.canParse(s)
        ? 'expected an absolute URL such as https://example.com'
        : !/^https?:\/\//.test(s)
          ? 'expected an http(s) URL'
          : undefined;
  const hint = unsafe
    ? unsafe.fix
    : /\s/.test(s)
      ? 'remove the space or line break, or write a space as %20'
      : 'write the full address, starting with https://';
  if (message) ctx.addIssue({ code: 'custom', message, params: { hint } });
});

export const email = z.string().email('expected an email address such as info@example.com');

export const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'expected a colour like "#1a73e8"');

/** Words the gambling regulator (the PGCB) told operators (and their affiliates) to stop using in March 2023. */
export const BANNED_PHRASES = ['free bet', 'risk-free', 'risk free', 'free play'] as const;

/**
 * The banned phrase `value` uses first, if any. A phrase in quotation marks is a mention, not a
 * use ('the PGCB told operators to drop "free bet"'), and is allowed.
 */
const BANNED_PATTERNS = BANNED_PHRASES.map((p) => [p, new RegExp(`\\b${p.replace(/[-\s]/g, '[-\\s]')}s?\\b`)] as const);
const QUICK = /free|risk/i;

/** False when `value` cannot use a banned phrase: none of their words appear in it, in any case. */
export const mayUseBannedWording = (value: string): boolean => QUICK.test(value);

export function findBannedPhrase(value: string): string | undefined {
  if (!mayUseBannedWording(value)) return undefined;
  const lower = value.toLowerCase().replace(/"[^"]*"|“[^”]*”|‘[^’]*’/g, ' ');
  // The phrase that starts first: "risk-free bet" is reported as "risk-free", not "free bet".
  let first: { phrase: string; at: number } | undefined;
  for (const [phrase, re] of BANNED_PATTERNS) {
    const at = re.exec(lower)?.index;
    if (at !== undefined && (!first || at < first.at)) first = { phrase, at };
  }
  return first?.phrase;
}

/**
 * Whether `copy` refuses banned wording: a rule of the gambling pack, so on only while a site with
 * the pack is parsed (withWordingRule). On by default: a parse that knows no site judges strictly.
 */
let wordingRule = true;

/**
 * Runs `parse` (synchronous: zod's safeParse) with the banned-wording rule on or off, as site.yaml's
 * `compliance:` pack says (src/pipeline/validate/validate.ts).
 */
export function withWordingRule<T>(on: boolean, parse: () => T): T {
  const was = wordingRule;
  wordingRule = on;
  try {
    return parse();
  } finally {
    wordingRule = was;
  }
}

/** The code of a banned-wording error, in the content (validate, render) as in `check`'s findings. */
export const BANNED_WORDING = 'banned-wording';

/** The message of a banned-wording error in content, at its file:line:col. */
export const bannedWordingMessage = (phrase: string) => `uses "${phrase}", wording the PGCB banned in March 2023`;

/** How to fix banned wording in content. */
export const BANNED_WORDING_FIX =
  'say "bonus bets" or "second-chance bet"; to mention the phrase itself, put it in quotation marks';

/** Text shown to readers: with the gambling pack, must not use wording the regulator banned. */
export const copy = text.superRefine((value, ctx) => {
  const phrase = wordingRule ? findBannedPhrase(value) : undefined;
  if (phrase)
    ctx.addIssue({
      code: 'custom',
      message: bannedWordingMessage(phrase),
      params: { hint: BANNED_WORDING_FIX, rule: BANNED_WORDING },
    });
});
