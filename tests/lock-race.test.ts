/**
 * One lock holder, proven (issue 51 item 3): 12 processes race to take over the same stale
 * `.dist.lock` (a dead pid's), round after round, and each round exactly one holds it. Before the
 * take-over by rename, a slow process deleted by path the lock a faster one had just made: two
 * holders, 3–4 ms apart, in 2 rounds of 94.
 */
import { type ChildProcess, fork, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { build as esbuild } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';
import { scaled } from './machine.js';

const RACERS = 12;
const ROUNDS = Number(process.env.PA_SITE_LOCK_ROUNDS) || 200;

/** The racer: takes the lock when told (no waiting), says whether it got it, and releases it when told. */
const RACER = `
import { lockOutput } from './lock.mjs';
let held;
process.on('message', async (m) => {
  if (m.go) {
    try {
      held = await lockOutput(m.go, { waitMs: 0 });
      process.send({ got: true });
    } catch (e) {
      process.send({ got: false, code: e.name });
    }
  } else if (m.release) {
    held?.release();
    held = undefined;
    process.send({ released: true });
  }
});
process.send({ ready: true });
`;

let dir: string;
const racers: ChildProcess[] = [];

function ask(child: ChildProcess, message: object): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as Record<string, unknown>));
    child.send(message);
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pa-site-lock-race-'));
  await esbuild({
    entryPoints: [path.join(repoRoot, 'src/pipeline/write/lock.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: path.join(dir, 'lock.mjs'),
    logLevel: 'silent',
  });
  await writeFile(path.join(dir, 'racer.mjs'), RACER);
  await Promise.all(
    Array.from({ length: RACERS }, () => {
      const child = fork(path.join(dir, 'racer.mjs'), { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
      racers.push(child);
      return new Promise((resolve) => child.once('message', resolve));
    }),
  );
}, scaled(60_000));

afterAll(async () => {
  for (const child of racers) child.kill();
  await rm(dir, { recursive: true, force: true });
});

describe('the output lock (#51 item 3)', () => {
  it(
    `${RACERS} processes taking over one stale lock: one holder in each of ${ROUNDS} rounds`,
    async () => {
      const outDir = path.join(dir, 'dist');
      const lock = path.join(dir, '.dist.lock');
      const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
      const counts: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // A lock a killed build left: its pid is gone.
        const token = round.toString(16).padStart(16, '0');
        await writeFile(lock, JSON.stringify({ pid: dead, host: hostname(), token }));
        const answers = await Promise.all(racers.map((c) => ask(c, { go: outDir })));
        const holders = answers.filter((a) => a.got).length;
        counts.push(holders);
        if (holders === 1) {
          // The one that says it holds the lock is the one whose lock is at the path.
          const now = JSON.parse(await readFile(lock, 'utf8'));
          expect(now.token).not.toBe(token);
        }
        await Promise.all(racers.map((c) => ask(c, { release: true })));
        await rm(lock, { force: true });
      }
      expect(counts.filter((n) => n !== 1)).toEqual([]);
    },
    scaled(600_000),
  );
});
