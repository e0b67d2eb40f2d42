import { beforeAll, describe, expect, it } from 'vitest';
import { buildRealSite, textOf, type BuiltSite } from './helpers.js';

let site: BuiltSite;

describe('design components on the real site', () => {
  beforeAll(async () => {
    site = await buildRealSite();
  });

  const operators = () => site.result.site!.operators;

  it('ranking heroes show the top three rated of their kind, with no offer amounts or operator links', async () => {
    // Home lists its own top three just below, so its hero shows who may play instead of repeating them.
    expect((await site.page('/'))('.hero .top-offer')).toHaveLength(0);
    for (const [route, kind] of [
      ['/best-pa-sportsbooks', 'sportsbook'],
      ['/best-pa-online-casinos', 'casino'],
    ] as const) {
      const $ = await site.page(route);
      // Only operators that meet the published bar are among the top: fewer than three when fewer do.
      const top = operators()
        .filter((o) => o.kind === kind && o.meetsBar)
        .slice(0, 3);
      const entries = $('.hero .top-offer');
      expect(top.length, route).toBeGreaterThanOrEqual(2);
      expect(entries.length, route).toBe(top.length);
      entries.each((i, el) => {
        const o = top[i]!;
        expect(textOf($(el).find('.top-offer-name')), route).toBe(o.name);
        expect(textOf($(el).find('.stars')), route).toContain(`Rated ${o.rating!.toFixed(1)} out of 5`);
        expect($(el).find('a').length, route).toBeLessThanOrEqual(1);
        expect($(el).find('a[target], a[rel~="sponsored"]').length, route).toBe(0);
        expect(textOf($(el)), route).not.toContain('$');
      });
    }
  });

  it('operators show a wordmark drawn from their data (brand colour and name), not a monogram', async () => {
    const $ = await site.page('/best-pa-sportsbooks');
    for (const o of operators().filter((x) => x.kind === 'sportsbook')) {
      const card = $(`#op-${o.id}`).closest('.op-card');
      const mark = $('.hero .top-offer svg.op-wordmark, .op-card svg.op-wordmark')
        .filter((_, svg) => $(svg).find('rect').attr('fill') === o.brandColor)
        .first();
      expect(mark.length, o.id).toBe(1);
      expect(textOf(mark.find('text').first()), o.id).toBe(o.shortName.replace(/\s+(casino|sportsbook)$/i, ''));
      expect(mark.attr('aria-hidden')).toBe('true');
      expect(card.length, o.id).toBe(1);
    }
  });

  it('reviews open with a summary box of pros and cons, the offer box once right after it', async () => {
    for (const o of operators().filter((x) => x.review)) {
      const route = site.result.site!.pages.find(
        (p) => p.data.template === 'review' && p.data.operator === o.id,
      )?.route;
      if (!route) continue;
      const $ = await site.page(route);
      const box = $('.content .glance');
      expect(box.length, route).toBe(1);
      expect(box.find('.glance-pros li').length, route).toBe(o.review!.pros.length);
      expect(box.find('.glance-cons li').length, route).toBe(o.review!.cons.length);
      // The offer box is shown once per review (#40): not in the summary, but in the section after it.
      expect(box.find('.op-offer').length, route).toBe(0);
      expect(box.next().is('.review-offer'), route).toBe(true);
      const offer = $('.review-offer .op-offer');
      if (offer.find('.op-bonus').length) {
        expect(textOf(offer.find('.op-bonus')), route).toBe(o.bonus?.headline);
        expect(textOf(offer.find('.key-terms')), route).toContain('Min. deposit');
      }
      // It comes first in the content, and the scorecard with the rating sits in the hero.
      expect($('.content-main').children().first().is('.glance'), route).toBe(true);
      expect(textOf($('.hero .review-facts')), route).toContain(
        o.rating === undefined ? 'Not rated: too little public evidence' : `${o.rating.toFixed(1)} / 5`,
      );
    }
  });

  it('long pages get a table of contents listing their sections; short ones and Home do not', async () => {
    const $ = await site.page('/pa-gambling-laws');
    const links = $('.toc .toc-list a')
      .map((_, a) => $(a).attr('href')!)
      .get();
    expect(links.length).toBeGreaterThanOrEqual(4);
    for (const href of links) expect($(`[id="${href.slice(1)}"]`).length, href).toBe(1);
    expect(links).toContain('#faqs');
    expect((await site.page('/'))('.toc').length).toBe(0);
    expect((await site.page('/contact'))('.toc').length).toBe(0);
  });
});
