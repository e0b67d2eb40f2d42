import { describe, expect, it } from 'vitest';
import { routeForFile } from '../urls/urls.js';
import { scanHtml } from './html.js';
import { bannedPhrases, checkPages, PAGE_RULES, type RuleContext, type RulePage } from './rules.js';
import { lookup } from './served.js';
import { checkSitemap, parseSitemap } from './sitemap.js';

const ORIGIN = 'https://example.com';
const COMPLIANCE = `<aside><p>You must be 21 or older and physically located in Pennsylvania to gamble online.</p>
<p>Gambling problem? Call 1-800-GAMBLER.</p><p>We may receive compensation from some operators.</p></aside>`;

interface PageSpec {
  title?: string | null;
  description?: string | null;
  canonical?: string | null;
  body?: string;
  compliance?: boolean;
  head?: string;
}

function html(route: string, s: PageSpec = {}): string {
  const title = s.title === undefined ? `Title of ${route}` : s.title;
  const description = s.description === undefined ? `Description of ${route}` : s.description;
  const canonical = s.canonical === undefined ? `${ORIGIN}${route}` : s.canonical;
  return `<html><head>${title === null ? '' : `<title>${title}</title>`}
${description === null ? '' : `<meta name="description" content="${description}">`}
${canonical === null ? '' : `<link rel="canonical" href="${canonical}">`}${s.head ?? ''}</head>
<body><main>${s.body ?? '<h1>Heading</h1>'}</main>${s.compliance === false ? '' : COMPLIANCE}</body></html>`;
}

function ctx(
  specs: Record<string, PageSpec>,
  opts: { sitemap?: string | null; ignore?: Record<string, string[]>; linked?: string[]; today?: string } = {},
) {
  const pages: RulePage[] = Object.entries(specs).map(([file, spec]) => {
    const route = routeForFile(file);
    return {
      file,
      url: route,
      scan: scanHtml(html(route, spec)),
      ignore: new Set(opts.ignore?.[file] ?? []),
      canonical: `${ORIGIN}${route}`,
    };
  });
  const files = new Set(Object.keys(specs));
  const locs = pages
    .filter((p) => p.file !== '404.html')
    .map((p) => `<url><loc>${ORIGIN}${p.url}</loc></url>`)
    .join('');
  return {
    pages,
    files,
    linkedTo: new Set(opts.linked ?? Object.keys(specs)),
    sitemap: opts.sitemap === undefined ? `<urlset>${locs}</urlset>` : opts.sitemap,
    offers: {
      policy: { warnAfterDays: 30, hardLimitDays: 90 },
      today: new Date(`${opts.today ?? '2025-01-20'}T00:00:00Z`),
    },
  };
}

/** The short disclosure a page shows above its first operator link. */
const DISCLOSED = '<p>We may receive compensation when you sign up through a link on this page.</p>';
const TERMS_LINK = '<a href="https://op.example/terms" rel="sponsored">T&amp;Cs apply</a>';
/** An offer box with its terms link, as the templates render it. */
const offerBox = (verified: string, state = 'current', terms = true) =>
  `<article class="op-card"><div class="op-offer" data-offer-verified="${verified}" data-offer-state="${state}">
<p>Bet $5, get $200 in bonus bets.</p></div>
<a class="btn-cta" href="https://op.example/" rel="sponsored nofollow">Claim</a>
<p>New customers only. ${terms ? TERMS_LINK : 'T&amp;Cs apply'}. 21+</p></article>`;

/** The sitemap's own findings, then the page rules, as check() runs them on a pa-site build. */
/** The Pennsylvania guide's pack, as site.yaml `compliance:` gives it. */
const PA = { age: 21, jurisdiction: 'Pennsylvania', helpline: '1-800-GAMBLER' };

const brief = (c: ReturnType<typeof ctx>, pack: RuleContext['pack'] = PA, settings: RuleContext['settings'] = {}) => {
  const map = checkSitemap({
    text: c.sitemap,
    required: true,
    siteOrigin: ORIGIN,
    lookup: (p) => lookup(p, 'clean', c.files),
    read: () => null,
  });
  return [
    ...map.findings,
    ...checkPages({ pages: c.pages, linkedTo: c.linkedTo, listed: map.listed, offers: c.offers, pack, settings }),
  ].map((f) => `${f.rule} ${f.places.map((p) => p.page).join(',') || '-'}: ${f.message}`);
};

