import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { build, securityHeaders, serveDir } from '../../src/index.js';
import { copyOfContent } from '../helpers.js';
import { CHROMIUM, CHROMIUM_ARGS, hasChromium, startSession, type Session } from './harness.js';

const fill = async (page: import('playwright-core').Page) => {
  await page.fill('#contact-name', 'Pat Reader');
  await page.fill('#contact-email', 'pat@example.org');
  await page.fill('#contact-subject', 'A correction');
  await page.fill('#contact-message', 'The BetRivers page has a typo.');
};

describe.skipIf(!hasChromium)('the contact form reaches someone', () => {
  let s: Session;
  beforeAll(async () => {
    s = await startSession();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('shows accessible messages when required fields are missing', async () => {
    const { page } = await s.open('/contact');
    await page.click('section.contact-form button[type="submit"]');
    for (const id of ['contact-name', 'contact-email', 'contact-subject', 'contact-message']) {
      expect(await page.getAttribute(`#${id}`, 'aria-invalid'), id).toBe('true');
      await expect(page.locator(`#${id}-error`).isVisible(), id).resolves.toBe(true);
    }
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-name');
    await page.fill('#contact-email', 'not-an-email');
    await page.click('section.contact-form button[type="submit"]');
    expect(await page.textContent('#contact-email-error')).toContain('valid email address');
    await page.close();
  });

  it('rejects fields that hold only spaces, with and without JavaScript', async () => {
    const { page } = await s.open('/contact');
    for (const id of ['contact-name', 'contact-subject', 'contact-message']) await page.fill(`#${id}`, '   ');
    await page.fill('#contact-email', 'pat@example.org');
    await page.click('section.contact-form button[type="submit"]');
    for (const id of ['contact-name', 'contact-subject', 'contact-message']) {
      expect(await page.getAttribute(`#${id}`, 'aria-invalid'), id).toBe('true');
      expect(await page.textContent(`#${id}-error`), id).toBe('Please enter more than spaces.');
    }
    expect(await page.getAttribute('#contact-email', 'aria-invalid')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-name');
    await expect(page.locator('#message-sent').isVisible()).resolves.toBe(false);
    await page.close();
    // Without JavaScript the browser's own check refuses spaces in the one-line fields.
    const { page: plain } = await s.open('/contact', 1280, 900, false);
    await plain.fill('#contact-name', '   ');
    await plain.fill('#contact-subject', ' \t ');
    const states = await plain.$$eval('#contact-name, #contact-subject', (els) =>
      els.map((el) => (el as HTMLInputElement).validity.patternMismatch),
    );
    expect(states).toEqual([true, true]);
    expect(await plain.$eval('section.contact-form form', (f) => (f as HTMLFormElement).checkValidity())).toBe(false);
    await plain.close();
  });

  it('a form service sending the visitor back to #message-sent shows the confirmation (no JS)', async () => {
    const { page } = await s.open('/contact#message-sent', 375, 900, false);
    await expect(page.locator('#message-sent').isVisible()).resolves.toBe(true);
    const { page: plain } = await s.open('/contact', 375, 900, false);
    await expect(plain.locator('#message-sent').isVisible()).resolves.toBe(false);
    await page.close();
    await plain.close();
  });

  it('without an endpoint, hands the message to the mail client addressed to the general address', async () => {
    const { page } = await s.open('/contact');
    await fill(page);
    const url = page.evaluate(
      () =>
        new Promise<string>((resolve) =>
          document.addEventListener('pa-site:mailto', (e) => resolve((e as CustomEvent<string>).detail)),
        ),
    );
    await page.click('section.contact-form button[type="submit"]');
    const mailto = await url;
    const general = s.site.result.site!.config.emails.general;
    expect(mailto.startsWith(`mailto:${general}?subject=A%20correction&body=`)).toBe(true);
    expect(decodeURIComponent(mailto.split('body=')[1]!)).toBe(
      'The BetRivers page has a typo.\n\n— Pat Reader <pat@example.org>',
    );
    // The page confirms the hand-off and moves focus to the confirmation.
    await expect(page.locator('#message-sent').isVisible()).resolves.toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('message-sent');
    expect(await page.textContent('#message-sent')).toContain(general);
    await page.close();
  });
});

describe.skipIf(!hasChromium)('the contact form with a configured endpoint', () => {
  let capture: Server;
  let received: { method?: string; url?: string; body: string }[] = [];
  let browser: Browser;
  let site: Awaited<ReturnType<typeof serveDir>>;
  let project: Awaited<ReturnType<typeof copyOfContent>>;

  beforeAll(async () => {
    capture = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ method: req.method, url: req.url, body });
        res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!DOCTYPE html><title>Thanks</title><p>Thanks</p>');
      });
    });
    await new Promise<void>((r) => capture.listen(0, '127.0.0.1', () => r()));
    const endpoint = `http://127.0.0.1:${(capture.address() as AddressInfo).port}/submit`;
    project = await copyOfContent();
    await project.write(
      'content/site.yaml',
      (await project.read('content/site.yaml')).replace(/^contact:\n/m, `contact:\n  formEndpoint: ${endpoint}\n`),
    );
    const result = await build({ root: project.root, outDir: path.join(project.root, 'dist') });
    expect(result.ok).toBe(true);
    site = await serveDir(result.outDir, { extraHeaders: securityHeaders(result.site!.config) });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await new Promise<void>((r) => capture.close(() => r()));
    await project?.cleanup();
  });

  it('posts the four fields to the endpoint, allowed by the CSP', async () => {
    received = [];
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${site.url}/contact`);
    await fill(page);
    await Promise.all([page.waitForURL(/\/submit$/), page.click('section.contact-form button[type="submit"]')]);
    // (The browser may also ask the capture server for a favicon.)
    const posts = received.filter((r) => r.url === '/submit');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.method).toBe('POST');
    expect(Object.fromEntries(new URLSearchParams(posts[0]!.body))).toEqual({
      name: 'Pat Reader',
      email: 'pat@example.org',
      subject: 'A correction',
      message: 'The BetRivers page has a typo.',
    });
    expect(errors).toEqual([]);
    await page.close();
  });
});
