import { readFile, readdir, rm, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type * as cheerio from 'cheerio';
import { build } from '../src/index.js';
import { buildRealSite, builtSite, copyOfContent, repoRoot, textOf, type BuiltSite } from './helpers.js';

/** The operator data as a reader should see it: parsed straight from content/operators. */
interface OperatorYaml {
  id: string;
  kind: 'sportsbook' | 'casino';
  name: string;
  shortName: string;
  rank: number;
  rating: number;
  featured?: boolean;
  licensee: string;
  officialUrl: string;
  affiliateUrl?: string;
  bonus: { headline: string };
  app?: { rating: number; features: string[]; bonus?: string; games?: string };
}

async function operators(root = repoRoot): Promise<OperatorYaml[]> {
  const dir = path.join(root, 'content', 'operators');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.yaml'));
  const all = await Promise.all(
    files.map(async (f) => ({
      id: f.replace(/\.yaml$/, ''),
      ...(parse(await readFile(path.join(dir, f), 'utf8')) as Omit<OperatorYaml, 'id'>),
    })),
  );
  return all.sort((a, b) => a.rank - b.rank);
}
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
  { route: '/best-pa-sportsbooks', kind: 'sportsbook' as const },
  { route: '/best-pa-online-casinos', kind: 'casino' as const },
];
const STAT_VALUES = ['15+', '$873M', '2019', '2,500+', '24hr'];

describe.each(rankingPages)('ranking page $route', ({ route, kind }) => {
  it('lists the five ranked operators as cards, best first, with rank numbers 1 to 5', async () => {
    const $ = await site.page(route);
    const expected = ofKind(ops, kind).slice(0, 5);
    expect(expected).toHaveLength(5);
    const cards = $('.op-list .op-card');
    expect(cards).toHaveLength(5);
    const shown = cards.toArray().map((c) => ({
      rank: textOf($(c).find('.op-rank')),
      name: textOf($(c).find('h3')),
      bonus: textOf($(c).find('.op-bonus')),
    }));
    expect(shown.map((s) => s.rank)).toEqual(['Rank #1', 'Rank #2', 'Rank #3', 'Rank #4', 'Rank #5']);
    expect(shown.map((s) => s.name)).toEqual(expected.map((o) => o.name));
    expect(shown.map((s) => s.bonus)).toEqual(expected.map((o) => o.bonus.headline));
    // Each card's button goes to that operator, as a sponsored link.
    cards.toArray().forEach((c, i) => {
      const cta = $(c).find('a.btn-cta');
      expect(cta.attr('href')).toBe(expected[i]!.affiliateUrl ?? expected[i]!.officialUrl);
      expect(cta.attr('rel')).toContain('sponsored');
    });
  });

  it("marks exactly one card EDITOR'S CHOICE, the featured operator's", async () => {
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
    expect(values).toEqual(STAT_VALUES);
  });

  it('shows the ranking criteria as cards', async () => {
    const $ = await site.page(route);
    const criteria = $('.cards').filter((_, s) => /How We Rank/.test(textOf($(s).find('h2'))));
    expect(criteria).toHaveLength(1);
    expect(criteria.find('.card').length).toBeGreaterThanOrEqual(5);
  });

  it('carries a long guide that names each brand with its licence holder and its current offer', async () => {
    const $ = await site.page(route);
    expect(proseWords($)).toBeGreaterThanOrEqual(1200);
    const prose = textOf($('.prose'));
    for (const o of ofKind(ops, kind).slice(0, 5)) {
      expect(prose).toContain(o.name);
      expect(prose).toContain(o.licensee);
      expect(prose).toContain(o.bonus.headline);
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
    for (const topic of ['legal', 'sports you can bet on', 'bet types', 'bonus', 'withdrawals', 'responsibly']) {
      expect(
        headings.some((h) => h.includes(topic)),
        `a section on ${topic}`,
      ).toBe(true);
    }
    // How a winning bonus bet pays: profit only.
    expect(textOf($('.prose'))).toContain('A $50 bonus bet at the same odds pays back $75');
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
  { route: '/pa-sports-betting-apps', kind: 'sportsbook' as const, figures: { '11': /sportsbook apps/i } },
  {
    route: '/pa-online-casino-apps',
    kind: 'casino' as const,
    figures: { '15+': /casino apps/i, '5,000+': /casino games/i },
  },
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
      expect(textOf($(e).find('.stars .visually-hidden'))).toBe(`Rated ${o.app!.rating.toFixed(1)} out of 5`);
      expect(textOf($(e).find('.op-bonus'))).toBe(o.app!.bonus ?? o.bonus.headline);
      expect($(e).find('.op-features li')).toHaveLength(o.app!.features.length);
      if (kind === 'casino') expect(textOf($(e).find('.app-games'))).toBe(`${o.app!.games} casino games`);
      const button = $(e).find('a.btn-cta');
      expect(textOf(button)).toMatch(/^Get App/);
      expect(button.attr('href')).toBe(o.affiliateUrl ?? o.officialUrl);
    });
  });

  it('names each brand with its licence holder, has a FAQ and links only to real pages', async () => {
    const $ = await site.page(route);
    const prose = textOf($('.prose'));
    for (const o of ofKind(ops, kind)) expect(prose).toContain(`${o.name}, licensed through ${o.licensee}`);
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
      expect(textOf($('.hero .updated'))).toBe('Last Updated: January 2025');
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
    const result = await build({ root: copy.root, outDir: out });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    changed = builtSite(result);
  });
  afterAll(() => cleanup?.());

  it.each(changes)(
    'a new $id headline replaces the old one on every page that showed it',
    async ({ id, routes, next }) => {
      const old = ops.find((o) => o.id === id)!.bonus.headline;
      const htmlFiles = (await site.files()).filter((f) => f.endsWith('.html'));
      const showing: string[] = [];
      for (const f of htmlFiles) if ((await site.read(f)).includes(old)) showing.push(f);
      // The old headline was on the ranking list, the apps page and in the guide prose.
      for (const r of routes) expect(showing).toContain(`${r.slice(1)}.html`);

      for (const f of showing) {
        const html = await changed.read(f);
        expect(html, `${f} still shows the old headline`).not.toContain(old);
        expect(html, `${f} shows the new headline`).toContain(next);
      }
      // No page anywhere in the rebuilt site still shows the old text.
      for (const f of (await changed.files()).filter((x) => x.endsWith('.html'))) {
        expect(await changed.read(f), f).not.toContain(old);
      }
      // Where a reader sees it: the card, the app entry and the guide.
      const ranking = await changed.page(routes[0]!);
      expect(ranking('.op-card').filter((_, c) => textOf(ranking(c).find('.op-bonus')) === next)).toHaveLength(1);
      expect(textOf(ranking('.prose'))).toContain(next);
      const apps = await changed.page(routes[1]!);
      expect(apps('.app-card').filter((_, c) => textOf(apps(c).find('.op-bonus')) === next)).toHaveLength(1);
    },
  );
});
