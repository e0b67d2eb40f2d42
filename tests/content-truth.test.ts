import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/index.js';
import { builtSite, repoRoot, textOf, type BuiltSite } from './helpers.js';
import { scaled } from './machine.js';

/**
 * Issue #58, the content half (defects 4, 6, 7, 8 and 9 as a reader meets them): claims no source
 * gives, dates true to the build, the whole licensed market, promises the pages keep, and 21+ with the
 * help line on every HTML file. Two builds: one dated today (2026-12-06) and one dated 2025-01-20.
 */
const TODAY = '2026-12-06';
const JANUARY = '2025-01-20';

const dirs: string[] = [];
async function buildDated(today: string): Promise<BuiltSite> {
  const out = await mkdtemp(path.join(tmpdir(), 'pa-site-truth-'));
  dirs.push(out);
  const result = await build({ root: repoRoot, outDir: out, today });
  expect(result.ok, JSON.stringify(result.diagnostics.slice(0, 3))).toBe(true);
  return builtSite(result);
}
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

type Texts = Map<string, string>;
/** Each page's reader-visible text (scripts and styles left out), by route. */
async function textsOf(site: BuiltSite): Promise<Texts> {
  const out: Texts = new Map();
  for (const route of site.result.routes) {
    const $ = await site.page(route);
    $('script, style').remove();
    out.set(route, textOf($('body')));
  }
  return out;
}
const routesWith = (texts: Texts, phrase: string | RegExp) =>
  [...texts].filter(([, t]) => (typeof phrase === 'string' ? t.includes(phrase) : phrase.test(t))).map(([r]) => r);

let today: BuiltSite;
let january: BuiltSite;
let now: Texts;
let then: Texts;
beforeAll(async () => {
  [today, january] = await Promise.all([buildDated(TODAY), buildDated(JANUARY)]);
  [now, then] = await Promise.all([textsOf(today), textsOf(january)]);
}, scaled(180_000));

/** Defect 4: each was a claim no facts sheet supports (operators.md has minimums and fees as gaps). */
const UNSOURCED = [
  'publishes its own payout time',
  'No fees on deposits or withdrawals',
  '600+',
  '450+',
  'lowest of the five',
  'the lowest minimum deposit',
  'Minimum withdrawal $10',
  'state no deposit or withdrawal fees',
  'under the same license holder',
  'Typical withdrawal approval',
  'approved within 24 hours',
  '$0.50 to $1',
  'A published game count',
] as const;

