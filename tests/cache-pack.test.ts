import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, statSync, truncateSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/index.js';
import { fixtureProject, GOOD_FM, page } from './fixture.js';
import { expectSameFiles, repoRoot } from './helpers.js';
import { scaled } from './machine.js';

/*
 * The render cache's packs (issue 41): one file per build, written after the new output is in
 * place. A build killed while it stores its pack, or a pack cut short later, must leave a cache the
 * next build uses safely: the pages it still holds whole come from it, the rest render again, and
 * the output is byte-identical to a --no-cache build's.
 */
const CHILD = `
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
const kill = new RegExp(process.env.KILL_ON_RENAME_TO);
const rename = fs.renameSync;
fs.renameSync = (from, to) => {
  if (kill.test(String(to))) process.kill(process.pid, 'SIGKILL');
  return rename(from, to);
};
syncBuiltinESMExports();
const { build } = await import(process.env.PA_SITE_LIB);
const r = await build({ root: process.env.ROOT, cacheDir: process.env.CACHE, workers: 1 });
process.stdout.write(JSON.stringify({ ok: r.ok }));
`;

let p: Awaited<ReturnType<typeof fixtureProject>>;
const cache = () => path.join(p.root, 'cache');
/** A fixture page titled `title` with `body`. */
const pageOf = (title: string, body: string) =>
  page(GOOD_FM.replace('template: guide\n', '').replace('Second page title', title), body);
const pages = (n: number) =>
  Object.fromEntries(
    Array.from({ length: n }, (_, i) => [`content/pages/p${i}.md`, pageOf(`Page ${i} title`, `Text of page ${i}.`)]),
  );

function killedBuild(onRenameTo: string): Promise<NodeJS.Signals | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(p.root, 'child.mjs')], {
      env: {
        ...process.env,
        KILL_ON_RENAME_TO: onRenameTo,
        ROOT: p.root,
        CACHE: cache(),
        PA_SITE_LIB: pathToFileURL(path.join(repoRoot, 'lib/index.js')).href,
      },
      stdio: 'ignore',
    });
    child.on('close', (_code, signal) => resolve(signal));
  });
}

/**
 * A cached build (into `outDir`: a new folder takes no page over from a previous output, so every
 * hit reads the pack), checked against a --no-cache build of the same content; its cache hits.
 */
async function sameAsUncached(outDir = 'dist'): Promise<number> {
  const cached = await build({ root: p.root, outDir, cacheDir: cache(), workers: 1 });
  const plain = await build({ root: p.root, outDir: 'plain', cache: false });
  expect([cached.ok, plain.ok], JSON.stringify([...cached.diagnostics, ...plain.diagnostics].slice(0, 2))).toEqual([
    true,
    true,
  ]);
  await expectSameFiles(cached.outDir, plain.outDir);
  return cached.cacheHits;
}

beforeAll(async () => {
  // bin/pa-site.js compiles lib/ when src/ is newer; the child imports lib/index.js.
  spawnSync(process.execPath, [path.join(repoRoot, 'bin/pa-site.js'), '--help']);
  p = await fixtureProject(pages(6));
  await writeFile(path.join(p.root, 'child.mjs'), CHILD);
});
afterAll(() => p?.cleanup());

describe('render-cache packs', { timeout: scaled(120_000) }, () => {
  it('a build killed before its pack is renamed into place leaves a cache the next build uses safely', async () => {
    expect(await sameAsUncached()).toBe(0);
    await p.write('content/pages/p0.md', pageOf('Page 0 title', 'Edited text.'));
    expect(await killedBuild('/pack-[0-9a-f]{16}\\.bin$')).toBe('SIGKILL');
    // The killed build's pack stayed a temporary file: nothing refers to it, the old entries still hit.
    expect(readdirSync(cache()).filter((n) => n.endsWith('.tmp'))).toHaveLength(1);
    expect(await sameAsUncached()).toBe(6); // all but the edited page of the 7 (the home page too)
  });

  it('a build killed between the renames of its pack and of its index leaves a cache the next build uses', async () => {
    await p.write('content/pages/p1.md', pageOf('Page 1 title', 'Edited text.'));
    expect(await killedBuild('/index\\.json$')).toBe('SIGKILL');
    expect(await sameAsUncached()).toBe(6);
  });

  it('pages a pack cut short no longer holds render again; the others still come from it', async () => {
    await p.write('content/pages/p2.md', pageOf('Page 2 title', 'Edited text.'));
    expect(await sameAsUncached()).toBe(6);
    const dir = cache();
    const packs = readdirSync(dir).filter((n) => /^pack-[0-9a-f]{16}\.bin$/.test(n));
    const newest = packs.sort((a, b) => statSync(path.join(dir, b)).mtimeMs - statSync(path.join(dir, a)).mtimeMs)[0]!;
    // The newest pack holds the page edited last alone: cut it short, as a kill or a full disk can.
    truncateSync(path.join(dir, newest), statSync(path.join(dir, newest)).size - 10);
    expect(await sameAsUncached('elsewhere')).toBe(6);
  });
});
