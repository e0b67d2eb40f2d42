import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CheerioAPI } from 'cheerio';
import { parse } from 'yaml';
import { build } from '../src/index.js';
import { buildRealSite, builtSite, copyOfContent, repoRoot, textOf, type BuiltSite } from './helpers.js';

/**
 * The five sportsbook reviews, with their fastest payout: the e-wallet timing operators publish, and
 * BetRivers' prepaid card, instant once approved (its review tail, spec §2.15). One value feeds the
 * summary box, the withdrawal table and the prose (the spec's 1-3 days and 24-72h contradicted the
 * tables beside them).
 */
const REVIEWS = [
  { id: 'fanduel', shortName: 'FanDuel', payoutSpeed: '24 to 48 hours' },
  { id: 'draftkings', shortName: 'DraftKings', payoutSpeed: '24 to 48 hours' },
  { id: 'betmgm', shortName: 'BetMGM', payoutSpeed: '24 to 48 hours' },
  { id: 'caesars', shortName: 'Caesars', payoutSpeed: '24 to 48 hours' },
  { id: 'betrivers', shortName: 'BetRivers', payoutSpeed: 'Instant' },
] as const;

/**
 * Operator text with its `{{id.field}}` references filled from the operator files and site.yaml (a
 * cited fact inserts its value), as the build does.
 */
const fill = (text: string): string =>
  text.replace(/\{\{\s*([a-z0-9-]+)((?:\.[A-Za-z0-9]+)+)\s*\}\}/g, (_, id: string, dotted: string) => {
    const file = id === 'site' ? 'content/site.yaml' : `content/operators/${id}.yaml`;
    let v: unknown = parse(readFileSync(path.join(repoRoot, file), 'utf8'));
    for (const k of dotted.slice(1).split('.')) v = (v as Record<string, unknown>)[k];
    if (v && typeof v === 'object' && 'value' in v) v = v.value;
    return fill(String(v));
  });

const routeOf = (id: string) => `/${id}-pennsylvania-review`;
const money = (n: number) => `$${n.toLocaleString('en-US')}`;
const squash = (s: string) => fill(s).replace(/\s+/g, ' ').trim();
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

interface Payment {
  method: string;
  time: string;
  note?: string;
}
interface OperatorYaml {
  name: string;
  shortName: string;
  rating: number;
  licensee: string;
  officialUrl: string;
  affiliateUrl?: string;
  bonus: {
    headline: string;
    detail: string;
    termsUrl: string;
    verified: string;
    [term: string]: unknown;
  };
  review: {
    minDeposit: number;
    minWithdrawal: number;
    pros: string[];
    cons: string[];
    deposits: Payment[];
    withdrawals: Payment[];
    fees: string;
    faqs: { question: string; answer: string }[];
    verdict: string;
  };
}
interface SiteYaml {
  emails: { general: string; editorial: string; advertising: string };
  helpline: { display: string; numeric: string };
  contact: { formEndpoint?: string; responseTime: string; location: string };
  header: { menu: { href: string; submenu?: { href: string }[] }[] };
  footer: { columns: { links: { href: string }[] }[]; bottomLinks: { href: string }[] };
}

const readYaml = async <T>(rel: string, root = repoRoot): Promise<T> =>
  parse(await readFile(path.join(root, rel), 'utf8')) as T;
const operatorData = (id: string, root?: string) => readYaml<OperatorYaml>(`content/operators/${id}.yaml`, root);

/** The value shown beside a label in a review's summary box. */
function summaryFact($: CheerioAPI, label: string): string {
  const dt = $('.review-facts dt').filter((_, el) => textOf($(el)) === label);
  expect(dt, `summary fact "${label}"`).toHaveLength(1);
  return textOf(dt.next('dd'));
}

/** Rows of the payments table with this caption: method → { time, note }. */
function paymentRows($: CheerioAPI, caption: string) {
  const table = $('.payments table').filter((_, el) => textOf($(el).find('caption')) === caption);
  expect(table, `table "${caption}"`).toHaveLength(1);
  return table
    .find('tbody tr')
    .map((_, tr) => ({
      method: textOf($(tr).find('th')),
      time: textOf($(tr).find('td').eq(0)),
      note: textOf($(tr).find('td').eq(1)),
    }))
    .get();
}

