/**
 * Worked examples in the guides show their arithmetic ("$500 × 3% = $15", "110 ÷ (110 + 100) = 52.38%").
 * This finds every such chain in a text and checks each "=" against the sums on its left, so a typed
 * result that does not follow from its own working fails a test instead of reaching readers.
 */

const SUPERSCRIPT: Record<string, string> = {
  '⁰': '0',
  '¹': '1',
  '²': '2',
  '³': '3',
  '⁴': '4',
  '⁵': '5',
  '⁶': '6',
  '⁷': '7',
  '⁸': '8',
  '⁹': '9',
};

// A number as the guides write it: an optional sign ("−$0.455", "+$12.50"), "$", thousands commas,
// decimals, a superscript power ("0.95¹⁰") and "%", with any parentheses around it.
const TERM = String.raw`[(]*[−+]?[(]*\$?\d+(?:,\d{3})*(?:\.\d+)?[⁰¹²³⁴⁵⁶⁷⁸⁹]*%?[)]*`;
// Only "×", "÷", "+" and the minus sign "−" are operators: a hyphen is part of odds ("-110") or ranges.
const EXPR = String.raw`${TERM}(?:\s*[×÷+−]\s*${TERM})*`;
const CHAIN = new RegExp(String.raw`${EXPR}(?:\s*=\s*(?:about\s+)?${EXPR})+`, 'g');

export interface Sum {
  /** The chain as written. */
  text: string;
  /** Each side's value, left to right. */
  values: number[];
  /** Whether every side equals the next to the precision the written numbers show. */
  ok: boolean;
}

const SINGLE = new RegExp(String.raw`^(?:about\s+)?${TERM}$`);

/**
 * How far a side may be from the exact value: half a unit in the last place of a written result
 * ("$45.50" → 0.005, "2.70%" → 0.00005). A side with working is exact, so only rounding errors count.
 */
function tolerance(side: string): number {
  if (!SINGLE.test(side) || /[⁰¹²³⁴⁵⁶⁷⁸⁹]/.test(side)) return 1e-9;
  const m = /\d+(?:,\d{3})*(?:\.(\d+))?(%?)/.exec(side)!;
  return 0.5 * 10 ** -(m[1]?.length ?? 0) * (m[2] ? 0.01 : 1) + 1e-9;
}

/** The value of one side, or NaN when it is not plain arithmetic. */
function evaluate(side: string): number {
  let js = side
    .replace(/^about\s+/, '')
    .replace(/\$/g, '')
    .replace(/(\d),(?=\d{3})/g, '$1')
    .replace(/([\d.]+)([⁰¹²³⁴⁵⁶⁷⁸⁹]+)/g, (_, base: string, p: string) => {
      const power = [...p].map((c) => SUPERSCRIPT[c]).join('');
      return `(${base}**${power})`;
    })
    .replace(/([\d.]+)%/g, '($1/100)')
    .replace(/×/g, '*')
    .replace(/÷/g, '/')
    .replace(/−/g, '-');
  // Parentheses the chain cut through (a sentence's own brackets) are dropped from the open end.
  let depth = 0;
  for (const c of js) depth += c === '(' ? 1 : c === ')' ? -1 : 0;
  while (depth > 0 && js.startsWith('(')) {
    js = js.slice(1);
    depth--;
  }
  while (depth < 0 && js.endsWith(')')) {
    js = js.slice(0, -1);
    depth++;
  }
  if (!/^[\d.+\-*/() ]+$/.test(js) || depth !== 0) return Number.NaN;
  // The text is only digits, operators and brackets (checked above).
  return Function(`"use strict"; return (${js});`)() as number;
}

/** Every worked sum in `text`, with whether it adds up. */
export function workedSums(text: string): Sum[] {
  const sums: Sum[] = [];
  for (const m of text.matchAll(CHAIN)) {
    const sides = m[0].split(/\s*=\s*/);
    const values = sides.map(evaluate);
    let ok = values.every((v) => Number.isFinite(v));
    for (let i = 1; ok && i < sides.length; i++) {
      ok = Math.abs(values[i - 1]! - values[i]!) <= Math.max(tolerance(sides[i - 1]!), tolerance(sides[i]!));
    }
    sums.push({ text: m[0], values, ok });
  }
  return sums;
}
