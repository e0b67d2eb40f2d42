import { mkdirSync, writeFileSync } from 'node:fs';
import type { Diagnostic } from '../../diagnostics.js';
import { putEntry, type EntryRecord, type PageTemplates } from '../render/render-cache.js';
import { ensureParent } from './write.js';

/** A rendered page on its way to disk: into the staging folder, then (optionally) into the render cache. */
export interface PageWrite {
  /** The page's index in the site (outcomes are matched by it). */
  index: number;
  /** Absolute path inside the staging folder. */
  file: string;
  data: Uint8Array;
  /**
   * Render-cache entry to link the page to: its key, the warnings rendering it gave and the
   * templates files it used (passed on to the index).
   */
  cache?: { dir: string; key: string; diagnostics: Diagnostic[]; templates?: PageTemplates };
}

/**
 * Pages the main thread may have waiting for the writer before it pauses (about 1 MB of HTML): on a
 * slow disk rendering waits, instead of queueing the whole site in memory.
 */
export const MAX_QUEUED_PAGES = 64;

/** The bytes of a page, handed to another thread without a copy when they own their memory (not a pooled slice). */
export const transferable = (data: Uint8Array): ArrayBuffer[] =>
  data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? [data.buffer as ArrayBuffer] : [];

/** Writes a file, creating its folder once (`dirs` remembers the folders made). */
export function writeFileIn(dirs: Set<string>, file: string, data: string | Uint8Array): void {
  const dir = ensureParent(dirs, file);
  try {
    writeFileSync(file, data);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    // The folder went away under us (a concurrent clean-up): recreate it once, then give up loudly.
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, data);
  }
}

/**
 * Writes one page and links it into the render cache. Synchronous: it runs in the page-writer
 * thread (or inline for small sites), never between two renders. Throws on a failed page write;
 * a cache that cannot be written only costs the entry (undefined).
 */
export function writePage(dirs: Set<string>, w: PageWrite): EntryRecord | undefined {
  writeFileIn(dirs, w.file, w.data);
  if (!w.cache) return undefined;
  try {
    const [key, sum, diagnostics] = putEntry(w.cache.dir, dirs, w.cache.key, w.data, w.cache.diagnostics, w.file);
    return [key, sum, diagnostics, w.cache.templates];
  } catch {
    // A cache that cannot be written (read-only, full disk) only costs speed next time.
    return undefined;
  }
}
