/**
 * `draft: true` pages: `dev` builds and serves them, `build` and `check` leave them out (counted,
 * never written, never in the sitemap), and a published page that links to one is caught by check.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, check, dev, init, stopEsbuild } from '../src/index.js';
import { repoRoot, scratchFolder } from './helpers.js';
import { scaled } from './machine.js';

const DRAFT = `---
template: guide
title: Coming soon to the guide
description: A page that is not ready yet, so only the dev server shows it to the person writing it.
updated: 2025-01
draft: true
hero:
  heading: Coming soon
  lede: Not ready yet.
---
Soon.
`;
const today = new Date('2025-01-20');
const tmp = scratchFolder('pa-site-drafts-');
let root: string;
beforeAll(() => {
  root = path.join(tmp(), 'site');
  expect(init({ dir: root, month: '2025-01' }).ok).toBe(true);
  writeFileSync(path.join(root, 'content', 'pages', 'coming-soon.md'), DRAFT);
});
afterAll(async () => {
  await stopEsbuild();
});

describe('drafts', () => {
  it(
    'build leaves them out and counts them; the CLI says how many',
    async () => {
      const r = await build({ root, today });
      expect(r.ok).toBe(true);
      expect(r.draftsLeftOut).toBe(1);
      expect(r.routes).not.toContain('/coming-soon');
      expect(existsSync(path.join(r.outDir, 'coming-soon.html'))).toBe(false);
      expect(readFileSync(path.join(r.outDir, 'sitemap.xml'), 'utf8')).not.toContain('coming-soon');
      const cli = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'pa-site.js'), 'build', '--root', root], {
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1', PA_SITE_TODAY: '2025-01-20' },
      });
      expect(cli.status, cli.stderr).toBe(0);
      expect(cli.stdout).toContain('1 draft left out (draft: true); pa-site dev shows it');
    },
    scaled(120_000),
  );

  it(
    'check leaves them out too: a published link to one is a broken link that says it is a draft, and the fix',
    async () => {
      const clean = await check({ root, today });
      expect(clean.findings).toEqual([]);
      const index = path.join(root, 'content', 'pages', 'index.md');
      const before = readFileSync(index, 'utf8');
      writeFileSync(index, `${before}\nRead [what is coming](/coming-soon).\n`);
      try {
        const r = await check({ root, today });
        const f = r.findings.find((x) => x.rule === 'broken-link' && x.target === '/coming-soon');
        expect(f?.message).toBe(
          '/coming-soon is a draft (draft: true in content/pages/coming-soon.md), so build and check leave it out',
        );
        expect(f?.hint).toBe('publish it (remove "draft: true" from content/pages/coming-soon.md), or remove the link');
        expect(f?.places.map((p) => p.file)).toEqual(['content/pages/index.md']);
        // `check --dir` on the project's own output reads the drafts from content, as it reads the routes.
        const built = await build({ root, today });
        expect(built.ok).toBe(true);
        const dir = await check({ root, dir: built.outDir, today });
        const g = dir.findings.find((x) => x.rule === 'broken-link' && x.target === '/coming-soon');
        expect(g?.message).toBe(f?.message);
        expect(g?.hint).toBe(f?.hint);
        expect(g?.places.map((p) => p.file)).toEqual(['content/pages/index.md']);
      } finally {
        writeFileSync(index, before);
      }
    },
    scaled(120_000),
  );

  it(
    'dev builds and serves them',
    async () => {
      const server = await dev({ root, port: 0 });
      try {
        const res = await fetch(`${server.url}/coming-soon`);
        expect(res.status).toBe(200);
        expect(await res.text()).toContain('Coming soon');
      } finally {
        await server.close();
      }
    },
    scaled(120_000),
  );
});
