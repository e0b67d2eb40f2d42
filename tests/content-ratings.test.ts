/**
 * Ratings that show their working, casino reviews and the comparison tables (#40 items 1-3), and the
 * promises and claims of points 4-8 that lived in operator data and ranking pages, searched for in
 * the built site.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { build } from '../src/index.js';
import { buildRealSite, builtSite, copyOfContent, repoRoot, textOf, type BuiltSite } from './helpers.js';
import { ratedOperators, type RatedOperator } from './ratings.js';

type Op = RatedOperator;
/** Built without a date, the real site withholds every offer (each was checked in January 2025). */
const operators = () => ratedOperators('withheld');
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

describe('criteria scores in the operator data', () => {
  it('every operator scores each criterion of its kind, with a reason, and each score names a source', async () => {
    const siteYaml = parse(await readFile(path.join(repoRoot, 'content/site.yaml'), 'utf8')) as {
      methodology: Record<'criteria' | 'casinoCriteria', { id: string }[]>;
    };
    for (const o of ops) {
      const ids = siteYaml.methodology[o.kind === 'casino' ? 'casinoCriteria' : 'criteria'].map((c) => c.id);
      expect(Object.keys(o.scores), o.id).toEqual(ids);
      for (const [id, s] of Object.entries(o.scores)) {
        expect(s.reason.split(/\s+/).length, `${o.id} ${id}`).toBeGreaterThanOrEqual(8);
        if (s.score !== undefined) expect(s.source, `${o.id} ${id}`).toBeDefined();
        // No figure typed into a reason: amounts, counts and dates come from data through {{…}}.
        expect(s.reason.replace(/\{\{[^}]*\}\}/g, ''), `${o.id} ${id}`).not.toMatch(/\d/);
      }
    }
  });

  it('scores licensing from the PGCB fines on record and the offer from the key terms its terms state', () => {
    for (const o of ops) {
      const fines = o.enforcement ?? [];
      const lic = Math.max(1, 5 - fines.reduce((n, f) => n + (f.fine >= 100_000 ? 2 : 1), 0));
      expect(o.scores.licensing?.score, o.id).toBe(lic);
      const terms = ['minDeposit', 'playthrough', 'expiry', o.kind === 'sportsbook' ? 'minOdds' : 'cap'];
      const stated = terms.filter((t) => o.bonus?.[t] !== undefined && o.bonus[t] !== 'not stated').length;
      expect(o.scores.offer?.score, o.id).toBe(o.bonus ? 1 + stated : undefined);
    }
  });

  it('rates and ranks every page by the stated rule: rated first by rating, the not rated below', async () => {
    for (const [route, kind] of [
      ['/best-pa-sportsbooks', 'sportsbook'],
      ['/best-pa-online-casinos', 'casino'],
    ] as const) {
      const $ = await site.page(route);
      const expected = ops.filter((o) => o.kind === kind);
      const cards = $('.op-list .op-card').toArray();
      expect(
        cards.map((c) => textOf($(c).find('h3'))),
        route,
      ).toEqual(expected.map((o) => o.name));
      cards.forEach((c, i) => {
        const o = expected[i]!;
        expect(textOf($(c).find('.op-rank')), o.id).toBe(o.rating === undefined ? '' : `Rank #${o.rank}`);
        expect(textOf($(c).find('.op-title .stars')), o.id).toMatch(
          o.rating === undefined ? /^Not rated: too little public evidence$/ : `Rated ${o.rating.toFixed(1)} out of 5`,
        );
        expect(textOf($(c).find('.ribbon')), o.id).toBe(o.featured ? "EDITOR'S CHOICE" : '');
      });
      // The rule is on the page that ranks: the minimum of scored criteria, tie-breaks, Editor's choice.
      const rules = textOf($('.ranking-rules'));
      expect(rules).toContain('fewer than 4 scored criteria is not rated');
      expect(rules).toMatch(/Equal ratings go first to the one with more scored criteria/);
      expect(rules).toMatch(/Editor's choice is the first-ranked rated operator of each kind/);
    }
    // Some operators are not rated on today's evidence, and none of them is above a rated one.
    expect(ops.some((o) => o.rating === undefined)).toBe(true);
  });

  it('every ranking card and review shows the breakdown, each counted score beside its linked source', async () => {
    for (const route of ['/best-pa-sportsbooks', '/best-pa-online-casinos']) {
      const $ = await site.page(route);
      $('.op-card').each((_, c) => {
        expect($(c).find('.score-details summary').length, route).toBe(1);
        expect($(c).find('.score-row')).toHaveLength(7);
      });
    }
    for (const o of ops) {
      const $ = await site.page(review(o.id));
      const rows = $('.review-rating .score-row');
      expect(rows).toHaveLength(7);
      // Counted scores show a source link; the withheld offer shows "Not scored" and says why.
      expect(rows.filter((_, r) => !$(r).is('.is-unscored')).length, o.id).toBe(o.scored.length);
      rows
        .filter((_, r) => !$(r).is('.is-unscored'))
        .each((_, r) => {
          expect($(r).find('.score-source a[href^="https://"]').length, o.id).toBeGreaterThan(0);
        });
      if (o.scores.offer?.score !== undefined)
        expect(textOf($('.review-rating .score-row').eq(4)), o.id).toMatch(/Not scored while the offer is withheld/);
      expect(textOf($('.review-rating .score-total')), o.id).toBe(
        o.rating === undefined
          ? `Not rated: too little public evidence. ${o.scored.length} of 7 criteria could be scored, and a rating ` +
              'needs at least 4.'
          : `Rating ${o.rating.toFixed(1)}/5: the average of the ${o.scored.length} criteria scored, out of 7.`,
      );
    }
  });

  it("shows each operator's PGCB fines in its review's regulatory record, with the report linked", async () => {
    const $ = await site.page(review('betmgm-casino'));
    const record = textOf($('.regulatory-record'));
    expect(record).toContain('January 2025: a PGCB fine of $260,905 on BetMGM, LLC');
    expect($('.regulatory-record a[href*="sportsbookreview.com"]')).toHaveLength(1);
    const $f = await site.page(review('fanduel'));
    expect(textOf($f('.regulatory-record'))).toContain('July 2025: a PGCB fine of $40,000 on Betfair Interactive US');
    const $d = await site.page(review('draftkings'));
    expect($d('.regulatory-record li')).toHaveLength(0);
  });
});

