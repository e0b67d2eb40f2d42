import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/index.js';
import { recoverOutput } from '../src/pipeline/write/write.js';
import { fixtureProject, page } from './fixture.js';
import { repoRoot } from './helpers.js';
import { scaled } from './machine.js';

/*
 * Kills a build with SIGKILL at a chosen file-system operation (before or after it) and checks
 * that the output folder is then always the old site or the new one, complete, once the next
 * build's first step (recoverOutput) has run. The child counts every write, rename, link, mkdir
 * and delete it makes, through fs functions wrapped before pa-site is imported.
 */
const CHILD = `
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
const killAt = Number(process.env.KILL_AT ?? -1);
const killName = process.env.KILL_NAME || '';
const after = process.env.KILL_AFTER === '1';
let n = 0;
let named = 0;
const counter = (name) => () => {
  if (killName ? name === killName && named++ === killAt : n === killAt) process.kill(process.pid, 'SIGKILL');
  n++;
};
const names = ['writeFile', 'rename', 'rm', 'mkdir', 'link', 'copyFile', 'unlink', 'open', 'rmdir'];
for (const name of names) {
  const tick = counter(name);
  const orig = fsp[name];
  fsp[name] = async (...args) => {
    if (!after) tick();
    const r = await orig(...args);
    if (after) tick();
    return r;
  };
  const sync = fs[name + 'Sync'];
  const tickSync = counter(name + 'Sync');
  // The swap's two renames are synchronous (issue 60): counted apart as 'swapRename', 0 and 1.
  const tickSwap = counter('swapRename');
  const dist = process.env.ROOT + '/dist';
  fs[name + 'Sync'] = (...args) => {
    const swap = name === 'rename' && (args[0] === dist || args[1] === dist);
    const tick = swap ? () => { tickSync(); tickSwap(); } : tickSync;
    if (!after) tick();
    const r = sync(...args);
    if (after) tick();
    return r;
  };
  const cb = fs[name];
  const tickCb = counter(name + 'Callback');
  fs[name] = (...args) => {
    const tick = tickCb;
    if (!after) tick();
    const done = args.pop();
    return cb(...args, (...res) => { if (after) tick(); done(...res); });
  };
}
syncBuiltinESMExports();
const { build } = await import(process.env.PA_SITE_LIB);
const r = await build({ root: process.env.ROOT, cacheDir: process.env.CACHE, workers: 1 });
process.stdout.write(JSON.stringify({ ops: n, ok: r.ok }));
`;

const ABOUT = page(
  [
    'description: A second page so the fixture has more than one page to write out.',
    'updated: 2025-01-15',
    'hero:\n  heading: About\n  lede: About the fixture.',
  ].join('\n'),
);
const VERSIONS = [
  { 'content/pages/about.md': ABOUT },
  {
    'content/pages/about.md': ABOUT.replace('Some text.', 'Other text.'),
    'content/pages/extra.md': ABOUT.replace('A page title', 'Extra'),
  },
];

async function snapshot(dir: string): Promise<string> {
  const out: Record<string, string> = {};
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile())
      out[path.relative(dir, path.join(e.parentPath, e.name))] = await readFile(
        path.join(e.parentPath, e.name),
        'base64',
      );
  return JSON.stringify(Object.entries(out).sort());
}

let p: Awaited<ReturnType<typeof fixtureProject>>;
let childFile: string;
const sites: string[] = [];
const use = async (v: number) => {
  for (const [rel, text] of Object.entries(VERSIONS[v]!)) await p.write(rel, text);
  if (v === 0) await p.write('content/pages/extra.md', ABOUT.replace('A page title', 'Extra').replace('Some', 'Stale'));
};

function runChild(killAt: number, after: boolean, name = ''): Promise<{ signal: NodeJS.Signals | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [childFile], {
      env: {
        ...process.env,
        KILL_AT: String(killAt),
        KILL_AFTER: after ? '1' : '0',
        KILL_NAME: name,
        ROOT: p.root,
        CACHE: path.join(p.root, 'cache'),
        PA_SITE_LIB: pathToFileURL(path.join(repoRoot, 'lib/index.js')).href,
      },
    });
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.on('close', (_code, signal) => resolve({ signal, out }));
  });
}

beforeAll(async () => {
  // bin/pa-site.js compiles lib/ when src/ is newer; the child imports lib/index.js.
  spawnSync(process.execPath, [path.join(repoRoot, 'bin/pa-site.js'), '--help']);
  p = await fixtureProject();
  childFile = path.join(p.root, 'child.mjs');
  await writeFile(childFile, CHILD);
  for (const v of [0, 1]) {
    await use(v);
    const r = await build({ root: p.root, outDir: `site-${v}`, cache: false });
    expect(r.ok).toBe(true);
    sites.push(await snapshot(r.outDir));
  }
  expect(sites[0]).not.toEqual(sites[1]);
});
afterAll(() => p?.cleanup());

describe('SIGKILL during a build', () => {
  it('leaves dist/ as the old or the new complete site, at random points of the write and swap', {
    timeout: scaled(180_000),
  }, async () => {
    const dist = path.join(p.root, 'dist');
    await use(0);
    await runChild(-1, false);
    let current = 0;
    expect(await snapshot(dist)).toEqual(sites[0]);
    // A clean run counts the operations a build makes (the cache is warm from then on).
    await use(1);
    const clean = JSON.parse((await runChild(-1, false)).out) as { ops: number };
    current = 1;
    const seen = { old: 0, new: 0, missing: 0 };
    // Seeded: half the kills land at any operation, half at one of the swap's renames or its delete.
    const plan = fc.sample(
      fc.tuple(
        fc.oneof(
          fc.tuple(fc.constant(''), fc.nat({ max: clean.ops })),
          fc.tuple(fc.constantFrom('swapRename', 'rm'), fc.nat({ max: 1 })),
        ),
        fc.boolean(),
      ),
      { seed: 20261123, numRuns: 16 },
    );
    for (const [[name, killAt], after] of plan) {
      const next = 1 - current;
      await use(next);
      const run = await runChild(killAt, after, name);
      if (!existsSync(dist)) seen.missing += 1;
      await recoverOutput(dist);
      const now = await snapshot(dist);
      const which = now === sites[current] ? 'old' : now === sites[next] ? 'new' : 'neither';
      expect(which, `killed ${after ? 'after' : 'before'} ${name || 'operation'} #${killAt}: ${run.signal}`).not.toBe(
        'neither',
      );
      seen[which as 'old' | 'new'] += 1;
      if (which === 'new') current = next;
    }
    // Both outcomes happened: the kills covered both sides of the swap.
    expect(seen.old).toBeGreaterThan(0);
    expect(seen.new).toBeGreaterThan(0);
    // Some kills fell between the swap's two renames, where only recovery brings dist/ back.
    expect(seen.missing).toBeGreaterThan(0);
    // And the next normal build leaves no staging folder, retired output or lock behind.
    await use(current);
    expect((await build({ root: p.root, cacheDir: path.join(p.root, 'cache') })).ok).toBe(true);
    expect((await readdir(p.root)).filter((n) => n.startsWith('.dist'))).toEqual([]);
  });
});