describe('page rules', () => {
  it('passes pages that follow every rule', () => {
    expect(brief(ctx({ 'index.html': {}, 'about.html': {} }))).toEqual([]);
  });

  it('every rule has a one-line explanation', () => {
    for (const text of Object.values(PAGE_RULES)) expect(text).toMatch(/^[^\n]{20,120}$/);
  });

  it('requires the compliance reminder, help line and disclosure on content pages but not 404.html', () => {
    expect(
      brief(
        ctx({
          'index.html': {},
          'about.html': { compliance: false },
          '404.html': { compliance: false, canonical: null },
        }),
      ),
    ).toEqual([
      'compliance-age about.html: does not show the 21+ and Pennsylvania reminder',
      'compliance-helpline about.html: does not show the help line 1-800-GAMBLER',
      'compliance-disclosure about.html: does not show the compensation disclosure',
    ]);
  });

  it('runs no gambling rule on a plain site (no compliance pack), and names the jurisdiction of the pack', () => {
    const bare = `<h1>x</h1><section><a class="btn-cta" href="https://op.example/">Claim</a></section>
<p>A risk-free start.</p>`;
    const pages = { 'index.html': {}, 'about.html': { compliance: false, body: bare } };
    expect(brief(ctx(pages), null)).toEqual([]);
    const nj = { age: 21, jurisdiction: 'New Jersey', helpline: '1-800-GAMBLER' };
    // The Pennsylvania reminder does not satisfy New Jersey's age line.
    expect(
      brief(
        ctx({
          'index.html': {
            compliance: false,
            body: '<h1>x</h1><p>21+ in New Jersey. ' + 'Call 1-800-GAMBLER. We may receive compensation.</p>',
          },
          'b.html': {},
        }),
        nj,
      ),
    ).toEqual(['compliance-age b.html: does not show the 21+ and New Jersey reminder']);
  });

  it('turns rules off or makes them warnings as site.yaml check.rules says', () => {
    const c = ctx({ 'index.html': {}, 'about.html': { compliance: false } }, { linked: [] });
    const settings = { 'compliance-age': 'off', 'compliance-helpline': 'warning', 'orphan-page': 'off' } as const;
    expect(brief(c, PA, settings)).toEqual([
      'compliance-helpline about.html: does not show the help line 1-800-GAMBLER',
      'compliance-disclosure about.html: does not show the compensation disclosure',
    ]);
    const severities = checkPages({ ...c, listed: null, pack: PA, settings }).map((f) => `${f.rule} ${f.severity}`);
    expect(severities).toEqual(['compliance-helpline warning', 'compliance-disclosure error']);
  });

  it("requires 'T&Cs apply' and a terms link next to each operator CTA, and rel=sponsored on it", () => {
    const body = `<h1>x</h1>${DISCLOSED}<section><a class="btn-cta" href="https://op.example/" rel="sponsored">Claim</a>
<p><a href="https://op.example/terms" rel="sponsored">T&amp;Cs apply</a>.</p></section>
<section><a class="btn-cta" href="https://op2.example/">Claim</a></section>
<section><a class="btn-cta" href="https://op3.example/" rel="sponsored">Claim</a><p>T&amp;Cs apply.</p></section>`;
    expect(brief(ctx({ 'index.html': {}, 'offers.html': { body } }))).toEqual([
      "cta-terms offers.html: operator link to https://op2.example/ lacks 'T&Cs apply' and a link to the operator's " +
        'terms in its card or section',
      "cta-terms offers.html: operator link to https://op3.example/ lacks a link to the operator's terms in its card " +
        'or section',
      'cta-sponsored offers.html: operator link to https://op2.example/ has no rel="sponsored"',
    ]);
  });

  it('reports an offer without a terms link (seeded fault: no terms URL)', () => {
    const body = `<h1>x</h1>${DISCLOSED}${offerBox('2025-01-10', 'current', false)}`;
    expect(brief(ctx({ 'index.html': {}, 'offers.html': { body } }))).toEqual([
      "cta-terms offers.html: operator link to https://op.example/ lacks a link to the operator's terms in its card " +
        'or section',
    ]);
  });

  it('reports a sponsored link before the compensation disclosure (seeded fault)', () => {
    const late = `<h1>x</h1>${offerBox('2025-01-10')}${DISCLOSED}`;
    const early = `<h1>x</h1>${DISCLOSED}${offerBox('2025-01-10')}`;
    expect(brief(ctx({ 'index.html': {}, 'late.html': { body: late }, 'early.html': { body: early } }))).toEqual([
      'disclosure-order late.html: sponsored link to https://op.example/ comes before the compensation disclosure',
    ]);
  });

  it('judges offers shown as current by their verified date: warn, then error past the hard limit', () => {
    // Seeded fault: an offer shown as current although its terms were checked 120 days ago.
    const c = ctx(
      {
        'index.html': {},
        'fresh.html': { body: `<h1>x</h1>${DISCLOSED}${offerBox('2025-04-20')}` },
        'aging.html': { body: `<h1>x</h1>${DISCLOSED}${offerBox('2025-04-01')}` },
        'stale.html': { body: `<h1>x</h1>${DISCLOSED}${offerBox('2025-01-20')}` },
        'month.html': { body: `<h1>x</h1>${DISCLOSED}${offerBox('2025-01')}` },
        'withheld.html': { body: `<h1>x</h1>${DISCLOSED}${offerBox('2025-01', 'withheld')}` },
      },
      { today: '2025-05-20' },
    );
    expect(
      checkPages({ pages: c.pages, linkedTo: c.linkedTo, listed: null, offers: c.offers, pack: PA }).map(
        (f) => `${f.severity} ${f.rule} ${f.places[0]?.page}: ${f.message}`,
      ),
    ).toEqual([
      'warning offer-stale aging.html: offer shown as current with terms checked April 1, 2025, 49 days ago ' +
        '(warn after 30 days)',
      'error offer-stale stale.html: offer shown as current with terms checked January 20, 2025, 120 days ago ' +
        '(hard limit 90 days)',
      'error offer-stale month.html: offer shown as current with terms checked January 2025, 139 days ago ' +
        '(hard limit 90 days)',
    ]);
  });

  it('finds banned wording in visible text and the title', () => {
    const body =
      '<h1>Claim a Free Bet today</h1><p>Our risk free offer. Also a free-play credit.</p><script>"risk-free"</script>';
    expect(brief(ctx({ 'index.html': {}, 'promo.html': { body, title: 'Risk-Free promo' } }))).toEqual([
      'banned-wording promo.html: uses "risk-free": "Risk-Free promo Claim a Free Bet today Our..."',
      'banned-wording promo.html: uses "free bet": "Risk-Free promo Claim a Free Bet today Our risk free offer."',
      'banned-wording promo.html: uses "free play": "Also a free-play credit."',
    ]);
    expect(bannedPhrases('Bonus bets only. No free plays.').map((b) => b.phrase)).toEqual(['free play']);
  });

  it('requires unique titles and descriptions, and both present', () => {
    expect(
      brief(
        ctx({
          'index.html': {},
          'a.html': { title: 'Same' },
          'b.html': { title: 'Same', description: null },
          'c.html': { title: null },
        }),
      ),
    ).toEqual([
      'unique-title c.html: has no <title>',
      'unique-title a.html,b.html: 2 pages share the <title> "Same"',
      'unique-description b.html: has no meta description',
    ]);
  });

  it('requires a canonical equal to the page URL', () => {
    expect(
      brief(ctx({ 'index.html': {}, 'a.html': { canonical: 'https://example.com/b' }, 'c.html': { canonical: null } })),
    ).toEqual([
      'canonical a.html: canonical is https://example.com/b, expected https://example.com/a',
      'canonical c.html: has no <link rel="canonical">',
    ]);
  });

  it('requires exactly one h1, on 404.html too', () => {
    expect(
      brief(
        ctx({
          'index.html': { body: '<h1>a</h1><h1>b</h1>' },
          'about.html': { body: '<h2>x</h2>' },
          '404.html': { body: '<p>gone</p>', compliance: false },
        }),
      ),
    ).toEqual([
      'single-h1 index.html: has 2 <h1> elements',
      'single-h1 about.html: has no <h1>',
      'single-h1 404.html: has no <h1>',
    ]);
  });

  it('matches sitemap.xml with the pages both ways', () => {
    const sitemap =
      `<urlset><url><loc>${ORIGIN}/</loc></url><url><loc>${ORIGIN}/gone</loc></url>` +
      '<url><loc>https://elsewhere.example/</loc></url></urlset>';
    expect(brief(ctx({ 'index.html': {}, 'about.html': {}, '404.html': { canonical: null } }, { sitemap }))).toEqual([
      'sitemap -: sitemap.xml lists https://example.com/gone but no page answers it',
      'sitemap -: sitemap.xml lists https://elsewhere.example/, which is not on https://example.com',
      'sitemap about.html: is not listed in sitemap.xml',
    ]);
    expect(brief(ctx({ 'index.html': {} }, { sitemap: null }))).toEqual(['sitemap -: sitemap.xml is missing']);
  });

  it('exempts noindex pages from canonical and sitemap', () => {
    const c = ctx(
      { 'index.html': {}, 'draft.html': { canonical: null, head: '<meta name="robots" content="noindex">' } },
      { sitemap: `<urlset><url><loc>${ORIGIN}/</loc></url></urlset>` },
    );
    expect(brief(c)).toEqual([]);
  });

  it('reports pages no other page links to, except the home page', () => {
    expect(brief(ctx({ 'index.html': {}, 'about.html': {}, 'lonely.html': {} }, { linked: ['about.html'] }))).toEqual([
      'orphan-page lonely.html: no other page links to it',
    ]);
  });

  it('lets a page silence rules by id', () => {
    const c = ctx(
      { 'index.html': {}, 'a.html': { title: 'Same', compliance: false }, 'b.html': { title: 'Same' } },
      {
        ignore: {
          'a.html': ['unique-title', 'compliance-age', 'compliance-helpline', 'compliance-disclosure', 'orphan-page'],
        },
        linked: ['b.html'],
      },
    );
    expect(brief(c)).toEqual([]);
  });

  it('parses sitemap locations with entities', () => {
    expect(parseSitemap('<urlset><url><loc> https://e.com/a?x=1&amp;y=2 </loc></url></urlset>')).toEqual([
      'https://e.com/a?x=1&y=2',
    ]);
  });
});
