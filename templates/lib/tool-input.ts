/**
 * Reading what a reader typed into a tool's field: one set of rules for every tool, so each says the
 * same short message beside a field for an empty, negative, non-numeric or absurd value, and no
 * result is ever computed from NaN or Infinity.
 */
import { decimalToAmerican, fractionalToDecimal } from './odds.js';

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });

export interface NumberRule {
  /** What an empty field is told: a required term ("Enter the playthrough from the offer's terms."). */
  missing: string;
  min?: number;
  /** The smallest value is not allowed itself (odds above 1, a stake above 0). */
  minExclusive?: boolean;
  max?: number;
  /** Said when the value is above `max`. */
  tooBig?: string;
  integer?: boolean;
}

/** Accepts "1,200", "$25", "15x", "4.5%", " 7 ": the units a reader copies from an offer's terms. */
export function cleanNumber(raw: string): string {
  return raw
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '')
    .replace(/\s*(x|×|%|days?)$/i, '')
    .trim();
}

/** A number for a field: never NaN, never Infinity, never outside the rule. */
export function parseNumber(raw: string, rule: NumberRule): Parsed<number> {
  const text = cleanNumber(raw);
  if (text === '') return fail(rule.missing);
  if (!/^[-+−]?(\d+\.?\d*|\.\d+)$/.test(text)) return fail('Enter a number, such as 25 (digits only).');
  const n = Number(text.replace('−', '-'));
  if (!Number.isFinite(n)) return fail('Enter a number, such as 25 (digits only).');
  const min = rule.min ?? 0;
  if (n < 0 && min >= 0) return fail('This cannot be negative: enter 0 or more.');
  if (n < min || (rule.minExclusive && n === min))
    return fail(`Enter a number above ${rule.minExclusive ? '' : 'or equal to '}${min}.`);
  if (rule.max !== undefined && n > rule.max)
    return fail(rule.tooBig ?? `Enter at most ${rule.max.toLocaleString('en-US')}.`);
  if (rule.integer && !Number.isInteger(n)) return fail('Enter a whole number.');
  return { ok: true, value: n };
}

/** The largest American price the tools accept: a 10,000-to-1 long shot. */
export const MAX_AMERICAN = 1_000_000;

/** American odds: +100 or more, or -100 or less. Zero and ±99 are refused with the reason. */
export function parseAmericanOdds(raw: string, missing = 'Enter American odds, such as -110 or +150.'): Parsed<number> {
  const text = cleanNumber(raw).replace('−', '-');
  if (text === '') return fail(missing);
  if (!/^[-+]?\d+(\.\d+)?$/.test(text)) return fail('Enter odds as a number with a sign, such as -110 or +150.');
  const n = Number(text);
  if (n === 0) return fail('Odds of 0 do not exist: American odds are +100 or higher, or -100 or lower.');
  if (Math.abs(n) < 100)
    return fail('American odds between -100 and +100 do not exist: enter +100 or higher, or -100 or lower.');
  if (Math.abs(n) > MAX_AMERICAN) return fail('Enter odds between -1,000,000 and +1,000,000.');
  return { ok: true, value: n };
}

/** Decimal odds: above 1.00 (1.00 returns only the stake). */
export function parseDecimalOdds(raw: string): Parsed<number> {
  const r = parseNumber(raw, {
    missing: 'Enter decimal odds, such as 1.91 or 2.50.',
    min: 1,
    minExclusive: true,
    max: 10_001,
    tooBig: 'Enter decimal odds of at most 10,001.',
  });
  if (!r.ok && /above/.test(r.message)) return fail('Decimal odds are above 1.00: 1.00 would return only your stake.');
  return r;
}

/** Fractional odds "3/2", "10/11" or "evens", as decimal odds. */
export function parseFractionalOdds(raw: string): Parsed<number> {
  const text = raw.trim().toLowerCase();
  if (text === '') return fail('Enter fractional odds, such as 3/2 or 10/11.');
  if (text === 'evens' || text === 'even') return { ok: true, value: 2 };
  const m = /^(\d+(?:\.\d+)?)\s*[/-]\s*(\d+(?:\.\d+)?)$/.exec(text);
  if (!m) return fail('Enter fractional odds as two numbers with a slash, such as 3/2.');
  const [num, den] = [Number(m[1]), Number(m[2])];
  if (num <= 0 || den <= 0) return fail('Both numbers of fractional odds are above 0, such as 1/2.');
  const decimal = fractionalToDecimal(num, den);
  if (decimal > 10_001) return fail('Enter fractional odds of at most 10000/1.');
  return { ok: true, value: decimal };
}

/** An implied probability typed as a percentage, strictly between 0% and 100%, as 0–1. */
export function parseImpliedPercent(raw: string): Parsed<number> {
  const r = parseNumber(raw, {
    missing: 'Enter a probability, such as 52.38 (%).',
    max: 100,
    tooBig: 'Enter a probability above 0% and below 100%.',
  });
  if (!r.ok) return r;
  if (r.value <= 0 || r.value >= 100) return fail('Enter a probability above 0% and below 100%.');
  if (r.value < 0.01) return fail('Enter a probability of at least 0.01%.');
  return { ok: true, value: r.value / 100 };
}

/** Decimal odds from the format a reader picked; American odds are checked as American odds. */
export function parseAnyOdds(format: string, raw: string): Parsed<number> {
  if (format === 'decimal') return parseDecimalOdds(raw);
  if (format === 'fractional') return parseFractionalOdds(raw);
  if (format === 'implied') {
    const p = parseImpliedPercent(raw);
    return p.ok ? { ok: true, value: 1 / p.value } : p;
  }
  const a = parseAmericanOdds(raw);
  return a.ok ? { ok: true, value: 1 + (a.value > 0 ? a.value / 100 : 100 / Math.abs(a.value)) } : a;
}

/** American odds of a decimal price, for display: +100 at evens. */
export const americanOf = (decimal: number): number => decimalToAmerican(decimal);
