/**
 * Finds the file a URL path names in a served folder, at request time, as static hosts do: clean
 * URLs through `filesForPath`, symbolic links followed only while they stay inside the folder, only
 * regular files opened (never a FIFO, socket or device: see regular-file.ts), and neither the hosts'
 * own files nor dotfiles served. The file is returned open, so its length and bytes are those of
 * one file even when a rebuild swaps the folder meanwhile.
 */
import type { Stats } from 'node:fs';
import { type FileHandle, readlink, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { openRegularFile } from '../pipeline/load/regular-file.js';
import { hiddenPart } from '../pipeline/load/published-paths.js';
import { filesForPath } from '../urls/urls.js';
import { HOST_FILES } from '../pipeline/write/hosting.js';

/** A file name (relative, forward slashes) that is never served: a host file, or a dotfile outside `.well-known`. */
function hiddenFile(rel: string): boolean {
  const parts = rel.split('/');
  if (parts.length === 1 && HOST_FILES.includes(rel)) return true;
  return hiddenPart(rel) !== undefined;
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

/**
 * The real path of an open file: on Linux, what /proc/self/fd says of its descriptor, which no later
 * rename or link swap changes; elsewhere the real path of `abs`, accepted only when it is the very
 * file opened (same device and inode).
 */
async function realPathOf(handle: FileHandle, abs: string, stats: Stats): Promise<string | undefined> {
  try {
    return await readlink(`/proc/self/fd/${handle.fd}`);
  } catch {
    const real = await realpath(abs);
    const now = await stat(real);
    return now.ino === stats.ino && now.dev === stats.dev ? real : undefined;
  }
}

/**
 * A regular file inside `root` (a real path), opened; undefined for anything else. Opened first and
 * checked after, on the open file (its type by fstat, its real path inside the folder, not a dotfile
 * or host file there): a folder swapped for a symbolic link between a check and the open can then
 * never reach a file outside, and a link inside the folder to `.env` or `_headers` is not served.
 */
async function openInside(root: string, rel: string): Promise<ServedFile | undefined> {
  if (hiddenFile(rel)) return undefined;
  const abs = path.join(root, rel);
  if (!abs.startsWith(root + path.sep)) return undefined;
  let opened: { handle: FileHandle; stats: Stats } | undefined;
  try {
    // Non-blocking, and refused unless a regular file (regular-file.ts): never a FIFO or a device.
    opened = await openRegularFile(abs);
    const real = await realPathOf(opened.handle, abs, opened.stats);
    const inside = real?.startsWith(root + path.sep)
      ? real
          .slice(root.length + 1)
          .split(path.sep)
          .join('/')
      : undefined;
    if (inside === undefined || hiddenFile(inside)) throw new Error('outside the folder, or not served');
    return { ...opened, file: rel };
  } catch {
    await opened?.handle.close().catch(() => undefined);
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
