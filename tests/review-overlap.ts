import * as cheerio from 'cheerio';

/**
 * How much of each review is another review's text with the names changed (issue #48, point 6). A
 * review's own words are its hero lede, summary, prose, banking, what-to-check list, FAQ and verdict;
 * left out are the parts every review shares by design and that say nothing of its operator in words:
 * the table of contents, the offer box and its notice, the criteria scores, the comparison table and
 * the Sources list.
 */
const OWN_TEXT = 'main';
const SHARED_PARTS = [
  'nav',
  '.toc',
  '.review-offer',
  '.review-rating',
  '.review-compare',
  '.page-sources',
  '.ad-disclosure',
  // The pointer lines every review carries by design (the cashier and the guides that apply to all).
  '.review-links',
  '.byline',
  'script',
  'style',
];
const BLOCKS = 'p, li, dd, dt, summary, .faq-answer, td, th';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The review's sentences, names masked ("FanDuel's cashier" → "X's cashier"), lowercased, spaces collapsed. */
export function sentencesOf(html: string, names: readonly string[]): string[] {
  const $ = cheerio.load(html);
  const main = $(OWN_TEXT);
  for (const sel of SHARED_PARTS) main.find(sel).remove();
  // Longest names first, so "BetMGM Casino" is masked whole before "BetMGM".
  const masks = [...names].sort((a, b) => b.length - a.length).map((n) => new RegExp(escapeRegExp(n), 'g'));
  const out: string[] = [];
  main.find(BLOCKS).each((_, el) => {
    // Only the innermost blocks, so a list item's paragraph is not counted twice.
    if ($(el).find(BLOCKS).length) return;
    let text = $(el).text().replace(/\s+/g, ' ').trim();
    for (const m of masks) text = text.replace(m, 'X');
    // "FanDuel's" and "DraftKings'" are the same possessive once the names are masked.
    text = text.replace(/\bX's\b|\bX'/g, "X's");
    for (const s of text.split(/(?<=[.!?])\s+(?=[A-Z0-9"])/)) {
      const t = s.trim().toLowerCase();
      if (t.split(' ').length >= 4) out.push(t);
    }
  });
  return out;
}

/** For each review, the share of its sentences (0 to 1) that also appear in another review. */
export function overlap(reviews: ReadonlyMap<string, readonly string[]>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [id, sentences] of reviews) {
    const others = new Set([...reviews].filter(([other]) => other !== id).flatMap(([, s]) => s));
    const shared = sentences.filter((s) => others.has(s)).length;
    out.set(id, sentences.length ? shared / sentences.length : 0);
  }
  return out;
}
