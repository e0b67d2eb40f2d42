import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dev, type DevServer } from '../src/index.js';
import type { DevLog } from '../src/dev/dev.js';
import { fixtureProject, OPERATOR } from './fixture.js';

let server: DevServer;
let p: Awaited<ReturnType<typeof fixtureProject>>;
const logs: DevLog[] = [];
let onLog: (() => void) | undefined;

/** Resolves when a log event after index `from` passes `test` (no sleeps: each log wakes it). */
const nextLog = (from: number, test: (e: DevLog) => boolean) =>
  new Promise<DevLog>((resolve) => {
    const check = () => {
      const hit = logs.slice(from).find(test);
      if (hit) {
        onLog = undefined;
        resolve(hit);
      }
    };
    onLog = check;
    check();
  });

beforeAll(async () => {
  p = await fixtureProject();
  server = await dev({
    root: p.root,
    port: 0,
    log: (e) => {
      logs.push(e);
      onLog?.();
    },
  });
});
afterAll(async () => {
  await server?.close();
  await p?.cleanup();
});

describe('dev server: the last save wins (#16 item 12)', () => {
  it('a good save right after a bad one always ends on the good build', async () => {
    const file = 'content/operators/example.yaml';
    for (let round = 0; round < 6; round++) {
      const from = logs.length;
      await p.write(file, OPERATOR.replace('rating: 4.5', 'rating: 7'));
      // The good save lands while the bad one is being noticed or built.
      await p.write(file, OPERATOR.replace('rating: 4.5', `rating: 4.${round}`));
      // Waits for the build of the good save (its rating on the home page): without "last save wins" it never
      // comes and the test times out. A build logged earlier may have read the file before these saves.
      const good = `Rated 4.${round} out of 5`;
      await nextLog(
        from,
        (e) =>
          e.kind === 'built' &&
          e.changed.length > 0 &&
          readFileSync(path.join(server.outDir, 'index.html'), 'utf8').includes(good),
      );
      expect(server.last().ok).toBe(true);
    }
  });
});
