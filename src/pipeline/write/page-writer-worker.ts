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
let scheduled = false;
let failed = false;

/** Results go back in batches: one message for all the pages written since the last one. */
function flush(): void {
  scheduled = false;
  const report: WriterReport = { done };
  done = [];
  parentPort!.postMessage(report);
}

function write(w: PageWrite): void {
  if (failed) return;
  try {
    done.push([w.index, writePage(dirs, w)]);
  } catch (e) {
    failed = true;
    const err = e as NodeJS.ErrnoException;
    parentPort!.postMessage({ done, error: { message: err.message, code: err.code } } satisfies WriterReport);
    done = [];
    return;
  }
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
}

parentPort!.on('message', (msg: WriterMessage) => {
  if (msg.kind === 'port') (msg.port as MessagePort).on('message', write);
  else write(msg.page);
});
