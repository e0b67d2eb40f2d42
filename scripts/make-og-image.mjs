#!/usr/bin/env node
// Renders content/public/og-image.png (1200×630), the link-preview image shared by every page,
// from the site title and tagline in content/site.yaml, using Debian's Chromium.
// Run again after changing the title: node scripts/make-og-image.mjs
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { parse } from 'yaml';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';

const site = parse(readFileSync(new URL('../content/site.yaml', import.meta.url), 'utf8'));
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const BODY_STYLE =
  'margin:0;width:1200px;height:630px;font-family:system-ui,sans-serif;' +
  'background:linear-gradient(160deg,#0b3d2e,#072a20);color:#fff;' +
  'display:flex;flex-direction:column;justify-content:center;padding:0 90px;box-sizing:border-box';
const BADGE_STYLE =
  'width:120px;height:120px;border-radius:28px;background:#f5c542;color:#072a20;' +
  'display:grid;place-items:center;font-size:54px;font-weight:800';
// A backslash at the end of a line continues it: no line break in the string there.
const html = `<!doctype html><html><body style="${BODY_STYLE}">
<div style="display:flex;align-items:center;gap:28px"><div style="${BADGE_STYLE}">PA</div>
<div><div style="font-size:72px;font-weight:800">${esc(site.title)}</div>\
<div style="font-size:34px;color:#d6e8e0">${esc(site.tagline)}</div></div></div>
<div style="margin-top:56px;font-size:38px;font-weight:700;line-height:1.3">\
Licensed Pennsylvania sportsbooks &amp; online casinos, reviewed and ranked</div>
<div style="margin-top:36px;font-size:27px;color:#f5c542">21+ · Physically in Pennsylvania · Gambling problem? Call \
<span style="white-space:nowrap">${esc(site.helpline.display)}</span></div></body></html>`;

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: CHROMIUM_ARGS,
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
await page.screenshot({ path: new URL('../content/public/og-image.png', import.meta.url).pathname });
await browser.close();
console.log('wrote content/public/og-image.png');
