import { mkdirSync } from 'node:fs';
import { mkdir, rename, rm, writeFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export type OutputFiles = Map<string, string | Uint8Array>;

/** Creates the folder holding `file` unless `made` says it exists already; returns the folder. */
export function ensureParent(made: Set<string>, file: string): string {
  const dir = path.dirname(file);
  if (!made.has(dir)) {
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  }
  return dir;
}

/**
 * Stage 5, atomic output. Files are streamed into a fresh sibling folder as they are produced
 * (memory stays bounded), then `commit()` swaps it in for `outDir`. Until then the previous output
 * is untouched; `abort()` removes the staging folder. After a commit no stale file from an earlier
 * build survives.
 */
export class Staging {
  readonly dir: string;
  bytes = 0;
  files = 0;
  private dirs = new Set<string>();

  private constructor(
    readonly outDir: string,
    dir: string,
  ) {
    this.dir = dir;
  }

  static async open(outDir: string): Promise<Staging> {
    const parent = path.dirname(outDir);
    const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
    const dir = path.join(parent, `.${path.basename(outDir)}.staging-${tag}`);
    await mkdir(dir, { recursive: true });
    return new Staging(outDir, dir);
  }

  /** Absolute path for a file inside the staging folder; refuses paths that escape it. */
  pathFor(rel: string): string {
    const abs = path.resolve(this.dir, rel);
    if (!abs.startsWith(this.dir + path.sep)) throw new Error(`refusing to write outside the output folder: ${rel}`);
    return abs;
  }

  async write(rel: string, data: string | Uint8Array): Promise<void> {
    const abs = this.pathFor(rel);
    ensureParent(this.dirs, abs);
    await writeFile(abs, data);
    this.count(typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength);
  }

  /** Records a file written into the folder by someone else (a render worker). */
  count(bytes: number): void {
    this.bytes += bytes;
    this.files += 1;
  }

  async commit(): Promise<void> {
    const retired = `${this.dir.replace('.staging-', '.old-')}`;
    const hadPrevious = await stat(this.outDir).then(
      () => true,
      () => false,
    );
    if (hadPrevious) await rename(this.outDir, retired);
    try {
      await rename(this.dir, this.outDir);
    } catch (e) {
      if (hadPrevious) await rename(retired, this.outDir);
      await this.abort();
      throw e;
    }
    if (hadPrevious) await rm(retired, { recursive: true, force: true });
  }

  async abort(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}
