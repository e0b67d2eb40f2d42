/**
 * Reading and creating the lock files (`.dist.lock`, `dev.lock.json`) so that no stray file at
 * their path can hang a command: only a regular file is read (lstat, then O_NOFOLLOW and
 * O_NONBLOCK, so a symbolic link or a FIFO is never followed or waited on), and a lock is written
 * whole to a temporary file first, then linked into place: a full disk leaves no empty lock.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  linkSync,
  lstatSync,
  openSync,
  readSync,
  renameSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { namesIn } from '../../support/fs/folder-names.js';

/** Larger than any lock pa-site writes: a bigger file is not one of its locks (and is not read whole). */
const MAX_LOCK_BYTES = 64 * 1024;

/** Whether process `pid` on this host is running (EPERM: it is, as another user). */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** A lock found at a lock's path: its JSON, parsed, and the file's identity. */
export type HeldLock = { state: 'held'; data: Record<string, unknown>; mtimeMs: number; ino: number };

/** What is at a lock's path: nothing, a lock (its JSON, parsed), or something that is not one. */
export type LockRead = { state: 'absent' } | HeldLock | { state: 'bad'; what: string };

const KINDS: [test: (s: import('node:fs').Stats) => boolean, what: string][] = [
  [(s) => s.isSymbolicLink(), 'a symbolic link'],
  [(s) => s.isDirectory(), 'a folder'],
  [(s) => s.isFIFO(), 'a FIFO (named pipe)'],
  [(s) => s.isSocket(), 'a socket'],
  [(s) => s.isBlockDevice() || s.isCharacterDevice(), 'a device'],
];
const kindOf = (s: import('node:fs').Stats) => KINDS.find(([test]) => test(s))?.[1] ?? 'not a regular file';

/** Reads the lock at `file` without following a link or blocking on a special file. */
export function readLockFile(file: string): LockRead {
  let fd: number;
  try {
    const st = lstatSync(file);
    if (!st.isFile()) return { state: 'bad', what: `is ${kindOf(st)}` };
    // O_NOFOLLOW and O_NONBLOCK: a file swapped for a link or a FIFO after the lstat is refused, not waited on.
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { state: 'absent' }; // released meanwhile
    if (code === 'ELOOP') return { state: 'bad', what: 'is a symbolic link' };
    return { state: 'bad', what: `cannot be read (${code ?? (e as Error).message})` };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { state: 'bad', what: `is ${kindOf(st)}` };
    if (st.size === 0) return { state: 'bad', what: 'is empty' };
    if (st.size > MAX_LOCK_BYTES) return { state: 'bad', what: `is ${st.size} bytes, not a pa-site lock` };
    const buf = Buffer.alloc(st.size);
    const n = readSync(fd, buf, 0, st.size, 0);
    let data: unknown;
    try {
      data = JSON.parse(buf.subarray(0, n).toString('utf8'));
    } catch {
      return { state: 'bad', what: 'does not hold a pa-site lock (its content is not JSON)' };
    }
    if (typeof data !== 'object' || data === null || Array.isArray(data))
      return { state: 'bad', what: 'does not hold a pa-site lock' };
    return { state: 'held', data: data as Record<string, unknown>, mtimeMs: st.mtimeMs, ino: st.ino };
  } catch (e) {
    return { state: 'bad', what: `cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` };
  } finally {
    closeSync(fd);
  }
}

const tmpPrefix = (file: string) => `${path.basename(file)}.tmp-`;

/**
 * Creates the lock `file` holding `data`, or returns false when something is already at its path
 * (a link, even a dangling one, counts). The content is written to a temporary sibling and hard-linked
 * into place, so the lock appears whole or not at all; the temporary name is always removed.
 */
