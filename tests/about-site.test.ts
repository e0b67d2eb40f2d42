/**
 * `aboutSite: true` marks the page about the site itself, whatever its route: no template or stage
 * knows a particular page's route, so a site of one's own with its About page at /who-we-are gets the
 * site's Organization and WebSite structured data there and the "Last Updated" line instead of a byline.
 */
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CheerioAPI } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, init, stopEsbuild } from '../src/index.js';
import { builtSite } from './helpers.js';
import { scaled } from './machine.js';

const guide = (heading: string, extra: string) => `---
template: guide
title: ${heading} at the example guide
description: A page of a site of one's own, with a description long enough for the rule.
updated: 2025-01
${extra}
hero:
  heading: ${heading}
  lede: Who writes this guide and how.
---
Text of the page.
`;

const today = new Date('2025-01-20');
let tmp: string;
let root: string;
beforeAll(() => {
  return (async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'pa-site-about-'));
    root = path.join(tmp, 'site');
    expect(init({ dir: root, month: '2025-01' }).ok).toBe(true);
  })();
});
afterAll(async () => {
  await stopEsbuild();
  await rm(tmp, { recursive: true, force: true });
});

const ldTypes = ($: CheerioAPI) =>
  $('script[type="application/ld+json"]')
    .toArray()
    .map((el) => (JSON.parse($(el).text()) as { '@type': string })['@type']);

describe('aboutSite', () => {
  it(
    'makes any route the page about the site; without it the same page is an article',
    async () => {
      const pages = path.join(root, 'content', 'pages');
      writeFileSync(path.join(pages, 'who-we-are.md'), guide('Who we are', 'aboutSite: true'));
      writeFileSync(path.join(pages, 'our-story.md'), guide('Our story', 'schemaType: article'));
      const r = await build({ root, today });
      expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const site = builtSite(r);
      const about = await site.page('/who-we-are');
      expect(ldTypes(about)).toEqual(expect.arrayContaining(['Organization', 'WebSite', 'BreadcrumbList']));
      expect(ldTypes(about)).not.toContain('Article');
      expect(about('.byline').length).toBe(0);
      expect(about('.hero').text()).toContain('Last Updated');
      const article = await site.page('/our-story');
      expect(ldTypes(article)).toContain('Article');
      expect(ldTypes(article)).not.toContain('Organization');
      expect(article('.byline').length).toBe(1);
    },
    scaled(120_000),
  );

  it(
    'is true or false: another value is reported with its file, line and a fix',
    async () => {
      const pages = path.join(root, 'content', 'pages');
      writeFileSync(path.join(pages, 'who-we-are.md'), guide('Who we are', 'aboutSite: yes'));
      const r = await build({ root, today });
      expect(r.ok).toBe(false);
      const bad = r.diagnostics.find((d) => d.field === 'aboutSite');
      expect(bad).toMatchObject({ severity: 'error', file: 'content/pages/who-we-are.md', line: 6 });
      expect(bad?.message).toContain('expected true or false: true marks the page about the site itself');
      expect(bad?.hint).toBeTruthy();
    },
    scaled(120_000),
  );
});
