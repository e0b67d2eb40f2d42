/**
 * Ratings that show their working, casino reviews and the comparison tables (#40 items 1-3), and the
 * promises and claims of points 4-8 that lived in operator data and ranking pages, searched for in
 * the built site.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildRealSite, repoRoot, textOf, type BuiltSite } from './helpers.js';
import { ratedOperators, type RatedOperator } from './ratings.js';

type Op = RatedOperator;
/** Built without a date, the real site withholds every offer (each was checked in January 2025). */
const operators = () => ratedOperators();
const review = (id: string) => `/${id}-pennsylvania-review`;

/** Whether an operator's data gives the comparison column's figure (offers withheld: none from a bonus). */
function hasFigure(o: RatedOperator, label: string): boolean {
  const d = o as RatedOperator & { launch?: unknown; review?: { minDeposit?: number; withdrawals?: unknown[] } };
  if (label === 'In PA since') return d.launch !== undefined;
  if (label === 'Min. deposit') return d.review?.minDeposit !== undefined;
  return !!d.review?.withdrawals?.length;
}

let site: BuiltSite;
let ops: Op[];
beforeAll(async () => {
  [site, ops] = await Promise.all([buildRealSite(), operators()]);
});

describe('casino reviews', () => {
  it('each ranked casino has a review linked from its ranking, /casino-reviews and its sportsbook review', async () => {
    const casinos = ops.filter((o) => o.kind === 'casino');
    expect(casinos).toHaveLength(5);
    const ranking = await site.page('/best-pa-online-casinos');
    const index = await site.page('/casino-reviews');
    expect(textOf(index('main'))).not.toMatch(/not yet published|No casino review yet/);
    for (const c of casinos) {
      expect(site.result.routes).toContain(review(c.id));
      const card = ranking('.op-card').filter((_, e) => textOf(ranking(e).find('h3')) === c.name);
      expect(card.find('a.btn-secondary').attr('href')).toBe(review(c.id));
      expect(index(`.review-list a[href="${review(c.id)}"]`)).toHaveLength(1);
      expect(index(`.cards a[href="${review(c.id)}"]`)).toHaveLength(1);
      const sportsbook = ops.find((o) => o.casino === c.id)!;
      const $s = await site.page(review(sportsbook.id));
      expect($s(`main a[href="${review(c.id)}"]`).length, sportsbook.id).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('the comparison table', () => {
  it.each([
    ['/best-pa-sportsbooks', ['sportsbook']],
    ['/best-pa-online-casinos', ['casino']],
    ['/betting-promos', ['sportsbook', 'casino']],
  ] as const)('%s compares every ranked operator of its kinds', async (route, kinds) => {
    const $ = await site.page(route);
    const tables = $('table.comparison');
    expect(tables).toHaveLength(kinds.length);
    kinds.forEach((kind, i) => {
      const rows = tables.eq(i).find('tbody tr');
      const expected = ops.filter((o) => o.kind === kind);
      expect(rows.map((_, r) => textOf($(r).find('th'))).get()).toEqual(expected.map((o) => o.name));
      rows.each((j, r) => {
        const rating = expected[j]!.rating;
        expect(textOf($(r).find('td[data-label="Rating"]'))).toBe(
          rating === undefined ? 'Not rated: too little public evidence' : `${rating.toFixed(1)}/5`,
        );
        for (const label of ['License holder', 'Welcome offer'])
          expect($(r).find(`td[data-label="${label}"]`), label).toHaveLength(1);
      });
      // A column is shown only when two rows or more have a figure to compare, never as a column of dashes.
      for (const label of ['In PA since', 'Min. deposit', 'Fastest payout']) {
        const cells = tables.eq(i).find(`td[data-label="${label}"]`);
        const heading = tables
          .eq(i)
          .find('thead th')
          .filter((_, th) => textOf($(th)) === label);
        expect(heading, `${route} ${kind} ${label}`).toHaveLength(cells.length ? 1 : 0);
        if (cells.length) expect(cells, label).toHaveLength(rows.length);
        const figures = cells.get().filter((c) => textOf($(c)) !== '—').length;
        expect(cells.length === 0 || figures >= 2, label).toBe(true);
        if (!cells.length) expect(expected.filter((o) => hasFigure(o, label)).length, label).toBeLessThan(2);
      }
    });
    // Withheld offers are said once, above the first table, not as empty boxes.
    expect($('.comparison-block .withheld-notice')).toHaveLength(1);
    expect($('.comparison-block').first().find('.withheld-notice')).toHaveLength(1);
    expect($('.offer-list')).toHaveLength(0);
  });

  it('the header button names what its page shows', async () => {
    const $ = await site.page('/');
    const label = textOf($('header a.nav-offers'));
    // Offers may be withheld as out of date, so the button promises no offers at all (#58), only how they work.
    expect(label).toBe('How Offers Work');
    expect(textOf((await site.page('/betting-promos'))('h1'))).toMatch(/Sportsbook and Casino/);
  });
});

describe('promises kept and claims sourced, across the built site', () => {
  const gone: [string, RegExp][] = [
    ['a possessive slip', /\b(FanDuel|BetMGM)'(?!s)/],
    ['a table value read into a sentence', /is paid Instant/],
    ['a "no checked terms" notice', /We have no checked offer terms/],
    ['an unsourced comparison of offer size', /one of the larger offers/],
    ['the unsourced RTP table', /99\.54%|98\.94%|97\.30%|94\.74%/],
    ['"see full terms" in place of a term', /see full terms/i],
    ['a promise of in-depth reviews', /in-depth reviews/i],
    ['"the five we rate highest"', /five we rate highest/],
    ['casino reviews not yet published', /not yet published separate reviews|No casino review yet/],
    // BetMGM, LLC is named only as the company the PGCB fined, never as a license holder.
    ['licensee wording beyond the sheet', /PGCB-approved qualified gaming entity|(?:via|through) BetMGM, LLC/],
    ['process wording', /so the three always match|built from the same data as our rankings|kept in one place/],
    ['process wording', /License holder not shown here|we have not run our own app tests/i],
    ['"Ranked by our editors"', /Ranked by our editors/],
  ];
  it('no built page says any of these', async () => {
    const pages = (await site.files()).filter((f) => f.endsWith('.html'));
    for (const f of pages) {
      const text = (await site.read(f)).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
      for (const [what, re] of gone) expect(text, `${f}: ${what}`).not.toMatch(re);
    }
  });

  it('no offer lists fees among its key terms, and every license holder is cited', async () => {
    for (const o of ops) {
      const data = parse(await readFile(path.join(repoRoot, `content/operators/${o.id}.yaml`), 'utf8')) as {
        bonus?: { other?: string[] };
        licensee?: string;
        source?: string[];
      };
      expect(data.bonus?.other ?? [], o.id).not.toContainEqual(expect.stringMatching(/fee/i));
      // Every operator's license holder is named, with the PGCB among the sources that cover it.
      expect(data.licensee, o.id).toMatch(/\w/);
      expect(data.source, o.id).toContain('pgcb');
    }
  });

  it('About promises what the pages deliver: scores, "not stated" terms and reviews of both kinds', async () => {
    const text = textOf((await site.page('/about'))('main'));
    expect(text).toContain('A rating rests only on criteria the public record holds for every operator');
    expect(text).toContain('"not stated"');
    expect(text).not.toMatch(/we do not publish separate scores/);
  });
});
