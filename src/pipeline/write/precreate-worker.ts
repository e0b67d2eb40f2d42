/**
 * The precreate thread: makes the empty files a cold build's pages will be written into, in the
 * order it is sent them, while the main thread is still validating (precreate.ts says why).
 */
import { closeSync, constants, openSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { ensureParent } from './write.js';

const { stagingDir } = workerData as { stagingDir: string };
/** Folders made so far, starting with the staging folder, which is never made again (ensureParent). */
const dirs = new Set<string>([stagingDir]);
/**
 * Set by a failure other than "exists already" (the folder is gone, or the disk refuses): the page
 * writes then succeed or fail on their own.
 */
let stopped = false;
const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/** Each batch is answered with its length once done (or skipped after a failure): Precreator.drained(). */
parentPort!.on('message', (files: string[]) => {
  for (const rel of files) {
    if (stopped) break;
    const file = path.join(stagingDir, rel);
    try {
      ensureParent(dirs, file);
      // The mode a page write gives a file it makes (0o666 less the umask): rewriting it keeps it.
      closeSync(openSync(file, CREATE, 0o666));
    } catch (e) {
      // A render thread made it first: nothing to do.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') stopped = true;
    }
  }
  parentPort!.postMessage(files.length);
});
