import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../machine.js';
import { hasChromium, startSession, type Session } from './harness.js';

const require = createRequire(import.meta.url);
const ODDS = '/tools/odds-calculator';
const OFFER = '/tools/offer-value-calculator';
const TAX = '/tools/tax-on-winnings-calculator';
const CHECK = '/tools/gambling-self-check';
const TOOLS = [ODDS, OFFER, TAX, CHECK];

const text = (page: Page, sel: string) => page.locator(sel).innerText();
/** Types into a field as a reader does (input events), replacing what was there. */
const type = async (page: Page, id: string, value: string) => {
  await page.fill(`#${id}`, '');
  if (value) await page.locator(`#${id}`).pressSequentially(value);
  else await page.locator(`#${id}`).dispatchEvent('input');
};
const message = (page: Page, id: string) => page.locator(`#${id}-error`).innerText();
const noBadNumbers = async (page: Page) => {
  const all = await page.locator('main').innerText();
  expect(all).not.toMatch(/NaN|Infinity|-\d+(\.\d+)?%/);
  for (const m of all.matchAll(/(\d+(?:\.\d+)?)%/g)) expect(Number(m[1])).toBeLessThanOrEqual(100);
};

describe.skipIf(!hasChromium)('the tools, in Chromium', () => {
  let s: Session;
  beforeAll(async () => {
    s = await startSession();
  }, scaled(120_000));
  afterAll(async () => {
    await s?.close();
  });

  for (const width of [375, 1280]) {
    it(`odds: converts -110, prices a parlay, strips the vig, refuses bad odds (${width} px)`, async () => {
      const { page, errors } = await s.open(ODDS, width);
      const convert = await text(page, '#odds-convert');
      for (const want of ['1.91', '10/11', '52.38%', '$90.91', '$190.91']) expect(convert).toContain(want);
      expect(await text(page, '#odds-parlay')).toContain('+616');
      expect(await text(page, '#odds-fair')).toContain('4.76%');
      for (const [bad, want] of [
        ['0', 'Odds of 0 do not exist'],
        ['+99', 'between -100 and +100'],
        ['-99', 'between -100 and +100'],
        ['abc', 'as a number'],
        ['', 'Enter American odds'],
      ]) {
        await type(page, 'odds-odds', bad!);
        expect(await message(page, 'odds-odds'), bad).toContain(want);
        expect(await page.getAttribute('#odds-odds', 'aria-invalid')).toBe('true');
      }
      await type(page, 'odds-stake', '-5');
      expect(await message(page, 'odds-stake')).toContain('negative');
      await type(page, 'odds-legs', Array(30).fill('-110').join(', '));
      expect(await message(page, 'odds-legs')).toContain('at most 12 legs');
      await page.selectOption('#odds-format', 'decimal');
      await type(page, 'odds-odds', '1');
      expect(await message(page, 'odds-odds')).toContain('above 1.00');
      await page.selectOption('#odds-format', 'implied');
      await type(page, 'odds-odds', '150');
      expect(await message(page, 'odds-odds')).toContain('below 100%');
      await noBadNumbers(page);
      expect(errors).toEqual([]);
      await page.close();
    });

    it(`offer value: asks for a missing term, then values the offer, refuses 1,000x (${width} px)`, async () => {
      const { page, errors } = await s.open(OFFER, width);
      await page.selectOption('#offer-type', 'bonus-bets');
      await type(page, 'offer-amount', '200');
      await type(page, 'offer-odds', '+200');
      expect(await message(page, 'offer-playthrough')).toContain('Enter the playthrough from the offer’s terms');
      expect(await text(page, '#offer-result')).not.toContain('$');
      await type(page, 'offer-playthrough', '1');
      // 200 × (1 − 4.55%) × 2 ÷ 3 = $127.27.
      expect(await text(page, '#offer-result')).toContain('$127.27 of the $200 bonus');
      await type(page, 'offer-playthrough', '1000');
      expect(await message(page, 'offer-playthrough')).toContain('above 100x');
      await type(page, 'offer-min-odds', '-200');
      await type(page, 'offer-odds', '-300');
      expect(await message(page, 'offer-odds')).toContain('-200 or longer');
      await page.selectOption('#offer-type', 'casino-credits');
      expect(await page.locator('#offer-odds').isVisible()).toBe(false);
      await type(page, 'offer-playthrough', '10');
      await type(page, 'offer-weighting', '100');
      expect(await message(page, 'offer-edge')).toContain('return to player');
      await type(page, 'offer-amount', 'lots');
      expect(await message(page, 'offer-amount')).toContain('Enter a number');
      await noBadNumbers(page);
      expect(errors).toEqual([]);
      await page.close();
    });

    it(`tax: applies the year's W-2G line, withholding and PA tax, refuses bad amounts (${width} px)`, async () => {
      const { page, errors } = await s.open(TAX, width);
      await page.selectOption('#tax-type', 'slots');
      await type(page, 'tax-winnings', '1500');
      await type(page, 'tax-wager', '5');
      await page.selectOption('#tax-year', '2026');
      let result = await text(page, '#tax-result');
      expect(result).toContain('Not issued');
      expect(result).toContain('$45.90');
      await page.selectOption('#tax-year', '2025');
      expect(await text(page, '#tax-result')).toContain('Yes, the payer issues one');
      await page.selectOption('#tax-type', 'sports');
      await page.selectOption('#tax-year', '2026');
      await type(page, 'tax-winnings', '10010');
      await type(page, 'tax-wager', '10');
      await type(page, 'tax-losses', '4000');
      result = await text(page, '#tax-result');
      expect(result).toContain('$2,400');
      expect(result).toContain('$3,600');
      await type(page, 'tax-wager', '');
      expect(await message(page, 'tax-wager')).toContain('Enter what you wagered');
      await type(page, 'tax-winnings', '-20');
      expect(await message(page, 'tax-winnings')).toContain('negative');
      await type(page, 'tax-winnings', 'ten');
      expect(await message(page, 'tax-winnings')).toContain('Enter a number');
      expect(await page.locator('.tool').innerText()).toContain('not tax advice');
      await noBadNumbers(page);
      expect(errors).toEqual([]);
      await page.close();
    });

    it(`self-check: scores on the device and shows help at every score (${width} px)`, async () => {
      const { page, errors } = await s.open(CHECK, width);
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      expect(await text(page, '.selfcheck-result')).toContain('1-800-GAMBLER');
      for (let q = 1; q <= 9; q++) await page.check(`input[name="q${q}"][value="${q <= 3 ? 1 : 0}"]`);
      const result = await text(page, '.selfcheck-result');
      expect(result).toContain('3 of 27');
      expect(result).toContain('Moderate level of problems');
      for (const help of ['1-800-GAMBLER', 'responsibleplay.pa.gov', 'limits']) expect(result).toContain(help);
      for (let q = 1; q <= 9; q++) await page.check(`input[name="q${q}"][value="0"]`);
      expect(await text(page, '.selfcheck-result')).toContain('1-800-GAMBLER');
      // Nothing is sent: the only request after load is the browser's own favicon fetch.
      expect(requests.filter((u) => !u.endsWith('/favicon.svg'))).toEqual([]);
      expect(await page.evaluate(() => localStorage.length + sessionStorage.length + document.cookie.length)).toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('keyboard only: Tab reaches a field, typing updates the answer, Enter sends nothing', async () => {
    const { page } = await s.open(ODDS, 1280);
    await page.focus('#odds-format');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('odds-odds');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('+150');
    expect(await text(page, '#odds-convert')).toContain('40%');
    await page.keyboard.press('Enter');
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getAttribute('#odds-convert', 'aria-live')).toBe('polite');
    await page.close();
  });

  it('with JavaScript off, each tool reads as its formula, worked example or questions', async () => {
    for (const width of [375, 1280]) {
      const { page } = await s.open(ODDS, width, 900, false);
      expect(await page.locator('form.tool-form').isVisible()).toBe(false);
      const example = await text(page, '.tool-example');
      for (const want of ['stake × odds ÷ 100', '$90.91', '52.38%', '4.76%']) expect(example).toContain(want);
      await page.goto(s.base + OFFER);
      expect(await text(page, '.tool-example')).toContain('Expected value');
      await page.goto(s.base + TAX);
      const tax = await text(page, '.tool-example');
      expect(tax).toContain('$2,000');
      expect(tax).toContain('$1,200');
      expect(tax).toContain('3.07%');
      await page.goto(s.base + CHECK);
      expect(await page.locator('.selfcheck-questions > li').count()).toBe(9);
      expect(await text(page, '.selfcheck-bands')).toContain('8 or more');
      expect(await text(page, '.selfcheck-result')).toContain('1-800-GAMBLER');
      await page.close();
    }
  });

  it('fits 320 px with no sideways scroll; prints the example, the answer and the help, no menu', async () => {
    for (const route of TOOLS) {
      const { page } = await s.open(route, 320);
      const [scroll, client] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect(scroll, route).toBeLessThanOrEqual(client);
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('.site-header').isVisible(), route).toBe(false);
      expect(await page.locator('.tool-help').isVisible(), route).toBe(true);
      expect(await page.locator('.tool-result').first().isVisible(), route).toBe(true);
      await page.close();
    }
  });

  it('tap targets are at least 44 px on a phone', async () => {
    const small: string[] = [];
    for (const route of TOOLS) {
      const { page } = await s.open(route, 375);
      if (route === OFFER) await page.selectOption('#offer-type', 'spins');
      const sizes = await page.$$eval('.tool input, .tool select, .tool button, .selfcheck-answers label', (els) =>
        els
          .filter((e) => (e as HTMLElement).offsetParent !== null && (e as HTMLInputElement).type !== 'radio')
          .map((e) => [e.id || e.textContent?.trim(), e.getBoundingClientRect().height] as const),
      );
      small.push(...sizes.filter(([, h]) => h < 44).map(([n, h]) => `${route} ${n}: ${h}px`));
      await page.close();
    }
    expect(small).toEqual([]);
  });

  it(
    'has no WCAG 2.1 A/AA violations at 375 and 1280 px, JS on and off (axe-core)',
    async () => {
      const axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
      const failures: string[] = [];
      for (const [width, js] of [
        [375, true],
        [1280, true],
        [375, false],
        [1280, false],
      ] as const) {
        const context = await s.browser.newContext({ viewport: { width, height: 900 } });
        if (!js) await context.route(/\/assets\/.*\.js$/, (r) => r.abort());
        for (const route of TOOLS) {
          const page = await context.newPage();
          await page.goto(s.base + route);
          // A result on screen is checked too: type a known case first.
          if (js && route === TAX) {
            await type(page, 'tax-winnings', '1500');
            await type(page, 'tax-wager', 'x');
          }
          await page.addScriptTag({ content: axeSource });
          const violations = await page.evaluate(async () => {
            const axe = (
              window as unknown as { axe: { run(d: Document, o: object): Promise<{ violations: { id: string }[] }> } }
            ).axe;
            const r = await axe.run(document, {
              runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
            });
            return r.violations.map((v) => v.id);
          });
          failures.push(...violations.map((v) => `${route} at ${width} px, JS ${js ? 'on' : 'off'}: ${v}`));
          await page.close();
        }
        await context.close();
      }
      expect(failures).toEqual([]);
    },
    scaled(120_000),
  );
});
