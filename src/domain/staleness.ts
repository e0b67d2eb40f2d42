/**
 * The offer staleness policy: how old an offer's `verified` date may be before pages stop showing
 * it as current. One module serves the build (what a page shows) and `pa-site check` (what it
 * reports), so both judge an offer by the same clock and the same rule.
 */
import { formatPartialDate } from '../../templates/lib/dates.js';
import type { OfferState } from '../schema/operator.js';

export type { OfferState };

export interface StalenessPolicy {
  /** Older than this (days), an offer is still shown, dated, and the build and check warn. */
  warnAfterDays: number;
  /** Older than this, an offer is no longer shown as current. */
  hardLimitDays: number;
}

/**
 * What an offer past the warn age is to the build and check: a warning (default), or an error that
 * fails them (exit 1) for pipelines that must not deploy a site whose offers went stale.
 */
export type StaleSeverity = 'warning' | 'error';
export const STALE_SEVERITIES: readonly StaleSeverity[] = ['warning', 'error'];

export const DEFAULT_POLICY: StalenessPolicy = { warnAfterDays: 30, hardLimitDays: 90 };

/** Environment variable that pins "today" for builds and checks (YYYY-MM-DD), e.g. in tests. */
export const TODAY_ENV = 'PA_SITE_TODAY';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The earliest moment a `verified` value can mean: a month-only date (`2025-01`) counts from the
 * first of the month, so an offer is never treated as fresher than its check may have been.
 */
export function verifiedStart(verified: string): Date {
  return new Date(`${verified.length === 7 ? `${verified}-01` : verified}T00:00:00Z`);
}

/** "January 2025", or "January 15, 2025" when the day is known (the site's one month-name table). */
export const verifiedLabel = (verified: string): string => formatPartialDate(verified);

/** Whole days from the (earliest) verification to `today`. */
export function ageInDays(verified: string, today: Date): number {
  return Math.floor((today.getTime() - verifiedStart(verified).getTime()) / DAY);
}

export function offerState(verified: string, today: Date, policy: StalenessPolicy): OfferState {
  const age = ageInDays(verified, today);
  if (age > policy.hardLimitDays) return 'withheld';
  if (age > policy.warnAfterDays) return 'aging';
  return 'current';
}

/** Thrown for an unreadable reference date (the CLI shows the message as a usage error). */
export class ReferenceDateError extends Error {}

/**
 * The date offers are judged against: the option when given, else $PA_SITE_TODAY, else `now`.
 * Strings are `YYYY-MM-DD` (UTC midnight).
 */
export function referenceDate(option: Date | string | undefined, now: Date = new Date()): Date {
  // An empty variable (`PA_SITE_TODAY=` in a script) is unset, as shells treat it.
  const raw = option ?? (process.env[TODAY_ENV] || undefined) ?? now;
  if (raw instanceof Date) return raw;
  const d = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? new Date(`${raw}T00:00:00Z`) : new Date(Number.NaN);
  if (Number.isNaN(d.getTime()) || !d.toISOString().startsWith(raw))
    throw new ReferenceDateError(
      `the reference date "${raw}"${option === undefined ? ` (from $${TODAY_ENV})` : ''} is not a date; ` +
        'write it as YYYY-MM-DD',
    );
  return d;
}
