import { beforeAll, describe, expect, it } from 'vitest';
import type { CheerioAPI } from 'cheerio';
import type { Site } from '../src/model.js';
import { buildRealSite, textOf, type BuiltSite } from './helpers.js';
import { scaled } from './machine.js';
import { money, percent } from '../templates/lib/odds.js';
import { PGSI_QUESTIONS, PGSI_SOURCE } from '../templates/lib/pgsi.js';
import { TAX_YEARS } from '../templates/lib/tax.js';

/**
 * Issue #40, point 7: every page's Sources list matches what the page states. Built from the real
 * content: each listed source must stand behind some value the page shows, and each sourced figure
 * a page shows must have its source listed (a figure typed without `{{…}}` has no `source:` the
 * build can see, and fails here). tests/sources.test.ts covers a `source:` missing from the data.
 */

/** Fields that name or locate a thing rather than state a fact its source gives. */
const NOT_STATEMENTS = new Set(['source', 'id', 'name', 'shortName', 'brand', 'operator', 'kind', 'termsUrl', 'url']);
const NOT_STATEMENTS_PATTERN = /^(?:href|logo|color|verified|checked|slug)$/;

/** Every string a `source:` stands behind, by source id: the leaves of each object that names a source. */
function valuesBySource(site: Site, tools = false): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const add = (ids: readonly string[], v: string) => {
    if (v.includes('{{') || v.trim().length < 2) return;
    for (const id of ids) {
      if (!out.has(id)) out.set(id, new Set());
      out.get(id)!.add(v.trim());
    }
  };
  const walk = (node: unknown, ids: readonly string[]) => {
    if (typeof node === 'string' || typeof node === 'number') {
      if (ids.length) add(ids, String(node));
      return;
    }
    if (Array.isArray(node)) {
      for (const x of node) walk(x, ids);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const rec = node as Record<string, unknown>;
    const own = rec.source === undefined ? ids : ([] as string[]).concat(rec.source as string | string[]);
    for (const [k, v] of Object.entries(rec)) {
      if (NOT_STATEMENTS.has(k) || NOT_STATEMENTS_PATTERN.test(k)) continue;
      // A handle in dollars reads "$145.9 million" on the page.
      if (k === 'handle' && typeof v === 'number') add(own, `$${(v / 1e6).toFixed(1)} million`);
      walk(v, own);
    }
  };
  const { facts, market, helpline, roster } = site.config;
  walk({ facts, market, helpline, roster }, []);
  for (const o of site.operators) walk(o, []);
  // The tools' rules cite their sources in code (templates/lib): each year's figures as the pages print them.
  if (tools) {
    for (const r of TAX_YEARS) {
      for (const v of [r.slotsBingo, r.keno, r.poker, r.other]) add(r.sources.w2g, money(v));
      add(r.sources.withholding, percent(r.withholdingRate, 0));
      add(r.sources.losses, percent(r.lossShare, 0));
    }
    for (const t of site.config.compliance?.incomeTax ?? []) add(([] as string[]).concat(t.source), percent(t.rate));
    add([PGSI_SOURCE], PGSI_QUESTIONS[0]!);
  }
  return out;
}

/** The page's text without its Sources list, and the source ids that list shows. */
function readPage($: CheerioAPI) {
  const listed = $('.sources-list li')
    .map((_, li) => ($(li).attr('id') ?? '').replace(/^source-/, ''))
    .get();
  $('script, style, .page-sources').remove();
  // The content, not the header, footer or compliance strip every page shares.
  return { listed, text: textOf($('main')) };
}

/**
 * A figure distinctive enough that, where a page shows it, it states that fact ("3.07%", "2 to 5 days"),
 * unlike a bare duration ("24 hours" a day) or a month ("January 2025", also the page's updated date).
 */
const isFigure = (v: string) =>
  /\d/.test(v) && v.length >= 5 && !/^\d+ (?:hours?|days?)$/.test(v) && !/^[A-Z][a-z]+ \d{4}$/.test(v);

/**
 * A figure that a page shows for another reason than the fact of that value: "$2,000" is the 2026 W-2G
 * slot line (#58), and also a worked example's sum on /casino-bonuses (20 × $100) and the check amount
 * in DraftKings' withdrawal rule, each cited as what it is.
 */
const COINCIDENT = new Map([['$2,000', ['/casino-bonuses', '/draftkings-pennsylvania-review']]]);

let site: BuiltSite;
let bySource: Map<string, Set<string>>;
let pages: { route: string; listed: string[]; text: string }[];
beforeAll(async () => {
  site = await buildRealSite();
  bySource = valuesBySource(site.result.site!, true);
  pages = await Promise.all(site.result.routes.map(async (route) => ({ route, ...readPage(await site.page(route)) })));
}, scaled(120_000));

describe('issue #40 point 7: Sources lists match the page', () => {
  it('lists no source the page does not use', () => {
    const unused = pages.flatMap((p) =>
      p.listed
        .filter((id) => ![...(bySource.get(id) ?? [])].some((v) => p.text.includes(v)))
        .map((id) => `${p.route}: ${id}`),
    );
    expect(unused).toEqual([]);
  });

  it('lists the source of every sourced figure from site.yaml the page shows', () => {
    // site.yaml's figures and market; the help line is in every page's compliance strip, cited where stated.
    const { helpline: _, ...config } = site.result.site!.config;
    const figures = valuesBySource({ ...site.result.site!, config: config as Site['config'], operators: [] });
    const sourcesOf = new Map<string, string[]>();
    for (const [id, values] of figures)
      for (const v of values) if (isFigure(v)) sourcesOf.set(v, [...(sourcesOf.get(v) ?? []), id]);
    // A value any listed source also stands behind (BetRivers' own "2 to 5 days") is that source's figure.
    const backedBy = (v: string, listed: string[]) => listed.some((id) => bySource.get(id)?.has(v));
    const missing = pages.flatMap((p) =>
      [...sourcesOf]
        .filter(([v]) => !COINCIDENT.get(v)?.includes(p.route))
        .filter(([v, ids]) => p.text.includes(v) && !ids.some((id) => p.listed.includes(id)) && !backedBy(v, p.listed))
        .map(([v, ids]) => `${p.route}: "${v}" (${ids.join(' or ')})`),
    );
    expect(missing).toEqual([]);
  });

  it('/pa-gambling-laws lists the PGCB FAQ, the OCPG and 58 Pa. Code §501a.7, which it states', () => {
    const laws = pages.find((p) => p.route === '/pa-gambling-laws')!;
    expect(laws.listed).toEqual(expect.arrayContaining(['pgcb-self-exclusion', 'ocpg', 'pa-code-501a7']));
    expect(laws.text).toContain('four separate self-exclusion lists (casino, iGaming, video gaming terminals');
    expect(laws.text).toContain('Office of Compulsive and Problem Gambling');
    expect(laws.text).toContain('Gambling problem? Call 1-800-GAMBLER.');
  });

  it('the checks can fail: a planted unused source and an unlisted figure are found', () => {
    const planted = { listed: ['irs-w2g'], text: 'Pennsylvania taxes winnings at 3.07%.' };
    expect([...(bySource.get('irs-w2g') ?? [])].some((v) => planted.text.includes(v))).toBe(false);
    expect([...(bySource.get('pa-revenue') ?? [])].some((v) => isFigure(v) && planted.text.includes(v))).toBe(true);
  });
});
