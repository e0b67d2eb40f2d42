import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureProject } from './fixture.js';
import { repoRoot } from './helpers.js';
import { installed, scaled } from './machine.js';

let p: Awaited<ReturnType<typeof fixtureProject>>;
beforeAll(async () => {
  p = await fixtureProject();
});
afterAll(() => p?.cleanup());

/** A build that hangs is the failure: the timeout ends it, and the test sees the signal. */
const build = (args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, [path.join(repoRoot, 'bin/pa-site.js'), 'build', '--root', p.root, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...env },
    timeout: scaled(50_000),
  });

const hasProc = installed(existsSync('/proc/self'), '/proc (Linux)', 'run the tests on Linux');
// Node 20's recursive mkdir loops forever under /proc: the cache folder must not be made that way.
describe.skipIf(!hasProc)('a cache folder under /proc', () => {
  // A day the project's offers are current, so the build has no staleness warning to print.
  const env = { PA_SITE_CACHE_DIR: '/proc/pa-site-no-cache', PA_SITE_TODAY: '2025-01-20' };

  it('a --no-cache build finishes without a word about it', () => {
    const r = build(['--no-cache'], env);
    expect({ signal: r.signal, status: r.status, stderr: r.stderr }).toEqual({ signal: null, status: 0, stderr: '' });
  });

  it('a cached build warns once and builds', () => {
    const r = build([], env);
    expect([r.signal, r.status]).toEqual([null, 0]);
    expect(r.stderr.match(/cannot be written/g)).toEqual(['cannot be written']);
    expect(r.stderr).toContain(`fix: make ${env.PA_SITE_CACHE_DIR}/render writable, set PA_SITE_CACHE_DIR`);
  });
});
