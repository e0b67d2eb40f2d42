import { randomBytes } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { onInterrupt, signalPoint, signalPointAsync } from '../../support/process/interrupt.js';
import { escapeTerminal } from '../../support/diagnostics/diagnostics.js';
import { MARKER, MARKER_TEXT, foreignFilesProblem, ownedOrEmpty, symlinkAt } from './out-dir.js';
import { KEPT, foreignEntries, writeListing } from './owned-files.js';
import { namesIn } from '../../support/fs/folder-names.js';
import { makeDirs } from '../../support/fs/make-dirs.js';

export type OutputFiles = Map<string, string | Uint8Array>;

/**
 * Creates the folder holding `file` unless `made` says it exists already; returns the folder. It
 * makes the missing folders one level at a time below the nearest folder in `made`, which starts
 * with the staging folder: never recursively from the root, so a write that races an interrupted
 * build's clean-up (Ctrl-C removes the staging folder while a thread still writes) fails with
 * ENOENT instead of making the staging folder again, to be left behind.
 */
export function ensureParent(made: Set<string>, file: string): string {
  const dir = path.dirname(file);
  if (made.has(dir)) return dir;
  const missing: string[] = [];
  for (let at = dir; !made.has(at); at = path.dirname(at)) {
    if (path.dirname(at) === at) throw new Error(`refusing to make folders outside the staging folder: ${file}`);
    missing.push(at);
  }
  for (const d of missing.reverse()) {
    try {
      mkdirSync(d);
    } catch (e) {
      // Made meanwhile by another render thread writing into the same folder (a file there is an error).
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(d).isDirectory()) throw e;
    }
    made.add(d);
  }
  return dir;
}

/** The suffix Staging.open gives its folders: `<pid>-<8 hex digits>`. */
const TAG = /^\d+-[0-9a-f]{8}$/;

/**
 * Leftovers of earlier builds into `outDir`, by kind: staging folders and retired outputs. Only
 * folders pa-site made count: the exact `.NAME.staging-<tag>`/`.NAME.old-<tag>` name, and empty or
 * carrying the output marker. A user's `.dist.old-backup` is never touched.
 */
function leftovers(outDir: string): { staging: string[]; retired: string[] } {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  const names = namesIn(parent);
  const pick = (kind: string) => {
    const prefix = `.${base}.${kind}-`;
    return names
      .filter((n) => n.startsWith(prefix) && TAG.test(n.slice(prefix.length)))
      .map((n) => path.join(parent, n))
      .filter((d) => isFolder(d) && ownedOrEmpty(d));
  };
  return { staging: pick('staging'), retired: pick('old') };
}

/**
 * Deletes a folder pa-site made, its marker file last: a build killed half-way through leaves a
 * folder that still carries the marker (or is empty), which the next build recognises as its own
 * and finishes removing. Removed all at once, what was left could look like anyone's folder.
 */
async function removeOwned(dir: string): Promise<void> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  await Promise.all(
    names.filter((n) => n !== MARKER).map((n) => rm(path.join(dir, n), { recursive: true, force: true })),
  );
  await rm(dir, { recursive: true, force: true });
}

/** removeOwnedSync's steps, for a thread of its own (removeOwnedInThread). */
// A plain file is unlinked at once: rmSync would lstat each of thousands of pages first.
const REMOVER = `
const { readdirSync, rmSync, unlinkSync } = require('node:fs');
const path = require('node:path');
const { dir, marker } = require('node:worker_threads').workerData;
let entries = [];
try {
  entries = readdirSync(dir, { withFileTypes: true });
} catch {}
for (const e of entries) {
  if (e.name === marker) continue;
  const file = path.join(dir, e.name);
  try {
    if (e.isFile()) {
      unlinkSync(file);
      continue;
    }
  } catch {}
  rmSync(file, { recursive: true, force: true });
}
rmSync(dir, { recursive: true, force: true });
`;

/** From this many files in the new output (about as many in the old one), the old one is deleted on a thread. */
const THREAD_REMOVAL_FILES = 500;

/**
 * removeOwned on a thread of its own: the thousands of unlinks of an old output run on another
 * core while this thread stores the render cache, instead of waiting for this thread's event loop.
 */
function removeOwnedInThread(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(REMOVER, { eval: true, workerData: { dir, marker: MARKER } });
    worker.once('error', reject);
    worker.once('exit', (code) => (code ? reject(new Error(`removing ${dir} stopped with code ${code}`)) : resolve()));
  });
}

/**
 * removeOwned for a staging folder of a process about to exit on a signal: synchronous, marker
 * last. Render threads, and writes this thread started, may still be adding files by name until the
 * process exits: the folder is first renamed to another staging name (one the next build's recovery
 * removes, should this fail), so that only writes already under way can land in it, and a folder
 * not yet empty is retried. Deleted in place, a file created between the last listing and the
 * removal of the folder kept it, and the writes after that filled it again.
 */
