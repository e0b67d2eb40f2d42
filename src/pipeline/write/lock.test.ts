import * as fs from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A full disk: the file is created, its content is refused (ENOSPC), as after openSync('wx'). */
let diskFull = false;
const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  return {
    ...real,
    writeSync: (...args: Parameters<typeof real.writeSync>) => {
      if (diskFull) throw enospc();
      return (real.writeSync as (...a: unknown[]) => number)(...args);
    },
    writeFileSync: (...args: Parameters<typeof real.writeFileSync>) => {
      if (!diskFull) return real.writeFileSync(...args);
      real.closeSync(real.openSync(args[0] as string, 'wx'));
      throw enospc();
    },
  };
});

const { lockOutput } = await import('./lock.js');

let dir = '';
afterEach(async () => {
  diskFull = false;
  await rm(dir, { recursive: true, force: true });
});

describe('output lock on a full disk', () => {
  it('fails with ENOSPC and leaves no empty lock to block the next build', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pa-site-lock-'));
    const outDir = path.join(dir, 'dist');
    diskFull = true;
    await expect(lockOutput(outDir)).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(await readdir(dir)).toEqual([]);
    diskFull = false;
    const lock = await lockOutput(outDir, { waitMs: 0 });
    expect(fs.existsSync(lock.file)).toBe(true);
    lock.release();
    expect(await readdir(dir)).toEqual([]);
  });
});
