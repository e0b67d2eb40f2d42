import { rmSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { workerEntry } from '../worker-entry.js';

/**
 * Makes a cold build's page files, empty, in the staging folder while validation runs, so that
 * rendering writes into files that exist. Making a file costs the file system far more than
 * rewriting one, and it makes files in one folder one at a time, whichever thread asks: on the
 * 16-core machine of issue 41's round four, right after 32,000 files were deleted, making 4,000 files
 * took 1.7–1.9 s with one or eight threads, and rewriting 4,000 existing ones 0.1–0.2 s. The files
 * are made by a thread of their own (precreate-worker.ts), in the order the pages are parsed.
 *
 * Every file asked for is a page's output path inside the staging folder; one that no page was
 * written into is deleted before the folder becomes the output (removeUnwritten), and the whole
 * staging folder goes when the build fails.
 */
export class Precreator {
  /** Output paths asked for, relative to the staging folder. */
  private readonly asked = new Set<string>();
  /** Of those, how many the thread has made or passed over. */
  private done = 0;
  private exited = false;
  private readonly waiting: (() => void)[] = [];
  private readonly wake = () => {
    for (const resume of this.waiting.splice(0)) resume();
  };

  private constructor(
    private readonly worker: Worker,
    private readonly dir: string,
  ) {
    // A thread that fails only costs the speed it would have given: the pages are written anyway.
    worker.on('error', () => undefined);
    worker.on('message', (n: number) => {
      this.done += n;
      this.wake();
    });
    worker.once('exit', () => {
      this.exited = true;
      this.wake();
    });
    // Its answers must not keep a build's process alive.
    worker.unref();
  }

  static async start(stagingDir: string): Promise<Precreator> {
    const worker = new Worker(await workerEntry('precreate'), { workerData: { stagingDir } });
    return new Precreator(worker, stagingDir);
  }

  /** Queues output paths (relative to the staging folder) to make. */
  add(files: readonly string[]): void {
    const fresh = files.filter((f) => !this.asked.has(f));
    for (const f of fresh) this.asked.add(f);
    if (fresh.length) this.worker.postMessage(fresh);
  }

  /** Resolves once the thread has handled every file asked for so far, or has stopped. */
  async drained(): Promise<void> {
    while (!this.exited && this.done < this.asked.size)
      await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Stops the thread: once this resolves, it makes no more files. */
  async stop(): Promise<void> {
    await this.worker.terminate();
  }

  /**
   * After stop(): deletes the files asked for that are not in `written` (relative paths), which
   * stayed empty (or were never made). Returns how many those were.
   */
  removeUnwritten(written: ReadonlySet<string>): number {
    let removed = 0;
    for (const rel of this.asked) {
      if (written.has(rel)) continue;
      rmSync(path.join(this.dir, rel), { force: true });
      removed++;
    }
    return removed;
  }
}
