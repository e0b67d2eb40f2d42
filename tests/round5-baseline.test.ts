// Issue 60, 2: --baseline and --write-baseline name files; check reads them as every named file is read.
import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';
import { scaled } from './machine.js';

let base: string;
beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'pa-site-baseline-'));
  await writeFile(
    path.join(base, 'baseline.json'),
    '{"tool": "pa-site check baseline", "version": 1, "findings": []}\n',
  );
  await symlink(path.join(base, 'baseline.json'), path.join(base, 'link.json'));
  expect(spawnSync('mkfifo', [path.join(base, 'fifo')]).status).toBe(0);
});
afterAll(() => rm(base, { recursive: true, force: true }));

/** `pa-site check --dir <empty folder> …args`: its exit code and stderr (killed, and so failed, if it hangs). */
async function check(args: string[]) {
  return promisify(execFile)(
    process.execPath,
    [path.join(repoRoot, 'bin', 'pa-site.js'), 'check', '--dir', base, '--quiet', ...args],
    { env: { ...process.env, NO_COLOR: '1' }, timeout: scaled(60_000) },
  ).then(
    () => ({ code: 0, stderr: '' }),
    (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
  );
}

describe('a baseline that is not a regular file (issue 60, 2)', () => {
  const cases: [string, () => string, string][] = [
    ['a FIFO (hung check for ever)', () => path.join(base, 'fifo'), 'is a named pipe (FIFO), not a file'],
    ['/dev/urandom (never ended)', () => '/dev/urandom', 'is a device, not a file'],
    ['/dev/zero ("Invalid string length")', () => '/dev/zero', 'is a device, not a file'],
    ['a symbolic link', () => path.join(base, 'link.json'), 'is a symbolic link, not a file'],
  ];
  for (const [name, file, said] of cases) {
    it(`--baseline naming ${name} is a usage error naming it`, async () => {
      const r = await check(['--baseline', file()]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`--baseline ${JSON.stringify(file())} ${said}`);
      expect(r.stderr).not.toContain('Invalid string length');
    });
  }

  it('--write-baseline naming a device or a FIFO is refused before any work, and nothing is written', async () => {
    for (const file of ['/dev/zero', path.join(base, 'fifo')]) {
      const r = await check(['--write-baseline', file]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`--write-baseline ${JSON.stringify(file)} is `);
    }
  });

  it('a regular baseline is still read', async () => {
    const r = await check(['--baseline', path.join(base, 'baseline.json')]);
    expect(r.stderr).not.toContain('--baseline');
  });
});
