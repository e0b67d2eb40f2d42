/**
 * Cache files that cannot hang or exhaust a build (issue 51 item 1): a FIFO or a link to /dev/zero
 * where the caches keep their index, frontmatter splits or compile manifest is a miss with one
 * warning, and the build finishes. Each run is a child process with a time limit: a hang is killed
 * and fails the test (a synchronous read would block vitest's own thread, beyond its test timeout).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { readFile, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureProject } from './fixture.js';
import { repoRoot } from './helpers.js';
import { scaled } from './machine.js';

const bin = path.join(repoRoot, 'bin/pa-site.js');
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

function build(root: string, cache: string) {
  const r = spawnSync(process.execPath, [bin, 'build', '--root', root], {
    encoding: 'utf8',
    timeout: scaled(120_000),
    killSignal: 'SIGKILL', // a build blocked in a read is deaf to SIGTERM
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1', PA_SITE_CACHE_DIR: cache },
  });
  return { code: r.status, signal: r.signal, err: r.stderr };
}

const mkfifo = (file: string) => spawnSync('mkfifo', [file]).status === 0;

const TARGETS: [name: string, find: (cache: string) => string][] = [
  ['render/index.json', (c) => path.join(c, 'render', 'index.json')],
  ['render/frontmatter.json', (c) => path.join(c, 'render', 'frontmatter.json')],
  ['compiled-<hash>.json', (c) => path.join(c, readdirSync(c).find((n) => /^compiled-[0-9a-f]{16}\.json$/.test(n))!)],
];

describe('hostile cache files (#51 item 1)', () => {
  for (const [name, find] of TARGETS) {
    for (const [what, make, says] of [
      ['a FIFO', async (f: string) => expect(mkfifo(f)).toBe(true), /named pipe \(FIFO\)/],
      ['a link to /dev/zero', (f: string) => symlink('/dev/zero', f), /symbolic link/],
    ] as const) {
      it(
        `${what} at ${name}: the build finishes, with one warning naming it`,
        async () => {
          const p = await fixtureProject();
          cleanups.push(p.cleanup);
          const cache = path.join(p.root, 'cache');
          expect(build(p.root, cache).code).toBe(0);
          const file = find(cache);
          await rm(file);
          await make(file);
          const r = build(p.root, cache);
          expect({ signal: r.signal, code: r.code }).toEqual({ signal: null, code: 0 });
          const lines = r.err.split('\n').filter((l) => l.startsWith('warning') && l.includes(file));
          expect(lines.length, r.err).toBe(1);
          expect(lines[0]).toMatch(says);
          expect(await readFile(path.join(p.root, 'dist', 'index.html'), 'utf8')).toContain('<html');
          // The next build writes a fresh file where the hostile one was and warns no more.
          const again = build(p.root, cache);
          expect(again.code).toBe(0);
          expect(again.err).not.toContain(file);
        },
        scaled(400_000),
      );
    }
  }
});
