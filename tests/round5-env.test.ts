// Issue 60 (safety, fifth round): what the environment the command runs in can get wrong.
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { fixtureProject } from './fixture.js';
import { repoRoot } from './helpers.js';
import { scaled } from './machine.js';

const bin = path.join(repoRoot, 'bin', 'pa-site.js');
const run = promisify(execFile);

/** Runs pa-site; resolves with its exit code and output, whatever the code. */
async function paSite(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  try {
    const r = await run(process.execPath, [bin, ...args], {
      cwd: opts.cwd ?? repoRoot,
      env: { ...process.env, NO_COLOR: '1', ...opts.env },
      timeout: scaled(120_000),
    });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

describe('a deleted working folder (issue 60, 6)', () => {
  it('is one line saying so, no Node stack, even with an absolute --root', async () => {
    const p = await fixtureProject();
    const gone = await mkdtemp(path.join(tmpdir(), 'pa-site-gone-'));
    try {
      // The shell enters the folder and deletes it; pa-site then starts in a folder that no longer exists.
      const r = await run(
        'sh',
        [
          '-c',
          'cd "$1" && rmdir "$1" && exec "$2" "$3" build --root "$4" --quiet',
          'sh',
          gone,
          process.execPath,
          bin,
          p.root,
        ],
        { timeout: scaled(120_000) },
      ).then(
        (x) => ({ code: 0, stderr: x.stderr }),
        (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
      );
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('the current folder no longer exists');
      expect(r.stderr).not.toMatch(/uv_cwd|\n\s+at /);
    } finally {
      await p.cleanup();
    }
  });
});

describe('an unusable TMPDIR (issue 60, 7)', () => {
  for (const bad of ['/nonexistent', '/proc']) {
    it(`TMPDIR=${bad} is named as the cause, not the templates`, async () => {
      const p = await fixtureProject();
      try {
        const r = await paSite(['build', '--root', p.root, '--no-cache', '--quiet'], { env: { TMPDIR: bad } });
        expect(r.code).toBe(1);
        expect(r.stderr).toContain(`the temporary folder ${bad} cannot be used`);
        expect(r.stderr).toContain('set TMPDIR to a folder that exists and can be written');
        expect(r.stderr).not.toContain('fix the template');
      } finally {
        await p.cleanup();
      }
    });
  }
});
