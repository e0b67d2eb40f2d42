import { randomBytes } from 'node:crypto';
import { closeSync, constants, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { PACK_HEADER, type Place } from './cache-format.js';
import { namesIn } from '../../../support/fs/folder-names.js';

/** A pack a thread finished writing: its temporary file, renamed to `name` once the build's output is in place. */
export interface PackFile {
  name: string;
  tmp: string;
}

/** Pages gathered before one write to the pack (fewer system calls, one sequential stream). */
const BATCH_BYTES = 1 << 20;

/**
 * The pack of one thread that writes pages: the bytes of each page that gets a render-cache entry
 * are appended as the page is written, so the entry holds exactly the bytes the build wrote and
 * checksummed, and nothing is read back after the build (issue 41: reading 4,000 pages back and
 * packing them took 0.3–0.4 s after the last page). The file has a temporary name until the main
 * thread renames it into place (RenderCache.save), so a pack appears whole or not at all; a killed
 * build leaves a temporary file, deleted an hour later. No descriptor stays open between writes: a
 * thread stopped mid-build leaks nothing.
 */
export class PackWriter {
  readonly name = `pack-${randomBytes(8).toString('hex')}.bin`;
  private readonly tmp: string;
  private batch: Buffer[] = [];
  private batched = 0;
  /** Bytes appended so far, the header included: the next entry's offset. */
  private size = PACK_HEADER.length;
  private started = false;
  private failed = false;

  /** `tag` names the build (packTag): its temporary packs are found by it when the build fails. */
  constructor(
    private readonly dir: string,
    tag = packTag(),
  ) {
    this.tmp = path.join(dir, `${this.name}.${tag}.tmp`);
  }

  /** Appends a page's bytes; their place, or undefined once the pack cannot be written (the page gets no entry). */
  append(bytes: Buffer): Place | undefined {
    if (this.failed) return undefined;
    const place: Place = [this.name, this.size, bytes.length];
    this.size += bytes.length;
    this.batch.push(bytes);
    this.batched += bytes.length;
    // The first page creates the file at once: a build that fails later finds it (removeTempPacks).
    if (this.batched >= BATCH_BYTES || !this.started) this.flush();
    return this.failed ? undefined : place;
  }

  /** Writes what is gathered, or gives the pack up (no temporary file left) when that fails. */
  private flush(): void {
    if (this.failed || !this.batch.length) return;
    let fd: number | undefined;
    try {
      if (!this.started) mkdirSync(this.dir, { recursive: true });
      // Created here ('wx'), then appended to, never through a symbolic link.
      const flags = this.started
        ? constants.O_WRONLY | constants.O_APPEND | constants.O_NOFOLLOW
        : constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL;
      fd = openSync(this.tmp, flags, 0o644);
      const chunks = this.started ? this.batch : [PACK_HEADER, ...this.batch];
      this.started = true;
      for (const chunk of chunks)
        for (let done = 0; done < chunk.length; ) done += writeSync(fd, chunk, done, chunk.length - done);
    } catch {
      this.failed = true;
      try {
        rmSync(this.tmp, { force: true });
      } catch {
        // Its folder cannot be made or read: nothing was left there.
      }
    } finally {
      if (fd !== undefined) closeSync(fd);
      this.batch = [];
      this.batched = 0;
    }
  }

  /** Writes the rest; the finished pack, or undefined when nothing was appended or it could not be written. */
  finish(): PackFile | undefined {
    this.flush();
    return this.started && !this.failed ? { name: this.name, tmp: this.tmp } : undefined;
  }
}

/** A build's tag for its threads' temporary packs: the process and a random part. */
export const packTag = () => `${process.pid}-${randomBytes(6).toString('hex')}`;

const TEMP_PACK = /^pack-[0-9a-f]{16}\.bin\.(.+)\.tmp$/;

/**
 * Deletes the temporary packs of the build tagged `tag` (a build that failed: its threads have
 * stopped, and no pack of it will be renamed into place). Only regular files with such a name.
 */
export function removeTempPacks(dir: string, tag: string): void {
  const names = namesIn(dir);
  for (const name of names) {
    if (TEMP_PACK.exec(name)?.[1] !== tag) continue;
    try {
      rmSync(path.join(dir, name));
    } catch {
      // Gone meanwhile: a pack older than an hour is deleted by a later build anyway.
    }
  }
}
