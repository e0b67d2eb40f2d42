import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers.js';

const script = path.resolve(import.meta.dirname, '..', 'scripts', 'check-file-length.mjs');
const run = (args: string[], cwd: string) => {
  const r = spawnSync(process.execPath, [script, ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, out: r.stdout + r.stderr };
};

describe('scripts/check-file-length.mjs', () => {
  it('fails on a file over 450 lines, naming it and its length, and passes one of 450', async () => {
    const dir = await tempDir({ 'long.ts': 'x;\n'.repeat(451), 'fits.tsx': 'x;\n'.repeat(450) });
    const long = run(['long.ts', 'fits.tsx'], dir);
    expect(long.code).toBe(1);
    expect(long.out).toContain('long.ts  451 lines (max 450)');
    expect(long.out).not.toContain('fits.tsx');
    expect(run(['fits.tsx'], dir)).toEqual({ code: 0, out: '' });
  });

  it('reports a file it cannot read instead of throwing', async () => {
    const r = run(['missing.ts'], await tempDir({}));
    expect(r.code).toBe(1);
    expect(r.out).toContain('missing.ts: cannot read it (ENOENT)');
    expect(r.out).not.toMatch(/\n\s+at /);
  });
});
