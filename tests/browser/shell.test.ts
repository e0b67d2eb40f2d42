import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_CLIENT } from '../../src/dev/client.js';
import { artifactsDir, hasChromium, startSession, type Session } from './harness.js';

let s: Session;

describe.skipIf(!hasChromium)('site shell in Chromium', () => {
  beforeAll(async () => {
    s = await startSession();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('desktop (1280 px): hovering a dropdown shows its items and leaving hides them; its button follows', async () => {
    const { page } = await s.open('/');
    for (const name of ['Sportsbooks', 'Online Casinos', 'Betting Guides']) {
      const item = page.locator('.nav-item.has-sub', { has: page.getByRole('link', { name, exact: true }) });
      const sub = item.locator('.sub-menu');
      const button = item.getByRole('button', { name: `${name} pages` });
      await expect(sub.isVisible()).resolves.toBe(false);
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      await item.hover();
      await expect(sub.isVisible()).resolves.toBe(true);
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      await expect(sub.locator('a').count()).resolves.toBe(3);
      await page.mouse.move(640, 800);
      await expect(sub.isVisible()).resolves.toBe(false);
      expect(await button.getAttribute('aria-expanded')).toBe('false');
    }
    await expect(page.getByRole('link', { name: 'How Offers Work' }).isVisible()).resolves.toBe(true);
    expect(await page.getByRole('link', { name: 'How Offers Work' }).getAttribute('href')).toBe('/betting-promos');
    await page.close();
  });

  it('desktop without JavaScript: keyboard focus opens a dropdown (focus-within)', async () => {
    const { page } = await s.open('/', 1280, 900, false);
    await expect(page.locator('#site-nav').isVisible()).resolves.toBe(true);
    await expect(page.locator('summary.menu-toggle').isVisible()).resolves.toBe(false);
    await page.getByRole('link', { name: 'Sportsbooks', exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Best PA Sportsbooks');
    await expect(page.locator('.sub-menu').first().isVisible()).resolves.toBe(true);
    await page.close();
  });

  for (const js of [true, false]) {
    it(`mobile (375 px, JavaScript ${js ? 'on' : 'off'}): menu starts collapsed, its summary toggles it`, async () => {
      const { page } = await s.open('/', 375, 740, js);
      const toggle = page.locator('summary.menu-toggle');
      const nav = page.locator('#site-nav');
      await expect(toggle.isVisible()).resolves.toBe(true);
      await expect(nav.isVisible()).resolves.toBe(false);
      await toggle.click();
      await expect(nav.isVisible()).resolves.toBe(true);
      // Sub-items are listed, and the offers button is in the mobile menu.
      await expect(nav.getByRole('link', { name: 'Best PA Sportsbooks' }).isVisible()).resolves.toBe(true);
      await expect(nav.getByRole('link', { name: 'How Offers Work' }).isVisible()).resolves.toBe(true);
      await toggle.click();
      await expect(nav.isVisible()).resolves.toBe(false);
      if (js) {
        // Choosing a (same-page) link closes the menu.
        await toggle.click();
        await page.evaluate(() =>
          document.querySelector('#site-nav a[href="/"]')?.addEventListener('click', (e) => e.preventDefault()),
        );
        await nav.getByRole('link', { name: 'Home', exact: true }).click();
        await expect(nav.isVisible()).resolves.toBe(false);
        // A tap outside the open menu closes it.
        await toggle.click();
        await page.mouse.click(222, 32);
        expect(new URL(page.url()).pathname).toBe('/');
        await expect(nav.isVisible()).resolves.toBe(false);
      }
      await page.close();
    });
  }

  it('highlights the current section; aria-current marks the page in header and footer', async () => {
    const cases: [string, string][] = [
      ['/', 'Home'],
      ['/best-pa-sportsbooks', 'Sportsbooks'],
      ['/fanduel-pennsylvania-review', 'Sportsbooks'],
      ['/best-pa-online-casinos', 'Online Casinos'],
      ['/how-to-bet-on-sports', 'Betting Guides'],
      ['/pennsylvania-betting-odds-explained', 'Betting Guides'],
      ['/pa-sports-betting-apps', 'Sportsbooks'],
      ['/pa-online-casino-apps', 'Online Casinos'],
      ['/pa-gambling-laws', 'PA Gambling Laws'],
      ['/about', 'About'],
      ['/contact', 'About'],
      ['/live-betting-guide', 'Betting Guides'],
      ['/betting-strategies', 'Betting Guides'],
      ['/bankroll-management', 'Betting Guides'],
      ['/slots-games', 'Online Casinos'],
      ['/live-dealer-games', 'Online Casinos'],
      ['/privacy-policy', 'About'],
      ['/terms-of-service', 'About'],
    ];
    for (const [route, name] of cases) {
      const { page } = await s.open(route);
      const active = page.locator('#site-nav .nav-item.is-active > .nav-link');
      await expect(active.count(), route).resolves.toBe(1);
      expect(await active.textContent(), route).toBe(name);
      const current = await active.getAttribute('aria-current');
      expect(current === 'page' || current === 'true', route).toBe(true);
      // The link to this very page, wherever the header or footer has one, says so.
      const links = await page.$$eval(`header a[href="${route}"], footer a[href="${route}"]`, (as) =>
        as.map((a) => a.getAttribute('aria-current')),
      );
      expect(
        links.every((c) => c === 'page'),
        route,
      ).toBe(true);
      expect(await page.locator('[aria-current="page"]').count(), route).toBeGreaterThanOrEqual(links.length);
      await page.close();
    }
  });

  it('the FAQ accordion keeps at most one item open and collapses an open one', async () => {
    const { page } = await s.open('/');
    const items = page.locator('#faqs details');
    const summaries = page.locator('#faqs summary');
    const openCount = () => page.locator('#faqs details[open]').count();
    await summaries.nth(0).click();
    expect(await openCount()).toBe(1);
    await summaries.nth(1).click();
    expect(await openCount()).toBe(1);
    expect(await items.nth(1).getAttribute('open')).not.toBeNull();
    await summaries.nth(1).click();
    expect(await openCount()).toBe(0);
    await page.close();
  });

  it('the not-found page logs the attempted path as a 404 error', async () => {
    const { page, errors } = await s.open('/no-such-page');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Oops! Page not found');
    await expect(page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).resolves.toBe('/');
    await page.waitForTimeout(100);
    expect(errors.some((e) => e.includes('404') && e.includes('/no-such-page'))).toBe(true);
    await page.close();
  });

  it('keeps the header in view after scrolling', async () => {
    const { page } = await s.open('/', 1280, 800);
    await page.mouse.wheel(0, 3000);
    await page.waitForFunction(() => window.scrollY > 0);
    const top = await page.locator('.site-header').evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBe(0);
    await page.close();
  });

  it('writes screenshots of Home at 1280 and 375 px', async () => {
    for (const width of [1280, 375]) {
      const { page } = await s.open('/', width, 900);
      const file = path.join(artifactsDir, `home-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await page.close();
      expect((await readFile(file)).byteLength).toBeGreaterThan(10_000);
    }
  });

  it('the dev error overlay is opaque and covers the sticky header, and the next good build removes it', async () => {
    const { page } = await s.open('/best-pa-sportsbooks', 1280, 800);
    await page.mouse.wheel(0, 1500);
    // The dev client listens on an EventSource; a stand-in lets the test send it the error event.
    await page.evaluate((client) => {
      class FakeSource extends EventTarget {}
      const w = window as unknown as { EventSource: unknown; __source: FakeSource };
      w.__source = new FakeSource();
      w.EventSource = class {
        constructor() {
          // biome-ignore lint/correctness/noConstructorReturn: stands in for the real EventSource
          return w.__source;
        }
      };
      new Function(client)();
      const data = JSON.stringify({
        message: 'content/pages/about.md has 1 error',
        details: ['content/pages/about.md:4:3  hero.heading  expected text (received: 42)'],
      });
      w.__source.dispatchEvent(new MessageEvent('error-state', { data }));
    }, DEV_CLIENT);
    const overlay = page.locator('#pa-site-error-overlay');
    await expect(overlay.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('The site could not be built');
    const look = await overlay.evaluate((el) => {
      const style = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      const atHeader = document.elementFromPoint(600, 20);
      return {
        background: style.backgroundColor,
        covers: r.top <= 0 && r.left <= 0 && r.right >= innerWidth && r.bottom >= innerHeight,
        headerHidden: !!atHeader && el.contains(atHeader),
      };
    });
    expect(look).toEqual({ background: 'rgb(255, 255, 255)', covers: true, headerHidden: true });
    await expect(overlay.locator('pre').textContent()).resolves.toContain('about.md:4:3  hero.heading');
    await page.evaluate(() => {
      const w = window as unknown as { __source: EventTarget };
      w.__source.dispatchEvent(new MessageEvent('error-state', { data: 'null' }));
    });
    await expect(overlay.count()).resolves.toBe(0);
    await page.close();
  });
});
