import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startSession, type Session } from './harness.js';

let s: Session;

/** Every element whose own text carries the gambling-assistance message, with its computed font size. */
const helpLineSizes = () =>
  [...document.querySelectorAll('body *')]
    .filter((el) =>
      [...el.childNodes].some(
        (n) => n.nodeType === Node.TEXT_NODE && /Gambling problem\?|Call 1-800/i.test(n.textContent ?? ''),
      ),
    )
    .map((el) => ({
      text: (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60),
      px: Number.parseFloat(getComputedStyle(el).fontSize),
    }));

describe.skipIf(!hasChromium)('compliance in Chromium', () => {
  beforeAll(async () => {
    s = await startSession();
  });
  afterAll(async () => {
    await s?.close();
  });

  // 58 Pa. Code §501a.7: the help-line message is at least as large as most of the page's text.
  it.each([
    [1280, '/'],
    [375, '/'],
    [1280, '/fanduel-pennsylvania-review'],
    [375, '/responsible-gambling'],
    [375, '/bankroll-management'],
    [1280, '/privacy-policy'],
    // The pages made from lists (issue 32).
    [1280, '/sportsbooks'],
    [375, '/online-casinos'],
    [375, '/betting-guides'],
    [1280, '/sportsbook-reviews'],
    [375, '/casino-reviews'],
    [375, '/betting-promos'],
    [1280, '/casino-bonuses'],
    [375, '/sitemap'],
  ])('at %i px, every help-line message on %s is at least the body text size', async (width, route) => {
    const { page } = await s.open(route, width, 900);
    const body = await page.evaluate(() => Number.parseFloat(getComputedStyle(document.body).fontSize));
    const sizes = await page.evaluate(helpLineSizes);
    // The compliance notice and the footer each carry one; banners may add more.
    expect(sizes.length).toBeGreaterThanOrEqual(2);
    for (const h of sizes) expect(h.px, `"${h.text}" is ${h.px}px, body text ${body}px`).toBeGreaterThanOrEqual(body);
    await page.close();
  });

  // /casino-reviews lists reviews, not operator links (#40), so it needs no disclosure; the reviews carry one.
  it.each([
    '/best-pa-sportsbooks',
    '/betting-promos',
    '/casino-bonuses',
    '/betmgm-casino-pennsylvania-review',
    '/sportsbooks',
  ])('on %s the short advertising disclosure is visible above the first operator link', async (route) => {
    const { page } = await s.open(route, 375, 740);
    const disclosure = page.locator('.ad-disclosure');
    await expect(disclosure.isVisible()).resolves.toBe(true);
    const [d, first] = await Promise.all([
      disclosure.boundingBox(),
      page.locator('a[rel~="sponsored"]').first().boundingBox(),
    ]);
    expect(d!.y + d!.height).toBeLessThanOrEqual(first!.y);
    await page.close();
  });
});
