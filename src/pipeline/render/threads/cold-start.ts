import type { BuildOptions } from '../../build-options.js';
import type { CompileOutcome } from '../compile/compile-cache.js';
import { closeEarly, openEarly, type EarlyOutput } from '../../write/early-output.js';
import { freeCores } from './cores.js';
import { RenderPool, workerCount } from './render-pool.js';

/** What a cold build starts while it reads and validates: its render threads, and its output opened early. */
export interface Threads {
  pool?: Promise<RenderPool>;
  early?: Promise<EarlyOutput | undefined>;
}

/**
 * Starts a cold build's render threads as soon as its pages are counted, so that they load their code
 * while the main thread reads and validates the pages.
 */
export function startThreads(threads: Threads, pages: number, workers: BuildOptions['workers'], outDir: string): void {
  // Read once for both choices: the load moves between two reads.
  const free = freeCores();
  const count = workerCount(pages, workers, free);
  threads.pool = RenderPool.start(count);
  threads.pool.catch(() => undefined); // awaited (and reported) when rendering starts
  // A parallel build makes its page files while it validates, on a core its render threads leave free
  // (precreate.ts). Where every core renders, that thread would slow the others: 4,000 pages on two
  // cores built 9% slower with it.
  if (count >= 2 && count < free) threads.early = openEarly(outDir);
}

/** The workers import the compiled templates as soon as they exist, not once validation is over. */
export function prepareThreads(threads: Threads, compiling: Promise<CompileOutcome>): void {
  if (threads.pool)
    void Promise.all([threads.pool, compiling]).then(
      ([pool, c]) => pool.prepare(c.templates.file),
      () => undefined,
    );
}

/** Closes the render threads, and the output opened early where the write step did not take it over. */
export async function closeThreads(threads: Threads): Promise<void> {
  await threads.pool?.then((p) => p.close()).catch(() => undefined);
  // Opened for a build that then failed before its write step: removed, as a failed write step removes it.
  await threads.early?.then((e) => (e && !e.taken ? closeEarly(e) : undefined)).catch(() => undefined);
}