describe('offers current (--today 2025-01-20)', () => {
  let current: BuiltSite;
  let cur: Op[];
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const copy = await copyOfContent();
    cleanup = copy.cleanup;
    const result = await build({ root: copy.root, outDir: path.join(copy.root, 'dist'), today: '2025-01-20' });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    current = builtSite(result);
    cur = await ratedOperators('current', copy.root);
  });
  afterAll(() => cleanup?.());

  it('scores the offer while it is current, so ratings and ranks follow the date', async () => {
    for (const [route, kind] of [
      ['/best-pa-sportsbooks', 'sportsbook'],
      ['/best-pa-online-casinos', 'casino'],
    ] as const) {
      const $ = await current.page(route);
      const expected = cur.filter((o) => o.kind === kind);
      expect(
        $('.op-list .op-card h3')
          .map((_, h) => textOf($(h)))
          .get(),
        route,
      ).toEqual(expected.map((o) => o.name));
      const table = $('table.comparison tbody tr');
      for (const [i, o] of expected.entries())
        expect(textOf(table.eq(i).find('td[data-label="Rating"]')), o.id).toBe(
          o.rating === undefined ? 'Not rated: too little public evidence' : `${o.rating.toFixed(1)}/5`,
        );
    }
    // The date changes the ratings: a current offer counts.
    const withheldDk = ops.find((o) => o.id === 'draftkings')!;
    const currentDk = cur.find((o) => o.id === 'draftkings')!;
    expect(currentDk.scored).toContain('offer');
    expect(withheldDk.scored).not.toContain('offer');
    expect(currentDk.rating).not.toBe(withheldDk.rating);
  });
});

describe('a changed criterion score', () => {
  let changed: BuiltSite;
  let cleanup: () => Promise<void>;
  let rating: string;
  beforeAll(async () => {
    const copy = await copyOfContent();
    cleanup = copy.cleanup;
    const rel = 'content/operators/draftkings.yaml';
    const text = await copy.read(rel);
    // DraftKings' app loses its score (as if its source were gone): the rating follows on every page.
    const edited = text.replace(/(\n {2}app:\n) {4}score: 3\n/, '$1');
    expect(edited).not.toBe(text);
    await copy.write(rel, edited);
    const result = await build({ root: copy.root, outDir: path.join(copy.root, 'dist'), today: '2025-01-20' });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    changed = builtSite(result);
    rating = (await ratedOperators('current', copy.root)).find((o) => o.id === 'draftkings')!.rating!.toFixed(1);
    const before = (await ratedOperators('current')).find((o) => o.id === 'draftkings')!.rating!.toFixed(1);
    expect(rating).not.toBe(before);
  });
  afterAll(() => cleanup?.());

  it('changes the rating on the review, the ranking card, the comparison tables and the apps page', async () => {
    const stars = `Rated ${rating} out of 5`;
    const $r = await changed.page(review('draftkings'));
    expect(textOf($r('.review-facts'))).toContain(`${rating} / 5`);
    expect(textOf($r('.review-rating .score-total'))).toMatch(new RegExp(`^Rating ${rating}/5`));
    const $k = await changed.page('/best-pa-sportsbooks');
    const card = $k('.op-card').filter((_, c) => textOf($k(c).find('h3')) === 'DraftKings Sportsbook');
    expect(textOf(card.find('.stars .visually-hidden'))).toBe(stars);
    for (const route of ['/best-pa-sportsbooks', '/betting-promos', review('fanduel')]) {
      const $ = await changed.page(route);
      const row = $('table.comparison tr').filter((_, r) => textOf($(r).find('th')) === 'DraftKings Sportsbook');
      expect(textOf(row.find('td[data-label="Rating"]')), route).toBe(`${rating}/5`);
    }
    const $a = await changed.page('/pa-sports-betting-apps');
    expect(
      textOf(
        $a('.app-card')
          .filter((_, c) => /DraftKings/.test(textOf($a(c).find('h3'))))
          .find('.stars .visually-hidden'),
      ),
    ).toBe(stars);
  });

  it('names an unknown criterion with a "did you mean" and a missing one at scores:', async () => {
    const copy = await copyOfContent();
    try {
      const rel = 'content/operators/caesars.yaml';
      await copy.write(rel, (await copy.read(rel)).replace(/\n {2}banking:\n/, '\n  bankng:\n'));
      const result = await build({ root: copy.root, outDir: path.join(copy.root, 'dist') });
      const mine = result.diagnostics.filter((d) => d.file === rel);
      expect(mine.map((d) => [d.field, d.message])).toEqual([
        ['scores', 'no score for banking'],
        ['scores.bankng', 'no sportsbook criterion "bankng"'],
      ]);
      expect(mine[1]!.hint).toMatch(/^did you mean "banking"\?/);
    } finally {
      await copy.cleanup();
    }
  });
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
    expect(text).toContain('The rating is the average of the scored criteria');
    expect(text).toContain('"not stated"');
    expect(text).not.toMatch(/we do not publish separate scores/);
  });
});
