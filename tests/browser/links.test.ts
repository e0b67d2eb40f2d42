import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from '../helpers.js';
import { hasChromium, startSession, type Session } from './harness.js';

let s: Session;

/** Every header and footer link of content/site.yaml, without the paths still listed as not built. */
async function layoutLinks(): Promise<string[]> {
  const site = parse(await readFile(path.join(repoRoot, 'content/site.yaml'), 'utf8'));
  const hrefs: string[] = [
    ...site.header.menu.flatMap((m: { href: string; submenu?: { href: string }[] }) => [
      m.href,
      ...(m.submenu ?? []).map((x) => x.href),
    ]),
    ...site.footer.columns.flatMap((c: { links: { href: string }[] }) => c.links.map((l) => l.href)),
    ...site.footer.bottomLinks.map((l: { href: string }) => l.href),
  ];
  const unbuilt = new Set<string>(site.check?.knownUnbuilt ?? []);
  return [...new Set(hrefs)].filter((h) => h.startsWith('/') && !unbuilt.has(h.split('#')[0]!));
}

describe.skipIf(!hasChromium)('layout links and redirects in Chromium', () => {
  beforeAll(async () => {
    s = await startSession();
  });
  afterAll(async () => {
    await s?.close();
  });

  for (const [width, js] of [
    [375, true],
    [375, false],
    [1280, true],
    [1280, false],
  ] as const) {
    it(`at ${width} px, JavaScript ${js ? 'on' : 'off'}: each built layout link lands on a page`, async () => {
      const page = await s.browser.newPage({ viewport: { width, height: 900 }, javaScriptEnabled: js });
      for (const href of await layoutLinks()) {
        const response = await page.goto(s.base + href);
        // A redirect's fallback page sends the browser on with a meta refresh: wait for it to land.
        if (href === '/understanding-odds') await page.waitForURL(`${s.base}/pennsylvania-betting-odds-explained`);
        expect(response?.status(), href).toBe(200);
        await expect(page.locator('h1').count(), href).resolves.toBe(1);
        await expect(page.locator('.not-found').count(), href).resolves.toBe(0);
        await expect(page.title(), href).resolves.not.toMatch(/not found/i);
      }
      await page.close();
    });
  }

  it('the redirect fallback page lands on its target, JavaScript off, with the target as canonical', async () => {
    const { page } = await s.open('/understanding-odds', 375, 740, false);
    await page.waitForURL(`${s.base}/pennsylvania-betting-odds-explained`);
    await expect(page.locator('h1').textContent()).resolves.toBe('Pennsylvania Betting Odds Explained');
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toBe(
      'https://www.pabetguide.com/pennsylvania-betting-odds-explained',
    );
    await page.close();
  });
});
