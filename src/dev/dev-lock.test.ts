import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { takeDevLock } from './dev-lock.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});
const lockIn = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'pa-site-devlock-unit-'));
  dirs.push(dir);
  return path.join(dir, 'dev.lock.json');
};

describe('dev.lock.json (#51 item 3)', () => {
  it('is taken before anything else, and refused while another live dev holds it', async () => {
    const file = await lockIn();
    const lock = takeDevLock(file, '/site');
    expect('release' in lock).toBe(true);
    expect(JSON.parse(await readFile(file, 'utf8')).pid).toBe(process.pid);
    // Another live process's lock (a running dev): refused, naming it.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      await writeFile(file, JSON.stringify({ pid: other.pid, url: 'http://127.0.0.1:1/', root: '/site' }));
      const refused = takeDevLock(file, '/site');
      expect('message' in refused && refused.message).toContain(`pid ${other.pid}`);
      // Stopping the first dev now does not delete the other's lock.
      if ('release' in lock) lock.release();
      expect(JSON.parse(await readFile(file, 'utf8')).pid).toBe(other.pid);
    } finally {
      other.kill();
    }
  });

  it("a dead dev's lock is taken over, and released only by its holder", async () => {
    const file = await lockIn();
    await writeFile(file, JSON.stringify({ pid: 2 ** 22 + 1, url: 'http://127.0.0.1:1/', root: '/site' }));
    const lock = takeDevLock(file, '/site');
    expect('release' in lock).toBe(true);
    if (!('release' in lock)) return;
    lock.update({ pid: process.pid, url: 'http://127.0.0.1:2/', root: '/site' });
    expect(JSON.parse(await readFile(file, 'utf8')).url).toBe('http://127.0.0.1:2/');
    lock.release();
    expect(existsSync(file)).toBe(false);
  });
});
