/**
 * Issue 60, 1 and 11: every signal that ends a run (SIGINT, SIGTERM, SIGHUP, SIGQUIT) gets the same clean-up and
 * a true line, and the output swap is never split. The run sends itself the signal at an exact step
 * (PA_SITE_TEST_SIGNAL_AT, src/support/process/interrupt.ts): no timing, no sleeps.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { fixtureProject } from './fixture.js';
import { repoRoot } from './helpers.js';
import { scaled } from './machine.js';

const bin = path.join(repoRoot, 'bin', 'pa-site.js');
const EXIT = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129, SIGQUIT: 131 } as const;
type Signal = keyof typeof EXIT;

async function paSite(args: string[], env: NodeJS.ProcessEnv) {
  return promisify(execFile)(process.execPath, [bin, ...args], { env, timeout: scaled(120_000) }).then(
    (r) => ({ code: 0, stderr: r.stderr }),
    (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
  );
}

/** A built fixture project with its own TMPDIR and cache folder, and a page to change between builds. */
async function builtProject() {
  const p = await fixtureProject();
  const tmp = path.join(p.root, 'tmp');
  await mkdir(tmp);
  const env = { ...process.env, NO_COLOR: '1', TMPDIR: tmp, PA_SITE_CACHE_DIR: path.join(p.root, 'cache') };
  expect((await paSite(['build', '--root', p.root, '--quiet'], env)).code).toBe(0);
  const home = () => readFile(path.join(p.root, 'dist', 'index.html'), 'utf8');
  const change = async (word: string) => {
    const file = path.join(p.root, 'content/pages/index.md');
    await writeFile(file, `${await readFile(file, 'utf8')}\nThe word ${word}.\n`);
  };
  const leftovers = () => readdirSync(p.root).filter((n) => n.startsWith('.dist'));
  return { ...p, tmp, env, home, change, leftovers };
}

const cases: [point: string, signals: Signal[], replaced: boolean][] = [
  // Stopped while pages are written: the old site stays, whole.
  ['staging-open', ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'], false],
  // At the swap, between its renames, and right after it: handled once the swap is whole, so the new site is
  // in place and the old one removed, never a missing dist/.
  ['swap-start', ['SIGTERM', 'SIGHUP'], true],
  ['swap-between', ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'], true],
  ['swap-end', ['SIGTERM', 'SIGQUIT'], true],
];

describe('a build stopped by a signal (issue 60, 1 and 11)', () => {
  for (const [point, signals, replaced] of cases)
    it(`at ${point}: ${signals.join(', ')} leave ${replaced ? 'the new site' : 'dist/ as it was'}`, async () => {
      const p = await builtProject();
      try {
        for (const signal of signals) {
          const before = await p.home();
          await p.change(`${point}-${signal}`);
          const r = await paSite(['build', '--root', p.root, '--no-cache'], {
            ...p.env,
            PA_SITE_TEST_SIGNAL_AT: `${point}:${signal}`,
          });
          expect([signal, r.code]).toEqual([signal, EXIT[signal]]);
          expect(r.stderr).toContain(`pa-site: stopped by ${signal}; `);
          if (replaced) {
            expect(r.stderr).toContain('the new site is in place in ');
            expect(r.stderr).toContain('; the old one was removed');
            expect(await p.home()).toContain(`${point}-${signal}`);
          } else {
            expect(r.stderr).toMatch(/dist was left as it was/);
            expect(await p.home()).toBe(before);
          }
          // No lock, staging folder or old output beside dist/, and no private code folder in TMPDIR.
          expect([signal, p.leftovers()]).toEqual([signal, []]);
          expect([signal, readdirSync(p.tmp)]).toEqual([signal, []]);
        }
      } finally {
        await p.cleanup();
      }
    });

  it('check stopped by SIGHUP or SIGQUIT removes its pa-site-check-* folder', async () => {
    const p = await builtProject();
    try {
      for (const signal of ['SIGHUP', 'SIGQUIT'] as const) {
        const r = await paSite(['check', '--root', p.root], {
          ...p.env,
          PA_SITE_TEST_SIGNAL_AT: `check-folder:${signal}`,
        });
        expect([signal, r.code]).toEqual([signal, EXIT[signal]]);
        expect(r.stderr).toContain(`pa-site: stopped by ${signal}; its temporary files were removed`);
        expect([signal, readdirSync(p.tmp)]).toEqual([signal, []]);
      }
    } finally {
      await p.cleanup();
    }
  });

  it('an old output left aside (.dist.old-*) by a killed build is removed by the next build', async () => {
    const p = await builtProject();
    try {
      const old = path.join(p.root, '.dist.old-999999-0123abcd');
      await mkdir(old);
      await writeFile(path.join(old, '.pa-site-output'), 'x');
      await writeFile(path.join(old, 'index.html'), 'old');
      expect((await paSite(['build', '--root', p.root, '--quiet'], p.env)).code).toBe(0);
      expect(existsSync(old)).toBe(false);
      expect(p.leftovers()).toEqual([]);
    } finally {
      await p.cleanup();
    }
  });
});
