/**
 * Reading a checked folder's files with a size limit: a page or sitemap larger than any real one
 * (a 1 GB .html) is a finding naming it, not a string too long to create after a minute of work.
 */
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { constants } from 'node:fs';
import { specialKind } from '../pipeline/load/regular-file.js';
import type { Finding } from './types.js';

/** The largest file check reads (pages, sitemaps, host files): sitemaps.org's limit for a sitemap, 50 MiB. */
export const MAX_CHECKED_FILE_BYTES = 50 * 1024 * 1024;

/** O_NONBLOCK: a FIFO swapped in after the listing is refused, never waited on. */
const FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

export type LimitedRead = { bytes: Buffer } | { tooLarge: number } | { error: string };

export function readLimited(file: string, limit = MAX_CHECKED_FILE_BYTES): LimitedRead {
  let fd: number;
  try {
    fd = openSync(file, FLAGS);
  } catch (e) {
    return { error: (e as NodeJS.ErrnoException).code ?? (e as Error).message };
  }
  try {
    const st = fstatSync(fd);
    const kind = specialKind(st);
    if (kind) return { error: `it is ${kind}` };
    if (st.size > limit) return { tooLarge: st.size };
    return { bytes: readFileSync(fd) };
  } catch (e) {
    return { error: (e as NodeJS.ErrnoException).code ?? (e as Error).message };
  } finally {
    closeSync(fd);
  }
}

const MiB = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;

/** The finding for a file readLimited did not read. */
export function unreadFinding(file: string, read: Exclude<LimitedRead, { bytes: Buffer }>): Finding {
  const places = [{ page: file, url: `/${file}`, file: null, line: null }];
  if ('tooLarge' in read)
    return {
      rule: 'file-too-large',
      severity: 'error',
      category: 'link',
      message:
        `${file} is ${MiB(read.tooLarge)}, over the ${MiB(MAX_CHECKED_FILE_BYTES)} check reads; ` +
        'it was not checked',
      hint: 'no page or sitemap is that large: split it, or remove the file from the folder',
      target: file,
      places,
    };
  return {
    rule: 'file-unreadable',
    severity: 'warning',
    category: 'link',
    message: `${file} could not be read (${read.error}); it was not checked`,
    hint: 'give your user read access to it, or remove it from the folder',
    target: file,
    places,
  };
}
