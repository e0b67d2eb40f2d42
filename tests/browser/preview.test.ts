/** `pa-site preview` in Chromium: every page of the built site answers at its clean URL. */
import { readdir } from 'node:fs/promises';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preview, type PreviewServer } from '../../src/index.js';
import { buildRealSite, type BuiltSite } from '../helpers.js';
import { CHROMIUM, CHROMIUM_ARGS, hasChromium } from './harness.js';

let site: BuiltSite;
let server: PreviewServer;
let browser: Browser;

describe.skipIf(!hasChromium)('pa-site preview in Chromium', () => {
  beforeAll(async () => {
    site = await buildRealSite();
    server = await preview({ dir: site.dir, port: 0 });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('serves every page of the build at its clean URL, with the CSP of its _headers and no error', async () => {
    const files = (await readdir(site.dir, { recursive: true })).filter((f) => f.endsWith('.html') && f !== '404.html');
    const redirects = site.result.site?.config.redirects ?? [];
    // Every page, and the fallback page of each redirect.
    expect(files.length).toBe(site.result.pages + redirects.length);
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    for (const route of site.result.routes) {
      const res = await page.goto(server.url + route);
      expect([route, res?.status(), page.url()]).toEqual([route, 200, server.url + route]);
      expect(res?.headers()['content-security-policy'], route).toContain("script-src 'self'");
      expect(await page.locator('h1').count(), route).toBe(1);
    }
    // `_redirects` has no `!`, so as on Netlify the fallback page at the old path wins over the rule;
    // its meta refresh sends the browser on.
    for (const r of redirects) {
      const res = await page.goto(server.url + r.from);
      expect([r.from, res?.status()]).toEqual([r.from, 200]);
      await page.waitForURL(server.url + r.to);
    }
    // An internal link followed by the browser lands on a page, not on the 404 page.
    await page.goto(`${server.url}/`);
    await page.locator('main a[href^="/"]').first().click();
    await page.waitForLoadState();
    expect(await page.title()).not.toMatch(/not found/i);
    expect(errors).toEqual([]);
    await page.close();
  });
});
