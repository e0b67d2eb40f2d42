import { closeSync, constants, fstatSync, lstatSync, openSync, readSync } from 'node:fs';
import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import { specialKind } from './regular-file.js';

/**
 * Cache files are read like any untrusted file: CI restores cache folders from places other jobs
 * write to. No cache file may hang a build (a FIFO opened for reading waits for a writer forever, a
 * blocking read on the main thread is deaf to Ctrl-C), exhaust memory (a link to /dev/zero), or fail
 * it. So: lstat first, then open with O_NOFOLLOW | O_NONBLOCK, then check the open file (fstat: a
 * regular file, the one lstat saw, under the size limit), then read exactly its size. Anything else
 * is a miss, and the build says so once (takeCacheWarnings).
 */

/** The largest cache file read: an index of 12,000 pages is about 4 MB. */
const CACHE_FILE_MAX_BYTES = 256 * 1024 * 1024;

const FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** Problems met reading cache files since the last takeCacheWarnings, by file (so each is said once). */
const problems = new Map<string, string>();

/** Why `file` is not read, in words, or undefined when it is a regular file pa-site may read. */
function refusal(st: ReturnType<typeof lstatSync>, maxBytes: number): string | undefined {
  if (!st) return undefined;
  if (st.isSymbolicLink()) return 'is a symbolic link';
  if (st.isDirectory()) return 'is a folder';
  const kind = specialKind(st);
  if (kind) return kind === 'not a regular file' ? `is ${kind}` : `is ${kind}, not a regular file`;
  if (st.size > maxBytes) return `holds ${st.size} bytes, more than the ${maxBytes} a cache file may`;
  return undefined;
}

/**
 * The bytes of the cache file `file`, or undefined when there is none or it is not one pa-site reads
 * (a link, a FIFO, a device, a folder, too large, swapped meanwhile): then the problem is noted for
 * the build's one warning about it. Never blocks on anything but the disk.
 */
export function readCacheFile(file: string, maxBytes = CACHE_FILE_MAX_BYTES): Buffer | undefined {
  let fd: number | undefined;
  try {
    const seen = lstatSync(file, { throwIfNoEntry: false });
    if (!seen) return undefined;
    const before = refusal(seen, maxBytes);
    if (before) return note(file, before);
    fd = openSync(file, FLAGS);
    const st = fstatSync(fd);
    const after = refusal(st, maxBytes);
    if (after) return note(file, after);
    if (st.ino !== seen.ino || st.dev !== seen.dev) return note(file, 'was replaced while it was being read');
    const bytes = Buffer.allocUnsafe(st.size);
    let got = 0;
    while (got < st.size) {
      const n = readSync(fd, bytes, got, st.size - got, got);
      if (n === 0) break; // cut short since the fstat: what is there (its checksum or parse decides)
      got += n;
    }
    return got === st.size ? bytes : bytes.subarray(0, got);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined; // deleted meanwhile: a plain miss
    // ELOOP: made a link after the lstat; ENXIO: a socket; EAGAIN: a FIFO's read
    return note(file, code === 'ELOOP' ? 'is a symbolic link' : `could not be read (${code ?? (e as Error).message})`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** readCacheFile as UTF-8 text. */
export function readCacheText(file: string, maxBytes = CACHE_FILE_MAX_BYTES): string | undefined {
  return readCacheFile(file, maxBytes)?.toString('utf8');
}

function note(file: string, why: string): undefined {
  if (!problems.has(file)) problems.set(file, why);
  return undefined;
}

/** One warning per cache file that was not read since the last call, and forgets them. */
export function takeCacheWarnings(): Diagnostic[] {
  const out = [...problems].map(
    ([file, why]): Diagnostic => ({
      severity: 'warning',
      code: 'cache-file-ignored',
      file,
      line: 1,
      col: 1,
      field: '',
      message: `this cache file ${why}: pa-site did not read it (a cache miss)`,
      hint: `delete ${file}, or pass --no-cache; pa-site writes a fresh one`,
    }),
  );
  problems.clear();
  return out;
}
