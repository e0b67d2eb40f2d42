import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';
import { fixtureProject, OPERATOR } from './fixture.js';

const bin = path.join(repoRoot, 'bin', 'pa-site.js');
const run = (args: string[], env: Record<string, string> = {}) => {
  const r = spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

describe('pa-site CLI', () => {
  it('prints its version', () => {
    const r = run(['--version']);
    expect(r.code).toBe(0);
    expect(r.out.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('shows help listing the commands', () => {
    const r = run(['--help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('build [options]');
  });

  it('exits 2 on an unknown command or flag', () => {
    expect(run(['deploy']).code).toBe(2);
    const r = run(['build', '--colour']);
    expect(r.code).toBe(2);
    expect(r.err).toContain("unknown option '--colour'");
  });

  it('rejects a bad --workers value as a usage error', () => {
    const r = run(['build', '--workers', 'lots']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--workers must be a whole number from 1 to 64 (received: lots)');
  });

  it('builds a project and prints a one-line summary', async () => {
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    const r = run(['build', '--root', p.root]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^✓ Built 1 page, \d+ files, [\d.]+ KB in \d+ ms → /m);
    expect(r.out).not.toContain('\x1b[');
  });

  it('exits 1 with every content error and keeps quiet output to errors', async () => {
    const p = await fixtureProject({ 'content/operators/example.yaml': OPERATOR.replace('rating: 4.5', 'rating: 7') });
    cleanups.push(p.cleanup);
    const r = run(['build', '--root', p.root, '--quiet']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('content/operators/example.yaml:5:9  rating  ratings are out of 5 (received: 7)');
    expect(r.err).toContain('1 error in 1 file');
    expect(r.err).toContain('Build failed; ');
  });
});
