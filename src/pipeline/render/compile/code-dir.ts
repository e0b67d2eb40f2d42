import { randomBytes } from 'node:crypto';
import { lstatSync, mkdtempSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeDirs } from '../../../support/fs/make-dirs.js';
import { CACHE_MAX_AGE_MS, cacheDir } from '../../../support/package/paths.js';
import { onInterrupt } from '../../../support/process/interrupt.js';
import { alive } from '../../write/lock-file.js';
import { namesIn } from '../../../support/fs/folder-names.js';

/**
 * Why `dir` cannot be written (created if missing), or undefined when it can. The probe holds a few
 * kilobytes, as a cache file would: on a full disk an empty file can still be made.
 */
export function unwritable(dir: string): NodeJS.ErrnoException | undefined {
  const probe = path.join(dir, `.probe-${process.pid}-${randomBytes(3).toString('hex')}`);
  try {
    makeDirs(dir);
    writeFileSync(probe, PROBE);
    unlinkSync(probe);
    return undefined;
  } catch (e) {
    try {
      rmSync(probe, { force: true }); // a full disk: the empty file may have been made
    } catch {
      // ENOTDIR and the like: there is no probe.
    }
    return e as NodeJS.ErrnoException;
  }
}
const PROBE = Buffer.alloc(16 * 1024, 10);

/** Codes that say a folder cannot take a write: full, over quota, read-only, or not allowed. */
const NO_ROOM = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM']);
const cannotStore = (e: unknown) => NO_ROOM.has((e as NodeJS.ErrnoException)?.code ?? '');

/**
 * A temporary folder only this process uses, removed as it exits (or earlier by `remove`): where
 * pa-site works when the cache folder cannot be written.
 */
export function privateFolder(prefix: string): { dir: string; remove: () => void } {
  sweepPrivateFolders(prefix);
  // The pid in the name lets a later run remove the folder of a run that was killed (SIGKILL).
  let dir: string;
  try {
    dir = mkdtempSync(path.join(tmpdir(), `${prefix}${process.pid}-`));
  } catch (e) {
    throw new TempFolderError(e as NodeJS.ErrnoException);
  }
  const remove = () => {
    process.off('exit', remove);
    forget();
    // A signal can arrive while a write into the folder is in flight on libuv's threads: the file it makes after
    // the listing leaves the folder not empty, so the removal lists it again after a pause (ENOTEMPTY).
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
  };
  process.once('exit', remove);
  // Ctrl-C or SIGTERM: removed by the signal handler too (src/support/process/interrupt.ts), not only on a clean exit.
  const forget = onInterrupt(remove);
  return { dir, remove };
}

/**
 * The system's temporary folder ($TMPDIR, else /tmp) cannot take pa-site's private folder: a setting of the
 * environment, not of the project, so it is reported as such (it was blamed on the templates).
 */
export class TempFolderError extends Error {
  readonly folder = tmpdir();
  constructor(override readonly cause: NodeJS.ErrnoException) {
    super(`the temporary folder ${tmpdir()} cannot be used (${cause.code ?? cause.message})`);
  }
  readonly hint = `set TMPDIR to a folder that exists and can be written (it is now ${
    process.env.TMPDIR === undefined ? 'unset' : JSON.stringify(process.env.TMPDIR)
  })`;
}

/** Removes `<prefix><pid>-XXXXXX` folders of this user whose process is gone (a run killed outright). */
function sweepPrivateFolders(prefix: string, parent = tmpdir()): void {
  const names = namesIn(parent);
  const own = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\d+)-[A-Za-z0-9]{6}$`);
  for (const name of names) {
    const pid = Number(own.exec(name)?.[1]);
    if (!pid || pid === process.pid || alive(pid)) continue;
    try {
      const st = lstatSync(path.join(parent, name));
      if (!st.isDirectory() || (process.getuid && st.uid !== process.getuid())) continue;
      rmSync(path.join(parent, name), { recursive: true, force: true });
    } catch {
      // Gone meanwhile, or not ours: left alone.
    }
  }
}

let shared: string | undefined;
let own: string | undefined;
/**
 * Where compiled templates (and the worker script, when running from source) are written: with
 * `persist` (builds that use the caches) the cache folder, or, when that cannot be written (a
 * read-only install, a full disk, a bad PA_SITE_CACHE_DIR), a private temporary folder; without it
 * (`--no-cache`) always the private folder, so such builds never touch the cache folder at all.
 */
export function codeDir(persist = true): string {
  // Workers import from it until they stop: it is removed as the process ends.
  if (!persist) {
    own ??= privateFolder('pa-site-code-').dir;
    return own;
  }
  shared ??= unwritable(cacheDir) ? codeDir(false) : cacheDir;
  return shared;
}

/**
 * Writes `data` as `name` into the code folder, under a temporary name renamed into place (a
 * concurrent build never imports half a file), and returns its path. When the cache folder refuses
 * the write (cannotStore: a disk that filled up since the probe), the temporary file is removed and
 * the private folder serves the rest of the process instead: a full cache disk costs speed, not the
 * build.
 */
export async function writeCode(name: string, data: string | Uint8Array, persist: boolean): Promise<string> {
  const dir = codeDir(persist);
  const file = path.join(dir, name);
  const tmp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(tmp, data);
    await rename(tmp, file);
    return file;
  } catch (e) {
    await rm(tmp, { force: true });
    if (dir === own || !cannotStore(e)) throw e;
    shared = codeDir(false);
    return writeCode(name, data, persist);
  }
}

/**
 * Compiled template bundles and their source maps, compile cache manifests (compile-cache.ts) and
 * leftover partial writes: one per template save or templates folder, so they pile up.
 */
const COMPILED = /^templates-[0-9a-f]+\.mjs(?:\.map)?$|^compiled-[0-9a-f]+\.json$|\.tmp$/;

/**
 * Deletes compiled bundles and manifests untouched for CACHE_MAX_AGE_MS. A build touches the bundle
 * (and manifest) it uses, so a bundle a long-running dev server still hands to its render workers is
 * never old.
 */
export function pruneCompiled(dir: string, now = Date.now()): void {
  const names = namesIn(dir);
  for (const name of names) {
    if (!COMPILED.test(name)) continue;
    const file = path.join(dir, name);
    try {
      if (now - statSync(file).mtimeMs > CACHE_MAX_AGE_MS) unlinkSync(file);
    } catch {
      // Gone already, or another build's: nothing to do.
    }
  }
}
