/**
 * A `pages` block's cards name what each page is (templates/lib/read-label.ts): a blog post's card
 * says "Read the post", as the `posts` block does, not "Read the guide" (issue 61, item 4).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, init, stopEsbuild } from '../src/index.js';
import { scratchFolder } from './helpers.js';
import { scaled } from './machine.js';

const HUB = `---
template: guide
title: Everything on the site
description: Every page of the site in one list, the blog's posts among them, for the card-link test.
updated: 2026-11
hero:
  heading: Everything on the site
  lede: Every page, in one list.
blocks:
  all:
    type: pages
    heading: From the blog
---
::: all
`;
const tmp = scratchFolder('pa-site-card-links-');
let root: string;
beforeAll(() => {
  root = path.join(tmp(), 'site');
  expect(init({ dir: root, month: '2026-11', starter: 'blank' }).ok).toBe(true);
  writeFileSync(path.join(root, 'content', 'pages', 'everything.md'), HUB);
});
afterAll(async () => {
  await stopEsbuild();
});

describe('card link text', () => {
  it(
    'says "Read the post" on a blog post\'s card, in a pages block as in the posts block',
    async () => {
      const r = await build({ root, today: new Date('2026-11-20') });
      expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const hub = readFileSync(path.join(r.outDir, 'everything.html'), 'utf8');
      // Each card: its link's target and words.
      const links = [...hub.matchAll(/<a class="card-link" href="([^"]+)">([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
      expect(links).toContainEqual(['/blog/hello-world', 'Read the post']);
      expect(links.filter(([, words]) => words === 'Read the post')).toHaveLength(1);
      const blog = readFileSync(path.join(r.outDir, 'blog.html'), 'utf8');
      expect(blog).toContain('Read the post');
    },
    scaled(120_000),
  );
});