function removeOwnedSync(dir: string): void {
  let doomed = dir;
  try {
    const aside = `${dir.slice(0, dir.lastIndexOf('-'))}-${randomBytes(4).toString('hex')}`;
    renameSync(dir, aside);
    doomed = aside;
  } catch {
    // Gone already, or it cannot be renamed: deleted where it is.
  }
  let names: string[];
  try {
    names = readdirSync(doomed);
  } catch {
    return;
  }
  const gone = { recursive: true, force: true, maxRetries: 5, retryDelay: 10 };
  for (const n of names) if (n !== MARKER) rmSync(path.join(doomed, n), gone);
  rmSync(doomed, gone);
}

/** The output folder as the user named it, relative to the current folder: `dist`. */
function shownOut(outDir: string): string {
  try {
    return escapeTerminal(path.relative(process.cwd(), outDir) || '.');
  } catch {
    return escapeTerminal(outDir); // the current folder was deleted
  }
}

function isFolder(p: string): boolean {
  try {
    return lstatSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** Whether a killed or crashed build left anything beside `outDir` for recoverOutput to repair. */
export function hasLeftovers(outDir: string): boolean {
  const { staging, retired } = leftovers(outDir);
  return staging.length + retired.length > 0;
}

/**
 * Repairs what a killed build left (call it holding the output lock): if the output folder is
 * missing because a build died between its two renames, the previous output (kept aside as
 * `.NAME.old-*`) is put back; then every staging folder and retired output is removed.
 * Returns whether the previous output was restored.
 */
export async function recoverOutput(outDir: string): Promise<boolean> {
  const { staging, retired } = leftovers(outDir);
  let restored = false;
  // lstat, not exists: a dangling symbolic link there is the user's, never renamed over.
  if (retired.length && !lstatSync(outDir, { throwIfNoEntry: false })) {
    const newest = retired.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]!;
    await rename(newest, outDir);
    retired.splice(retired.indexOf(newest), 1);
    restored = true;
  }
  // What a build killed mid-commit carried out of the output (.git) goes back before anything is removed.
  if (lstatSync(outDir, { throwIfNoEntry: false })?.isDirectory())
    for (const dir of [...staging, ...retired]) moveKept(dir, outDir);
  // One that cannot be deleted (an immutable file in it) stays, marker and all: never a reason to fail.
  await Promise.all([...staging, ...retired].map((d) => removeOwned(d).catch(() => undefined)));
  return restored;
}

/**
 * Moves the KEPT entries (`names`, by default all there are) of folder `from` into folder `to`
 * where `to` has none of that name; returns those moved.
 */
function moveKept(from: string, to: string, names: readonly string[] = KEPT): string[] {
  const moved: string[] = [];
  for (const name of names) {
    const src = path.join(from, name);
    const dest = path.join(to, name);
    if (!lstatSync(src, { throwIfNoEntry: false }) || lstatSync(dest, { throwIfNoEntry: false })) continue;
    renameSync(src, dest);
    moved.push(name);
  }
  return moved;
}

/** The output folder was replaced by one pa-site did not write, or given files it did not, while the build ran. */
export class ForeignOutputError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

/**
 * Stage 5, atomic output. Files are streamed into a fresh sibling folder as they are produced
 * (memory stays bounded), then `commit()` swaps it in for `outDir`. Until then the previous output
 * is untouched; `abort()` removes the staging folder. After a commit no stale file from an earlier
 * build survives. Open it holding the output lock (lock.ts).
 *
 * The swap is two renames (a folder cannot replace a non-empty folder in one): the old output is
 * moved aside, the new one moved in, the old one deleted (while the build stores its render cache:
 * `removed()` waits for it). A build killed between the renames leaves
 * the old output aside, and the next build (recoverOutput) puts it back before doing anything else.
 */
export class Staging {
  readonly dir: string;
  bytes = 0;
  files = 0;
  /** Folders known to exist in the staging folder, which is the first (ensureParent). */
  private readonly dirs: Set<string>;
  /** Drops the staging folder from what an interrupted build removes (it was committed or removed). */
  private forget: () => void = () => undefined;
  private removing: Promise<void> | undefined;
  private removeError: { dir: string; error: unknown } | undefined;

  private constructor(
    readonly outDir: string,
    dir: string,
  ) {
    this.dir = dir;
    this.dirs = new Set([dir]);
  }

  static async open(outDir: string): Promise<Staging> {
    await recoverOutput(outDir);
    const parent = path.dirname(outDir);
    const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
    const dir = path.join(parent, `.${path.basename(outDir)}.staging-${tag}`);
    const staging = new Staging(outDir, dir);
    // Registered before the folder exists, which is then made synchronously: a signal finds it either
    // registered or not made. (Made by a call still under way when the signal's clean-up ran, it was
    // left behind, empty.)
    staging.forget = onInterrupt(() => {
      removeOwnedSync(dir);
      return existsSync(outDir)
        ? `${shownOut(outDir)} was left as it was`
        : `nothing was written to ${shownOut(outDir)}`;
    });
    makeDirs(dir);
    staging.write(MARKER, MARKER_TEXT);
    await signalPointAsync('staging-open');
    return staging;
  }

  /** Absolute path for a file inside the staging folder; refuses paths that escape it. */
  pathFor(rel: string): string {
    const abs = path.resolve(this.dir, rel);
    if (!abs.startsWith(this.dir + path.sep)) throw new Error(`refusing to write outside the output folder: ${rel}`);
    return abs;
  }

  /**
   * Writes a file (public files, assets, the not-found page, sitemaps). Synchronously, like the
   * pages: no write of this thread is under way when a signal's clean-up removes the folder.
   */
  write(rel: string, data: string | Uint8Array): void {
    const abs = this.pathFor(rel);
    ensureParent(this.dirs, abs);
    // Encoded once, for the write and the count (as writePage does for pages).
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    writeFileSync(abs, bytes);
    this.count(bytes.byteLength);
  }

  /** Records a file written into the folder by someone else (a render worker). */
  count(bytes: number): void {
    this.bytes += bytes;
    this.files += 1;
  }

  /** Swaps the staging folder in for the output folder; `clean` lets it delete files no build wrote. */
  async commit(clean = false): Promise<void> {
    // Checked again here: the folder may have been replaced by hand while the build ran. A symbolic
    // link would be renamed aside and its target emptied: refused, as out-dir.ts refuses it up front.
    const link = symlinkAt(this.outDir);
    if (link !== undefined || !ownedOrEmpty(this.outDir)) {
      await this.abort();
      throw new ForeignOutputError(
        link !== undefined
          ? `${this.outDir} became a symbolic link (to ${link}) while pa-site was building; not replacing it`
          : `${this.outDir} is no longer a folder pa-site wrote (no ${MARKER} file); not replacing it`,
      );
    }
    // Files added to the output while the build ran are no more pa-site's than those found before it.
    const foreign = clean ? [] : foreignEntries(this.outDir, MARKER);
    if (foreign.length) {
      await this.abort();
      const { message, hint } = foreignFilesProblem(JSON.stringify(this.outDir), foreign);
      throw new ForeignOutputError(message, hint);
    }
    const retired = `${this.dir.replace('.staging-', '.old-')}`;
    // The listing replaces the marker written at the start: the byte count follows the swap.
    const early = lstatSync(path.join(this.dir, MARKER)).size;
    this.bytes += writeListing(this.dir, MARKER) - early;
    const hadPrevious = existsSync(this.outDir);
    // The swap, from here to the end of the second rename, is synchronous: a signal's handler runs on this thread
    // only between steps of the event loop, so SIGINT, SIGTERM, SIGHUP or SIGQUIT arriving during it is handled
    // before the swap (the staging folder's undo: the output left as it was) or after it (the retired folder's
    // undo: the new site in place, the old one removed), never between the renames, where the output is missing.
    // (Node has no renameat2 RENAME_EXCHANGE, which would make it one call.) Only SIGKILL and power loss can
    // split it; the next build's recoverOutput then puts the old output back.
    signalPoint('swap-start');
    // Kept things (.git) go into the new output first: a build killed from here on leaves them in
    // this staging folder, and the next build's recovery moves them back (recoverOutput).
    const kept = hadPrevious ? moveKept(this.outDir, this.dir) : [];
    try {
      if (hadPrevious) renameSync(this.outDir, retired);
    } catch (e) {
      moveKept(this.dir, this.outDir, kept);
      throw e;
    }
    signalPoint('swap-between');
    try {
      renameSync(this.dir, this.outDir);
    } catch (e) {
      if (hadPrevious) renameSync(retired, this.outDir);
      moveKept(this.dir, this.outDir, kept);
      await this.abort();
      throw e;
    }
    // In the same synchronous step as the rename: from here a signal removes the old output and says so.
    this.forget();
    const forgetRetired = hadPrevious
      ? onInterrupt(() => {
          removeOwnedSync(retired);
          return `the new site is in place in ${shownOut(this.outDir)}; the old one was removed`;
        })
      : () => undefined;
    signalPoint('swap-end');
    // Deleting the old output (thousands of files) runs while the caller goes on; removed() waits for it.
    // A build killed meanwhile leaves the rest of it aside, and the next build removes it (recoverOutput).
    // A small output (dev's rebuilds) goes faster than a thread starts (tens of ms).
    const remove = this.files >= THREAD_REMOVAL_FILES ? removeOwnedInThread : removeOwned;
    if (hadPrevious)
      this.removing = remove(retired)
        .catch((e: unknown) => {
          this.removeError = { dir: retired, error: e };
        })
        .finally(forgetRetired);
  }

  /**
   * Waits until the old output that commit() moved aside is deleted. The new output is in place by
   * then, so a failure (an immutable file, a mount point inside it) is not the build's: it returns
   * the folder left aside and why, for a warning; the next build tries again, and never fails on it.
   */
  async removed(): Promise<{ dir: string; error: unknown } | undefined> {
    await this.removing;
    return this.removeError;
  }

  async abort(): Promise<void> {
    await removeOwned(this.dir);
    this.forget();
  }
}
