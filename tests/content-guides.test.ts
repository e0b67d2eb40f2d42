import { beforeAll, describe, expect, it } from 'vitest';
import type { CheerioAPI } from 'cheerio';
import { BANNED_PHRASES } from '../src/schema/common.js';
import { buildRealSite, textOf, type BuiltSite } from './helpers.js';
import { workedSums } from './worked-arithmetic.js';

/**
 * The four guide pages of issue #5 (gambling laws, responsible gambling, the beginner's guide and
 * odds explained) and the five of issue #32 (live betting, strategies, bankroll, slots, live dealer).
 * Everything is asserted on the built HTML, as a reader would see it.
 */

const LAWS = '/pa-gambling-laws';
const RG = '/responsible-gambling';
const HOW_TO = '/how-to-bet-on-sports';
const ODDS = '/pennsylvania-betting-odds-explained';
/** The guides linked from the header and footer that issue #32 built. */
const WORKED = [
  '/live-betting-guide',
  '/betting-strategies',
  '/bankroll-management',
  '/slots-games',
  '/live-dealer-games',
];
const GUIDES = [LAWS, RG, HOW_TO, ODDS, ...WORKED];

/** External sites the guides may link to: the regulator's self-exclusion portal and the state help line's chat. */
const EXTERNAL_HOSTS = ['responsibleplay.pa.gov', 'pacouncil.com'];

let site: BuiltSite;
beforeAll(async () => {
  site = await buildRealSite();
});

const h2s = ($: CheerioAPI) =>
  $('.content h2')
    .map((_, h) => textOf($(h)))
    .get();
const h3s = ($: CheerioAPI) =>
  $('.content h3')
    .map((_, h) => textOf($(h)))
    .get();

/** The content column's elements (beside the table of contents, when the page has one). */
/** The page's content blocks in order, without the Sources list that closes every page with figures. */
const contentChildren = ($: CheerioAPI) =>
  ($('.content-main').length ? $('.content-main').children() : $('.content').children()).not('.page-sources');

/** The elements after a Markdown `## heading` up to the next h2 (within the same prose run). */
function section($: CheerioAPI, heading: string) {
  const h = $('.content h2').filter((_, el) => textOf($(el)) === heading);
  expect(h, `heading "${heading}"`).toHaveLength(1);
  return h.nextUntil('h2');
}

/** Items of the first ordered list under a Markdown heading. */
const listUnder = ($: CheerioAPI, heading: string) =>
  section($, heading)
    .filter('ol')
    .first()
    .children('li')
    .map((_, li) => textOf($(li)))
    .get();

/** Block sections (cards, steps…) by their heading. */
function blockByHeading($: CheerioAPI, selector: string, heading: string) {
  const found = $(selector).filter((_, el) => textOf($(el).children('h2').first()) === heading);
  expect(found, `${selector} "${heading}"`).toHaveLength(1);
  return found;
}

/**
 * A computed table (odds-examples, odds-formats, parlay) by its caption heading: rows as cell texts keyed by the
 * row header.
 */
function table($: CheerioAPI, heading: string): Map<string, string[]> {
  const block = $('.table-block').filter((_, el) => textOf($(el).find('h3')) === heading);
  expect(block, `table "${heading}"`).toHaveLength(1);
  const rows = new Map<string, string[]>();
  block.find('tbody tr').each((_, tr) => {
    const cells = $(tr)
      .children()
      .map((_, c) => textOf($(c)))
      .get();
    rows.set(cells[0]!, cells.slice(1));
  });
  return rows;
}

/** Rows of a Markdown table (first column → the other columns) in the section under a heading. */
function markdownTable($: CheerioAPI, heading: string, index = 0): Map<string, string[]> {
  const s = section($, heading);
  // Tables sit in their scroll region (section.table-scroll).
  const t = s.filter('table').add(s.children('table')).eq(index);
  expect(t, `table ${index} under "${heading}"`).toHaveLength(1);
  const rows = new Map<string, string[]>();
  t.find('tbody tr').each((_, tr) => {
    const cells = $(tr)
      .children('td')
      .map((_, c) => textOf($(c)))
      .get();
    rows.set(cells[0]!, cells.slice(1));
  });
  return rows;
}

function expectFaq($: CheerioAPI, count: number) {
  const faq = $('#faqs');
  expect(faq).toHaveLength(1);
  expect(faq.is('section.faq')).toBe(true);
  const items = faq.find('details');
  expect(items).toHaveLength(count);
  // One item open at a time: the browser enforces it for <details> sharing a name.
  const names = new Set(items.map((_, d) => $(d).attr('name')).get());
  expect(names.size).toBe(1);
  expect([...names][0]).toBeTruthy();
  expect(items.filter('[open]')).toHaveLength(0);
  items.each((_, d) => {
    expect(textOf($(d).find('summary'))).toMatch(/\?$/);
    expect(textOf($(d).find('.faq-answer')).length).toBeGreaterThan(40);
  });
  return items.map((_, d) => textOf($(d).find('summary'))).get();
}

