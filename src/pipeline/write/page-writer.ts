import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import type { EntryRecord } from '../render/render-cache.js';
import { workerEntry } from '../worker-entry.js';
import { type PageWrite, transferable } from './page-file.js';

/** To the writer: a page from the main thread, or a port on which a render worker will send pages. */
export type WriterMessage = { kind: 'page'; page: PageWrite } | { kind: 'port'; port: MessagePort };
/** From the writer: pages written (with their cache entries) and the error that stopped it, if any. */
export interface WriterReport {
  done: [index: number, entry: EntryRecord | undefined][];
  error?: { message: string; code?: string };
}

/**
 * A thread that writes rendered pages (page-writer-worker.ts). Render threads hand it each page as
 * soon as it is rendered and go on rendering; `finish(n)` waits until n pages are on disk and
 * returns their render-cache entries, or rejects with the first write error.
 */
export class PageWriter {
  private readonly entries = new Map<number, EntryRecord>();
  private written = 0;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (report: WriterReport) => {
      for (const [index, entry] of report.done) if (entry) this.entries.set(index, entry);
      this.written += report.done.length;
      if (report.error) this.failure ??= Object.assign(new Error(report.error.message), { code: report.error.code });
      this.wake?.();
    });
    worker.once('error', (e) => {
      this.failure ??= e;
      this.wake?.();
    });
    worker.once('exit', (code) => {
      this.failure ??= new Error(`the page-writer thread exited with code ${code}`);
      this.wake?.();
    });
  }

  static async start(): Promise<PageWriter> {
    return new PageWriter(new Worker(await workerEntry('page-writer')));
  }

  /** Queues a page rendered on this thread. */
  write(page: PageWrite): void {
    this.worker.postMessage({ kind: 'page', page } satisfies WriterMessage, transferable(page.data));
  }

  /** A port a render worker posts its pages to (transfer it to the worker). */
  port(): MessagePort {
    const { port1, port2 } = new MessageChannel();
    this.worker.postMessage({ kind: 'port', port: port2 } satisfies WriterMessage, [port2]);
    return port1;
  }

  /** Waits until `pages` pages are written; their render-cache entries by page index. */
  async finish(pages: number): Promise<Map<number, EntryRecord>> {
    while (!this.failure && this.written < pages) await new Promise<void>((resolve) => (this.wake = resolve));
    this.wake = undefined;
    if (this.failure) throw this.failure;
    return this.entries;
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
