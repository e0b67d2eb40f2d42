/**
 * Finds the file a URL path names in a served folder, at request time, as static hosts do: clean
 * URLs through `filesForPath`, symbolic links followed only while they stay inside the folder, only
 * regular files opened (never a FIFO, socket or device: see regular-file.ts), and neither the hosts'
 * own files nor dotfiles served. The file is returned open, so its length and bytes are those of
 * one file even when a rebuild swaps the folder meanwhile.
 */
import type { Stats } from 'node:fs';
import { type FileHandle, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { openRegularFile, specialKind } from '../pipeline/load/regular-file.js';
import { filesForPath } from '../pipeline/route/urls.js';
import { HOST_FILES } from '../pipeline/write/hosting.js';

/** A file name (relative, forward slashes) that is never served: a host file, or a dotfile outside `.well-known`. */
function hiddenFile(rel: string): boolean {
  const parts = rel.split('/');
  if (parts.length === 1 && HOST_FILES.includes(rel)) return true;
  return parts.some((p) => p.startsWith('.') && p !== '.well-known');
}

export interface ServedFile {
  handle: FileHandle;
  stats: Stats;
  /** Relative to the folder, forward slashes. */
  file: string;
}

/** How long a request waits for a folder a rebuild is swapping in (two renames, moments apart). */
const SWAP_WAIT_MS = 2_000;

/** The folder's real path and inode; while a rebuild has it moved aside, waits for it to come back. */
async function realFolder(dir: string): Promise<{ root: string; ino: number } | undefined> {
  const until = Date.now() + SWAP_WAIT_MS;
  for (;;) {
    try {
      const root = await realpath(dir);
      return { root, ino: (await stat(root)).ino };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || Date.now() > until) return undefined;
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

/** A regular file inside `root` (a real path), opened; undefined for anything else. */
async function openInside(root: string, rel: string): Promise<ServedFile | undefined> {
  if (hiddenFile(rel)) return undefined;
  const abs = path.join(root, rel);
  if (!abs.startsWith(root + path.sep)) return undefined;
  try {
    const real = await realpath(abs);
    if (!real.startsWith(root + path.sep)) return undefined;
    // A device is never opened; a FIFO swapped in after this stat is refused by openRegularFile, not waited on.
    if (specialKind(await stat(real)) !== undefined) return undefined;
    return { ...(await openRegularFile(real)), file: rel };
  } catch {
    // Missing, a dangling link, a loop (ELOOP), unreadable, not a regular file: not there, as a host would say.
    return undefined;
  }
}

/**
 * The open file a URL path (percent-encoded, as RequestTarget.path) finds in `dir`, or undefined.
 * The caller closes `handle`.
 */
export async function openServed(dir: string, urlPath: string): Promise<ServedFile | undefined> {
  let rel: string;
  try {
    rel = decodeURIComponent(urlPath).replace(/^\/+/, '');
  } catch {
    return undefined;
  }
  // The name itself first (a file without an extension), then the clean-URL candidates.
  const names = new Set(rel && !rel.endsWith('/') ? [rel, ...filesForPath(urlPath)] : filesForPath(urlPath));
  // A rebuild may swap the folder mid-lookup: a miss counts only if the folder stayed the same one.
  for (let tries = 0; tries < 5; tries++) {
    const folder = await realFolder(dir);
    if (!folder) return undefined;
    for (const name of names) {
      const found = await openInside(folder.root, name);
      if (found) return found;
    }
    if ((await stat(dir).catch(() => undefined))?.ino === folder.ino) return undefined;
  }
  return undefined;
}
