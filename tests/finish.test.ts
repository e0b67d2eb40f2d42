import { beforeAll, describe, expect, it } from 'vitest';
import { starCounts } from '../templates/components/Operator.js';
import { buildRealSite, textOf, type BuiltSite } from './helpers.js';

let site: BuiltSite;
const routes = () => site.result.routes;

describe('finish of the real site', () => {
  beforeAll(async () => {
    site = await buildRealSite();
  });

  it('rounds a rating to the nearest half star: 4.5 shows four and a half', () => {
    expect(starCounts(4.5)).toEqual({ full: 4, half: 1, empty: 0 });
    expect(starCounts(4.4)).toEqual({ full: 4, half: 1, empty: 0 });
    expect(starCounts(4.7)).toEqual({ full: 4, half: 1, empty: 0 });
    expect(starCounts(4.8)).toEqual({ full: 5, half: 0, empty: 0 });
    expect(starCounts(4.2)).toEqual({ full: 4, half: 0, empty: 1 });
    expect(starCounts(3)).toEqual({ full: 3, half: 0, empty: 2 });
  });

  it('draws every card rating as whole, half and empty stars that add up to five', async () => {
    for (const route of ['/best-pa-sportsbooks', '/best-pa-online-casinos']) {
      const $ = await site.page(route);
      const cards = $('.op-card');
      expect(cards.length).toBe(5);
      for (const c of cards.toArray()) {
        const name = textOf($(c).find('h3'));
        const o = site.result.site!.operators.find((x) => x.name === name)!;
        const icons = $(c).find('.stars-icons');
        if (o.rating === undefined) {
          // Not rated: the card says so in words, with no stars.
          expect(icons, name).toHaveLength(0);
          expect(textOf($(c).find('.op-title .stars')), name).toBe('Not rated: too little public evidence');
          continue;
        }
        const half = icons.find('.stars-half').length;
        const empty = [...textOf(icons.find('.stars-empty'))].length;
        const full = [...textOf(icons)].length - half - empty;
        expect({ full, half, empty }, `${route} ${name} ${o.rating}`).toEqual(starCounts(o.rating));
      }
    }
    // A rating such as 4.5 or 2.5 draws a half star, not a whole one.
    const $ = await site.page('/best-pa-sportsbooks');
    const halves = site.result.site!.operators.filter((o) => o.kind === 'sportsbook' && starCounts(o.rating ?? 0).half);
    expect(halves.length).toBeGreaterThan(0);
    for (const o of halves) expect($(`#op-${o.id}`).closest('.op-card').find('.stars-half'), o.id).toHaveLength(1);
  });

  it('writes the possessive of a name ending in s (Caesars, DraftKings) with an apostrophe alone', async () => {
    for (const route of routes()) {
      const $ = await site.page(route);
      expect(textOf($('body')).match(/\b[A-Z]\w*s's\b/g), route).toBeNull();
    }
  });

  it("ranks casinos on the criteria in a casino's words: no handle, reported only by license holder", async () => {
    const $ = await site.page('/best-pa-online-casinos');
    const criteria = $('.cards-grid').filter((_, g) => $(g).find('.card-title').length === 2);
    expect(criteria).toHaveLength(1);
    expect(textOf(criteria)).toMatch(/online casino revenue by license holder/);
    expect(textOf(criteria)).not.toMatch(/spread|minimum odds|odds & markets/i);
    const books = await site.page('/best-pa-sportsbooks');
    expect(textOf(books('.cards-grid'))).toMatch(/online handle/);
  });

  it('highlights the header section a page belongs to, and none for a page outside the menu', async () => {
    const expected: Record<string, string | null> = {
      '/': '/',
      '/about': '/about',
      '/contact': '/about',
      '/best-pa-sportsbooks': '/sportsbooks',
      '/best-pa-online-casinos': '/online-casinos',
      '/pa-sports-betting-apps': '/sportsbooks',
      '/pa-online-casino-apps': '/online-casinos',
      '/fanduel-pennsylvania-review': '/sportsbooks',
      '/how-to-bet-on-sports': '/betting-guides',
      '/pennsylvania-betting-odds-explained': '/betting-guides',
      '/pa-gambling-laws': '/pa-gambling-laws',
      '/responsible-gambling': null,
    };
    for (const [route, section] of Object.entries(expected)) {
      const $ = await site.page(route);
      const active = $('.site-header .nav-item.is-active > a.nav-link');
      expect(active.length ? active.attr('href') : null, route).toBe(section);
    }
  });
});
