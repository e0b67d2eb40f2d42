import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, '..', 'scripts', 'check-line-width.mjs');
const run = (args: string[], cwd?: string) => {
  const r = spawnSync(process.execPath, [script, ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, out: r.stdout + r.stderr };
};

describe('scripts/check-line-width.mjs', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pa-site-line-width-'));
    await writeFile(path.join(dir, 'long.ts'), `const a = 1;\nconst s = '${'x'.repeat(108)}';\n`);
    // 120 characters but 234 UTF-16 units and 462 bytes (and a CRLF ending): the limit counts characters.
    await writeFile(path.join(dir, 'wide.css'), `/* ${'🂡'.repeat(114)} */\r\n`);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('fails on a line over 120 characters and names the file, line and length', () => {
    const r = run(['long.ts', 'wide.css'], dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain('long.ts:2  121 characters (max 120)');
    expect(r.out).not.toContain('wide.css');
  });

  it('passes a line of exactly 120 characters', () => {
    expect(run(['wide.css'], dir)).toEqual({ code: 0, out: '' });
  });

  it('reports a file it cannot read instead of throwing', () => {
    const r = run(['missing.ts'], dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain('missing.ts: cannot read it (ENOENT)');
    expect(r.out).not.toMatch(/\n\s+at /);
  });

  it('with no arguments checks the git-tracked sources of this repository, which pass', () => {
    expect(run([])).toEqual({ code: 0, out: '' });
  });
});
