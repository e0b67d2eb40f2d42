/**
 * A dev session's incremental rebuilds (files read and parsed only when changed, pages rendered only
 * when their inputs changed, the output written in place: src/pipeline/build-memo.ts,
 * src/pipeline/write/in-place.ts) give, after every save, byte for byte the output of a cold build
 * of the same content. A seeded sequence of random edits, renames and deletions of pages, operator,
 * site.yaml and template edits, a broken page and its fix, runs through DevBuilds (the dev server's
 * rebuild path, without its watcher and server); after each step a cold build (no cache, drafts
 * built as dev builds them) is compared with it. PA_SITE_TEST_SEED replays another sequence.
 */
import { cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rng } from '../bench/generate.mjs';
import { DevBuilds } from '../src/dev/dev-builds.js';
import { build } from '../src/index.js';
import { expectSameFiles, repoRoot } from './helpers.js';
import { scaled } from './machine.js';

const SEED = Number(process.env.PA_SITE_TEST_SEED ?? 0x62c0ffee);
const STEPS = 16;

/** A guide page this test makes (and later renames or deletes): nothing else links to it. */
const madePage = (n: number, words: string) => `---
template: guide
title: Incremental Test Page ${n}
description: A page the incremental build test made, number ${n}, to be edited, renamed and deleted again.
updated: 2025-01
breadcrumb: Test Page ${n}
hero:
  heading: Incremental Test Page ${n}
  lede: A page made by the test, to be edited, renamed and deleted.
---

## What this page says

${words} See [the about page](/about) and [responsible gambling](/responsible-gambling).
`;

let root = '';
let cacheDir = '';
let coldDir = '';

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pa-site-incremental-'));
  cacheDir = await mkdtemp(path.join(tmpdir(), 'pa-site-incremental-cache-'));
  coldDir = await mkdtemp(path.join(tmpdir(), 'pa-site-incremental-cold-'));
  await cp(path.join(repoRoot, 'content'), path.join(root, 'content'), { recursive: true });
  // The site's own Footer over pa-site's (template-layers.ts), for the template edits.
  await mkdir(path.join(root, 'templates/components'), { recursive: true });
  await cp(path.join(repoRoot, 'templates/components/Footer.tsx'), path.join(root, 'templates/components/Footer.tsx'));
});
afterAll(async () => {
  await Promise.all([root, cacheDir, coldDir].map((d) => d && rm(d, { recursive: true, force: true })));
});

