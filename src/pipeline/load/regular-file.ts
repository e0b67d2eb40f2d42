import { type Stats, closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';

/** What a file that is not a regular file is, in words (`a named pipe (FIFO)`), or undefined for a regular file. */
export function specialKind(st: Pick<Stats, 'isFile' | 'isFIFO' | 'isSocket' | 'isBlockDevice' | 'isCharacterDevice'>) {
  if (st.isFile()) return undefined;
  if (st.isFIFO()) return 'a named pipe (FIFO)';
  if (st.isSocket()) return 'a socket';
  if (st.isBlockDevice() || st.isCharacterDevice()) return 'a device';
  return 'not a regular file';
}

/** A file that is not a regular file: pa-site never reads one (a FIFO would block it forever). */
export class NotRegularFileError extends Error {
  readonly code = 'ENOTREG';
  constructor(readonly kind: string) {
    super(`not a regular file: ${kind}`);
  }
}

/** A regular file over the size its reader allows: it is not read. */
export class FileTooLargeError extends Error {
  readonly code = 'EFBIG';
  constructor(readonly size: number) {
    super(`file too large: ${size} bytes`);
  }
}

/** O_NONBLOCK: opening a FIFO for reading then returns at once instead of waiting for a writer. */
const FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** Throws unless the open file is a regular file: EISDIR for a folder, NotRegularFileError for the rest. */
function mustBeRegular(st: Stats, file: string): void {
  if (st.isDirectory()) throw Object.assign(new Error(`EISDIR: ${file}`), { code: 'EISDIR' });
  const kind = specialKind(st);
  if (kind) throw new NotRegularFileError(kind);
}

/**
 * The bytes of a regular file, following symbolic links. The type is checked on the open file
 * (fstat), so a file swapped for a FIFO after it was listed is refused, never read. A socket
 * throws ENXIO (from open); a file over `maxBytes` throws FileTooLargeError.
 */
export function readRegularFile(file: string, maxBytes = Number.POSITIVE_INFINITY): Buffer {
  return readChecked(file, FLAGS, maxBytes);
}

/** Opens `file` with `flags`, then reads it if the open file is a regular file of at most `maxBytes`. */
function readChecked(file: string, flags: number, maxBytes: number): Buffer {
  const fd = openSync(file, flags);
  try {
    const st = fstatSync(fd);
    mustBeRegular(st, file);
    if (st.size > maxBytes) throw new FileTooLargeError(st.size);
    return readOpen(fd, st.size);
  } finally {
    closeSync(fd);
  }
}

/**
 * The bytes of an open file of `size` bytes (its fstat): read in one call, without readFileSync's
 * second fstat. A file that reports no size (some virtual file systems) is read to its end.
 */
function readOpen(fd: number, size: number): Buffer {
  if (size === 0) return readFileSync(fd);
  const bytes = Buffer.allocUnsafe(size);
  let got = 0;
  while (got < size) {
    const n = readSync(fd, bytes, got, size - got, null);
    if (n === 0) break; // cut short since the fstat: what is there
    got += n;
  }
  return got === size ? bytes : bytes.subarray(0, got);
}

/**
 * The bytes of a file its folder's listing showed as a regular file, not a symbolic link: opened
 * without following (O_NOFOLLOW) instead of lstat'ed first, so a cold build makes one call fewer per
 * page. If it is a link by now the open fails (ELOOP), as it does for anything else that changed since
 * the listing (a FIFO, a folder, a file over `maxBytes`): it throws, and the caller reads the path the
 * careful way (an lstat first), which reports what it found.
 */
export function readListedFile(file: string, maxBytes = Number.POSITIVE_INFINITY): Buffer {
  return readChecked(file, OWN_FLAGS, maxBytes);
}

/** A regular file opened for reading, with the open file's stats; the caller closes `handle`. */
export async function openRegularFile(file: string): Promise<{ handle: FileHandle; stats: Stats }> {
  const handle = await open(file, FLAGS);
  try {
    const stats = await handle.stat();
    mustBeRegular(stats, file);
    return { handle, stats };
  } catch (e) {
    await handle.close();
    throw e;
  }
}

/** readRegularFile without blocking the event loop while the bytes are read. */
export async function readRegularFileAsync(file: string): Promise<Buffer> {
  const { handle } = await openRegularFile(file);
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** O_NOFOLLOW as well: a file a person names or a cache holds is opened only as itself, never through a link. */
const OWN_FLAGS = FLAGS | (constants.O_NOFOLLOW ?? 0);

/**
 * The bytes of a file a person names (a baseline) or a cache holds: lstat'ed first, so a symbolic link, FIFO,
 * socket or device is refused (NotRegularFileError) before it is opened; then opened without following or
 * blocking, and the open file checked again (fstat: regular, the same file the lstat saw) and against
 * `maxBytes` (FileTooLargeError). ENOENT and the like are thrown as they are.
 */
export function readOwnFile(file: string, maxBytes: number): Buffer {
  const seen = lstatSync(file);
  if (seen.isSymbolicLink()) throw new NotRegularFileError('a symbolic link');
  mustBeRegular(seen, file);
  if (seen.size > maxBytes) throw new FileTooLargeError(seen.size);
  let fd: number;
  try {
    fd = openSync(file, OWN_FLAGS);
  } catch (e) {
    // ELOOP: it became a link since the lstat.
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') throw new NotRegularFileError('a symbolic link');
    throw e;
  }
  try {
    const st = fstatSync(fd);
    mustBeRegular(st, file);
    if (st.ino !== seen.ino || st.dev !== seen.dev) throw new NotRegularFileError('a file replaced while it was read');
    if (st.size > maxBytes) throw new FileTooLargeError(st.size);
    return readOpen(fd, st.size);
  } finally {
    closeSync(fd);
  }
}
