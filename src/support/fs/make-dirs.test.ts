import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import { afterAll, expect, it } from 'vitest';
import { makeDirs } from './make-dirs.js';
import { installed, scaled } from '../../../tests/machine.js';

const dir = mkdtempSync(path.join(tmpdir(), 'pa-site-make-dirs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('creates a folder and its missing parents, and accepts one that exists', () => {
  const deep = path.join(dir, 'a', 'b', 'c');
  makeDirs(deep);
  expect(statSync(deep).isDirectory()).toBe(true);
  expect(() => makeDirs(deep)).not.toThrow();
  expect(() => makeDirs(path.join(dir, 'a'))).not.toThrow();
});

it('refuses a path through a file with ENOTDIR, creating nothing', () => {
  const file = path.join(dir, 'file');
  writeFileSync(file, '');
  expect(() => makeDirs(path.join(file, 'x', 'y'))).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
  expect(() => makeDirs(file)).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
  expect(existsSync(path.join(dir, 'x'))).toBe(false);
});

const hasProc = installed(existsSync('/proc/self'), '/proc (Linux)', 'run the tests on Linux');
// Node 20's recursive mkdir loops forever there: run in a child process that a timeout ends.
it.skipIf(!hasProc)('fails at once under /proc instead of hanging', () => {
  const source = readFileSync(fileURLToPath(new URL('./make-dirs.ts', import.meta.url)), 'utf8');
  const { code } = transformSync(source, { loader: 'ts', format: 'esm' });
  const script =
    `${code}\ntry { makeDirs('/proc/pa-site-no-such/cache'); console.log('made'); } ` +
    'catch (e) { console.log(e.code); }';
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: scaled(10_000),
  });
  expect({ signal: r.signal, status: r.status, stderr: r.stderr }).toEqual({ signal: null, status: 0, stderr: '' });
  expect(r.stdout.trim()).toMatch(/^E[A-Z]+$/);
});