describe('incremental dev rebuilds', () => {
  it('equal a cold build byte for byte after every random edit, rename and deletion', {
    timeout: scaled(600_000),
  }, async () => {
    const random = rng(SEED);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const abs = (rel: string) => path.join(root, rel);
    const read = (rel: string) => readFile(abs(rel), 'utf8');
    const outDir = path.join(cacheDir, 'site');
    const builds = new DevBuilds({
      root,
      outDir,
      cacheDir: path.join(cacheDir, 'render'),
      tplDir: path.join(root, 'templates'),
      send: () => undefined,
      log: () => undefined,
    });
    const realPages = (await import('node:fs'))
      .readdirSync(abs('content/pages'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `content/pages/${f}`);
    const KINDS = ['body', 'title', 'make', 'rename', 'delete', 'operator', 'site', 'template', 'break', 'touch'];
    const plan = KINDS.map((k) => [random(), k] as const)
      .sort((x, y) => x[0] - y[0])
      .map(([, k]) => k);
    const made: string[] = [];
    let n = 0;
    let broken: { rel: string; text: string } | undefined;

    /** One random change; returns the files it touched (what the watcher would report) and its name. */
    const step = async (): Promise<[string[], string]> => {
      n++;
      if (broken) {
        // The page broken a step ago is fixed: the next build must be whole again.
        const { rel, text } = broken;
        broken = undefined;
        await writeFile(abs(rel), text);
        return [[abs(rel)], `fix ${rel}`];
      }
      // Every kind once, in a seeded order, then random ones; a rename or deletion needs a page made first.
      let kind = plan.shift() ?? pick(KINDS);
      if ((kind === 'rename' || kind === 'delete') && !made.length) {
        plan.unshift(kind);
        kind = 'make';
      }
      switch (kind) {
        case 'body': {
          const rel = pick([...realPages, ...made]);
          await writeFile(abs(rel), `${await read(rel)}\nA sentence added by step ${n}.\n`);
          return [[abs(rel)], `edit the body of ${rel}`];
        }
        case 'title': {
          const rel = pick(realPages);
          const text = await read(rel);
          const retitled = (t: string) => (t.endsWith('"') ? `${t.slice(0, -1)} ${n}"` : `${t} ${n}`);
          await writeFile(
            abs(rel),
            text.replace(/^title: (.*)$/m, (_, t: string) => `title: ${retitled(t)}`),
          );
          return [[abs(rel)], `retitle ${rel}`];
        }
        case 'make': {
          const rel = `content/pages/incremental-${n}.md`;
          await writeFile(abs(rel), madePage(n, `Made at step ${n}.`));
          made.push(rel);
          return [[abs(rel)], `make ${rel}`];
        }
        case 'rename': {
          const from = pick(made);
          const to = `content/pages/renamed-${n}.md`;
          await rename(abs(from), abs(to));
          made.splice(made.indexOf(from), 1, to);
          return [[abs(from), abs(to)], `rename ${from} to ${to}`];
        }
        case 'delete': {
          const rel = pick(made);
          await rm(abs(rel));
          made.splice(made.indexOf(rel), 1);
          return [[abs(rel)], `delete ${rel}`];
        }
        case 'operator': {
          const rel = 'content/operators/betmgm.yaml';
          const color = Math.floor(random() * 0xffffff)
            .toString(16)
            .padStart(6, '0');
          await writeFile(abs(rel), (await read(rel)).replace(/^brandColor: .*$/m, `brandColor: "#${color}"`));
          return [[abs(rel)], `recolor ${rel}`];
        }
        case 'site': {
          const rel = 'content/site.yaml';
          await writeFile(abs(rel), (await read(rel)).replace(/^tagline: .*$/m, `tagline: Your Trusted Guide ${n}`));
          return [[abs(rel)], 'change the tagline in site.yaml'];
        }
        case 'template': {
          const rel = 'templates/components/Footer.tsx';
          const text = await read(rel);
          const edited = text.replace(/<footer( data-step="\d+")?/, `<footer data-step="${n}"`);
          expect(edited).not.toBe(text);
          await writeFile(abs(rel), edited);
          return [[abs(rel)], 'edit the footer template'];
        }
        case 'break': {
          const rel = pick(realPages);
          const text = await read(rel);
          broken = { rel, text };
          await writeFile(abs(rel), text.replace(/^template: guide$|^template: review$/m, 'template: nonsense'));
          return [[abs(rel)], `break ${rel}`];
        }
        default: {
          const rel = pick(realPages);
          await writeFile(abs(rel), await read(rel));
          return [[abs(rel)], `save ${rel} unchanged`];
        }
      }
    };

    await builds.run([]);
    expect(builds.last.ok).toBe(true);
    for (let i = 0; i <= STEPS; i++) {
      const [changed, what] = i === 0 ? [[], 'the first build'] : await step();
      if (i > 0) await builds.run(changed);
      const dev = builds.last;
      const cold = await build({ root, outDir: path.join(coldDir, `step-${i}`), cache: false, drafts: true });
      const errors = (r: typeof cold) => r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
      expect({ step: i, what, ok: dev.ok, errors: errors(dev) }).toEqual({
        step: i,
        what,
        ok: cold.ok,
        errors: errors(cold),
      });
      if (cold.ok) await expectSameFiles(outDir, cold.outDir);
      await rm(cold.outDir, { recursive: true, force: true });
      // Step 1 on writes in place: nothing but the changed pages was rendered.
      if (i > 0 && dev.ok && what.startsWith('edit the body'))
        expect(dev.renderedRoutes.length, what).toBeLessThanOrEqual(1);
    }
    expect(builds.memo.output, 'the last builds wrote in place').toBeDefined();
  });
});
