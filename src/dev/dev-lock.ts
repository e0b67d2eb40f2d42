import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import {
  alive,
  badLock,
  createLockFile,
  type HeldLock,
  readLockFile,
  takeOverLock,
} from '../pipeline/write/lock-file.js';

/** Why dev cannot start over `file`'s lock, as a message and how to fix it; undefined when it may. */
function devLockProblem(file: string, root: string): { message: string; hint: string } | undefined {
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
function writeDevLock(file: string, data: object): void {
  const tmp = path.join(path.dirname(file), `.dev.lock.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    writeFileSync(tmp, JSON.stringify(data), { flag: 'wx' });
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/** A lock a dev that is gone left: no pid, our own (a dev stopped in this process), or a dead one. */
function stopped(lock: HeldLock): boolean {
  const { pid } = lock.data;
  return typeof pid !== 'number' || !Number.isInteger(pid) || pid < 1 || pid === process.pid || !alive(pid);
}

export interface DevLock {
  /** Rewrites the lock with the server's address, once it listens (still this process's lock). */
  update(data: object): void;
  /** Removes the lock if it is still this process's: never another dev's. */
  release(): void;
}

/**
 * Takes dev's lock before anything is built, as the output lock is taken: made exclusively, and a
 * stopped dev's lock taken over by rename (takeOverLock), so of two devs started together one runs
 * and the other is told who holds it. Returns the problem instead when another dev holds it.
 */
export function takeDevLock(file: string, root: string): DevLock | { message: string; hint: string } {
  const token = randomBytes(8).toString('hex');
  const mine = { pid: process.pid, host: hostname(), root, token };
  for (let attempt = 0; attempt < 20; attempt++) {
    if (createLockFile(file, mine)) return heldDevLock(file, token);
    const problem = devLockProblem(file, root);
    if (problem) return problem;
    const read = readLockFile(file);
    if (read.state === 'held' && takeOverLock(file, read, mine, stopped)) return heldDevLock(file, token);
  }
  return devLockProblem(file, root) ?? { message: `could not take the lock file ${file}`, hint: 'run again' };
}

function heldDevLock(file: string, token: string): DevLock {
  const ours = () => {
    const read = readLockFile(file);
    return read.state === 'held' && read.data.token === token;
  };
  return {
    update: (data) => {
      if (ours()) writeDevLock(file, { ...data, host: hostname(), token });
    },
    release: () => {
      if (!ours()) return;
      try {
        unlinkSync(file);
      } catch {
        // Gone already.
      }
    },
  };
}
