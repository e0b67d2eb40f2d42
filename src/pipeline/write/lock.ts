import { randomBytes } from 'node:crypto';
import { unlinkSync, utimesSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { onInterrupt } from '../../support/process/interrupt.js';
import {
  alive,
  badLock,
  createLockFile,
  type HeldLock,
  LockFileError,
  readLockFile,
  sweepLockTemps,
  takeOverLock,
} from './lock-file.js';

/** How often a lock holder touches its lock file, and when another host's untouched lock counts as abandoned. */
const HEARTBEAT_MS = 5_000;
const STALE_MS = 60_000;
const POLL_MS = 100;

interface LockInfo {
  pid: number;
  host: string;
  token: string;
}

export interface OutputLock {
  file: string;
  release(): void;
}

/** The lock file guarding an output folder: a sibling, so it survives the folder's swap. */
export const lockFileFor = (outDir: string) => path.join(path.dirname(outDir), `.${path.basename(outDir)}.lock`);

export { alive } from './lock-file.js';

/** How long a build waits for another build's lock before it gives up (a lock touched all along). */
const LOCK_WAIT_MS = 10 * 60_000;

type Held = { info: LockInfo; read: HeldLock };

function readLock(file: string): Held | undefined {
  const read = readLockFile(file);
  if (read.state === 'absent') return undefined;
  if (read.state === 'bad') throw badLock(file, read.what, 'another build');
  const { pid, host, token } = read.data;
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid < 1 || typeof host !== 'string')
    throw badLock(file, 'does not hold a pa-site lock (no pid and host)', 'another build');
  return { info: { pid, host, token: typeof token === 'string' ? token : '' }, read };
}

/**
 * A lock (or take-over marker) left by a process that is gone: a dead pid on this host, or not
 * touched for a minute.
 */
function abandoned(lock: HeldLock): boolean {
  if (Date.now() - lock.mtimeMs > STALE_MS) return true;
  const { pid, host } = lock.data;
  return host === hostname() && typeof pid === 'number' && Number.isInteger(pid) && pid > 0 && !alive(pid);
}

export interface LockOptions {
  /** Told once, when the lock is held by another build (names the holder's pid and the lock file). */
  onWait?: (message: string) => void;
  /** How long to wait for a live holder before failing (default LOCK_WAIT_MS). */
  waitMs?: number;
}

/**
 * Takes the lock for `outDir`, waiting while another build holds it (`onWait` is told once, with
 * the holder's pid). Two builds into one folder thus run their write steps one after the other, and
 * both end with a complete folder. A lock left by a killed build is taken over. Anything at the
 * lock's path that is not a pa-site lock (a link, a folder, a FIFO, an empty or damaged file) is a
 * LockFileError naming it; a live holder past `waitMs` is one too. The wait polls with a timer, so
 * SIGINT and SIGTERM handlers run meanwhile.
 */
export async function lockOutput(
  outDir: string,
  options: LockOptions | ((m: string) => void) = {},
): Promise<OutputLock> {
  const { onWait, waitMs = LOCK_WAIT_MS } = typeof options === 'function' ? { onWait: options } : options;
  const file = lockFileFor(outDir);
  const info: LockInfo = { pid: process.pid, host: hostname(), token: randomBytes(8).toString('hex') };
  const deadline = Date.now() + waitMs;
  let told = false;
  sweepLockTemps(file);
  for (;;) {
    if (createLockFile(file, info)) break;
    const held = readLock(file);
    if (held && abandoned(held.read)) {
      // One take-over per stale lock, by rename, never by deleting it (lock-file.ts takeOverLock).
      if (takeOverLock(file, held.read, info, abandoned)) break;
    } else if (held) {
      if (!told) {
        told = true;
        onWait?.(
          `another build is running into ${outDir} (pid ${held.info.pid}); waiting for it to finish… ` +
            `(lock file: ${file})`,
        );
      }
      if (Date.now() >= deadline) {
        throw new LockFileError(
          file,
          `another build (pid ${held.info.pid} on ${held.info.host}) has held the lock file ${file} ` +
            `for more than ${Math.round(waitMs / 1000)} s`,
          `wait for it to finish, or stop it; if no build is running, remove ${file} and build again`,
        );
      }
    }
    // Always a timer between tries: never a busy loop, and signal handlers get their turn.
    await sleep(POLL_MS);
  }
  const beat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // Lost the file (removed by hand): nothing to keep alive.
    }
  }, HEARTBEAT_MS);
  beat.unref();
  const release = () => {
    forget();
    clearInterval(beat);
    const current = readLockFile(file);
    if (current.state !== 'held' || current.data.token !== info.token) return;
    try {
      unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
  // A build stopped by Ctrl-C leaves no lock for the next one to wait on or take over.
  const forget = onInterrupt(release);
  return { file, release };
}
