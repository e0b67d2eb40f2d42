/**
 * Check's page phase (inspect.ts) in a worker thread: the pages, their scans and everything the
 * phase collected live in that thread's heap, which is let go as a whole when the thread ends, before
 * the main thread makes the link findings. The peak is then the larger of the two phases, not their
 * sum (a main-thread heap kept pages V8 had not yet collected). Everything that crosses is plain
 * data: the options in, the inspection out, with the broken references' sort handed over
 * (SpillSort.handOver) in check's spill folder, which the main thread names and removes.
 */
import { Worker } from 'node:worker_threads';
import { compiledWorkerEntry, workerEntry } from '../pipeline/worker-entry.js';
import { onInterrupt } from '../support/process/interrupt.js';
import { CheckInputError } from './errors.js';
import type { InspectInput, Inspection } from './inspect.js';
import { compareOccurrences, type Occurrence } from './link-findings.js';
import type { LinkScan } from './links.js';
import type { SpillFolder } from './spill-folder.js';
import { SpillSort, type SpillState } from './spill-sort.js';

/** What the thread is given: the inspection's input, its spill folder by name. */
export interface PageThreadInput extends Omit<InspectInput, 'spill'> {
  spillDir: string;
  /** The external links are wanted (`--external`): else they stay in the thread. */
  keepExternal: boolean;
}

/** The inspection as the main thread uses it (the set of linked pages stays in the thread). */
export interface PagePhase extends Omit<Inspection, 'links'> {
  links: Omit<LinkScan, 'linkedTo'>;
}

/** An error the thread caught: a CheckInputError is made again as one, anything else keeps its message and stack. */
export interface ThreadError {
  input: boolean;
  message: string;
  stack?: string;
  code?: string;
}

/** The thread's one message. */
export type PageThreadAnswer =
  | {
      seen: Omit<PagePhase, 'links'> & {
        links: Omit<PagePhase['links'], 'broken'> & { broken: SpillState<Occurrence> };
      };
    }
  | { error: ThreadError };

/**
 * The page thread's heap limit. Below about 2 GB V8 lets a heap grow by a smaller factor over what it
 * holds (at most 2× instead of 4×), and the page phase makes much short-lived garbage: with this
 * limit a 64,402-file tree peaked at 195 MB instead of 260 MB (docs/check.md, "Large trees"), for
 * about the same CPU. What the phase keeps is far below it (about 0.35 kB a page of another
 * generator's folder); a phase that needs more stops with an error saying so, not a crash.
 */
const PAGE_HEAP_MB = 1_024;

/** The thread's script from src/ (tests), built once per process. */
let built: Promise<string> | undefined;
function script(): string | Promise<string> {
  const compiled = compiledWorkerEntry('check-pages');
  if (compiled) return compiled;
  built ??= workerEntry('check-pages').catch((e: unknown) => {
    built = undefined;
    throw e;
  });
  return built;
}

/** Runs inspectFolder in a thread; resolves once the thread has ended (its heap released). */
export async function inspectInThread(
  input: Omit<InspectInput, 'spill'>,
  spill: SpillFolder,
  keepExternal: boolean,
): Promise<PagePhase> {
  const entry = await script();
  const data: PageThreadInput = { ...input, spillDir: spill.reserve(), keepExternal };
  const worker = new Worker(entry, { workerData: data, resourceLimits: { maxOldGenerationSizeMb: PAGE_HEAP_MB } });
  // On a signal the thread is stopped first (newest first), then the spill folder is removed: a write
  // already under way may still land, and the next check removes such a folder (its pid is gone).
  const forget = onInterrupt(() => void worker.terminate());
  try {
    return await new Promise<PagePhase>((resolve, reject) => {
      let answer: PageThreadAnswer | undefined;
      let failure: Error | undefined;
      worker.once('message', (m: PageThreadAnswer) => {
        answer = m;
        void worker.terminate();
      });
      worker.once('messageerror', (e) => {
        failure = e;
        void worker.terminate();
      });
      worker.once('error', (e) => (failure ??= e));
      worker.once('exit', (code) => {
        if (answer && 'seen' in answer) {
          const { broken, ...links } = answer.seen.links;
          resolve({ ...answer.seen, links: { ...links, broken: SpillSort.resume(broken, compareOccurrences, spill) } });
        } else if (answer) reject(threadError(answer.error));
        else if ((failure as NodeJS.ErrnoException | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY')
          reject(new Error(`check's page thread needed more than its ${PAGE_HEAP_MB} MB of heap to read the folder`));
        else
          reject(failure ?? new Error(`check's page thread stopped (exit code ${code}) before it had read every page`));
      });
    });
  } finally {
    forget();
  }
}

/** The error the thread caught, as the main thread would have thrown it. */
function threadError(e: ThreadError): Error {
  if (e.input) return new CheckInputError(e.message);
  const err: NodeJS.ErrnoException = new Error(e.message);
  if (e.code !== undefined) err.code = e.code;
  if (e.stack !== undefined) err.stack = e.stack;
  return err;
}
