/**
 * Ratings that show their working, casino reviews and the comparison tables (#40 items 1-3), and the
 * promises and claims of points 4-8 that lived in operator data and ranking pages, searched for in
 * the built site.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { build } from '../src/index.js';
import { buildRealSite, builtSite, copyOfContent, repoRoot, textOf, type BuiltSite } from './helpers.js';

interface Op {
  id: string;
  kind: 'sportsbook' | 'casino';
  name: string;
  rank: number;
  rating: number;
  casino?: string;
  scores: Record<string, { score?: number; reason: string }>;
}
const mean = (scores: Op['scores']) => {
  const given = Object.values(scores).flatMap((s) => (s.score === undefined ? [] : [s.score]));
  return Math.round((given.reduce((a, b) => a + b, 0) / given.length) * 10 + 1e-9) / 10;
};
async function operators(): Promise<Op[]> {
  const dir = path.join(repoRoot, 'content/operators');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.yaml'));
  const all = await Promise.all(
    files.map(async (f) => ({ id: f.slice(0, -5), ...parse(await readFile(path.join(dir, f), 'utf8')) }) as Op),
  );
  return all.sort((a, b) => a.rank - b.rank);
}
const review = (id: string) => `/${id}-pennsylvania-review`;

let site: BuiltSite;
let ops: Op[];
beforeAll(async () => {
  [site, ops] = await Promise.all([buildRealSite(), operators()]);
});

describe('criteria scores in the operator data', () => {
  it('every operator scores each criterion of its kind, with a reason; its rating is their mean', async () => {
    const siteYaml = parse(await readFile(path.join(repoRoot, 'content/site.yaml'), 'utf8')) as {
      methodology: Record<'criteria' | 'casinoCriteria', { id: string }[]>;
    };
    for (const o of ops) {
      const ids = siteYaml.methodology[o.kind === 'casino' ? 'casinoCriteria' : 'criteria'].map((c) => c.id);
      expect(Object.keys(o.scores), o.id).toEqual(ids);
      for (const s of Object.values(o.scores)) expect(s.reason.split(/\s+/).length, o.id).toBeGreaterThanOrEqual(8);
      expect(o.rating, `${o.id}: the typed rating is the scores' mean`).toBe(mean(o.scores));
    }
  });

  it('ranks each kind by rating: a higher rank never has a lower rating', () => {
    for (const kind of ['sportsbook', 'casino'] as const) {
      const list = ops.filter((o) => o.kind === kind);
      for (let i = 1; i < list.length; i++) expect(list[i]!.rating).toBeLessThanOrEqual(list[i - 1]!.rating);
    }
  });

  it('every ranking card and review shows the breakdown', async () => {
    for (const route of ['/best-pa-sportsbooks', '/best-pa-online-casinos']) {
      const $ = await site.page(route);
      $('.op-card').each((_, c) => {
        expect($(c).find('.score-details summary').length, route).toBe(1);
        expect($(c).find('.score-row')).toHaveLength(7);
      });
    }
    for (const o of ops) expect((await site.page(review(o.id)))('.review-rating .score-row')).toHaveLength(7);
  });
});

describe('a changed criterion score', () => {
  let changed: BuiltSite;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const copy = await copyOfContent();
    cleanup = copy.cleanup;
    const rel = 'content/operators/draftkings.yaml';
    const text = await copy.read(rel);
    // DraftKings' offer score 3.5 → 1.5 lowers its mean from 4.1 to 3.6: the typed rating follows.
    const edited = text.replace(/^rating: 4\.1$/m, 'rating: 3.6').replace(/(\n {2}offer:\n {4}score: )3\.5/, '$11.5');
    expect(edited.match(/rating: 3\.6|score: 1\.5/g)).toHaveLength(2);
    await copy.write(rel, edited);
    const result = await build({ root: copy.root, outDir: path.join(copy.root, 'dist'), today: '2025-01-20' });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    changed = builtSite(result);
  });
  afterAll(() => cleanup?.());

  it('changes the rating on the review, the ranking card, the comparison tables and the apps page', async () => {
    const stars = 'Rated 3.6 out of 5';
    const $r = await changed.page(review('draftkings'));
    expect(textOf($r('.review-facts'))).toContain('3.6 / 5');
    expect(textOf($r('.review-rating .score-total'))).toMatch(/^Rating 3\.6\/5/);
    const $k = await changed.page('/best-pa-sportsbooks');
    const card = $k('.op-card').filter((_, c) => textOf($k(c).find('h3')) === 'DraftKings Sportsbook');
    expect(textOf(card.find('.stars .visually-hidden'))).toBe(stars);
    for (const route of ['/best-pa-sportsbooks', '/betting-promos', review('fanduel')]) {
      const $ = await changed.page(route);
      const row = $('table.comparison tr').filter((_, r) => textOf($(r).find('th')) === 'DraftKings Sportsbook');
      expect(textOf(row.find('td[data-label="Rating"]')), route).toBe('3.6/5');
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

  it('fails the build at the rating line when the typed rating is left behind', async () => {
    const copy = await copyOfContent();
    try {
      const rel = 'content/operators/draftkings.yaml';
      const text = await copy.read(rel);
      await copy.write(rel, text.replace(/(\n {2}offer:\n {4}score: )3\.5/, '$11.5'));
      const result = await build({ root: copy.root, outDir: path.join(copy.root, 'dist') });
      expect(result.ok).toBe(false);
      const d = result.diagnostics.find((x) => x.field === 'rating')!;
      expect(d).toMatchObject({ file: rel, line: 5, severity: 'error' });
      expect(d.message).toBe('rating 4.1 disagrees with the criteria scores, whose mean is 3.6');
    } finally {
      await copy.cleanup();
    }
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
        expect(textOf($(r).find('td[data-label="Rating"]'))).toBe(`${expected[j]!.rating.toFixed(1)}/5`);
        for (const label of ['License holder', 'In PA since', 'Welcome offer', 'Min. deposit', 'Fastest payout'])
          expect($(r).find(`td[data-label="${label}"]`), label).toHaveLength(1);
      });
    });
    // Withheld offers are said once, above the first table, not as empty boxes.
    expect($('.comparison-block .withheld-notice')).toHaveLength(1);
    expect($('.comparison-block').first().find('.withheld-notice')).toHaveLength(1);
    expect($('.offer-list')).toHaveLength(0);
  });

  it('the header button names what its page shows', async () => {
    const $ = await site.page('/');
    const label = textOf($('header a.nav-offers'));
    expect(label).toMatch(/View Top Offers/);
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
    ['licensee wording beyond the sheet', /PGCB-approved qualified gaming entity|BetMGM, LLC/],
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

  it('no offer lists fees among its key terms, and casino license holders are not inferred', async () => {
    for (const o of ops) {
      const data = parse(await readFile(path.join(repoRoot, `content/operators/${o.id}.yaml`), 'utf8')) as {
        bonus?: { other?: string[] };
        licensee?: string;
      };
      expect(data.bonus?.other ?? [], o.id).not.toContainEqual(expect.stringMatching(/fee/i));
      // The facts sheet names a casino's license arrangement for BetMGM only.
      if (o.kind === 'casino' && o.id !== 'betmgm-casino') expect(data.licensee, o.id).toBeUndefined();
    }
  });

  it('About promises what the pages deliver: scores, "not stated" terms and reviews of both kinds', async () => {
    const text = textOf((await site.page('/about'))('main'));
    expect(text).toContain('average of those scores');
    expect(text).toContain('"not stated"');
    expect(text).not.toMatch(/we do not publish separate scores/);
  });
});
