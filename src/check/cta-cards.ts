/**
 * The "same card" tests for operator calls to action: each card's span in the page's text and in
 * opening order, judged once the whole text is read (a binary search per link and per card).
 */

/** An operator's call-to-action link, as html.ts reads it from a page. */
export interface Cta {
  href: string;
  line: number;
  /** `rel` contains `sponsored`. */
  sponsored: boolean;
  /** 'T&Cs apply' appears in the same card or section. */
  terms: boolean;
  /** The same card or section links to terms (an http(s) link whose text names "terms" or "T&Cs"). */
  termsLink: boolean;
}

/** A closed element's span: `seq` to `endSeq` in opening order, `start` to `end` in the page's text. */
export interface Span {
  seq: number;
  endSeq: number;
  start: number;
  end: number;
}

/** Every match of a global regex in `text`: start offsets and ends, in order. */
function matches(re: RegExp, text: string): { starts: number[]; ends: number[] } {
  const starts: number[] = [];
  const ends: number[] = [];
  for (const m of text.matchAll(re)) {
    starts.push(m.index);
    ends.push(m.index + m[0].length);
  }
  return { starts, ends };
}

/** First index in the ascending list `xs` whose value is ≥ `x`. */
function lowerBound(xs: readonly number[], x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A match of `m` lies wholly inside text[start, end). */
function within(m: { starts: number[]; ends: number[] }, start: number, end: number): boolean {
  const i = lowerBound(m.starts, start);
  return i < m.starts.length && m.ends[i]! <= end;
}

/**
 * Each call to action's card (`boxes`): 'T&Cs apply' in its text, and a terms link (an http(s)
 * link whose text names terms) inside it. One pass of each pattern over the page's text, then a
 * binary search per link and per card.
 */
export function judgeCtas(
  text: string,
  httpLinks: Span[],
  boxes: (Span & { ctas: Cta[] })[],
  terms: { apply: RegExp; link: RegExp },
) {
  if (!boxes.length) return;
  const termsWords = matches(new RegExp(terms.link.source, 'gi'), text);
  const termsApply = matches(new RegExp(terms.apply.source, 'gi'), text);
  // Opening order of the terms links: a card holds those opened after it and before it closed.
  const termsLinks = httpLinks
    .filter((a) => within(termsWords, a.start, a.end))
    .map((a) => a.seq)
    .sort((x, y) => x - y);
  for (const b of boxes) {
    const i = lowerBound(termsLinks, b.seq + 1);
    const termsLink = i < termsLinks.length && termsLinks[i]! <= b.endSeq;
    const terms = within(termsApply, b.start, b.end);
    for (const c of b.ctas) {
      c.terms = terms;
      c.termsLink = termsLink;
    }
  }
}
