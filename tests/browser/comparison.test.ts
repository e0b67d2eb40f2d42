/**
 * The comparison tables and ranked review tables on a phone (#40 items 3 and 8): at 320 and 375 px
 * every cell lies inside the viewport, with no sideways scrolling, JavaScript on and off; a ranking
 * list's parts appear in their own order.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startSession, type Session } from './harness.js';

let s: Session;
const COMPARED = ['/best-pa-sportsbooks', '/best-pa-online-casinos', '/betting-promos', '/fanduel-pennsylvania-review'];
const RANKED_TABLES = ['/sportsbook-reviews', '/casino-reviews', '/online-casinos', '/sportsbooks'];

/** Cells of `selector` tables whose box leaves the viewport, and the page's sideways overflow. */
async function outside(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const width = document.documentElement.clientWidth;
    const cells = [...document.querySelectorAll(`${sel} :is(th, td)`)];
    const out = cells
      .filter((c) => {
        const r = c.getBoundingClientRect();
        return r.width > 0 && (r.left < -0.5 || r.right > width + 0.5);
      })
      .map((c) => `${c.tagName} "${(c.textContent ?? '').trim().slice(0, 30)}"`);
    // A scrolling frame hides overflow from the page: its own scroll width must fit too.
    const frames = [...document.querySelectorAll('.table-scroll')]
      .filter((f) => f.querySelector(sel.split(' ').at(-1)!) && f.scrollWidth > f.clientWidth + 1)
      .map((f) => f.getAttribute('aria-label'));
    return { cells: cells.length, out, frames, page: document.documentElement.scrollWidth - width };
  }, selector);
}

describe.skipIf(!hasChromium)('comparison and ranked tables on a phone', () => {
  beforeAll(async () => {
    s = await startSession();
  });
  afterAll(async () => {
    await s?.close();
  });

  for (const js of [true, false])
    it(`JS ${js ? 'on' : 'off'}: no comparison cell outside the viewport at 320 and 375 px`, async () => {
      for (const width of [320, 375])
        for (const route of COMPARED) {
          const { page } = await s.open(route, width, 800, js);
          try {
            const r = await outside(page, 'table.comparison');
            expect(r.cells, `${route} has a comparison`).toBeGreaterThan(20);
            expect(r.out, `${route} at ${width} px`).toEqual([]);
            expect(r.frames, `${route} at ${width} px scrolls sideways`).toEqual([]);
            expect(r.page, `${route} at ${width} px page overflow`).toBeLessThanOrEqual(0);
          } finally {
            await page.close();
          }
        }
    });

  it('ranked review tables show the whole rating and the review link at 375 px', async () => {
    for (const route of RANKED_TABLES) {
      const { page } = await s.open(route, 375, 800);
      try {
        const found = await page.$$('.review-list table');
        if (!found.length) continue;
        const r = await outside(page, '.review-list table');
        expect(r.out, route).toEqual([]);
        expect(r.frames, route).toEqual([]);
        // "4.3/5", never clipped to "4.".
        const ratings = await page.$$eval('.review-list .stars-value', (els) =>
          els.map((e) => {
            const b = e.getBoundingClientRect();
            return { text: e.textContent, inside: b.right <= document.documentElement.clientWidth };
          }),
        );
        for (const x of ratings) expect(x, route).toEqual({ text: expect.stringMatching(/^\d\.\d\/5$/), inside: true });
      } finally {
        await page.close();
      }
    }
  });

  it('shows a ranking list in its own order at 375 px: no paragraph moved after the cards by CSS', async () => {
    for (const route of ['/', '/best-pa-sportsbooks', '/best-pa-online-casinos']) {
      const { page } = await s.open(route, 375, 800);
      try {
        const lists = await page.$$eval('.op-list', (ls) =>
          ls.map((l) =>
            [...l.children].map((c) => [Math.round(c.getBoundingClientRect().top), getComputedStyle(c).order]),
          ),
        );
        for (const parts of lists) {
          const tops = parts.map(([top]) => top as number);
          expect(tops, route).toEqual([...tops].sort((a, b) => a - b));
          expect(
            parts.map(([, order]) => order),
            route,
          ).toEqual(parts.map(() => '0'));
        }
      } finally {
        await page.close();
      }
    }
  });
});
