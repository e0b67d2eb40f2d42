import { beforeAll, describe, expect, it } from 'vitest';
import type { CheerioAPI } from 'cheerio';
import { buildRealSite, textOf, type BuiltSite } from './helpers.js';

/**
 * The privacy policy and terms of service of issue #32. The privacy policy makes claims about what
 * the built site does (no cookies, storage, analytics or requests to other servers; a contact form
 * that opens the reader's email app): these tests hold the built pages and the site's script to
 * them, so a template or setting that changes what the site does with data fails here until the
 * policy says so.
 */

const PRIVACY = '/privacy-policy';
const TERMS = '/terms-of-service';

let site: BuiltSite;
beforeAll(async () => {
  site = await buildRealSite();
});

/** The elements after a Markdown `## heading` up to the next h2. */
function section($: CheerioAPI, heading: string) {
  const h = $('.content h2').filter((_, el) => textOf($(el)) === heading);
  expect(h, `heading "${heading}"`).toHaveLength(1);
  return textOf(h.nextUntil('h2'));
}

describe.each([PRIVACY, TERMS])('%s: a legal page like every other page', (route) => {
  it('has one h1, a description, its canonical link, JSON-LD and the January 2025 date', async () => {
    const $ = await site.page(route);
    expect($('h1')).toHaveLength(1);
    expect($('meta[name=description]').attr('content')!.length).toBeGreaterThanOrEqual(50);
    expect($('link[rel=canonical]').attr('href')).toBe(`https://www.pabetguide.com${route}`);
    expect($('script[type="application/ld+json"]').length).toBeGreaterThan(0);
    expect(textOf($('.hero'))).toContain('January 2025');
  });

  it('carries the 21+ reminder, the help line and the compensation disclosure', async () => {
    const text = textOf((await site.page(route))('body'));
    expect(text).toMatch(/21 or older and physically located in Pennsylvania/);
    expect(text).toContain('1-800-GAMBLER');
    expect(text).toMatch(/may receive compensation/);
  });

  it('links only to pages that are built, and to the contact page', async () => {
    const $ = await site.page(route);
    // The Sources list links each source's own page (tests/sources.test.ts checks those links).
    const links = $('.content a[href]')
      .not('.page-sources a')
      .map((_, a) => $(a).attr('href'))
      .get();
    expect(links).toContain('/contact');
    for (const href of links.filter((h) => h.startsWith('/')))
      expect(site.result.routes, href).toContain(href.split('#')[0]);
    for (const href of links.filter((h) => h.startsWith('#')))
      expect($(`[id="${href.slice(1)}"]`), href).toHaveLength(1);
    for (const href of links.filter((h) => !/^[/#]/.test(h))) expect(href).toMatch(/^mailto:[^@\s]+@pabetguide\.com$/);
  });

  it('names no company, address or legal entity the site does not have', async () => {
    const text = textOf((await site.page(route))('.content'));
    expect(text).not.toMatch(/\b(LLC|Inc\.?|Ltd|Limited|Corporation|Corp\.)\b/);
    expect(text).not.toMatch(/\b(Street|Avenue|Suite|P\.?O\.? Box)\b/);
  });
});

describe(PRIVACY, () => {
  it('sets no cookie, uses no browser storage and sends nothing anywhere: true of the site script', async () => {
    const scripts = (await site.files()).filter((f) => /^assets\/.*\.js$/.test(f));
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) {
      const js = await site.read(file);
      expect(js, file).not.toMatch(
        /document\.cookie|localStorage|sessionStorage|indexedDB|fetch\(|XMLHttpRequest|sendBeacon|WebSocket/,
      );
    }
  });

  it('loads nothing from another server on any page: true of every built page', async () => {
    for (const route of site.result.routes) {
      const $ = await site.page(route);
      const loaded = $('script[src], img[src], iframe, video, audio, source, link[rel=stylesheet], link[rel=icon]')
        .map((_, el) => $(el).attr('src') ?? $(el).attr('href') ?? '(no address)')
        .get();
      for (const url of loaded) expect(url, `${route} loads ${url}`).toMatch(/^\/(?!\/)/);
    }
  });

  it('describes the contact form as configured: it opens the email app, addressed to the general address', async () => {
    const { contact, emails } = site.result.site!.config;
    // A form service or Netlify Forms would send messages elsewhere: the policy must say so first.
    expect(contact.formEndpoint, 'contact.formEndpoint is set: update the privacy policy').toBeUndefined();
    expect(contact.netlifyForms, 'contact.netlifyForms is on: update the privacy policy').toBe(false);
    const form = (await site.page('/contact'))('form[data-mode]');
    expect(form.attr('action')).toBe(`mailto:${emails.general}`);
    expect(
      form
        .find('input:not([type=hidden]), textarea')
        .map((_, f) => form.find(f).attr('name'))
        .get(),
    ).toEqual(['name', 'email', 'subject', 'message']);
    const $ = await site.page(PRIVACY);
    const text = section($, 'The contact form and email');
    expect(text).toMatch(/name.*email address.*subject.*message/);
    expect(text).toContain(`opens the email app on your device with a new message addressed to ${emails.general}`);
    expect(text).toContain('does not send your message to this website or to any form service');
  });

  it('says what the host may log and how to ask for deletion', async () => {
    const $ = await site.page(PRIVACY);
    expect(section($, 'What the web host may log')).toMatch(/IP address.*page or file requested.*date and time/);
    const deletion = section($, 'Asking for a copy or deletion');
    expect(deletion).toMatch(/delete/);
    expect($('.content a[href="/contact"]').length).toBeGreaterThanOrEqual(2);
    expect(textOf($('.content'))).toMatch(/No cookies/);
  });
});

describe(TERMS, () => {
  it('covers informational use, 21+, no guarantee, affiliate links and the operators’ own terms', async () => {
    const $ = await site.page(TERMS);
    expect(section($, 'Information and entertainment only')).toMatch(
      /not legal, financial, tax or professional advice/,
    );
    expect(section($, 'Age and location')).toMatch(/21 or\s+older/);
    expect(section($, 'Accuracy and no guarantee')).toMatch(/cannot guarantee/);
    expect(section($, 'Affiliate relationships')).toMatch(/may receive compensation/);
    expect(section($, "Operators' own terms govern offers, accounts and bets")).toMatch(/the operator's terms apply/);
    expect($('.content a[href="/about#advertising-disclosure"]')).toHaveLength(1);
    expect($('.content a[href="/privacy-policy"]')).toHaveLength(1);
    expect($('.content a[href="/responsible-gambling"]')).toHaveLength(1);
  });
});
