/**
 * The page-writer thread: takes rendered pages from the render threads (the main thread's messages
 * and a port per render worker) and writes them synchronously, one after another, so rendering never
 * waits on the disk and no page costs three thread-pool round trips (open, write, close).
 */
import { type MessagePort, parentPort } from 'node:worker_threads';
import { writePage, type PageWrite } from './page-file.js';
import type { WriterMessage, WriterReport } from './page-writer.js';

const dirs = new Set<string>();
let done: WriterReport['done'] = [];
/**
 * Pages taken since the last report, by sender (null: the main thread). Each sender is told how many,
 * so it can pause when it runs far ahead of the disk.
 */
const taken = new Map<MessagePort | null, number>();
let scheduled = false;
let error: WriterReport['error'];
let reported = false;

/** Results go back in batches: one message for all the pages written since the last one. */
function flush(): void {
  scheduled = false;
  for (const [port, n] of taken) port?.postMessage(n);
  const report: WriterReport = { done, taken: taken.get(null) ?? 0 };
  if (error && !reported) {
    report.error = error;
    reported = true;
  }
  taken.clear();
  done = [];
  parentPort!.postMessage(report);
}

/** Writes a page (after a failure only acknowledges it: the build is failing, and no sender may wait forever). */
function write(w: PageWrite, from: MessagePort | null): void {
  if (!error) {
    try {
      done.push([w.index, writePage(dirs, w)]);
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      error = { message: err.message, code: err.code };
    }
  }
  taken.set(from, (taken.get(from) ?? 0) + 1);
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
}

parentPort!.on('message', (msg: WriterMessage) => {
  if (msg.kind === 'port') {
    const port = msg.port as MessagePort;
    port.on('message', (w: PageWrite) => write(w, port));
  } else write(msg.page, null);
});
