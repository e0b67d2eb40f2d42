import { readFile, rm, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type * as cheerio from 'cheerio';
import { build } from '../src/index.js';
import { buildRealSite, builtSite, copyOfContent, repoRoot, textOf, type BuiltSite } from './helpers.js';
import { ratedOperators, type RatedOperator } from './ratings.js';

/** The operator data as a reader should see it, rated and ranked by the method (offers withheld today). */
type OperatorYaml = RatedOperator;
const operators = (root = repoRoot) => ratedOperators(new Date(), root);
/** What a card or table says for an operator's rating. */
const ratingText = (o: OperatorYaml) =>
  o.rating === undefined ? 'Not rated: too little public evidence' : `Rated ${o.rating.toFixed(1)} out of 5`;

/** The license line a card shows: the holder, or where a reader finds it. */
const licenseHolder = (o: OperatorYaml) => o.licensee ?? "In the PGCB's list of licensees";
/** Where a withheld or unstated offer's one button leads: the operator's offers or terms page. */
const offersHref = (o: OperatorYaml) => o.bonus?.termsUrl ?? o.termsUrl ?? o.officialUrl;
const ofKind = (ops: OperatorYaml[], kind: OperatorYaml['kind']) => ops.filter((o) => o.kind === kind);

/** Visible text of a whole page: what a reader can see, whitespace collapsed. */
const pageText = ($: cheerio.CheerioAPI) => textOf($('body'));

/** Words of the Markdown prose on a page (blocks such as cards, tables of operators and FAQ excluded). */
const proseWords = ($: cheerio.CheerioAPI) => textOf($('.prose')).split(' ').filter(Boolean).length;

let site: BuiltSite;
let ops: OperatorYaml[];
beforeAll(async () => {
  [site, ops] = await Promise.all([buildRealSite(), operators()]);
});

/** Every button and in-page link a reader can follow must lead to a built page or an anchor that exists. */
async function expectLinksResolve($: cheerio.CheerioAPI, selector: string) {
  const files = new Set(await site.files());
  const links = $(selector).toArray();
  expect(links.length).toBeGreaterThan(0);
  for (const a of links) {
    const href = $(a).attr('href') ?? '';
    if (href.startsWith('#')) {
      expect($(`[id="${href.slice(1)}"]`), `anchor ${href}`).toHaveLength(1);
    } else if (href.startsWith('/')) {
      const [route, hash] = href.split('#') as [string, string | undefined];
      const file = route === '/' ? 'index.html' : `${route.slice(1)}.html`;
      expect(files.has(file), `${href} is a built page`).toBe(true);
      if (hash) expect((await site.page(route))(`[id="${hash}"]`), `${href} anchor`).toHaveLength(1);
    } else {
      expect(href, 'link target').toMatch(/^(https:\/\/|tel:|mailto:)/);
    }
  }
}

const rankingPages = [
  // #58: the newest sourced count and handle as of the build's date (the suite builds with the clock, after
  // February 2026); no spec approval time.
  { route: '/best-pa-sportsbooks', kind: 'sportsbook' as const, stats: ['12', '$782.4M', '2019'] },
  { route: '/best-pa-online-casinos', kind: 'casino' as const, stats: ['about 20', '12', '2019'] },
];

/** The one line above a list of withheld offers on the real site today (every offer was checked in January 2025). */
const WITHHELD =
  'Offers last checked January 2025, too long ago to show as current. ' +
  "Each operator's site has its current offer and terms.";

describe.each(rankingPages)('ranking page $route', ({ route, kind, stats }) => {
  it('lists the five operators as cards by the method, rank numbers for the rated only', async () => {
    const $ = await site.page(route);
    const expected = ofKind(ops, kind).slice(0, 5);
    expect(expected).toHaveLength(5);
    const cards = $('.op-list .op-card');
    expect(cards).toHaveLength(5);
    const shown = cards.toArray().map((c) => ({
      rank: textOf($(c).find('.op-rank')),
      name: textOf($(c).find('h3')),
      offer: textOf($(c).find('.op-offer, .op-offer-line').first()),
    }));
    expect(shown.map((s) => s.rank)).toEqual(expected.map((o) => `Rank #${o.rank}`));
    expect(shown.map((s) => s.name)).toEqual(expected.map((o) => o.name));
    // Past the staleness limit, each card says in one line when its offer was last checked, or that none is known.
    const stale = /^Offer: last checked January 2025, too old to show/;
    for (const [i, s] of shown.entries())
      expect(s.offer).toMatch(expected[i]!.bonus ? stale : /^Offer: none listed here/);
    // The comparison table says it once above its rows.
    expect(
      $('.withheld-notice')
        .toArray()
        .map((p) => textOf($(p))),
    ).toEqual([WITHHELD]);
    expect(textOf($('.hero .lede'))).toContain('ranked by our rating');
    // Each card: operator, rating, license holder and one sponsored "See terms at" link, the same on
    // sportsbook and casino cards: no offer is pushed.
    cards.toArray().forEach((c, i) => {
      const o = expected[i]!;
      expect(textOf($(c).find('.op-title .stars'))).toContain(ratingText(o));
      expect(textOf($(c).find('.op-licensee'))).toContain(o.licensee ?? 'PGCB');
      const cta = $(c).find('a.btn-terms');
      expect(cta).toHaveLength(1);
      expect(textOf(cta)).toBe(`See terms at ${o.shortName} (opens in a new tab)`);
      expect(cta.attr('href')).toBe(offersHref(o));
      expect(cta.attr('rel')).toBe('sponsored nofollow noopener');
    });
  });

  it("marks exactly one card EDITOR'S CHOICE, the first-ranked rated operator's", async () => {
    const $ = await site.page(route);
    expect(pageText($).match(/EDITOR'S CHOICE/g)).toHaveLength(1);
    const featured = $('.op-card').filter((_, c) => textOf($(c)).includes("EDITOR'S CHOICE"));
    expect(featured).toHaveLength(1);
    const expected = ofKind(ops, kind).filter((o) => o.featured);
    expect(expected).toHaveLength(1);
    expect(textOf(featured.find('h3'))).toBe(expected[0]!.name);
  });

  it('has a FAQ reachable at #faqs with at least six questions', async () => {
    const $ = await site.page(route);
    const faq = $('#faqs');
    expect(faq).toHaveLength(1);
    expect(faq.find('details summary').length).toBeGreaterThanOrEqual(6);
    faq.find('details').each((_, d) => {
      expect(textOf($(d).find('summary'))).toMatch(/\?$/);
      expect(textOf($(d).find('.faq-answer')).length).toBeGreaterThan(60);
    });
  });

  it('shows the statistics strip values', async () => {
    const $ = await site.page(route);
    const values = $('.stats dd')
      .toArray()
      .map((d) => textOf($(d)));
    expect(values).toEqual(stats);
  });

  it('shows the ranking criteria as cards', async () => {
    const $ = await site.page(route);
    const criteria = $('.cards').filter((_, s) => /How We Rank/.test(textOf($(s).find('h2'))));
    expect(criteria).toHaveLength(1);
    expect(
      criteria
        .find('.card h3')
        .map((_, h) => textOf($(h)))
        .get(),
    ).toEqual(['Regulatory record', 'Market position']);
  });

  it('has a long guide, a comparison naming each brand with its license holder, no stale offer figure', async () => {
    const $ = await site.page(route);
    // #58 asked for a shorter sportsbook page, with the comparison early; the guides it links go deeper.
    expect(proseWords($)).toBeGreaterThanOrEqual(kind === 'sportsbook' ? 400 : 1000);
    const rows = $('table.comparison tbody tr');
    expect(rows).toHaveLength(ofKind(ops, kind).length);
    for (const [i, o] of ofKind(ops, kind).entries()) {
      expect(textOf(rows.eq(i).find('th'))).toBe(o.name);
      expect(textOf(rows.eq(i).find('td[data-label="License holder"]'))).toBe(licenseHolder(o));
      if (o.bonus) expect(pageText($)).not.toContain(o.bonus.headline);
    }
  });

  // #58: the whole market is the hub's roster (site.yaml `roster`), every facts-sheet brand among it.
  it('lists every licensed brand in the facts sheet, reviewed or not, in the hub roster', async () => {
    const hub = await site.page(kind === 'sportsbook' ? '/sportsbooks' : '/online-casinos');
    const market = (
      parse(await readFile(path.join(repoRoot, 'content/site.yaml'), 'utf8')) as {
        market: Record<'sportsbooks' | 'casinos', { brand: string; operator?: string }[]>;
      }
    ).market[kind === 'sportsbook' ? 'sportsbooks' : 'casinos'];
    const rows = hub('.roster tbody tr')
      .toArray()
      .map((r) => textOf(hub(r)));
    for (const b of market)
      expect(
        rows.some((r) => r.includes(b.brand)),
        b.brand,
      ).toBe(true);
    for (const o of ofKind(ops, kind)) {
      const row = rows.find((r) => r.startsWith(o.name) || r.startsWith(o.shortName));
      expect(row, o.id).toContain(licenseHolder(o));
      expect(row, o.id).toContain('Read our review');
    }
  });

  it('has hero and bottom buttons that lead to real pages or anchors', async () => {
    const $ = await site.page(route);
    await expectLinksResolve($, '.hero .actions a');
    await expectLinksResolve($, '.cta-band a');
    await expectLinksResolve($, '.prose a');
  });
});

describe('ranking page guides cover their topics', () => {
  it('the sportsbook guide covers law, sports, bet types, bonuses, payments and responsible gambling', async () => {
    const $ = await site.page('/best-pa-sportsbooks');
    const headings = $('.prose h2')
      .toArray()
      .map((h) => textOf($(h)).toLowerCase());
    // #58: shorter; sports and bet types are left to the beginner's guide it links.
    for (const topic of ['legal', 'bonus', 'withdrawals', 'responsibly']) {
      expect(
        headings.some((h) => h.includes(topic)),
        `a section on ${topic}`,
      ).toBe(true);
    }
    // How a winning bonus bet pays: profit only.
    expect(textOf($('.prose'))).toContain('a $50 bonus bet at +150 pays $75');
  });

  it('casino guide covers games, bonuses, worked wagering, RTP, banking, mobile and responsible gaming', async () => {
    const $ = await site.page('/best-pa-online-casinos');
    const headings = $('.prose h2')
      .toArray()
      .map((h) => textOf($(h)).toLowerCase());
    for (const topic of [
      'games',
      'bonuses',
      'wagering requirements',
      'return to player',
      'banking',
      'phone',
      'responsible gaming',
    ]) {
      expect(
        headings.some((h) => h.includes(topic)),
        `a section on ${topic}`,
      ).toBe(true);
    }
    expect(textOf($('.prose'))).toContain('15 × $200 = $3,000');
  });
});

const appPages = [
  { route: '/pa-sports-betting-apps', kind: 'sportsbook' as const, figures: { '12': /regulated online sportsbooks/i } },
  { route: '/pa-online-casino-apps', kind: 'casino' as const, figures: { 'about 20': /online casino brands/i } },
];

describe.each(appPages)('apps page $route', ({ route, kind, figures }) => {
  it('states its figures in the statistics strip', async () => {
    const $ = await site.page(route);
    const stats = $('.stats .stat')
      .toArray()
      .map((s) => ({ label: textOf($(s).find('dt')), value: textOf($(s).find('dd')) }));
    for (const [value, label] of Object.entries(figures)) {
      expect(
        stats.some((s) => s.value === value && label.test(s.label)),
        `${value} with a label matching ${label}`,
      ).toBe(true);
    }
  });

  it('shows one app entry per operator, in rank order, with rating, offer and a button to the operator', async () => {
    const $ = await site.page(route);
    const expected = ofKind(ops, kind);
    expect(expected.every((o) => o.app)).toBe(true);
    const entries = $('.app-list .app-card');
    expect(entries).toHaveLength(expected.length);
    entries.toArray().forEach((e, i) => {
      const o = expected[i]!;
      expect(textOf($(e).find('h3'))).toBe(`${o.shortName} app`);
      // No separate app rating: we have not tested the apps, so the entry shows the overall rating, labelled.
      expect(textOf($(e).find('.app-rating'))).toContain(`Our overall rating of ${o.shortName}`);
      expect(textOf($(e).find('.stars'))).toContain(ratingText(o));
      expect(textOf($(e).find('.op-offer, .op-offer-line'))).toMatch(
        /^Offer: (last checked January 2025|none listed here)/,
      );
      expect($(e).find('.op-features li')).toHaveLength(o.app!.features.length);
      // A game count shows only where our source gives one.
      if (kind === 'casino')
        expect(textOf($(e).find('.app-games'))).toBe(o.app!.games ? `${o.app!.games} casino games` : '');
      const button = $(e).find('a.btn-cta');
      // The app cards link to the brand's website, and say so (not "Get App").
      expect(textOf(button)).toMatch(/^Visit website/);
      expect(button.attr('href')).toBe(o.affiliateUrl ?? o.officialUrl);
    });
  });

  it('names each brand with its license holder, has a FAQ and links only to real pages', async () => {
    const $ = await site.page(route);
    const prose = textOf($('.prose'));
    for (const o of ofKind(ops, kind)) {
      expect(prose).toContain(o.name);
      // A license holder is named only where a source names it, never inferred from a sister brand.
      if (o.licensee) expect(prose).toContain(o.licensee);
    }
    expect($('#faqs details').length).toBeGreaterThanOrEqual(6);
    expect($('.steps .step').length).toBeGreaterThanOrEqual(4);
    expect($('link[rel=canonical]').attr('href')).toBe(`https://www.pabetguide.com${route}`);
    await expectLinksResolve($, '.hero .actions a');
    await expectLinksResolve($, '.cta-band a');
    await expectLinksResolve($, '.prose a');
  });
});

describe('wording on the four pages', () => {
  it.each([...rankingPages, ...appPages].map((p) => p.route))(
    '%s has no banned offer wording, no unfilled values and one h1',
    async (route) => {
      const $ = await site.page(route);
      const text = pageText($);
      expect(text).not.toMatch(/free bets?|risk[-\s]?free|free play/i);
      expect(text).not.toMatch(/\{\{|\}\}|TODO/);
      expect($('h1')).toHaveLength(1);
      expect(textOf($('.hero .byline'))).toMatch(/Updated (January 2025|December 2026)/);
    },
  );
});

describe('operator data drives every page', () => {
  const changes = [
    {
      id: 'betmgm',
      routes: ['/best-pa-sportsbooks', '/pa-sports-betting-apps'],
      next: 'Changed Test Offer 4417 in Bonus Bets',
    },
    {
      id: 'betmgm-casino',
      routes: ['/best-pa-online-casinos', '/pa-online-casino-apps'],
      next: 'Changed Casino Test Offer 9083 in Credits',
    },
  ];
  let changed: BuiltSite;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const copy = await copyOfContent();
    const out = await mkdtemp(path.join(tmpdir(), 'pa-site-rankings-'));
    cleanup = async () => {
      await copy.cleanup();
      await rm(out, { recursive: true, force: true });
    };
    for (const c of changes) {
      const rel = `content/operators/${c.id}.yaml`;
      const before = await copy.read(rel);
      const after = before.replace(/^ {2}headline: .*$/m, `  headline: ${c.next}`);
      expect(after).not.toBe(before);
      await copy.write(rel, after);
    }
    // A reference date within the offers' staleness limit, so their headlines are shown.
    const result = await build({ root: copy.root, outDir: out, today: '2025-01-20' });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    changed = builtSite(result);
  });
  afterAll(() => cleanup?.());

  it('within the staleness limit, a card shows key terms, sends the rest to the full terms, links them', async () => {
    const $ = await changed.page('/best-pa-sportsbooks');
    const fanduel = ops.find((o) => o.id === 'fanduel')!;
    const card = $('.op-card').filter((_, c) => textOf($(c).find('h3')) === fanduel.name);
    expect(card.find('[data-offer-state]').attr('data-offer-state')).toBe('current');
    const terms = textOf(card.find('.key-terms'));
    for (const t of [
      'Offer: $200 in bonus bets for a $5 first bet',
      'Cap: $200 in bonus bets',
      'Min. deposit: $10',
      'Min. odds: not stated',
      'Playthrough: not stated',
      'Bonus credited: within 72 hours',
      'Expiry: not stated',
    ])
      expect(terms).toContain(t);
    // The data's terms URL is FanDuel's home page, so the one terms link says it leads to the site.
    expect(fanduel.bonus!.termsUrl).toBe(fanduel.officialUrl);
    expect(
      card
        .find('a.terms-link')
        .map((_, a) => textOf($(a)))
        .get(),
    ).toEqual(["terms on the operator's site (opens in a new tab)"]);
    expect(textOf(card.find('.offer-checked-line'))).toBe(
      "Terms checked January 2025. Full terms on the operator's site.",
    );
    expect(textOf(card.find('.op-note'))).toBe(
      "New customers only. T&Cs apply: terms on the operator's site (opens in a new tab). 21+",
    );
    // Minimum odds, playthrough and expiry are not stated: the offer is shown, never pushed.
    expect(card.find('a.btn-cta')).toHaveLength(0);
    expect(textOf(card.find('a.btn-terms'))).toBe('See terms at FanDuel (opens in a new tab)');
  });

  it('within the limit, a review shows its offer box once, no Claim while a limiting term is unstated', async () => {
    const $ = await changed.page('/draftkings-pennsylvania-review');
    expect($('[data-offer-state="current"]')).toHaveLength(1);
    // The comparison table states the offer too, as one row among the others.
    const draftkings = ops.find((o) => o.id === 'draftkings')!;
    expect(textOf($('table.comparison tr.is-current td[data-label="Welcome offer"]'))).toContain(
      draftkings.bonus!.headline,
    );
    // DraftKings' January 2025 terms leave its minimum odds, playthrough and expiry unstated.
    expect($('a.btn-cta')).toHaveLength(0);
    expect(
      $('.review-offer a.btn-terms, .verdict a.btn-terms')
        .map((_, a) => textOf($(a)))
        .get(),
    ).toContain('See terms at DraftKings (opens in a new tab)');
    const casinos = await changed.page('/best-pa-online-casinos');
    for (const a of casinos('.op-card .op-actions a.btn-primary, .op-card .op-actions a.btn-terms').toArray())
      expect(textOf(casinos(a))).toMatch(/^(See terms at|Play Now)/);
    expect(casinos('.op-card a.btn-cta')).toHaveLength(0);
  });

  it.each(changes)(
    'a new $id headline replaces the old one on every page that showed it',
    async ({ id, routes, next }) => {
      const old = ops.find((o) => o.id === id)!.bonus!.headline;
      // No page anywhere in the rebuilt site shows the old text.
      for (const f of (await changed.files()).filter((x) => x.endsWith('.html'))) {
        expect(await changed.read(f), f).not.toContain(old);
      }
      // Where a reader sees it: the card and the app entry (prose never types offer terms).
      const ranking = await changed.page(routes[0]!);
      const card = ranking('.op-card').filter((_, c) => textOf(ranking(c).find('.op-bonus')) === next);
      expect(card).toHaveLength(1);
      expect(textOf(card.find('.offer-checked-line'))).toMatch(/^Terms checked January 2025\. Full terms on /);
      expect(textOf(ranking('.prose'))).not.toContain(next);
      const apps = await changed.page(routes[1]!);
      expect(apps('.app-card').filter((_, c) => textOf(apps(c).find('.op-bonus')) === next)).toHaveLength(1);
    },
  );
});
