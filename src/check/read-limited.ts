/**
 * Reading a checked folder's files with a size limit: a page or sitemap larger than any real one
 * (a 1 GB .html) is a finding naming it, not a string too long to create after a minute of work.
 */
import { FileTooLargeError, NotRegularFileError, readRegularFile } from '../pipeline/load/regular-file.js';
import type { Finding } from './types.js';

/** The largest file check reads (pages, sitemaps, host files): sitemaps.org's limit for a sitemap, 50 MiB. */
const MAX_CHECKED_FILE_BYTES = 50 * 1024 * 1024;

export type LimitedRead = { bytes: Buffer } | { tooLarge: number } | { error: string };

/** readRegularFile (never a FIFO, socket or device) up to MAX_CHECKED_FILE_BYTES, with what stopped it. */
export function readLimited(file: string): LimitedRead {
  try {
    return { bytes: readRegularFile(file, MAX_CHECKED_FILE_BYTES) };
  } catch (e) {
    if (e instanceof FileTooLargeError) return { tooLarge: e.size };
    if (e instanceof NotRegularFileError) return { error: `it is ${e.kind}` };
    return { error: (e as NodeJS.ErrnoException).code ?? (e as Error).message };
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
