/**
 * Banned wording ("free bet", "risk-free", "free play") is a rule of the gambling pack: a plain site
 * (the blank starter) may say "free play" in a post's frontmatter and body, and builds and checks
 * clean; a site with the pack (the New Jersey fixture) is refused at the phrase's file:line:col, in
 * the frontmatter and in the body, as before.
 */
import { cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, check, closeCheck, init } from '../src/index.js';
import { repoRoot, scratchFolder } from './helpers.js';
import { scaled } from './machine.js';

const TIMEOUT = scaled(120_000);

/** A page that says "free play" in its description (line 4), its hero (line 7) and its body (line 11). */
const POST = `---
template: guide
title: Free play
description: A post about free play in the park, long enough for the description rule of the site.
updated: 2026-11
hero:
  heading: Free play
  lede: Children at play.
---

Free play in the park, every Saturday.
`;

const tmp = scratchFolder('pa-site-wording-');

describe('banned wording follows the gambling pack', () => {
  it(
    'a plain site may say "free play": it builds and checks clean, with and without --dir',
    async () => {
      const root = path.join(tmp(), 'plain');
      expect(init({ dir: root, month: '2026-11', starter: 'blank' }).ok).toBe(true);
      await writeFile(path.join(root, 'content/pages/blog/free-play.md'), POST);
      const built = await build({ root });
      expect(built.diagnostics).toEqual([]);
      for (const options of [{ root }, { root, dir: built.outDir }]) {
        const r = await check(options);
        expect(r.findings.map((f) => `${f.rule}: ${f.message}`)).toEqual([]);
        closeCheck(r);
      }
    },
    TIMEOUT,
  );

  it(
    'a site with the pack is refused "free play" at its file:line:col, in frontmatter and body',
    async () => {
      const root = path.join(tmp(), 'new-jersey');
      await cp(path.join(repoRoot, 'tests', 'fixtures', 'new-jersey'), root, { recursive: true });
      await writeFile(path.join(root, 'content/pages/free-play.md'), POST);
      const built = await build({ root });
      expect(built.ok).toBe(false);
      const said =
        'banned-wording uses "free play", wording the PGCB banned in March 2023 | ' +
        'say "bonus bets" or "second-chance bet"; to mention the phrase itself, put it in quotation marks';
      expect(built.diagnostics.map((d) => `${d.file}:${d.line}:${d.col} ${d.code} ${d.message} | ${d.hint}`)).toEqual([
        `content/pages/free-play.md:4:14 ${said}`,
        `content/pages/free-play.md:7:12 ${said}`,
        `content/pages/free-play.md:11:1 ${said}`,
      ]);
    },
    TIMEOUT,
  );
});
