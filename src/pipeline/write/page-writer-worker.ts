/**
 * The page-writer thread: takes rendered pages from the main thread and writes them synchronously,
 * one after another, so rendering never waits on the disk and no page costs three thread-pool round
 * trips (open, write, close).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { writePage, type PageWrite } from './page-file.js';
import type { WriterReport } from './page-writer.js';
import { PackWriter } from '../render/cache/pack-writer.js';

/**
 * The staging folder the pages go into (workerData), whose own folders this thread makes but never
 * the staging folder itself (ensureParent); and the render-cache folder, whose pack it appends the
 * pages with entries to.
 */
const { stagingDir, cacheDir, tag } = workerData as { stagingDir: string; cacheDir?: string; tag?: string };
const dirs = new Set<string>([stagingDir]);
const pack = cacheDir ? new PackWriter(cacheDir, tag) : undefined;
let done: WriterReport['done'] = [];
/** Pages taken since the last report: the main thread pauses when it runs far ahead of the disk. */
let taken = 0;
let scheduled = false;
let error: WriterReport['error'];
let reported = false;

/** Results go back in batches: one message for all the pages written since the last one. */
function flush(): void {
  scheduled = false;
  const report: WriterReport = { done, taken };
  if (error && !reported) {
    report.error = error;
    reported = true;
  }
  taken = 0;
  done = [];
  parentPort!.postMessage(report);
}

/**
 * Writes pages, a batch at a time (after a failure only acknowledges them: the build is failing, and
 * the sender must not wait forever); 'end' finishes the pack, once every page is written.
 */
parentPort!.on('message', (pages: PageWrite[] | 'end') => {
  if (pages === 'end') {
    parentPort!.postMessage({ done: [], taken: 0, pack: pack?.finish() ?? null } satisfies WriterReport);
    return;
  }
  for (const w of pages) {
    if (!error) {
      try {
        done.push([w.index, writePage(dirs, w, pack)]);
      } catch (e) {
        const err = e as NodeJS.ErrnoException;
        error = { message: err.message, code: err.code };
      }
    }
    taken++;
  }
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
});
