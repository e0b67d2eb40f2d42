import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { alive, badLock, readLockFile } from '../pipeline/write/lock-file.js';

/** Why dev cannot start over `file`'s lock, as a message and how to fix it; undefined when it may. */
export function devLockProblem(file: string, root: string): { message: string; hint: string } | undefined {
  const read = readLockFile(file);
  if (read.state === 'absent') return undefined;
  if (read.state === 'bad') {
    const e = badLock(file, read.what, 'pa-site dev for this project');
    return { message: e.message, hint: e.hint };
  }
  const { pid, url } = read.data;
  // Only a live pid other than ours holds it; anything else is a lock a stopped dev left behind.
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid < 1 || pid === process.pid || !alive(pid)) return;
  return {
    message:
      `pa-site dev is already running for ${root} at ${typeof url === 'string' ? url : '(unknown address)'} ` +
      `(pid ${pid}; lock file ${file})`,
    hint: `open that URL, or stop it first; if pid ${pid} is not pa-site dev, remove ${file} and run again`,
  };
}

/** Writes dev's lock whole (a temporary file renamed into place): a full disk leaves no half lock. */
export function writeDevLock(file: string, data: object): void {
  const tmp = path.join(path.dirname(file), `.dev.lock.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    writeFileSync(tmp, JSON.stringify(data), { flag: 'wx' });
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}
