/**
 * What a page may leave out or keep short builds, with a warning and a default (issue 61, item 8): a
 * page without a hero shows its title as the heading and its description as the lede, and a meta
 * description under 50 characters is kept. Each warning has its file:line:col, what was expected and
 * found, and a fix; `build` and `check` exit 0 on them alike.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Diagnostic, formatDiagnostic, init, stopEsbuild } from '../src/index.js';
import { repoRoot, scratchFolder } from './helpers.js';
import { scaled } from './machine.js';

const PLAIN = `---
template: guide
title: Opening hours
description: When we are open.
updated: 2026-11
schemaType: webpage
---
We are open every day.
`;
const tmp = scratchFolder('pa-site-page-defaults-');
let root: string;
beforeAll(() => {
  root = path.join(tmp(), 'site');
  expect(init({ dir: root, month: '2026-11', starter: 'blank' }).ok).toBe(true);
  writeFileSync(path.join(root, 'content', 'pages', 'hours.md'), PLAIN);
  const index = path.join(root, 'content', 'pages', 'index.md');
  writeFileSync(index, `${readFileSync(index, 'utf8')}\nSee our [opening hours](/hours).\n`);
});
afterAll(async () => {
  await stopEsbuild();
});

const run = (cmd: string) =>
  spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'pa-site.js'), cmd, '--root', root], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', PA_SITE_TODAY: '2026-11-20' },
  });

describe('a page without a hero, with a short description', () => {
  it(
    'builds, warning of each at its place with a fix, and shows the title and description as its hero',
    async () => {
      const r = await build({ root, today: new Date('2026-11-20') });
      expect(r.ok).toBe(true);
      const mine = r.diagnostics.filter((d) => d.file === 'content/pages/hours.md');
      expect(mine.map((d) => [d.severity, d.code, d.line, d.col, d.field])).toEqual([
        ['warning', 'missing-hero', 2, 1, 'hero'],
        ['warning', 'short-description', 4, 14, 'description'],
      ]);
      const [hero, short] = mine as [Diagnostic, Diagnostic];
      expect(formatDiagnostic(short)).toContain(
        'content/pages/hours.md:4:14  description  the meta description is 17 characters long: expected at least 50',
      );
      expect(short.received).toBe('"When we are open."');
      expect(hero.hint).toMatch(/add "hero:" with "heading:"/);
      const html = readFileSync(path.join(r.outDir, 'hours.html'), 'utf8');
      expect(html).toContain('<h1>Opening hours</h1>');
      expect(html).toContain('<p class="lede">When we are open.</p>');
    },
    scaled(120_000),
  );

  it(
    'the CLI prints both warnings and exits 0, for build and check alike',
    () => {
      for (const cmd of ['build', 'check']) {
        const r = run(cmd);
        expect(r.status, `${cmd}: ${r.stdout}${r.stderr}`).toBe(0);
        const out = r.stdout + r.stderr;
        expect(out).toContain('content/pages/hours.md:4:14');
        expect(out).toContain('content/pages/hours.md:2:1');
      }
    },
    scaled(240_000),
  );
});
