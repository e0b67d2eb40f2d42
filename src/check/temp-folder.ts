/**
 * The temporary folders `check` builds and spills into: `pa-site-check-<pid>-<hex>` in the temp folder. A
 * check stopped by a signal removes it (src/support/process/interrupt.ts); one killed outright leaves it, and the
 * next check removes it, by its exact name, when its pid is no longer running.
 */
import { randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onInterrupt, signalPoint } from '../support/process/interrupt.js';
import { ownedOrEmpty } from '../pipeline/write/out-dir.js';
import { alive } from '../pipeline/write/lock.js';
import { namesIn } from '../support/fs/folder-names.js';

const NAME = /^pa-site-check-(\d+)-[0-9a-f]{8}$/;
/** What a check's build leaves in its folder: the site, and its staging, retired and lock siblings. */
const INSIDE = /^(?:site|\.site\.(?:staging|old)-\d+-[0-9a-f]{8}|\.site\.lock)$/;
/**
 * What a check's spill folder holds (spill-folder.ts): sorted runs of broken links and of findings,
 * places of findings, and the sorted findings (finding-spill.ts).
 */
const SPILLED = /^(?:(?:findings-|by-page-\d+-)?run-\d+|places|findings)\.jsonl$/;

/** Whether `dir` holds only what a check's build or spill writes (so it is pa-site's to delete). */
function onlyCheckFiles(dir: string): boolean {
  const names = readdirSync(dir);
  return names.every((n) =>
    SPILLED.test(n)
      ? lstatSync(path.join(dir, n)).isFile()
      : INSIDE.test(n) && (n.endsWith('.lock') || ownedOrEmpty(path.join(dir, n))),
  );
}

/** Removes the folders of earlier checks that were killed: exact name, this user's, a dead pid, check files only. */
export function removeStaleCheckFolders(parent = tmpdir()): void {
  const names = namesIn(parent);
  for (const name of names) {
    const pid = NAME.exec(name)?.[1];
    if (!pid || Number(pid) === process.pid || alive(Number(pid))) continue;
    const dir = path.join(parent, name);
    try {
      const st = lstatSync(dir);
      if (!st.isDirectory() || (process.getuid && st.uid !== process.getuid())) continue;
      if (onlyCheckFiles(dir)) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Gone meanwhile, or not ours to read: left alone.
    }
  }
}

const folderName = (parent: string) =>
  path.join(parent, `pa-site-check-${process.pid}-${randomBytes(4).toString('hex')}`);

/**
 * Names this check's folder and registers its removal on a signal, without making it: `make` makes it,
 * or keeps it when it is made already. Check's page thread makes its spill folder this way: the main
 * thread, where signals are handled, owns the name before the thread can write there.
 */
export function planCheckFolder(parent = tmpdir()): { dir: string; make: () => void; remove: () => void } {
  const dir = folderName(parent);
  const forget = onInterrupt(() => rmSync(dir, { recursive: true, force: true, maxRetries: 3, retryDelay: 10 }));
  return {
    dir,
    make: () => makeCheckFolder(dir),
    remove: () => {
      forget();
      try {
        rmSync(dir, { recursive: true, force: true });
      } catch (e) {
        // Never made, and it cannot be: what is at its parent's place is no folder.
        if ((e as NodeJS.ErrnoException).code !== 'ENOTDIR') throw e;
      }
    },
  };
}

/** Makes a folder planCheckFolder named (in any thread); one made already is kept if it is this user's folder. */
export function makeCheckFolder(dir: string): void {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    const st = lstatSync(dir);
    if (!st.isDirectory() || (process.getuid && st.uid !== process.getuid())) throw e;
  }
}

/** Makes this check's folder; `remove` deletes it (and is what a signal runs, until then). */
export function checkFolder(parent = tmpdir()): { dir: string; remove: () => void } {
  const dir = folderName(parent);
  mkdirSync(dir, { mode: 0o700 });
  const forget = onInterrupt(() => rmSync(dir, { recursive: true, force: true, maxRetries: 3, retryDelay: 10 }));
  signalPoint('check-folder');
  return {
    dir,
    remove: () => {
      forget();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
