/**
 * The gambling pack's page rules: what each checks, in the jurisdiction's own names. src/check/rules.ts
 * runs them only when the site turns the pack on (gambling-pack.ts), so a plain site is never told to
 * show an age line, a help line or a compensation disclosure.
 */
import type { PackSettings } from './gambling-pack.js';

/** Every rule of the pack with its one-line explanation (docs/check.md repeats these). */
export const GAMBLING_RULES = {
  'compliance-age':
    "every content page shows the reminder that players must be of age (21+) and in the site's jurisdiction",
  'compliance-helpline': "every content page shows the problem-gambling help line of site.yaml's helpline.display",
  'compliance-disclosure': 'every content page discloses that the site may receive compensation from operators',
  'cta-terms':
    "every operator call to action has 'T&Cs apply' and a link to the operator's terms in the same card or section",
  'disclosure-order': 'no rel="sponsored" link comes before the compensation disclosure in document order',
  'offer-stale':
    'no offer is shown as current once its terms are older than the hard limit (error) or the warn age (warning)',
  'cta-sponsored': 'every operator call to action has rel="sponsored"',
  'banned-wording': 'no "free bet", "risk-free", "risk free" or "free play" in visible text (PGCB, March 2023)',
} as const;
export type GamblingRule = keyof typeof GAMBLING_RULES;
export const isGamblingRule = (id: string): id is GamblingRule => Object.hasOwn(GAMBLING_RULES, id);

const SAME_SENTENCE = '[^.!?]{0,160}';
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The age line: the age limit ("21+", "21 or older", "21 years") and the jurisdiction in one sentence,
 * in either order; the age alone when the site names no jurisdiction.
 */
export function ageLine(pack: PackSettings): RegExp {
  const age = String.raw`(?:\b${pack.age}\+|\b${pack.age} or older|\b${pack.age} years)`;
  if (!pack.jurisdiction) return new RegExp(age, 'i');
  const place = String.raw`\b${escapeRegex(pack.jurisdiction)}\b`;
  return new RegExp(`${age}${SAME_SENTENCE}${place}|${place}${SAME_SENTENCE}${age}`, 'i');
}

/** What a page missing the age line lacks: "the 21+ and New Jersey reminder". */
export const ageLineName = (pack: PackSettings) =>
  `the ${pack.age}+${pack.jurisdiction ? ` and ${pack.jurisdiction}` : ''} reminder`;

/** How to fix a banned phrase (one state regulator's list, March 2023, which other states' regulators echo). */
export const BANNED_WORDING_HINT =
  'the PGCB banned this wording in March 2023; say "bonus bets" or "second-chance bet"';

/** The help line as the site shows it, in any case; null when site.yaml gives none (no line to look for). */
export const helplineText = (pack: PackSettings) =>
  pack.helpline ? new RegExp(escapeRegex(pack.helpline), 'i') : null;
