import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { serveDir } from '../../src/serve/serve.js';
import { buildRealSite, repoRoot, type BuiltSite } from '../helpers.js';
import { installed } from '../machine.js';

import { CHROMIUM, CHROMIUM_ARGS } from '../../scripts/chromium.mjs';

export { CHROMIUM, CHROMIUM_ARGS };
export const artifactsDir = path.join(repoRoot, 'test-artifacts');

/**
 * Browser tests need Debian's Chromium. Outside CI they are skipped with a hint; in CI (CI=true)
 * a missing browser is a failure, never a silent skip.
 */
export const hasChromium = installed(existsSync(CHROMIUM), `Chromium (${CHROMIUM})`, 'sudo apt-get install chromium');

export interface Session {
  site: BuiltSite;
  browser: Browser;
  base: string;
  /** Opens a page at a viewport width (JavaScript on unless `js` is false) and collects its console errors. */
  open(route: string, width?: number, height?: number, js?: boolean): Promise<{ page: Page; errors: string[] }>;
  close(): Promise<void>;
}

export async function startSession(extraHeaders?: Record<string, string>): Promise<Session> {
  const site = await buildRealSite();
  const server = await serveDir(site.dir, { extraHeaders });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  await mkdir(artifactsDir, { recursive: true });
  return {
    site,
    browser,
    base: server.url,
    async open(route, width = 1280, height = 900, js = true) {
      const page = await browser.newPage({ viewport: { width, height }, javaScriptEnabled: js });
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(server.url + route);
      return { page, errors };
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
