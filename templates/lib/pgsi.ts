/**
 * The Problem Gambling Severity Index (PGSI): the nine scored questions of the Canadian Problem
 * Gambling Index (Ferris and Wynne, 2001), each answered for the past 12 months. One module for the
 * self-check's questions, its scoring on the reader's device and the page that prints them.
 */

export const PGSI_SOURCE = 'cpgi-pgsi';

export const PGSI_QUESTIONS: readonly string[] = [
  'Have you bet more than you could really afford to lose?',
  'Have you needed to gamble with larger amounts of money to get the same feeling of excitement?',
  'When you gambled, did you go back another day to try to win back the money you lost?',
  'Have you borrowed money or sold anything to get money to gamble?',
  'Have you felt that you might have a problem with gambling?',
  'Has gambling caused you any health problems, including stress or anxiety?',
  'Have people criticized your betting or told you that you had a gambling problem, ' +
    'whether or not you thought it was true?',
  'Has your gambling caused any financial problems for you or your household?',
  'Have you felt guilty about the way you gamble or what happens when you gamble?',
];

export const PGSI_ANSWERS: readonly { score: number; label: string }[] = [
  { score: 0, label: 'Never' },
  { score: 1, label: 'Sometimes' },
  { score: 2, label: 'Most of the time' },
  { score: 3, label: 'Almost always' },
];

export interface PgsiBand {
  min: number;
  max: number;
  title: string;
  text: string;
}

/** The published score bands (0; 1–2; 3–7; 8–27), worded as what the screen suggests, never a diagnosis. */
export const PGSI_BANDS: readonly PgsiBand[] = [
  {
    min: 0,
    max: 0,
    title: 'No problems reported',
    text:
      'Your answers show none of the problems the screen asks about. Gambling can change over time: ' +
      'set limits before you play and check again if anything here starts to sound familiar.',
  },
  {
    min: 1,
    max: 2,
    title: 'Low level of problems',
    text:
      'The screen places this score at a low level of problems, with few or no harms so far. It is a ' +
      'good time to set deposit and time limits and to keep gambling to money you can afford to lose.',
  },
  {
    min: 3,
    max: 7,
    title: 'Moderate level of problems',
    text:
      'The screen places this score at a moderate level of problems, which can already be causing ' +
      'harm. Talking to someone at the help line below is free and confidential, and limit tools or a ' +
      'break can help.',
  },
  {
    min: 8,
    max: 27,
    title: 'Problem gambling, with harms and possible loss of control',
    text:
      'The screen places this score in its highest group. You do not have to handle this alone: the ' +
      'help line below is free, confidential and open 24/7, and self-exclusion can block you from ' +
      'every licensed site while you get support.',
  },
];

/** The total of the answers given (each 0–3), or undefined until all nine are answered. */
export function pgsiScore(answers: readonly (number | undefined)[]): number | undefined {
  if (answers.length !== PGSI_QUESTIONS.length) return undefined;
  let total = 0;
  for (const a of answers) {
    if (a === undefined || !Number.isInteger(a) || a < 0 || a > 3) return undefined;
    total += a;
  }
  return total;
}

export const pgsiBand = (score: number): PgsiBand => PGSI_BANDS.find((b) => score >= b.min && score <= b.max)!;
