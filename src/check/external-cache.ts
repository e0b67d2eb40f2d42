/**
 * The results of `--external` kept between runs, so a check run on every commit asks each site again
 * only when its result is older than the limit (a day by default). The file is read as any cache
 * file: lstat'ed, opened without following links or blocking, size-capped, and validated entry by
 * entry; anything else is a miss. Only lasting answers are kept (2xx, 3xx, 4xx but 429): a timeout,
 * a 429 or a 5xx is asked again next time.
 */
import {
  closeSync,
  constants,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { readCacheText } from '../pipeline/load/cache-file.js';

const TOOL = 'pa-site check --external';
/** A cache of 100,000 URLs with their fragments is about 20 MB. */
const MAX_BYTES = 32 * 1024 * 1024;

const entrySchema = z.object({
  /** When it was asked (ms since 1970). */
  at: z.number().int().nonnegative(),
  status: z.number().int().min(100).max(599),
  movedTo: z.string().max(8192).optional(),
  /** Fragments asked of the page: whether each was there. */
  fragments: z.record(z.string().max(2048), z.boolean()).optional(),
});
const fileSchema = z.object({ tool: z.literal(TOOL), version: z.literal(1), urls: z.record(z.string(), z.unknown()) });

export type CachedResult = z.infer<typeof entrySchema>;

const lasting = (status: number) => status >= 200 && status < 500 && status !== 429;

export class ExternalCache {
  private readonly entries = new Map<string, CachedResult>();
  /** Why the file was not read, when it was there and could not be used. */
  readonly problem: string | null = null;

  constructor(
    readonly file: string,
    maxAge: number,
    now = Date.now(),
  ) {
    const text = readCacheText(file, MAX_BYTES);
    if (text === undefined) {
      if (lstatSync(file, { throwIfNoEntry: false })) this.problem = 'is not a regular file under 32 MiB';
      return;
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      this.problem = 'is not JSON';
      return;
    }
    const parsed = fileSchema.safeParse(data);
    if (!parsed.success) {
      this.problem = `is not ${TOOL}'s cache`;
      return;
    }
    for (const [url, value] of Object.entries(parsed.data.urls)) {
      const e = entrySchema.safeParse(value);
      // A bad entry is one miss, not a lost cache; one from the future (a clock set back) is stale.
      if (e.success && e.data.at <= now && now - e.data.at <= maxAge) this.entries.set(url, e.data);
    }
  }

  /** A result young enough, with every fragment asked for known. */
  get(url: string, fragments: readonly string[]): CachedResult | undefined {
    const e = this.entries.get(url);
    if (!e) return undefined;
    if (fragments.length && e.status < 300 && !fragments.every((f) => e.fragments && f in e.fragments))
      return undefined;
    return e;
  }

  set(url: string, result: CachedResult): void {
    if (lasting(result.status)) this.entries.set(url, result);
  }

  /**
   * Writes the cache beside itself and renames it over the old one: never through a link, never
   * over a file that is not this cache (a folder, another tool's file), never half-written.
   */
  save(): string | null {
    const seen = lstatSync(this.file, { throwIfNoEntry: false });
    if (seen && (!seen.isFile() || this.problem))
      return `${this.file} ${this.problem ?? 'is not a regular file'}; not replaced`;
    const urls: Record<string, CachedResult> = {};
    for (const [url, e] of this.entries) urls[url] = e;
    const tmp = `${this.file}.${process.pid}.tmp`;
    let created = false;
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      const fd = openSync(
        tmp,
        constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0),
        0o644,
      );
      created = true;
      try {
        writeSync(fd, `${JSON.stringify({ tool: TOOL, version: 1, urls })}\n`);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(tmp, this.file);
      return null;
    } catch (e) {
      // Its own temporary file only (O_EXCL made it), never another.
      if (created) rmSync(tmp, { force: true });
      return `${this.file} could not be written (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`;
    }
  }
}
