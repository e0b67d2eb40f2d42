/**
 * The regulatory record criterion, written once: which PGCB actions a build shows (none dated after
 * its day) and how much each weighs by severity, recency and who was fined. site.yaml `methodology`
 * states the same rule to readers; tests/content-ratings.test.ts recomputes it from the operator files.
 */
import type { OperatorData } from '../schema/operator.js';

export type Action = OperatorData['enforcement'][number];

/** A fine of this many dollars or more is a large one (2 points before the weights); it also bars Editor's choice. */
const LARGE_FINE = 100_000;
/** Below this a fine is a small one (half a point). */
const SMALL_FINE = 25_000;
/** Within this many months of the build's date an action weighs in full; within FADE_MONTHS, half; older, a quarter. */
const RECENT_MONTHS = 24;
const FADE_MONTHS = 60;

/**
 * The day from which a build may show a dated fact: a full date on its day; a month-only date
 * (`2025-07`) from the first of the next month and a year (`2020`) from the next January, so a build
 * never shows a fact before it can have been reported.
 */
export function knownFrom(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number?, number?];
  if (d !== undefined) return new Date(Date.UTC(y, m! - 1, d));
  if (m !== undefined) return new Date(Date.UTC(y, m, 1));
  return new Date(Date.UTC(y + 1, 0, 1));
}

/** Whole months from a fact's date to the build's date. */
function monthsSince(date: string, today: Date): number {
  const from = knownFrom(date);
  const months = (today.getUTCFullYear() - from.getUTCFullYear()) * 12 + today.getUTCMonth() - from.getUTCMonth();
  return today.getUTCDate() < from.getUTCDate() ? months - 1 : months;
}

/** Points before the weights: the fine's size, half a point more where players the law keeps out gambled. */
function severity(a: Pick<Action, 'fine' | 'players'>): number {
  const size = a.fine >= LARGE_FINE ? 2 : a.fine >= SMALL_FINE ? 1 : 0.5;
  return size + (a.players ? 0.5 : 0);
}

/**
 * Who was fined, for what: the brand's own online operator in full; its license holder or group, half;
 * a land-based casino or licensing paperwork (no gambling), a quarter. Where the source does not say
 * what it concerned, it weighs as online.
 */
function whoWeight(a: Pick<Action, 'against' | 'concerned'>): number {
  if (a.concerned === 'land-based' || a.concerned === 'licensing') return 0.25;
  return a.against === 'operator' ? 1 : 0.5;
}

/** How recent, on the build's date: in full within 24 months, half within five years, a quarter after. */
function recencyWeight(date: string, today: Date): number {
  const age = monthsSince(date, today);
  return age < RECENT_MONTHS ? 1 : age < FADE_MONTHS ? 0.5 : 0.25;
}

export interface WeighedAction extends Action {
  /** What it takes off the record score on the build's date. */
  points: number;
  /** Months from it to the build's date. */
  ageMonths: number;
}

/** The actions a build dated `today` shows, newest first, each with the points it takes off. */
export function actionsOn(actions: readonly Action[], today: Date): WeighedAction[] {
  return actions
    .filter((a) => knownFrom(a.date).getTime() <= today.getTime())
    .map((a) => ({
      ...a,
      points: severity(a) * whoWeight(a) * recencyWeight(a.date, today),
      ageMonths: monthsSince(a.date, today),
    }))
    .sort((a, b) => knownFrom(b.date).getTime() - knownFrom(a.date).getTime());
}

const tenth = (n: number) => Math.round(n * 10 + 1e-9) / 10;

/** The regulatory record score: 5, less the weighed points of every action shown, never below 1, to one decimal. */
export function recordScore(actions: readonly Action[], today: Date): number {
  const off = actionsOn(actions, today).reduce((sum, a) => sum + a.points, 0);
  return tenth(Math.max(1, 5 - off));
}

/**
 * Whether the bar for Editor's choice and every "Top N" is failed by the record alone: a large fine
 * on the brand's own online operator for players the law keeps out, within the last 24 months.
 */
export const barredByRecord = (actions: readonly Action[], today: Date): boolean =>
  actionsOn(actions, today).some(
    (a) => a.against === 'operator' && a.fine >= LARGE_FINE && !!a.players && a.ageMonths < RECENT_MONTHS,
  );
