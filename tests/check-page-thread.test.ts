/**
 * Check's page phase runs in a thread (src/check/page-thread.ts). A thread that fails after it has
 * written to check's spill folder, by an uncaught error or by exiting, is reported (never a hang),
 * as the CLI reports any unexpected error, and the spill folder is removed. The thread here is a
 * stand-in script that does what the page phase does first when many links are broken: it makes the
 * spill folder the main thread named and writes a run file into it.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { main } from '../src/cli/main.js';
import { check } from '../src/index.js';

const stub = vi.hoisted(() => ({ script: '' }));
vi.mock('../src/pipeline/worker-entry.js', () => ({
  compiledWorkerEntry: () => undefined,
  workerEntry: async () => stub.script,
}));

const STAND_IN = `
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { workerData } from 'node:worker_threads';
mkdirSync(workerData.spillDir, { mode: 0o700 });
writeFileSync(path.join(workerData.spillDir, 'run-0.jsonl'), '{}\\n');
if (process.env.PA_SITE_TEST_THREAD === 'exit') process.exit(7);
throw new Error('the page phase failed half-way');
`;

let work: string;
let temp: string;
let site: string;
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'pa-site-page-thread-'));
  temp = path.join(work, 'tmp');
  site = path.join(work, 'site');
  mkdirSync(temp);
  mkdirSync(site);
  writeFileSync(path.join(site, 'index.html'), '<!DOCTYPE html><title>t</title><main><a href="#x">x</a></main>\n');
  stub.script = path.join(work, 'stand-in.mjs');
  writeFileSync(stub.script, STAND_IN);
  vi.stubEnv('TMPDIR', temp);
});
afterEach(() => {
  delete process.env.PA_SITE_TEST_THREAD;
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(work, { recursive: true, force: true });
});

it('reports an error thrown in the page thread, and removes the spill folder it wrote to', async () => {
  await expect(check({ dir: site })).rejects.toThrow('the page phase failed half-way');
  expect(readdirSync(temp)).toEqual([]);
});

it('reports a page thread that exits before it answers, and removes the spill folder', async () => {
  process.env.PA_SITE_TEST_THREAD = 'exit';
  await expect(check({ dir: site })).rejects.toThrow(/page thread stopped \(exit code 7\)/);
  expect(readdirSync(temp)).toEqual([]);
});

it('the CLI reports it in one line, no stack without --debug, exit 1', async () => {
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    const code = await main(['node', 'pa-site', 'check', '--dir', site]);
    const printed = err.mock.calls.map((c) => String(c[0])).join('');
    expect(code).toBe(1);
    expect(printed).toBe(
      'error: unexpected error in pa-site: the page phase failed half-way\n  run with --debug for details\n',
    );
  } finally {
    err.mockRestore();
    out.mockRestore();
  }
  expect(readdirSync(temp)).toEqual([]);
});
