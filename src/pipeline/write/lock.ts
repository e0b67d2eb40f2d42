import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, statSync, unlinkSync, utimesSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { onInterrupt } from '../../interrupt.js';

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

/** Whether process `pid` on this host is running (EPERM: it is, as another user). */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function readLock(file: string): { info?: LockInfo; mtimeMs: number } | undefined {
  try {
    const mtimeMs = statSync(file).mtimeMs;
    try {
      return { info: JSON.parse(readFileSync(file, 'utf8')) as LockInfo, mtimeMs };
    } catch {
      return { mtimeMs }; // being written right now, or damaged
    }
  } catch {
    return undefined; // released meanwhile
  }
}

/** A lock left by a process that is gone: a dead pid on this host, or not touched for a minute. */
function abandoned(lock: { info?: LockInfo; mtimeMs: number }): boolean {
  if (Date.now() - lock.mtimeMs > STALE_MS) return true;
  return !!lock.info && lock.info.host === hostname() && !alive(lock.info.pid);
}

/**
 * Takes the lock for `outDir`, waiting while another build holds it (`onWait` is told once, with
 * the holder's pid). Two builds into one folder thus run their write steps one after the other, and
 * both end with a complete folder. A lock left by a killed build is taken over.
 */
export async function lockOutput(outDir: string, onWait?: (message: string) => void): Promise<OutputLock> {
  const file = lockFileFor(outDir);
  const info: LockInfo = { pid: process.pid, host: hostname(), token: randomBytes(8).toString('hex') };
  let told = false;
  for (;;) {
    try {
      const fd = openSync(file, 'wx');
      try {
        writeSync(fd, JSON.stringify(info));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const held = readLock(file);
    if (!held) continue;
    if (abandoned(held)) {
      // Remove it only if it is still the lock judged abandoned, not one a rival just took.
      const again = readLock(file);
      if (again && again.info?.token === held.info?.token && again.mtimeMs === held.mtimeMs) {
        try {
          unlinkSync(file);
        } catch {
          // Someone else removed it first.
        }
      }
      continue;
    }
    if (!told) {
      told = true;
      const who = held.info ? ` (pid ${held.info.pid})` : '';
      onWait?.(`another build is running into ${outDir}${who}; waiting for it to finish…`);
    }
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
    const current = readLock(file);
    if (current?.info?.token !== info.token) return;
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
