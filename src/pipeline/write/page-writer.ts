import { Worker } from 'node:worker_threads';
import { workerEntry } from '../worker-entry.js';
import { MAX_QUEUED_PAGES, PAGES_PER_MESSAGE, type PageWrite, type Written } from './page-file.js';
import type { PackFile } from '../render/cache/pack-writer.js';

/** From the writer: pages written (with their sizes and cache entries) and the error that stopped it, if any. */
export interface WriterReport {
  done: [index: number, written: Written][];
  /** Pages taken since the last report (written, or dropped after a failure). */
  taken: number;
  error?: { message: string; code?: string };
  /** The answer to 'end': the writer's finished pack (null: none). */
  pack?: PackFile | null;
}

/**
 * A thread that writes rendered pages (page-writer-worker.ts) while the main thread, the only render
 * thread, goes on rendering (render-pool.ts says when). `finish()` waits until every page sent is on
 * disk and returns their sizes and render-cache entries, or rejects with the first write error.
 */
export class PageWriter {
  /** Each page written, by index. */
  private readonly pages = new Map<number, Written>();
  /** The writer's pack, once it answered 'end' (null: it has none). */
  private pack: PackFile | null | undefined;
  /** Pages sent to the writer. */
  private sent = 0;
  /** Pages sent that the writer has not taken yet. */
  private queued = 0;
  /** Pages queued here, posted together once PAGES_PER_MESSAGE wait (or the renderer pauses or ends). */
  private batch: PageWrite[] = [];
  private failure: Error | undefined;
  /** Callers waiting for news from the writer (room, finish). */
  private readonly waiting: (() => void)[] = [];
  private readonly wake = () => {
    for (const resume of this.waiting.splice(0)) resume();
  };
  private readonly news = () => new Promise<void>((resolve) => this.waiting.push(resolve));

  private constructor(private readonly worker: Worker) {
    worker.on('message', (report: WriterReport) => {
      for (const [index, written] of report.done) this.pages.set(index, written);
      if (report.pack !== undefined) this.pack = report.pack;
      this.queued -= report.taken;
      if (report.error) this.failure ??= Object.assign(new Error(report.error.message), { code: report.error.code });
      this.wake();
    });
    worker.once('error', (e) => {
      this.failure ??= e;
      this.wake();
    });
    worker.once('exit', (code) => {
      this.failure ??= new Error(`the page-writer thread exited with code ${code}`);
      this.wake();
    });
  }

  /**
   * A writer thread for pages inside `stagingDir`; with `cacheDir`, it appends the pages that get
   * render-cache entries to a pack there, its temporary name tagged `tag` (pack-writer.ts).
   */
  static async start(stagingDir: string, cacheDir?: string, tag?: string): Promise<PageWriter> {
    const workerData = { stagingDir, cacheDir, tag };
    return new PageWriter(new Worker(await workerEntry('page-writer'), { workerData }));
  }

  /** Queues a rendered page. */
  write(page: PageWrite): void {
    this.queued++;
    this.sent++;
    this.batch.push(page);
    if (this.batch.length >= PAGES_PER_MESSAGE) this.post();
  }

  /** Posts the pages batched. */
  private post(): void {
    if (!this.batch.length) return;
    this.worker.postMessage(this.batch);
    this.batch = [];
  }

  /** Waits while more than MAX_QUEUED_PAGES pages wait to be written: memory stays bounded. */
  async room(): Promise<void> {
    this.post();
    while (!this.failure && this.queued > MAX_QUEUED_PAGES) await this.news();
    if (this.failure) throw this.failure;
  }

  /**
   * Waits until every page sent is written, then for the writer's pack: each page's size and
   * render-cache entry by page index, and the pack (for RenderCache.save).
   */
  async finish(): Promise<{ pages: Map<number, Written>; pack?: PackFile }> {
    this.post();
    while (!this.failure && this.pages.size < this.sent) await this.news();
    if (this.failure) throw this.failure;
    this.worker.postMessage('end');
    while (!this.failure && this.pack === undefined) await this.news();
    if (this.failure) throw this.failure;
    return { pages: this.pages, pack: this.pack ?? undefined };
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