async function buildCopy(
  edit: (c: Awaited<ReturnType<typeof copyOfContent>>) => Promise<void>,
): Promise<{ site: BuiltSite; cleanup(): Promise<void> }> {
  const copy = await copyOfContent();
  await edit(copy);
  const result = await build({ root: copy.root, outDir: path.join(copy.root, 'dist') });
  if (!result.ok) {
    await copy.cleanup();
    throw new Error(
      'modified copy failed to build:\n' +
        result.diagnostics.map((d) => `${d.file}:${d.line} ${d.field} ${d.message}`).join('\n'),
    );
  }
  return { site: builtSite(result), cleanup: copy.cleanup };
}

/** site.yaml with `contact.formEndpoint` set to `url`, or removed when `url` is undefined. */
function withFormEndpoint(siteYaml: string, url: string | undefined): string {
  const without = siteYaml.replace(/^[ \t]+formEndpoint:.*\n/m, '');
  if (url === undefined) return without;
  expect(without, 'site.yaml has a contact section').toMatch(/^contact:\n/m);
  return without.replace(/^contact:\n/m, `contact:\n  formEndpoint: ${url}\n`);
}

describe.each(REVIEWS)('review page $id', ({ id, shortName, payoutSpeed }) => {
  let site: BuiltSite;
  let $: CheerioAPI;
  let op: OperatorYaml;
  beforeAll(async () => {
    site = await buildRealSite();
    $ = await site.page(routeOf(id));
    op = await operatorData(id);
  });

  it('is built at its route with one h1 and the January 2025 date', () => {
    expect(site.result.routes).toContain(routeOf(id));
    expect($('h1')).toHaveLength(1);
    expect(textOf($('h1'))).toContain(shortName);
    const byline = textOf($('.hero .byline'));
    expect(byline).toContain('By PA Bet Guide editorial team');
    expect(byline).toContain('Fact-checked by PA Bet Guide fact-check desk');
    expect(byline).toContain('Updated January 2025');
    // Reviews link the methodology on the About page instead of repeating it in the byline.
    expect($('.hero .byline a[href="/about#how-we-review"]').text()).toBe('How we review and rate operators');
  });

  it('shows rating, payout speed, casino games and the minimums in the summary, and no grade', () => {
    expect(summaryFact($, 'Our rating')).toBe(`${op.rating.toFixed(1)} / 5`);
    expect(op.rating).toBeGreaterThanOrEqual(1);
    expect(op.rating).toBeLessThanOrEqual(5);
    // No published per-criterion scores stand behind a letter grade, and no source gives a sports count.
    for (const label of ['Overall grade', 'Sports covered'])
      expect($('.review-facts dt').filter((_, el) => textOf($(el)) === label)).toHaveLength(0);
    expect($('.review-summary').text()).not.toMatch(/\bgrade\b/i);
    // One payout speed: the summary shows the withdrawal table's first (fastest) row.
    expect(summaryFact($, 'Fastest payout')).toBe(payoutSpeed);
    expect(paymentRows($, 'Withdrawal methods')[0]!.time).toBe(payoutSpeed);
    const casino = parse(
      readFileSync(
        path.join(repoRoot, 'content/operators', `${(op as unknown as { casino: string }).casino}.yaml`),
        'utf8',
      ),
    ) as { app: { games?: string } };
    // A game count is shown only where our source gives one (spec §2.15 gives BetRivers' alone).
    if (casino.app.games) {
      expect(summaryFact($, 'Casino games')).toMatch(/^[\d,]+\+$/);
      expect(summaryFact($, 'Casino games')).toBe(casino.app.games);
    } else expect($('.review-facts dt').filter((_, el) => textOf($(el)) === 'Casino games')).toHaveLength(0);
    expect(summaryFact($, 'Minimum deposit')).toBe(money(op.review.minDeposit));
    expect(summaryFact($, 'Minimum withdrawal')).toBe(money(op.review.minWithdrawal));
    expect(textOf($('.review-summary .op-licensee'))).toBe(`Licensed in PA via ${op.licensee}`);
  });

  it('withholds the January 2025 offer once, in one line, with a button to the current offer', () => {
    const offer = $('.review-offer');
    expect(textOf(offer.find('h2'))).toBe(`${shortName} bonus offer`);
    expect(op.bonus.verified).toBe('2025-01');
    // Once per review: not again in the summary box or the verdict.
    expect($('[data-offer-state]')).toHaveLength(1);
    expect(offer.find('[data-offer-state]').attr('data-offer-state')).toBe('withheld');
    expect(textOf(offer.find('.op-offer'))).toBe('Offer terms last checked January 2025');
    expect($('.glance-offer')).toHaveLength(0);
    // No amount of a stale offer is shown as current anywhere on the page.
    expect(textOf($('body'))).not.toContain(op.bonus.headline);
    const button = offer.find('a.btn-cta');
    expect(textOf(button)).toBe(`See Current Offer at ${op.name} (opens in a new tab)`);
    expect(button.attr('href')).toBe(op.bonus.termsUrl);
    expect(button.attr('rel')).toBe('sponsored nofollow noopener');
    expect(offer.find('a.terms-link').attr('href')).toBe(op.bonus.termsUrl);
    expect(textOf(offer)).toContain('New customers only. T&Cs apply (opens in a new tab). 21+');
  });

  it('puts the short advertising disclosure above the first operator link', () => {
    const html = $.html();
    const disclosure = html.indexOf('class="ad-disclosure"');
    expect(disclosure).toBeGreaterThan(0);
    expect(disclosure).toBeLessThan(html.search(/rel="sponsored/));
    expect($('.ad-disclosure a').attr('href')).toBe('/about#advertising-disclosure');
  });

  it(`has no "Claim ${shortName} Bonus" button while the offer is withheld`, () => {
    expect($('a').filter((_, a) => textOf($(a)).startsWith(`Claim ${shortName} Bonus`))).toHaveLength(0);
    expect($('a.btn-cta')).toHaveLength(1);
    expect($('a.btn-cta').attr('target')).toBe('_blank');
  });

  it('lists every pro and con', () => {
    const pros = $('.glance-pros li')
      .map((_, li) => textOf($(li)))
      .get();
    const cons = $('.glance-cons li')
      .map((_, li) => textOf($(li)))
      .get();
    expect(pros.length).toBeGreaterThanOrEqual(3);
    expect(cons.length).toBeGreaterThanOrEqual(2);
    expect(pros).toEqual(op.review.pros.map(squash));
    expect(cons).toEqual(op.review.cons.map(squash));
  });

  it('shows deposit and withdrawal methods with their timings, the minimums and the fees', () => {
    const deposits = paymentRows($, 'Deposit methods');
    const withdrawals = paymentRows($, 'Withdrawal methods');
    // Only the methods a source gives: the prepaid card for deposits (spec §2.15, §9).
    expect(deposits.length).toBeGreaterThanOrEqual(1);
    expect(withdrawals.length).toBeGreaterThanOrEqual(3);
    for (const row of [...deposits, ...withdrawals]) {
      expect(row.method).not.toBe('');
      expect(row.time).toMatch(/^(Instant|Within \d+ hours|\d+(-| to )\d+ (hours|days|business days))$/);
    }
    expect(deposits.map((r) => [r.method, r.time])).toEqual(op.review.deposits.map((p) => [p.method, p.time]));
    const filled = op.review.withdrawals.map((p) => [p.method, squash(p.time)]);
    expect(withdrawals.map((r) => [r.method, r.time])).toEqual(filled);
    expect(withdrawals.some((r) => /PayPal/.test(r.method))).toBe(true);
    const summary = textOf($('.payments > p'));
    expect(summary).toContain(
      `Minimum deposit ${money(op.review.minDeposit)}; minimum withdrawal ${money(op.review.minWithdrawal)}.`,
    );
    // The fees as the data states them: a source states "no fees" only for BetRivers (spec §2.15, §9).
    expect(summary).toContain(squash(op.review.fees));
  });

  it('has a FAQ with question and answer pairs under #faqs', () => {
    const items = $('#faqs details');
    expect(items.length).toBeGreaterThanOrEqual(4);
    expect(textOf($('#faqs h2'))).toBe(`${shortName} Pennsylvania FAQ`);
    const pairs = items
      .map((_, d) => ({ question: textOf($(d).find('summary')), answer: textOf($(d).find('.faq-answer')) }))
      .get();
    expect(pairs).toEqual(op.review.faqs.map((f) => ({ question: squash(f.question), answer: squash(f.answer) })));
    for (const p of pairs) {
      expect(p.question).toMatch(/\?$/);
      expect(words(p.answer)).toBeGreaterThanOrEqual(15);
    }
    expect(pairs.some((p) => /legal/i.test(p.question) && /Pennsylvania Gaming Control Board/.test(p.answer))).toBe(
      true,
    );
  });

  it('ends with a final verdict', () => {
    expect(textOf($('.verdict h2'))).toBe('Final verdict');
    const verdict = textOf($('.verdict p').first());
    expect(verdict).toBe(squash(op.review.verdict));
    expect(words(verdict)).toBeGreaterThanOrEqual(40);
  });

  // Only what a source gives: no sports lists, app features or markets no source states, so the body is short.
  it('has a 350-1,500 word body covering the sportsbook, the bonus and the casino, with data filled in', async () => {
    const prose = $('.prose');
    const body = prose
      .map((_, el) => $(el).text())
      .get()
      .join(' ');
    expect(words(body)).toBeGreaterThanOrEqual(350);
    expect(words(body)).toBeLessThanOrEqual(1500);
    const headings = prose
      .find('h2')
      .map((_, h) => textOf($(h)))
      .get();
    expect(headings.length).toBeGreaterThanOrEqual(6);
    expect(headings.some((h) => /offer|bonus|first bet|second-chance/i.test(h))).toBe(true);
    expect(headings.some((h) => /withdrawals/i.test(h))).toBe(true);
    expect(headings.filter((h) => /casino review$/i.test(h))).toHaveLength(1);
    expect(prose.find('h1')).toHaveLength(0);

    const text = squash(body);
    expect(text).toContain(op.licensee);
    const casino = await operatorData(`${id}-casino`);
    expect(text).toContain(casino.licensee);
    // The review is built from published terms and records: it never claims hands-on testing.
    expect(text).not.toMatch(/\bwe (have )?(used|tested|found|opened|timed|deposited)\b|real accounts/i);

    const page = textOf($('main'));
    expect(page).not.toMatch(/\{\{|\}\}|TODO|TBD|lorem\s+ipsum/i);
    expect(page).not.toMatch(/free bets?\b|risk[- ]free|free play/i);
  });

  it('links only to pages that are built or in the header and footer, with the anchors they name', async () => {
    const siteYaml = await readYaml<SiteYaml>('content/site.yaml');
    const navigation = new Set([
      ...siteYaml.header.menu.flatMap((m) => [m.href, ...(m.submenu ?? []).map((s) => s.href)]),
      ...siteYaml.footer.columns.flatMap((c) => c.links.map((l) => l.href)),
      ...siteYaml.footer.bottomLinks.map((l) => l.href),
    ]);
    const links = $('.prose a[href^="/"]')
      .map((_, a) => $(a).attr('href')!)
      .get();
    expect(links.length).toBeGreaterThanOrEqual(5);
    for (const href of links) {
      const [route, hash] = href.split('#') as [string, string | undefined];
      const built = site.result.routes.includes(route);
      expect(built || navigation.has(route), `${href} is neither built nor in the navigation`).toBe(true);
      if (built && hash)
        expect((await site.page(route))(`[id="${hash}"]`), `${href} names a missing anchor`).toHaveLength(1);
    }
    for (const other of REVIEWS.filter((r) => r.id !== id)) {
      if (links.includes(routeOf(other.id))) expect(site.result.routes).toContain(routeOf(other.id));
    }
  });
});

describe('BetRivers review tail (spec §2.15)', () => {
  let $: CheerioAPI;
  beforeAll(async () => {
    $ = await (await buildRealSite()).page('/betrivers-pennsylvania-review');
  });

  it('lists online banking 2-5 days, prepaid card instant and check 7-10 business days', () => {
    const rows = paymentRows($, 'Withdrawal methods');
    const find = (re: RegExp) => rows.filter((r) => re.test(r.method));
    expect(find(/^Online banking$/).map((r) => r.time)).toEqual(['2-5 days']);
    expect(find(/prepaid card/i).map((r) => r.time)).toEqual(['Instant']);
    expect(find(/check/i).map((r) => r.time)).toEqual(['7-10 business days']);
  });

  it('states there are no fees on deposits or withdrawals', () => {
    expect(textOf($('.payments > p'))).toContain('BetRivers charges no fees on deposits or withdrawals.');
  });

  it('describes a casino of 600+ games: 450+ slots, 100+ table games, 30+ live tables', () => {
    expect(summaryFact($, 'Casino games')).toBe('600+');
    const casino = $('.prose h2')
      .filter((_, h) => textOf($(h)) === 'BetRivers Casino review')
      .nextUntil('h2');
    const text = textOf(casino);
    expect(text).toContain('600+ games');
    expect(text).toContain('450+ slots');
    expect(text).toContain('100+ table games');
    expect(text).toContain('30+ live dealer tables');
  });

  it('answers FAQs on the second-chance bet, a loyalty program and legality under the PGCB', () => {
    const pairs = $('#faqs details')
      .map((_, d) => ({ q: textOf($(d).find('summary')), a: textOf($(d).find('.faq-answer')) }))
      .get();
    const about = (re: RegExp) => pairs.filter((p) => re.test(p.q));
    expect(about(/second-chance bet/i)).toHaveLength(1);
    expect(about(/second-chance bet/i)[0]!.a).toMatch(/bonus bet/);
    expect(about(/loyalty program/)).toHaveLength(1);
    expect(about(/loyalty program/)[0]!.a).toMatch(/loyalty program/);
    expect(about(/legal/i)).toHaveLength(1);
    expect(about(/legal/i)[0]!.a).toMatch(/Pennsylvania Gaming Control Board/);
  });
});

describe('review prose takes operator facts from the data', () => {
  let copy: { site: BuiltSite; cleanup(): Promise<void> };
  beforeAll(async () => {
    copy = await buildCopy(async (c) => {
      for (const id of REVIEWS.flatMap((r) => [r.id, `${r.id}-casino`])) {
        const file = `content/operators/${id}.yaml`;
        const text = await c.read(file);
        const edited = text
          .replace(/^licensee: .*$/m, `licensee: Marker Licensee ${id}`)
          .replace(/^(review:\n(?: {2}(?:#|source:).*\n)*) {2}minDeposit: .*$/m, '$1  minDeposit: 37');
        expect(edited).not.toBe(text);
        await c.write(file, edited);
      }
    });
  });
  afterAll(() => copy?.cleanup());

  it.each(REVIEWS)('$id: changing licensee and minimum deposit changes the body', async ({ id }) => {
    const original = await operatorData(id);
    const casino = await operatorData(`${id}-casino`);
    const $ = await copy.site.page(routeOf(id));
    const body = squash(
      $('.prose')
        .map((_, el) => $(el).text())
        .get()
        .join(' '),
    );
    expect(body).toContain(`Marker Licensee ${id}`);
    expect(body).toContain('$37');
    expect(body).toContain(`Marker Licensee ${id}-casino`);
    for (const typed of [original.licensee, casino.licensee]) expect(body).not.toContain(typed);
    expect(body).not.toContain(`at least ${money(original.review.minDeposit)}`);
  });
});

describe('contact page', () => {
  let site: BuiltSite;
  let $: CheerioAPI;
  let config: SiteYaml;
  beforeAll(async () => {
    site = await buildRealSite();
    $ = await site.page('/contact');
    config = await readYaml<SiteYaml>('content/site.yaml');
  });

  it('has email, response time and location cards', () => {
    expect(textOf($('h1'))).toBe('Contact Us');
    const headings = $('.prose h3')
      .map((_, h) => textOf($(h)))
      .get();
    expect(headings).toEqual(expect.arrayContaining(['Email', 'Response time', 'Location']));
    const card = (title: string) =>
      textOf(
        $('.prose h3')
          .filter((_, h) => textOf($(h)) === title)
          .nextUntil('h2, h3'),
      );
    expect($(`.prose a[href="mailto:${config.emails.general}"]`).first().text()).toBe(config.emails.general);
    expect(card('Email')).toContain(config.emails.general);
    expect(card('Response time')).toContain('24-48 business hours');
    expect(card('Location')).toContain('Based in Pennsylvania');
  });

  it('renders the four labelled, required fields of the message form', () => {
    const form = $('section.contact-form form');
    expect(form).toHaveLength(1);
    const fields = [
      { name: 'name', label: 'Name', tag: 'input', type: 'text' },
      { name: 'email', label: 'Email', tag: 'input', type: 'email' },
      { name: 'subject', label: 'Subject', tag: 'input', type: 'text' },
      { name: 'message', label: 'Message', tag: 'textarea', type: undefined },
    ];
    for (const f of fields) {
      const control = form.find(`[name="${f.name}"]`);
      expect(control, f.name).toHaveLength(1);
      expect(control.prop('tagName')?.toLowerCase()).toBe(f.tag);
      if (f.type) expect(control.attr('type')).toBe(f.type);
      expect(control.attr('required')).toBeDefined();
      const label = form.find(`label[for="${control.attr('id')}"]`);
      expect(textOf(label)).toBe(`${f.label} *`);
    }
    expect(form.find('textarea[name="message"]').attr('rows')).toBe('6');
    expect(textOf(form)).toContain('* Required fields');
    expect(textOf(form.find('button[type="submit"]'))).toBe('Send Message');
    expect((form.attr('method') ?? '').toLowerCase()).toBe('post');
    expect(form.attr('action')).toBe(config.contact.formEndpoint ?? `mailto:${config.emails.general}`);
  });

  it('has editorial and advertising contact cards', () => {
    for (const [title, email] of [
      ['Editorial team', config.emails.editorial],
      ['Advertising and partnerships', config.emails.advertising],
    ] as const) {
      const card = $('.prose h3')
        .filter((_, h) => textOf($(h)) === title)
        .nextUntil('h2, h3');
      expect(card.find(`a[href="mailto:${email}"]`).text()).toBe(email);
    }
  });

  it('links quick answers to the sportsbook FAQ, the law FAQ and responsible gambling', () => {
    const quick = $('section.cards').filter((_, s) => textOf($(s).find('h2')) === 'Quick Answers');
    const hrefs = quick
      .find('a')
      .map((_, a) => $(a).attr('href')!)
      .get();
    expect(hrefs).toEqual(['/best-pa-sportsbooks#faqs', '/pa-gambling-laws#faqs', '/responsible-gambling']);
  });

  it('quick-answer targets that are built carry the anchors linked to', async () => {
    for (const href of ['/best-pa-sportsbooks#faqs', '/pa-gambling-laws#faqs']) {
      const [route, hash] = href.split('#') as [string, string];
      if (!site.result.routes.includes(route)) continue;
      expect((await site.page(route))(`[id="${hash}"]`), href).toHaveLength(1);
    }
  });

  it('without contact.formEndpoint, the form opens a mail to the general address', async () => {
    const copy = await buildCopy(async (c) =>
      c.write('content/site.yaml', withFormEndpoint(await c.read('content/site.yaml'), undefined)),
    );
    try {
      const form = (await copy.site.page('/contact'))('section.contact-form form');
      expect(form.attr('action')).toBe(`mailto:${config.emails.general}`);
      expect((form.attr('method') ?? '').toLowerCase()).toBe('post');
      expect(textOf(form)).toContain(`addressed to ${config.emails.general}`);
    } finally {
      await copy.cleanup();
    }
  });

  it('with contact.netlifyForms set, the form is for Netlify Forms, posting back to its confirmation', async () => {
    const copy = await buildCopy(async (c) =>
      c.write(
        'content/site.yaml',
        withFormEndpoint(await c.read('content/site.yaml'), undefined).replace(
          /^contact:\n/m,
          'contact:\n  netlifyForms: true\n',
        ),
      ),
    );
    try {
      const form = (await copy.site.page('/contact'))('section.contact-form form');
      expect(form.attr('name')).toBe('contact');
      expect(form.attr('data-netlify')).toBe('true');
      expect(form.attr('action')).toBe('/contact#message-sent');
      expect((form.attr('method') ?? '').toLowerCase()).toBe('post');
      expect(form.find('input[type="hidden"][name="form-name"]').attr('value')).toBe('contact');
    } finally {
      await copy.cleanup();
    }
  });

  it('with contact.formEndpoint set, the form posts to that URL', async () => {
    const url = 'https://forms.example.org/pa-bet-guide/contact';
    const copy = await buildCopy(async (c) =>
      c.write('content/site.yaml', withFormEndpoint(await c.read('content/site.yaml'), url)),
    );
    try {
      const form = (await copy.site.page('/contact'))('section.contact-form form');
      expect(form.attr('action')).toBe(url);
      expect((form.attr('method') ?? '').toLowerCase()).toBe('post');
      expect(form.attr('enctype') ?? form.attr('encType')).toBeUndefined();
      expect(textOf(form)).not.toContain('mailto:');
      expect(form.find('[name="email"]').attr('type')).toBe('email');
    } finally {
      await copy.cleanup();
    }
  });
});

describe('about page', () => {
  let $: CheerioAPI;
  let config: SiteYaml;
  beforeAll(async () => {
    $ = await (await buildRealSite()).page('/about');
    config = await readYaml<SiteYaml>('content/site.yaml');
  });

  it('has the sections the spec lists and the January 2025 date', () => {
    expect(textOf($('.hero .updated'))).toBe('Last Updated: January 2025');
    const headings = $('main h2')
      .map((_, h) => textOf($(h)))
      .get();
    for (const re of [
      /mission/i,
      /who we are/i,
      /what we do/i,
      /how we review/i,
      /editorial standards/i,
      /responsible gambling/i,
      /advertising disclosure/i,
      /contact/i,
    ]) {
      expect(
        headings.some((h) => re.test(h)),
        `a heading matching ${re}`,
      ).toBe(true);
    }
  });

  it('explains the seven review criteria (spec §2.7), stated once in site.yaml', () => {
    const section = $('section.cards').filter((_, s) => textOf($(s).find('h2')) === 'What We Score');
    const cards = section.find('.card');
    expect(cards).toHaveLength(7);
    expect(textOf(section.find('.cards-intro'))).toContain('the same 7 criteria');
    const titles = cards.map((_, c) => textOf($(c).find('.card-title'))).get();
    const expected = [/licens/i, /offer/i, /odds|markets/i, /app/i, /banking|payout/i, /support/i, /responsible/i];
    for (const [i, re] of expected.entries()) expect(titles[i]).toMatch(re);
    cards.each((_, c) => {
      expect(words(textOf($(c).find('p')))).toBeGreaterThanOrEqual(15);
    });
  });

  it('shows the help line and the advertising disclosure', () => {
    const help = $('section.helpline');
    expect(help).toHaveLength(1);
    expect(textOf(help.find(`a[href^="tel:"]`))).toBe(`Call ${config.helpline.display}`);
    expect(textOf(help)).toContain(config.helpline.numeric);
    const disclosure = textOf($('#advertising-disclosure').nextUntil('h2, section'));
    expect(disclosure).toMatch(/compensation/);
    expect(disclosure).toMatch(/never decides/);
  });

  it('lists the general and editorial addresses in its contact section', () => {
    const contact = $('section.contact-emails');
    expect(textOf(contact.find('h2'))).toBe('Contact Us');
    expect(contact.find(`a[href="mailto:${config.emails.general}"]`).text()).toBe(config.emails.general);
    expect(contact.find(`a[href="mailto:${config.emails.editorial}"]`).text()).toBe(config.emails.editorial);
  });
});
