import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../src/index.js';
import { hasChromium, startSession, type Session } from './harness.js';
import { scaled } from '../machine.js';
import { buildRealSite } from '../helpers.js';

let s: Session;

describe.skipIf(!hasChromium)('pages under the production Content-Security-Policy', () => {
  beforeAll(async () => {
    const site = await buildRealSite();
    s = await startSession(securityHeaders(site.result.site!.config));
  });
  afterAll(async () => {
    await s?.close();
  });

  it(
    'load with no CSP violation and no script error',
    async () => {
      const problems: string[] = [];
      for (const route of s.site.result.routes.concat('/no-such-page')) {
        const { page, errors } = await s.open(route);
        const csp = (await page.request.get(s.base + route)).headers()['content-security-policy'];
        expect(csp, route).toContain("script-src 'self'");
        // The menu script ran (it is an external file): the js class is set.
        expect(await page.evaluate(() => document.documentElement.classList.contains('js')), route).toBe(true);
        await page.waitForTimeout(50);
        const unexpected = errors.filter(
          (e) => !(route === '/no-such-page' && (e.startsWith('404 Error') || e.includes('status of 404'))),
        );
        problems.push(...unexpected.map((e) => `${route}: ${e}`));
        await page.close();
      }
      expect(problems).toEqual([]);
      // Every page of the site, one after another (33 since issue 32): more than a minute on a loaded machine.
    },
    scaled(180_000),
  );
});
