import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Place } from '../render/cache/cache-format.js';
import { checksum } from '../render/cache/render-cache.js';
import type { PackWriter } from '../render/cache/pack-writer.js';
import { ensureParent } from './write.js';

/** A rendered page on its way to disk: into the staging folder, then (optionally) into the render cache. */
export interface PageWrite {
  /** The page's index in the site (outcomes are matched by it). */
  index: number;
  /** Absolute path inside the staging folder. */
  file: string;
  /**
   * The page's HTML, as a string: the thread that writes it encodes it. Strings cross threads for a
   * fraction of the cost of a buffer (posting 4,000 18 KB pages: about 5 µs each against 13–25 µs).
   */
  html: string;
  /** Whether the page gets a render-cache entry: its checksum is then made by the thread that writes it. */
  cache?: boolean;
}

/**
 * Pages the main thread may have waiting for the writer before it pauses (about 1 MB of HTML): on a
 * slow disk rendering waits, instead of queueing the whole site in memory.
 */
export const MAX_QUEUED_PAGES = 64;

/**
 * Pages posted to the page-writer thread in one message: with one message a page, a 4,000-page build
 * woke the writer thread 4,000 times, and was answered about as often (issue 62).
 */
export const PAGES_PER_MESSAGE = 16;

/**
 * Writes a file, creating its folder once (`dirs` remembers the folders made, starting with the
 * staging folder). A folder inside the staging folder that went away is made again, once; the
 * staging folder itself never is (ensureParent): then the write fails.
 */
export function writeFileIn(dirs: Set<string>, file: string, data: string | Uint8Array): void {
  const dir = ensureParent(dirs, file);
  try {
    writeFileSync(file, data);
  } catch (e) {
    // The staging folder's parent is never in `dirs`: a vanished staging folder is not made again.
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || !dirs.has(path.dirname(dir))) throw e;
    dirs.delete(dir);
    ensureParent(dirs, file);
    writeFileSync(file, data);
  }
}

/**
 * A written page, from the thread that wrote it: its size in bytes and, when it gets a render-cache
 * entry, the entry's checksum and its place in that thread's pack.
 */
export type Written = [bytes: number, sum?: string, place?: Place];

/**
 * Writes one page and, when it gets a render-cache entry, appends the same bytes to the thread's
 * pack (pack-writer.ts). Synchronous: it runs in a render thread or the page-writer thread. Throws
 * on a failed page write.
 */
export function writePage(dirs: Set<string>, w: PageWrite, pack?: PackWriter): Written {
  // Encoded once, for the write, the size, the checksum and the pack: measuring the string's UTF-8
  // length apart (Buffer.byteLength) made the render stage 1–5% longer (issue 41, round five).
  const bytes = Buffer.from(w.html);
  writeFileIn(dirs, w.file, bytes);
  return w.cache ? [bytes.byteLength, checksum(bytes), pack?.append(bytes)] : [bytes.byteLength];
}