const externalLinks = ($: CheerioAPI) => $('.content a[href^="http"]');

describe.each(GUIDES)('%s: shared standards', (route) => {
  it('has one h1, a byline with its updated month and no body heading above h2', async () => {
    const $ = await site.page(route);
    expect($('h1')).toHaveLength(1);
    expect($('.content h1')).toHaveLength(0);
    const byline = textOf($('.hero .byline'));
    expect(byline).toMatch(
      /^By PA Bet Guide editorial team \(Editors\) · Fact-checked by PA Bet Guide fact-check desk/,
    );
    // The page's last edit (#58: no later than the build's date).
    expect(byline).toMatch(/Updated (January 2025|December 2026)/);
    expect($('link[rel=canonical]').attr('href')).toBe(`https://www.pabetguide.com${route}`);
  });

  it('is a long guide with no banned wording or placeholders', async () => {
    const $ = await site.page(route);
    // The guide's own words: the Sources list that closes it is not part of its length.
    const text = textOf($('.content').clone().find('.page-sources').remove().end());
    const words = text.split(' ').length;
    expect(words).toBeGreaterThanOrEqual(1200);
    expect(words).toBeLessThanOrEqual(2400);
    const lower =
      textOf($('body')).toLowerCase() +
      ' ' +
      `${$('title').text()} ${$('meta[name=description]').attr('content')}`.toLowerCase();
    for (const phrase of BANNED_PHRASES) expect(lower).not.toContain(phrase);
    expect(text).not.toMatch(/TODO|TBD|lorem\s+ipsum|\{\{|\}\}|:::/i);
  });

  it('links only to built pages, menu routes, anchors that exist and the regulator/help-line sites', async () => {
    const $ = await site.page(route);
    const allowed = new Set(site.result.routes);
    $('header a[href^="/"], footer a[href^="/"]').each((_, a) => void allowed.add($(a).attr('href')!.split('#')[0]!));
    // The Sources list links each source's own page (content/sources.yaml; tests/sources.test.ts checks it).
    const links = $('.content a[href]')
      .not('.page-sources a')
      .map((_, a) => $(a).attr('href'))
      .get();
    expect(links.length).toBeGreaterThan(0);
    for (const href of links) {
      if (href.startsWith('/')) {
        const [path, fragment] = href.split('#');
        expect(allowed, href).toContain(path);
        if (fragment) expect((await site.page(path!))(`#${fragment}`), href).toHaveLength(1);
      } else if (href.startsWith('#')) {
        expect($(`[id="${href.slice(1)}"]`), href).toHaveLength(1);
      } else if (/^https?:/.test(href)) {
        expect(href, 'external links are https').toMatch(/^https:\/\//);
        expect(EXTERNAL_HOSTS, href).toContain(new URL(href).hostname);
      } else {
        expect(href).toMatch(/^(tel:\+\d+|mailto:[^@\s]+@pa\.gov)$/);
      }
    }
    externalLinks($).each((_, a) => {
      expect($(a).attr('target')).toBe('_blank');
      expect(($(a).attr('rel') ?? '').split(/\s+/)).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
    });
  });
});

describe('/pa-gambling-laws', () => {
  it('covers every section of the spec', async () => {
    const $ = await site.page(LAWS);
    expect(textOf($('h1'))).toBe('Pennsylvania Gambling Laws Explained');
    expect(h2s($)).toEqual(
      expect.arrayContaining([
        'How Pennsylvania got here: 2004 to today',
        'What the Pennsylvania Gaming Control Board Does',
        'Who can gamble online in Pennsylvania',
        'How geolocation works',
        'What is legal in Pennsylvania',
        'Prohibited bets and activities',
        'Taxes on gambling in Pennsylvania',
        'License fees for operators',
        'Consumer protections for Pennsylvania players',
        'Frequently Asked Questions',
      ]),
    );
  });

  it('opens with alert banners, one warning against unlicensed sites', async () => {
    const $ = await site.page(LAWS);
    expect($('.content .alert')).toHaveLength(2);
    expect(textOf($('.content .alert-info'))).toMatch(/21 or older and physically inside Pennsylvania/);
    expect(textOf($('.content .alert-warning'))).toMatch(/not legal in Pennsylvania/);
    expect(textOf($('.content'))).not.toMatch(/offshore (site|book)s? (are|is) (legal|an option|fine)/i);
  });

  it('has a timeline from 2004 to January 2025, in date order, with the key laws and launches', async () => {
    const $ = await site.page(LAWS);
    const items = $('.timeline li');
    const dates = items.map((_, li) => $(li).find('time').attr('datetime')).get();
    expect(dates).toEqual([...dates].sort());
    const years = dates.map((d) => Number(d.slice(0, 4)));
    expect(years[0]).toBe(2004);
    expect(years.at(-1)).toBe(2025);
    expect(new Set(years)).toEqual(new Set([2004, 2010, 2017, 2018, 2019, 2023, 2025]));
    const entry = (title: RegExp) => {
      const li = items.filter((_, el) => title.test(textOf($(el).find('h3'))));
      expect(li, String(title)).toHaveLength(1);
      return textOf(li.find('time'));
    };
    expect(entry(/Act 71/)).toBe('July 5, 2004');
    expect(entry(/Act 1 of 2010/)).toBe('January 7, 2010');
    expect(entry(/Act 42 of 2017/)).toBe('October 30, 2017');
    expect(entry(/Murphy v\. NCAA/)).toBe('May 14, 2018');
    expect(entry(/First legal sports bets/)).toBe('November 17, 2018');
    expect(entry(/first online sportsbook/i)).toBe('May 2019');
    expect(entry(/Online casinos launch/)).toBe('July 15, 2019');
    expect(entry(/advertising/)).toBe('March 2023');
    expect(entry(/Self-exclusion portal relaunched/)).toBe('July 2023');
  });

  it('states the regulator duties and the four eligibility rules', async () => {
    const $ = await site.page(LAWS);
    const duties = blockByHeading($, '.cards', 'What the Pennsylvania Gaming Control Board Does');
    expect(
      duties
        .find('.card-title')
        .map((_, t) => textOf($(t)))
        .get(),
    ).toEqual(expect.arrayContaining(['Licensing', 'Affiliate registration', 'Enforcement', 'Self-exclusion lists']));
    const rules = listUnder($, 'Who can gamble online in Pennsylvania');
    expect(rules).toHaveLength(4);
    expect(rules[0]).toMatch(/^Be 21 or older\./);
    expect(rules[1]).toMatch(/^Be physically located in Pennsylvania\./);
    expect(rules[2]).toMatch(/photo ID/);
    expect(rules[3]).toMatch(/^Not be self-excluded\./);
    expect(textOf(section($, 'How geolocation works'))).toMatch(/VPNs and location spoofing do not work/);
    expect(textOf(section($, 'Prohibited bets and activities'))).toMatch(/§13C04\(a\)\(2\)/);
  });

  it('lists the operator tax rates and the player income tax', async () => {
    const $ = await site.page(LAWS);
    const taxes = markdownTable($, 'Taxes on gambling in Pennsylvania', 0);
    expect(taxes.get('Sports wagering revenue')).toEqual(['36% (34% state tax + 2% local share)', 'The operator']);
    expect(taxes.get('Online slots revenue')).toEqual(['54% (52% state tax + 2% local share)', 'The operator']);
    expect(taxes.get('Online table games revenue')).toEqual(['16% (14% state tax + 2% local share)', 'The operator']);
    expect(taxes.get('Online poker revenue')).toEqual(['16% (14% state tax + 2% local share)', 'The operator']);
    expect(taxes.get('Gambling and lottery winnings')).toEqual(['3.07% personal income tax', 'The player']);
  });

  it('lists the Form W-2G thresholds', async () => {
    const $ = await site.page(LAWS);
    const w2g = markdownTable($, 'Taxes on gambling in Pennsylvania', 1);
    expect(w2g.get('Sports bets and most other wagers')).toEqual([
      '$600 or more, and at least 300 times the amount wagered',
    ]);
    // The line in force on the build's date (#58): $2,000 for payments from January 1, 2026.
    const slots = new Date().toISOString().slice(0, 10) >= '2026-01-01' ? '$2,000 or more' : '$1,200 or more';
    expect(w2g.get('Slot machines and bingo')).toEqual([slots]);
    expect(w2g.get('Keno')).toEqual(['$1,500 or more']);
    expect(w2g.get('Poker tournaments')).toEqual(['more than $5,000']);
  });

  it('states the license fees accurately', async () => {
    const $ = await site.page(LAWS);
    const fees = textOf(section($, 'License fees for operators'));
    expect(fees).toContain('Sports wagering certificate: $10 million, one time, with a $250,000 renewal fee.');
    expect(fees).toMatch(/\$10 million for all three categories/);
    expect(fees).toMatch(/each category cost \$4 million/);
    expect(fees).toContain('Interactive gaming operator license: $1 million');
    expect(fees).toContain(
      '$10 million for sports wagering and $10 million for the three-category online casino certificate',
    );
    expect(textOf($('.content'))).not.toMatch(/\$10 ?M(illion)? each/i);
  });

  it('lists consumer protections with the help line from site.yaml', async () => {
    const $ = await site.page(LAWS);
    const protections = textOf(section($, 'Consumer protections for Pennsylvania players'));
    expect(protections).toContain('Gambling problem? Call 1-800-GAMBLER.');
    expect(protections).toContain('1-800-426-2537');
    expect(
      section($, 'Consumer protections for Pennsylvania players').find('a[href="/responsible-gambling"]'),
    ).toHaveLength(1);
  });

  it('answers eight questions under #faqs, as the contact page links to it', async () => {
    const $ = await site.page(LAWS);
    const questions = expectFaq($, 8);
    expect(questions).toContain('Can I cancel self-exclusion early?');
    const answer = textOf(
      $('#faqs details')
        .filter((_, d) => textOf($(d).find('summary')) === 'Can I cancel self-exclusion early?')
        .find('.faq-answer'),
    );
    // 58 Pa. Code §815a: a 1- or 5-year exclusion can be ended early, but only by petition.
    expect(answer).toMatch(/^Only by petition\./);
    expect(answer).not.toMatch(/cannot be (lifted|reversed)/);
    expect(answer).toMatch(/after 10 years/);
  });
});

describe('/responsible-gambling', () => {
  it('opens with the help-line banner and help-now cards', async () => {
    const $ = await site.page(RG);
    const first = contentChildren($).first();
    expect(first.is('section.helpline')).toBe(true);
    expect(first.find('a[href="tel:+18004262537"]').text()).toBe('Call 1-800-GAMBLER');
    expect(textOf(first)).toContain('1-800-426-2537');
    const help = blockByHeading($, '.cards-help', 'Get Help Right Now');
    expect(help.find('.card')).toHaveLength(4);
    expect(help.find('a[href="tel:+18004262537"]')).toHaveLength(1);
  });

  it('groups the warning signs in four groups with points', async () => {
    const $ = await site.page(RG);
    const signs = blockByHeading($, '.cards-warning', 'Warning Signs of Problem Gambling');
    const cards = signs.find('.card');
    expect(cards.map((_, c) => textOf($(c).find('.card-title'))).get()).toEqual([
      'Money',
      'Time',
      'Feelings',
      'Relationships',
    ]);
    cards.each((_, c) => void expect($(c).find('.card-points li').length).toBeGreaterThanOrEqual(3));
    expect(textOf(signs)).toMatch(/Chasing losses/);
  });

  it('explains six tools including cool-off from 24 hours to 6 months', async () => {
    const $ = await site.page(RG);
    const tools = blockByHeading($, '.cards', 'Six Tools Every Pennsylvania Player Can Use');
    expect(
      tools
        .find('.card-title')
        .map((_, t) => textOf($(t)))
        .get(),
    ).toEqual(['Deposit limits', 'Time limits', 'Wager limits', 'Cool-off periods', 'The help line', 'Self-exclusion']);
    expect(textOf(tools)).toContain('from 24 hours up to 6 months');
    expect(textOf(section($, 'Cool-off periods: a shorter break'))).toContain('from 24 hours up to 6 months');
  });

  it('walks through self-exclusion: periods, enrolment steps, and that only a petition ends it early', async () => {
    const $ = await site.page(RG);
    const periods = markdownTable($, 'Self-exclusion in Pennsylvania');
    expect([...periods.keys()]).toEqual(['1 year', '5 years', 'Lifetime']);
    expect(periods.get('1 year')![0]).toMatch(/only by petitioning the PGCB/);
    expect(periods.get('5 years')![0]).toMatch(/only by petitioning the PGCB/);
    expect(periods.get('Lifetime')![0]).toMatch(/petition for removal only after 10 years/);
    expect(textOf(section($, 'Self-exclusion in Pennsylvania'))).toMatch(/takes a petition to the PGCB/);
    const steps = blockByHeading($, '.steps', 'How to Self-Exclude in Pennsylvania').find('.step');
    expect(steps).toHaveLength(4);
    expect(textOf(steps.eq(1))).toContain('responsibleplay.pa.gov');
    expect(textOf(steps.eq(2))).toMatch(/photo ID.*selfie/);
  });

  it('opens every responsibleplay.pa.gov link in a new tab with rel="noopener noreferrer"', async () => {
    const $ = await site.page(RG);
    const links = $('a[href*="responsibleplay.pa.gov"]').not('.page-sources a');
    expect(links.length).toBeGreaterThanOrEqual(3);
    expect($('.content .prose a[href*="responsibleplay.pa.gov"]').length).toBeGreaterThanOrEqual(1);
    expect($('.content .card a[href*="responsibleplay.pa.gov"]').length).toBeGreaterThanOrEqual(1);
    links.each((_, a) => {
      expect($(a).attr('href')).toBe('https://responsibleplay.pa.gov');
      expect($(a).attr('target')).toBe('_blank');
      expect(($(a).attr('rel') ?? '').split(/\s+/).sort()).toEqual(['noopener', 'noreferrer']);
    });
  });

  it('lists the support resources and eight tips', async () => {
    const $ = await site.page(RG);
    const support = section($, 'Support resources in Pennsylvania');
    const text = textOf(support);
    for (const s of [
      'Council on Compulsive Gambling of Pennsylvania',
      '1-800-GAMBLER (1-800-426-2537)',
      '1-800-522-4700',
      '717-346-8300',
      'Department of Drug and Alcohol Programs',
    ]) {
      expect(text).toContain(s);
    }
    expect(support.find('a[href="mailto:problemgambling@pa.gov"]')).toHaveLength(1);
    const tips = listUnder($, 'Eight tips for gambling responsibly');
    expect(tips).toHaveLength(8);
    expect(tips[2]).toMatch(/^Never chase losses\./);
  });
});

describe('/how-to-bet-on-sports', () => {
  it('starts with a four-step strip and covers the beginner sections in order', async () => {
    const $ = await site.page(HOW_TO);
    const first = contentChildren($).first();
    expect(first.is('section.steps')).toBe(true);
    expect(
      first
        .find('.step h3')
        .map((_, h) => textOf($(h)))
        .get(),
    ).toEqual([
      'Choose a licensed sportsbook',
      'Sign up and verify',
      'Deposit and set limits',
      'Bet from inside Pennsylvania',
    ]);
    const order = [
      'Sports betting in Pennsylvania: the basics',
      'The main types of bets',
      'How to read betting odds',
      'Managing your bankroll',
      'Understanding welcome bonuses',
      'How to withdraw your winnings',
      'Eight common beginner mistakes',
      'Responsible betting principles',
      'Need to Talk to Someone?',
      'Sports Betting FAQs for Beginners',
      'Ready to place your first bet?',
    ];
    const all = h2s($);
    const positions = order.map((h) => all.indexOf(h));
    expect(positions).not.toContain(-1);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(h3s($)).toEqual(expect.arrayContaining(['Moneyline', 'Point spread', 'Totals (over/under)', 'Parlays']));
  });

  it('states the bankroll rule and minimum bets', async () => {
    const $ = await site.page(HOW_TO);
    const bankroll = textOf(section($, 'Managing your bankroll'));
    expect(bankroll).toContain('1–5% of your bankroll per bet');
    // Minimum stakes are each book's own (#58: the spec's "$0.50 to $1" is no market fact).
    expect(bankroll).toContain("bet slip shows each book's minimum stake");
    expect(bankroll).not.toContain('$0.50');
  });

  it('computes its odds example instead of typing it', async () => {
    const $ = await site.page(HOW_TO);
    const rows = table($, 'What a $10 bet pays at common prices');
    expect(rows.get('Either side of a typical spread')).toEqual(['-110', '$10', '$9.09', '$19.09', '52.38%']);
    expect(rows.get('A moderate underdog')).toEqual(['+150', '$10', '$15', '$25', '40%']);
  });

  it('ends with withdrawal steps, eight mistakes, principles, a help box, six FAQs and a call to action', async () => {
    const $ = await site.page(HOW_TO);
    const withdraw = listUnder($, 'How to withdraw your winnings');
    expect(withdraw).toHaveLength(5);
    expect(withdraw.at(-1)).toMatch(/the cashier shows how long each method takes/);
    expect(listUnder($, 'Eight common beginner mistakes')).toHaveLength(8);
    expect(textOf(section($, 'Responsible betting principles'))).toMatch(/cannot be canceled once it is accepted/);
    const help = blockByHeading($, '.cards-help', 'Need to Talk to Someone?');
    expect(help.find('a[href="/responsible-gambling"]')).toHaveLength(1);
    expectFaq($, 6);
    const cta = $('.content .cta-band').last();
    expect(
      cta
        .find('a')
        .map((_, a) => $(a).attr('href'))
        .get(),
    ).toEqual(['/best-pa-sportsbooks', '/understanding-odds']);
  });
});

describe('/pennsylvania-betting-odds-explained', () => {
  it('has the exact title, description, canonical link and badge', async () => {
    const $ = await site.page(ODDS);
    expect($('title').text()).toBe('Pennsylvania Betting Odds Explained | How to Read Odds & Payouts');
    expect($('meta[name=description]').attr('content')!.length).toBeGreaterThan(50);
    expect($('link[rel=canonical]').attr('href')).toBe(
      'https://www.pabetguide.com/pennsylvania-betting-odds-explained',
    );
    expect(textOf($('.hero .badge'))).toBe('Betting Education');
  });

  it('has every section in order', async () => {
    const $ = await site.page(ODDS);
    const order = [
      'How American odds work',
      'Payout formulas',
      'Implied probability',
      'Other odds formats: decimal and fractional',
      'Odds for different bet types',
      'Four tips for reading odds',
      'Betting Odds FAQs',
    ];
    const all = h2s($);
    const positions = order.map((h) => all.indexOf(h));
    expect(positions).not.toContain(-1);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(h3s($)).toEqual(
      expect.arrayContaining([
        'Positive odds: the underdog',
        'Negative odds: the favorite',
        'Decimal odds',
        'Fractional odds',
        'Moneyline',
        'Point spread',
        'Totals (over/under)',
        'Parlays',
      ]),
    );
    expect(listUnder($, 'Four tips for reading odds')).toHaveLength(4);
  });

  it('computes profit, return and implied probability for positive and negative odds', async () => {
    const $ = await site.page(ODDS);
    const rows = table($, 'American odds on a $100 stake');
    // cells after the row header: odds, stake, profit, total return, implied probability
    expect(rows.get('Underdog at +150')).toEqual(['+150', '$100', '$150', '$250', '40%']);
    expect(rows.get('Favorite at -200')).toEqual(['-200', '$100', '$50', '$150', '66.67%']);
    expect(rows.get('Standard spread or total price')).toEqual(['-110', '$100', '$90.91', '$190.91', '52.38%']);
    const small = table($, 'The same formulas on a $25 stake');
    expect(small.get('Even money')).toEqual(['+100', '$25', '$25', '$50', '50%']);
    expect(small.get('Heavy favorite at -400')).toEqual(['-400', '$25', '$6.25', '$31.25', '80%']);
    const spread = table($, 'Both sides of a -110 point spread');
    expect([...spread.values()].map((r) => r[4])).toEqual(['52.38%', '52.38%']);
  });

  it('converts between American, decimal and fractional odds', async () => {
    const $ = await site.page(ODDS);
    const rows = table($, 'One price, three formats');
    // cells after American: decimal, fractional, implied probability, profit on $100
    expect(rows.get('+150')).toEqual(['2.50', '3/2', '40%', '$150']);
    expect(rows.get('-200')).toEqual(['1.50', '1/2', '66.67%', '$50']);
    expect(rows.get('-110')).toEqual(['1.91', '10/11', '52.38%', '$90.91']);
    expect(rows.get('+100')).toEqual(['2.00', '1/1', '50%', '$100']);
  });

  it('shows exact parlay prices beside the quoted ones', async () => {
    const $ = await site.page(ODDS);
    const rows = table($, 'Parlays built from -110 legs, $100 stake');
    expect([...rows.keys()]).toEqual(['2 legs', '3 legs', '4 legs']);
    expect(rows.get('2 legs')!.slice(0, 2)).toEqual(['+264', 'about +260']);
    expect(rows.get('3 legs')!.slice(0, 2)).toEqual(['+596', 'about +600']);
    expect(rows.get('4 legs')!.slice(0, 2)).toEqual(['+1228', 'about +1200']);
    expect(rows.get('4 legs')![2]).toBe('$1,228.33');
  });

  it('types no computed result in its prose: the tables show them', async () => {
    const $ = await site.page(ODDS);
    const prose = textOf($('.content .prose'));
    expect(prose).toContain('profit = stake × odds ÷ 100');
    expect(prose).toContain('profit = stake × 100 ÷ |odds|');
    expect(prose).toContain('implied probability = 100 ÷ (odds + 100)');
    expect(prose).toContain('implied probability = |odds| ÷ (|odds| + 100)');
    expect(prose).toContain('total return = stake × decimal odds');
    expect(prose).toContain('profit = stake × a ÷ b');
    for (const computed of [
      '$150',
      '$250',
      '$50',
      '$90.91',
      '66.67',
      '52.38',
      '40%',
      '+264',
      '+596',
      '+1228',
      '2.50',
      '3/2',
      '10/11',
    ]) {
      expect(prose, computed).not.toContain(computed);
    }
    const faq = textOf($('#faqs'));
    for (const computed of ['$150', '$90.91', '52.38', '+264']) expect(faq).not.toContain(computed);
  });

  it('has four questions and ends with the View Top Sportsbooks button and a responsible-gambling notice', async () => {
    const $ = await site.page(ODDS);
    expectFaq($, 4);
    const button = $('.content .cta-band a.btn').filter((_, a) => textOf($(a)) === 'View Top Sportsbooks');
    expect(button).toHaveLength(1);
    expect(button.attr('href')).toBe('/best-pa-sportsbooks');
    const notice = contentChildren($).last();
    expect(notice.is('section.helpline')).toBe(true);
    expect(textOf(notice)).toMatch(/21 or older and physically located in Pennsylvania/);
    expect(notice.find('a[href="tel:+18004262537"]').text()).toBe('Call 1-800-GAMBLER');
  });
});

/**
 * Sportsbooks' yearly statements, reality checks, app histories and chats, the share of play on slots
 * and trademarked game names: no source gives them, so a worked guide must not state them as fact.
 */
const UNSOURCED = new RegExp(
  [
    'win[- ](and[- ])?loss statements?',
    'reality checks?',
    'apps? keeps? your bet history',
    'most played',
    'chat window',
    'megaways',
    'ultimate texas',
  ].join('|'),
  'i',
);

/** Words in the content column, as the shared standards count them. */
const wordsOf = ($: CheerioAPI) => textOf($('.content')).split(' ').length;

/** Each prose paragraph, list item and table cell on its own, so that no sum runs across two of them. */
const proseTexts = ($: CheerioAPI) =>
  $('.content p, .content li, .content td')
    .map((_, el) => textOf($(el)))
    .get();

describe('worked sums in the guides', () => {
  it('finds sums that do not add up (the check can fail)', () => {
    const sums = (t: string) => workedSums(t).map((s) => [s.text, s.ok]);
    expect(sums('A unit is $500 × 3% = $15, and at -110 a $10 bet wins $10 × 100 ÷ 110 = $9.09.')).toEqual([
      ['$500 × 3% = $15', true],
      ['$10 × 100 ÷ 110 = $9.09', true],
    ]);
    expect(sums('$500 × 3% = $16; $10 × 100 ÷ 110 = $9.10; 1 ÷ 37 = 2.71%; 0.5⁶ = 1.5%')).toEqual([
      ['$500 × 3% = $16', false],
      ['$10 × 100 ÷ 110 = $9.10', false],
      ['1 ÷ 37 = 2.71%', false],
      ['0.5⁶ = 1.5%', false],
    ]);
    // Chains, signs, superscript powers, "about" and a bracket the sentence opened.
    expect(
      sums('(0.5 × $9.09) − (0.5 × $10) = $4.545 − $5 = −$0.455 and (ten losses leave $500 × 0.95¹⁰ = about $299)'),
    ).toEqual([
      ['(0.5 × $9.09) − (0.5 × $10) = $4.545 − $5 = −$0.455', true],
      ['$500 × 0.95¹⁰ = about $299)', true],
    ]);
    expect(sums('Odds of -110 and a 2-leg parlay at +264 are not sums.')).toEqual([]);
  });
});

describe.each(WORKED)('%s: a guide for beginners, with its examples worked', (route) => {
  it('is at least as long as the beginner guide', async () => {
    expect(wordsOf(await site.page(route))).toBeGreaterThanOrEqual(wordsOf(await site.page(HOW_TO)));
  });

  it('shows the arithmetic of its worked examples, and every sum adds up', async () => {
    const $ = await site.page(route);
    const sums = proseTexts($).flatMap(workedSums);
    expect(sums.length, 'worked sums').toBeGreaterThanOrEqual(5);
    expect(sums.filter((s) => !s.ok).map((s) => `${s.text} (${s.values.join(' vs ')})`)).toEqual([]);
  });

  it('links the responsible-gambling guide from its prose and its help box, and ends with the help line', async () => {
    const $ = await site.page(route);
    expect($('.content .prose a[href="/responsible-gambling"]').length).toBeGreaterThanOrEqual(1);
    expect($('.content .cards-help a[href="/responsible-gambling"]')).toHaveLength(1);
    const notice = contentChildren($).last();
    expect(notice.is('section.helpline')).toBe(true);
    expect(textOf(notice)).toMatch(/21 or older and physically located in Pennsylvania/);
    expectFaq($, 6);
  });

  it('promises no winnings and names no game count, RTP or feature of a brand', async () => {
    const $ = await site.page(route);
    const text = textOf($('.content'));
    expect(text).not.toMatch(/guaranteed (profit|win)|can't lose|cannot lose|sure thing|always wins(?!\?)/i);
    expect(text).not.toMatch(/\b\d[\d,]*\+? (slots|games|tables|live tables)\b/i);
    for (const brand of ['FanDuel', 'DraftKings', 'BetMGM', 'Caesars', 'BetRivers', 'bet365', 'Borgata', 'PokerStars'])
      expect(text, brand).not.toContain(brand);
  });

  it('states no operator practice, tool or market share that no source gives', async () => {
    const text = textOf((await site.page(route))('.content'));
    expect(text).not.toMatch(UNSOURCED);
  });
});

describe('/bankroll-management', () => {
  it('sizes units as a share of a bankroll from the site guideline', async () => {
    const $ = await site.page('/bankroll-management');
    const units = markdownTable($, 'Step two: size each bet as a unit');
    expect([...units.keys()]).toEqual(['1%', '3%', '5%']);
    expect(units.get('3%')!.slice(0, 2)).toEqual(['$500 × 3% = $15', '$15']);
    expect(textOf(section($, 'Step two: size each bet as a unit'))).toContain('1–5% of your bankroll per bet');
    const rows = table($, 'What a $15 unit returns at common prices');
    expect(rows.get('Either side of a typical spread or total')).toEqual(['-110', '$15', '$13.64', '$28.64', '52.38%']);
  });

  it('costs a season of -110 bets exactly: the edge is 1 ÷ 22, not a rounded 4.55%', async () => {
    const $ = await site.page('/bankroll-management');
    expect(textOf(section($, 'What the margin costs you over a season'))).toContain('$1,000 ÷ 22 = $45.45');
  });
});

describe('/betting-strategies', () => {
  it('works out the margin, value, price shopping and parlays', async () => {
    const $ = await site.page('/betting-strategies');
    const prose = textOf($('.content .prose'));
    expect(prose).toContain('EV = (0.45 × $150) − (0.55 × $100) = $67.50 − $55 = +$12.50');
    expect(prose).toContain('105 ÷ (105 + 100) = 51.22%');
    expect(prose).toContain('$10 × 1.50 × 2.20 × 1.80 = $59.40');
    const parlays = table($, 'Parlays of -110 legs, $10 stake');
    expect(parlays.get('3 legs')!.slice(0, 2)).toEqual(['+596', 'about +600']);
    const prices = table($, "One bet at three sportsbooks' prices, $100 stake");
    expect(prices.get('Sportsbook C')).toEqual(['-105', '$100', '$95.24', '$195.24', '51.22%']);
  });
});

describe('/live-betting-guide', () => {
  it('shows a market moving from kickoff to halftime, and cash-out and hedging worked through', async () => {
    const $ = await site.page('/live-betting-guide');
    expect(table($, 'Before kickoff: a moneyline pair, $50 stake').get('Giants to win')).toEqual([
      '+130',
      '$50',
      '$65',
      '$115',
      '43.48%',
    ]);
    expect(table($, 'At halftime, Giants leading: the same market, $50 stake').get('Giants to win')![4]).toBe('65.52%');
    expect(listUnder($, 'Hedging: the arithmetic')).toHaveLength(4);
    expect(textOf(section($, 'Hedging: the arithmetic'))).toContain('$115 − $94.23 = $20.77 profit');
    // The cash-out value from the exact price, not from a rounded 65.52%.
    expect(textOf(section($, 'Cash-out: what the number means'))).toContain('$115 × 190 ÷ 290 = $75.34');
  });
});

describe('/slots-games and /live-dealer-games', () => {
  it('derive the house edge from a stated RTP and from the roulette wheel', async () => {
    const slots = await site.page('/slots-games');
    expect(textOf(section(slots, 'Return to player and house edge'))).toContain('100% − 96% = 4%');
    const dealer = await site.page('/live-dealer-games');
    const wheel = markdownTable(dealer, 'The house edge at the roulette wheel');
    expect(wheel.get('European (single zero)')).toEqual(['(35 × 1 − 36 × 1) ÷ 37', '−$0.027', '1 ÷ 37 = 2.70%']);
    expect(wheel.get('American (double zero)')).toEqual(['(35 × 1 − 37 × 1) ÷ 38', '−$0.053', '2 ÷ 38 = 5.26%']);
    // An hour's expected cost from the wheel itself: a rounded 2.70% or 5.26% would be a cent out.
    const hour = textOf(section(dealer, 'The house edge at the roulette wheel'));
    expect(hour).toContain('$400 ÷ 37 = $10.81');
    expect(hour).toContain('$400 × 2 ÷ 38 = $21.05');
  });
});
