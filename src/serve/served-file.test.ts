/**
 * The swap race of issue 51 item 3, made exact: the open that openServed does is wrapped (a mocked
 * fs layer), and the test swaps `sub/` for a link to an outside folder just before it runs, the one
 * moment a loop of swaps and requests rarely hits. On 74f48e6 (resolve, then open by name) this
 * served the outside file; opening first and checking the open file after serves nothing outside.
 */
import { mkdir, mkdtemp, rename, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/** What runs just before openServed opens a file: the test's swap. */
const beforeOpen = vi.hoisted(() => ({ run: undefined as undefined | ((file: string) => Promise<void>) }));

vi.mock('../pipeline/load/regular-file.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../pipeline/load/regular-file.js')>();
  return {
    ...real,
    openRegularFile: async (file: string) => {
      await beforeOpen.run?.(file);
      return real.openRegularFile(file);
    },
  };
});

const { openServed } = await import('./served-file.js');

let base: string;
let dir: string;

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'pa-site-served-file-'));
  dir = path.join(base, 'site');
  await mkdir(path.join(dir, 'sub'), { recursive: true });
  await writeFile(path.join(dir, 'sub', 'page.txt'), 'inside');
  await mkdir(path.join(base, 'outside'));
  await writeFile(path.join(base, 'outside', 'page.txt'), 'OUTSIDE');
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

/** The text openServed finds for `urlPath`, or undefined; its handle closed. */
async function served(urlPath: string): Promise<string | undefined> {
  const found = await openServed(dir, urlPath);
  if (!found) return undefined;
  try {
    return (await found.handle.readFile()).toString('utf8');
  } finally {
    await found.handle.close();
  }
}

describe('openServed and a folder swapped between the check and the open (#51 item 3)', () => {
  it('serves the file while nothing is swapped', async () => {
    expect(await served('/sub/page.txt')).toBe('inside');
  });

  it('never serves an outside byte when sub/ becomes a link out just before the open', async () => {
    const sub = path.join(dir, 'sub');
    const aside = path.join(dir, 'sub-real');
    let swaps = 0;
    beforeOpen.run = async (file) => {
      if (!file.includes(`${path.sep}sub${path.sep}`) || swaps > 0) return;
      swaps++;
      await rename(sub, aside);
      await symlink(path.join(base, 'outside'), sub);
    };
    try {
      const text = await served('/sub/page.txt');
      expect(swaps).toBe(1);
      expect(text).not.toBe('OUTSIDE');
      expect(text).toBeUndefined();
    } finally {
      beforeOpen.run = undefined;
      await unlink(sub).catch(() => undefined);
      await rename(aside, sub).catch(() => undefined);
    }
    expect(await served('/sub/page.txt')).toBe('inside');
  });
});
