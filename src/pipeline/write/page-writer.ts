import { Worker } from 'node:worker_threads';
import { workerEntry } from '../worker-entry.js';
import { MAX_QUEUED_PAGES, type PageWrite } from './page-file.js';

/** From the writer: pages written (with their cache entries' checksums) and the error that stopped it, if any. */
export interface WriterReport {
  done: [index: number, sum: string | undefined][];
  /** Pages taken since the last report (written, or dropped after a failure). */
  taken: number;
  error?: { message: string; code?: string };
}

/**
 * A thread that writes rendered pages (page-writer-worker.ts) while the main thread, the only render
 * thread, goes on rendering (render-pool.ts says when). `finish(n)` waits until n pages are on disk
 * and returns the checksums of their render-cache entries, or rejects with the first write error.
 */
export class PageWriter {
  private readonly sums = new Map<number, string>();
  private written = 0;
  /** Pages sent that the writer has not taken yet. */
  private queued = 0;
  private failure: Error | undefined;
  /** Callers waiting for news from the writer (room, finish). */
  private readonly waiting: (() => void)[] = [];
  private readonly wake = () => {
    for (const resume of this.waiting.splice(0)) resume();
  };
  private readonly news = () => new Promise<void>((resolve) => this.waiting.push(resolve));

  private constructor(private readonly worker: Worker) {
    worker.on('message', (report: WriterReport) => {
      for (const [index, sum] of report.done) if (sum) this.sums.set(index, sum);
      this.written += report.done.length;
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

  static async start(): Promise<PageWriter> {
    return new PageWriter(new Worker(await workerEntry('page-writer')));
  }

  /** Queues a rendered page. */
  write(page: PageWrite): void {
    this.queued++;
    this.worker.postMessage(page);
  }

  /** Waits while more than MAX_QUEUED_PAGES pages wait to be written: memory stays bounded. */
  async room(): Promise<void> {
    while (!this.failure && this.queued > MAX_QUEUED_PAGES) await this.news();
    if (this.failure) throw this.failure;
  }

  /** Waits until `pages` pages are written; their render-cache entries' checksums by page index. */
  async finish(pages: number): Promise<Map<number, string>> {
    while (!this.failure && this.written < pages) await this.news();
    if (this.failure) throw this.failure;
    return this.sums;
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
