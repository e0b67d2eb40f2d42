import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { build } from '../src/index.js';
import * as odds from '../templates/lib/odds.js';
import { BONUS_BETS_EXAMPLE } from '../templates/blocks/tools/OfferTool.js';
import { offerValue } from '../templates/lib/offer-value.js';
import { builtSite, buildRealSite, repoRoot } from './helpers.js';
import { scaled } from './machine.js';

const TOOLS = {
  '/tools/odds-calculator': 'tool-odds',
  '/tools/offer-value-calculator': 'tool-offer-value',
  '/tools/tax-on-winnings-calculator': 'tool-tax',
  '/tools/gambling-self-check': 'tool-self-check',
} as const;

describe('the tools in the real site', () => {
  it('each tool page loads its own script only (at most 10 KB gzipped); a page without a tool loads none', async () => {
    const site = await buildRealSite();
    for (const [route, name] of Object.entries(TOOLS)) {
      const $ = await site.page(route);
      const scripts = $('script[src]')
        .map((_, el) => $(el).attr('src'))
        .get();
      const own = scripts.filter((src) => src.includes('/assets/tool-'));
      expect(own, route).toHaveLength(1);
      expect(own[0], route).toMatch(new RegExp(`^/assets/${name}-[A-Z2-7]{8}\\.js$`));
      expect($(`script[src="${own[0]}"]`).attr('defer'), route).toBeDefined();
      const bytes = gzipSync(Buffer.from(await site.read(own[0]!.slice(1)))).length;
      expect(bytes, `${name} gzipped`).toBeLessThanOrEqual(10 * 1024);
      // Compliance lines as on every page, and the tool says what it is.
      expect($('body').text(), route).toContain('1-800-GAMBLER');
      expect($('body').text(), route).toMatch(/21\+/);
      expect($('.tool-what').text(), route).toMatch(/not (tax )?advice|not a diagnosis|not whether a bet/);
      // No inline script or style anywhere on a tool page (strict CSP).
      expect($('script:not([src]):not([type="application/ld+json"])'), route).toHaveLength(0);
      expect($('[style]'), route).toHaveLength(0);
    }
    expect((await site.read('pennsylvania-betting-odds-explained.html')).includes('/assets/tool-')).toBe(false);
  });

  it('lists the tools in sitemap.xml and the HTML sitemap, and the guides that explain them link them', async () => {
    const site = await buildRealSite();
    const xml = await site.read('sitemap.xml');
    const $map = await site.page('/sitemap');
    for (const route of ['/tools', ...Object.keys(TOOLS)]) {
      expect(xml, route).toContain(`https://www.pabetguide.com${route}</loc>`);
      expect($map(`a[href="${route}"]`).length, route).toBeGreaterThan(0);
    }
    for (const [guide, tool] of [
      ['/pennsylvania-betting-odds-explained', '/tools/odds-calculator'],
      ['/betting-promos', '/tools/offer-value-calculator'],
      ['/casino-bonuses', '/tools/offer-value-calculator'],
      ['/pa-gambling-laws', '/tools/tax-on-winnings-calculator'],
      ['/responsible-gambling', '/tools/gambling-self-check'],
      ['/tools', '/tools/gambling-self-check'],
    ]) {
      const $ = await site.page(guide!);
      expect($(`main a[href="${tool}"]`).length, `${guide} → ${tool}`).toBeGreaterThan(0);
    }
  });

  it('prints worked examples from the same module the tools run', async () => {
    const site = await buildRealSite();
    const oddsText = (await site.page('/tools/odds-calculator'))('.tool-example').text();
    expect(oddsText).toContain(odds.money(odds.profit(100, -110)));
    expect(oddsText).toContain(odds.formatAmerican(odds.decimalToAmerican(odds.parlayDecimal([-110, 150, -200]))));
    const offer = (await site.page('/tools/offer-value-calculator'))('.tool-example').text();
    const bets = offerValue(BONUS_BETS_EXAMPLE);
    expect(offer).toContain(odds.money(bets.value));
    // The tax page cites each year's rules.
    const $tax = await site.page('/tools/tax-on-winnings-calculator');
    const sources = $tax('.sources, [aria-labelledby*="sources"], section').text();
    for (const publisher of [
      'Taxable Talk',
      'Kiplinger',
      'Internal Revenue Service',
      'Pennsylvania Department of Revenue',
    ])
      expect(sources, publisher).toContain(publisher);
    expect((await site.page('/tools/gambling-self-check'))('body').text()).toContain('Wynne');
  });

  it('fills in from a current reviewed offer only (a stale offer never pre-fills); tax years follow the build date', {
    timeout: scaled(120_000),
  }, async () => {
    const real = await buildRealSite();
    // The real build's offers are past the staleness limit: no "fill in" button.
    expect((await real.page('/tools/offer-value-calculator'))('[data-fill]')).toHaveLength(0);
    const out = await mkdtemp(path.join(tmpdir(), 'pa-site-tools-'));
    try {
      const result = await build({ root: repoRoot, outDir: out, today: new Date('2025-01-20'), cache: false });
      expect(result.ok).toBe(true);
      const $ = await builtSite(result).page('/tools/offer-value-calculator');
      const fills = $('[data-fill]')
        .toArray()
        .map((el) => JSON.parse($(el).attr('data-fill')!) as Record<string, string>);
      expect(fills.length).toBeGreaterThan(0);
      for (const f of fills) {
        expect(['bonus-bets', 'refund', 'deposit-match', 'casino-credits', 'spins']).toContain(f.type);
        // Only what the terms state: numbers or nothing, never a guess.
        for (const [k, v] of Object.entries(f)) if (k !== 'type') expect(v, k).toMatch(/^([+-]?\d+(\.\d+)?)?$/);
      }
      expect($('.tool-fill').text()).toMatch(/checked January 2025/);
      // A build dated 2025 offers no tax year that had not begun, and its example is 2025's.
      const $tax = await builtSite(result).page('/tools/tax-on-winnings-calculator');
      const years = $tax('#tax-year option')
        .map((_, el) => Number($tax(el).attr('value')))
        .get();
      expect(Math.max(...years)).toBe(2025);
      expect($tax('.tool-example').text()).toContain('Example (2025)');
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});