describe('claims no source gives (#58, defect 4)', () => {
  it.each(UNSOURCED)('"%s" is on no page of either build', (phrase) => {
    const anyCase = new RegExp(phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
    expect([...routesWith(now, anyCase), ...routesWith(then, anyCase)]).toEqual([]);
  });

  it("the casino FAQ no longer says one license holder runs a brand's sportsbook and casino", () => {
    const faq = now.get('/best-pa-online-casinos')!;
    expect(faq).toContain('different license holders');
  });
});

describe('dates true to the build (#58, defect 6)', () => {
  it('no page carries a fixed "Updated for January 2025" badge or title', () => {
    for (const texts of [now, then])
      expect(routesWith(texts, /Updated for January 2025|\(January 2025\) \|/)).toEqual([]);
  });

  it('a build dated 2025-01-20 shows no page as updated after its date', async () => {
    const late = [];
    for (const route of january.result.routes) {
      const $ = await january.page(route);
      const when = $('.byline time, .updated time').attr('datetime');
      if (when && when > JANUARY) late.push(`${route}: ${when}`);
    }
    expect(late).toEqual([]);
  });

  it('the sportsbook stat strip uses the newest sourced count and handle with their months', async () => {
    const strip = (s: BuiltSite) =>
      s.page('/best-pa-sportsbooks').then(($) => textOf($('.stats, .stat-strip').first()));
    const dec = await strip(today);
    expect(dec).toContain('12');
    expect(dec).toContain('September 2025');
    expect(dec).toContain('January 2026');
    expect(dec).not.toContain('$873.1M');
    const jan = await strip(january);
    expect(jan).toContain('11');
    expect(jan).toContain('January 2025');
    expect(jan).not.toMatch(/September 2025|2026/);
  });

  it('the W-2G slot line and the loss deduction are those in force on the build date, with sources', async () => {
    const laws = (s: BuiltSite) => s.page('/pa-gambling-laws');
    const dec = await laws(today);
    const decText = textOf(dec('main'));
    expect(decText).toMatch(/Slot machines and bingo \$2,000 or more/);
    expect(decText).toContain('90% of your gambling losses');
    expect(dec('.page-sources, #sources').text()).toMatch(/Taxable Talk|CDC Gaming/);
    const jan = textOf((await laws(january))('main'));
    expect(jan).toMatch(/Slot machines and bingo \$1,200 or more/);
    expect(jan).not.toContain('90%');
  });

  it("a build dated 2025-01-20 reports no 2025 or 2026 event of the reviews' own prose", () => {
    for (const phrase of [
      'Brubaker',
      'lawsuit over its deposit match',
      'If you have excluded yourself',
      'theScore Bet',
    ])
      expect(routesWith(then, phrase), phrase).toEqual([]);
    expect(now.get('/caesars-casino-pennsylvania-review')).toContain('Brubaker');
  });
});

describe('the whole licensed market (#58, what to build 4)', () => {
  const rosterOf = async (s: BuiltSite, route: string) => {
    const $ = await s.page(route);
    return $('.roster tbody tr')
      .map((_, tr) => textOf($(tr)))
      .get();
  };

  it('the sportsbook hub lists every brand with its status as of the build date', async () => {
    const dec = await rosterOf(today, '/sportsbooks');
    expect(dec.length).toBe(13);
    expect(dec.find((r) => r.startsWith('theScore Bet'))).toContain('December 1, 2025');
    expect(dec.find((r) => r.startsWith('Betfred'))).toContain('Closed');
    expect(dec.filter((r) => r.includes('Read our review'))).toHaveLength(5);
    const jan = await rosterOf(january, '/sportsbooks');
    expect(jan.find((r) => r.startsWith('ESPN BET'))).toContain('Taking bets as ESPN BET in January 2025');
    expect(jan.find((r) => r.startsWith('Betfred'))).not.toContain('Closed');
    expect(jan.join(' ')).not.toContain('theScore');
  });

  it('the casino hub lists the casinos the PGCB licensed, reviewed or not', async () => {
    const dec = await rosterOf(today, '/online-casinos');
    for (const brand of ['Hollywood Casino', 'Golden Nugget', 'PokerStars', 'Fanatics Casino', 'Unibet Casino'])
      expect(
        dec.some((r) => r.startsWith(brand)),
        brand,
      ).toBe(true);
    expect(dec.filter((r) => r.includes('Read our review'))).toHaveLength(5);
  });
});

describe('promises kept (#58, defect 7)', () => {
  it('empty offer pages say so first', async () => {
    for (const route of ['/betting-promos', '/casino-bonuses']) {
      const $ = await today.page(route);
      const first = textOf($('main .prose p').first());
      expect(first, route).toMatch(/^No (casino )?welcome offer on this page is recent enough/);
    }
    expect(routesWith(then, 'recent enough to show as current')).toEqual([]);
  });

  it.each([
    ['/about', 'fastest payout'],
    ['/', 'payout speeds'],
    ['/pa-sports-betting-apps', 'payout speeds'],
    ['/about', 'launches, changes to welcome offers'],
    ['/about', "an operator's published terms, PGCB records, the law or a tax authority"],
    ['/casino-bonuses', 'Every online casino welcome offer we list, each with its key terms'],
    ['/pennsylvania-betting-odds-explained', 'evens'],
  ])('%s no longer says "%s"', (route, phrase) => {
    expect(now.get(route)).not.toContain(phrase);
  });
});

describe('21+ and the help line on every HTML file (#58, defect 9)', () => {
  it('every .html in both builds, the redirect pages included, carries 21+ and 1-800-GAMBLER', async () => {
    const missing: string[] = [];
    for (const site of [today, january]) {
      const files = (await readdir(site.dir, { recursive: true })).filter((f) => f.endsWith('.html'));
      expect(files).toContain('understanding-odds.html');
      for (const f of files) {
        const $ = cheerio.load(await readFile(path.join(site.dir, f), 'utf8'));
        const body = textOf($('body'));
        if (!body.includes('21+') || !body.includes('1-800-GAMBLER')) missing.push(f);
      }
    }
    expect(missing).toEqual([]);
  });
});
