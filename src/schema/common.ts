import { z } from 'zod';

export const text = z.string().trim().min(1, 'must not be empty');

/** Calendar date written as YYYY-MM-DD. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date written as YYYY-MM-DD')
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'not a real calendar date',
  );

/**
 * A link target: a site path (`/about`, `/best-pa-sportsbooks#faqs`), a fragment, or an absolute
 * http(s)/mailto/tel URL.
 */
export const href = z
  .string()
  .refine(
    (s) =>
      /^\/(?!\/)[^\s]*$/.test(s) ||
      /^#[A-Za-z][\w-]*$/.test(s) ||
      /^https?:\/\/[^\s]+$/.test(s) ||
      /^mailto:[^\s@]+@[^\s@]+$/.test(s) ||
      /^tel:\+?[\d-]+$/.test(s),
    'expected a site path like "/about", a "#fragment", or an absolute https://, mailto: or tel: URL',
  );

export const absoluteUrl = z
  .string()
  .url('expected an absolute URL such as https://example.com')
  .refine((s) => /^https?:\/\//.test(s), 'expected an http(s) URL');

export const email = z.string().email('expected an email address such as info@example.com');

export const link = z.strictObject({ label: text, href });

export const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'expected a colour like "#1a73e8"');

/** Words the Pennsylvania Gaming Control Board told operators (and their affiliates) to stop using in March 2023. */
export const BANNED_PHRASES = ['free bet', 'risk-free', 'risk free', 'free play'] as const;

/**
 * The first banned phrase `value` uses, if any. A phrase in quotation marks is a mention, not a
 * use ('the PGCB told operators to drop "free bet"'), and is allowed.
 */
const BANNED_PATTERNS = BANNED_PHRASES.map((p) => [p, new RegExp(`\\b${p.replace(/[-\s]/g, '[-\\s]')}s?\\b`)] as const);
const QUICK = /free|risk/i;

export function findBannedPhrase(value: string): string | undefined {
  if (!QUICK.test(value)) return undefined;
  const lower = value.toLowerCase().replace(/"[^"]*"|“[^”]*”|‘[^’]*’/g, ' ');
  return BANNED_PATTERNS.find(([, re]) => re.test(lower))?.[0];
}

/** Text shown to readers: must not use wording the regulator banned. */
export const copy = text.superRefine((value, ctx) => {
  const phrase = findBannedPhrase(value);
  if (phrase)
    ctx.addIssue({
      code: 'custom',
      message: `uses "${phrase}", wording the PGCB banned in March 2023; say "bonus bets" or "second-chance bet"`,
    });
});