export function createLockFile(file: string, data: object): boolean {
  const tmp = path.join(path.dirname(file), `${tmpPrefix(file)}${process.pid}-${randomBytes(4).toString('hex')}`);
  const text = JSON.stringify(data);
  try {
    writeFileSync(tmp, text, { flag: 'wx', mode: 0o644 });
    linkSync(tmp, file);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // A file system without hard links: create the lock itself, and remove it if its content fails.
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS') return createDirectly(file, text);
    throw e;
  } finally {
    try {
      unlinkSync(tmp);
    } catch {
      // Never made (a full disk), or already gone.
    }
  }
}

function createDirectly(file: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
  try {
    writeSync(fd, text);
    closeSync(fd);
    return true;
  } catch (e) {
    closeSync(fd);
    unlinkSync(file);
    throw e;
  }
}

/** Removes temporary lock files that processes killed mid-write left beside `file` (dead pids only). */
export function sweepLockTemps(file: string): void {
  const prefix = tmpPrefix(file);
  for (const name of namesIn(path.dirname(file))) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(/^(\d+)-[0-9a-f]{8}$/.exec(name.slice(prefix.length))?.[1]);
    if (!pid || pid === process.pid || alive(pid)) continue;
    try {
      if (lstatSync(path.join(path.dirname(file), name)).isFile()) unlinkSync(path.join(path.dirname(file), name));
    } catch {
      // Gone meanwhile.
    }
  }
}

/** The error for a lock path holding what is not a lock: names the file and how to clear it. */
export class LockFileError extends Error {
  constructor(
    readonly file: string,
    message: string,
    readonly hint: string,
  ) {
    super(message);
    this.name = 'LockFileError';
  }
}

/** `file` (what readLockFile found) as an error that says how to clear it. */
export function badLock(file: string, what: string, holder: string): LockFileError {
  return new LockFileError(
    file,
    `the lock file ${file} ${what}, so pa-site cannot tell whether ${holder} is running`,
    `if no ${holder} is running, remove it (rm -r '${file.replaceAll("'", "'\\''")}') and run again`,
  );
}

/** A lock's identity: its token (random per lock), or, for a lock without one, its inode and time. */
function lockKey(lock: HeldLock): string {
  const { token } = lock.data;
  return typeof token === 'string' && /^[0-9a-f]{8,64}$/.test(token)
    ? token
    : `i${lock.ino}-${Math.round(lock.mtimeMs)}`;
}

/**
 * Takes over the abandoned lock `stale` at `file` for `data` (which must hold a fresh `token`):
 * true when this process now holds the lock. Never by deleting the stale lock by path (a slow
 * rival would delete the lock another has just made): the take-over of one stale lock is itself a
 * lock, `FILE.takeover-KEY`, made exclusively (createLockFile), so only one process takes over a
 * given lock. The winner checks that the stale lock is still at the path (a rival may have taken
 * it over and released its marker already), then renames its own lock over it in one step. A
 * marker whose maker died (`abandoned`) is taken over the same way, by a marker of its own key.
 */
export function takeOverLock(
  file: string,
  stale: HeldLock,
  data: object,
  abandoned: (lock: HeldLock) => boolean,
): boolean {
  let key = lockKey(stale);
  for (let hop = 0; hop < 8; hop++) {
    const marker = `${file}.takeover-${key}`;
    if (createLockFile(marker, data)) {
      try {
        const now = readLockFile(file);
        if (now.state !== 'held' || lockKey(now) !== lockKey(stale)) return false;
        const tmp = path.join(path.dirname(file), `${tmpPrefix(file)}${process.pid}-${randomBytes(4).toString('hex')}`);
        try {
          writeFileSync(tmp, JSON.stringify(data), { flag: 'wx', mode: 0o644 });
          renameSync(tmp, file);
        } catch (e) {
          rmQuiet(tmp);
          throw e;
        }
        return true;
      } finally {
        // Safe once the stale lock is gone from the path: a rival that makes this marker again
        // finds another lock there and gives up.
        rmQuiet(marker);
      }
    }
    const other = readLockFile(marker);
    if (other.state === 'absent') return false; // its maker finished: look at the lock again
    if (other.state !== 'held' || !abandoned(other)) return false;
    key = lockKey(other);
  }
  return false;
}

function rmQuiet(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Gone already.
  }
}
