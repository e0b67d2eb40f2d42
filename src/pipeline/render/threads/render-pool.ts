import { Worker } from 'node:worker_threads';
import { compiledWorkerEntry, workerEntry } from '../../worker-entry.js';
import { freeCores } from './cores.js';
import { PageWriter } from '../../write/page-writer.js';
import type { SourceFile } from '../../../model.js';
import type { Entry, FrontmatterCache } from '../../load/frontmatter.js';
import { type ParsedPage, parsePageDetached } from '../../validate/parse-page.js';
import {
  contextFrom,
  fromCache,
  renderMany,
  type PageOutcome,
  type PageRenderer,
  type RenderJob,
  type RenderSetup,
} from '../page/render-pages.js';
import type { TemplateModule } from '../compile/templates.js';
import type { HeldIndex, RenderCache } from '../cache/render-cache.js';
import type { PackFile } from '../cache/pack-writer.js';
import type { MarkdownEngine } from '../markdown/markdown.js';

/** Pages to parse, for a worker helping validation. */
export interface ParseJob {
  parse: { indices: number[]; files: SourceFile[]; keyed: boolean };
}
/** A worker's parses, and the frontmatter splits it made (for the main thread's cache). */
export interface ParseResult {
  parsed: (readonly [number, ParsedPage])[];
  splits: [string, Entry][];
}

/** Pages per parse message: parsing a page costs about a tenth of rendering it. */
const PARSE_CHUNK = 100;
/** Pages per message to a worker: large enough to amortize messaging, small enough to balance. */
const CHUNK = 40;
/** The smallest chunk near the end of a render (guidedChunks). */
const MIN_CHUNK = 8;

/**
 * `pages` cut into chunks of CHUNK pages, shrinking near the end (guided scheduling): each chunk
 * holds at most a share of what is left after it such that the threads finish close together. With
 * equal chunks, the last thread to take one keeps the others waiting up to a whole chunk: on 16
 * cores 40 cold pages take a thread about 100 ms.
 */
export function guidedChunks(pages: readonly number[], threads: number): number[][] {
  const chunks: number[][] = [];
  for (let at = 0; at < pages.length; ) {
    const share = Math.ceil((pages.length - at) / (threads * 3));
    const size = Math.max(MIN_CHUNK, Math.min(CHUNK, share));
    chunks.push(pages.slice(at, at + size));
    at += size;
  }
  return chunks;
}
/**
 * From this many pages, a one-thread render hands its writes to a page-writer thread, which then
 * uses a core rendering leaves idle. When every core renders, each render thread writes its own
 * pages: handing them over costs more than the write (4,000 pages, two threads: 4% slower wall
 * time and 15 MB more memory with the writer, on a disk where creating a file takes about 30 µs).
 */
const MIN_PAGES_FOR_WRITER = 100;
/**
 * A worker costs about 0.4 s of CPU to start and warm up (its own modules and JIT): below 2,000 pages
 * no second thread pays off (measured: at 1,000 pages one thread was as fast and used 55 MB less
 * memory). On two cores it pays only from 10,000 pages (PAGES_PER_THREAD_ON_EVERY_CORE).
 */
const MIN_PAGES_FOR_WORKERS = 2000;
/**
 * Pages per render thread above that: on 16 cores, 4,000 pages built in 2.3–2.6 s with 8 threads
 * against 2.8–3.1 s with 4 (issue 41, round three); more threads than cores never help.
 */
const PAGES_PER_THREAD = 500;

/**
 * Pages per render thread when every free core renders. The render threads then take the core the
 * page-writer (or early-output) thread and V8's compiler and garbage-collector threads run on (each
 * render thread's isolate compiles for itself: about 0.7 s in a 4,000-page build). On an idle two-core
 * machine (issue 62; --workers 2 against 1, /usr/bin/time, alternated 20 s apart, nothing else running):
 * - 4,000 pages built in 2.78 s against 2.43 s, for 4.9 s of CPU against 3.5 s (medians, 5 pairs);
 * - 8,000 pages in 3.57–4.04 s against 3.61–4.70 s, for 6.8 s of CPU against 5.2 s (3 pairs);
 * - 16,000 pages in 6.13–6.39 s against 6.70–8.70 s, for 11.0 s of CPU against 9.7 s (3 pairs).
 */
const PAGES_PER_THREAD_ON_EVERY_CORE = 5000;

/**
 * Render threads to use (the main thread counts as one): one for small sites, else one per 500
 * pages on the cores free for it (its CPU quota and the machine's load included, cores.ts) less one,
 * or one per 5,000 pages on all of them, whichever is more. A number the caller gives is used as it is.
 */
export function workerCount(pages: number, requested?: number | 'auto', cores = freeCores()): number {
  // Asked for, but never more threads than pages: `--workers 64` on 36 pages started 64 (37 s, 1.2 GB).
  if (typeof requested === 'number') return Math.max(1, Math.min(Math.floor(requested), pages));
  if (pages < MIN_PAGES_FOR_WORKERS) return 1;
  const leavingOne = Math.min(cores - 1, Math.floor(pages / PAGES_PER_THREAD));
  const onEvery = Math.min(cores, Math.floor(pages / PAGES_PER_THREAD_ON_EVERY_CORE));
  return Math.max(1, leavingOne, onEvery);
}

/**
 * Render threads started ahead of need: each worker loads its code while the main thread is still
 * validating, then waits for the build's setup. The main thread renders too, so N render threads
 * are N - 1 workers plus the main thread.
 */
export class RenderPool {
  /** Why each worker stopped early, if it did (before render() listened). */
  private readonly dead = new Map<Worker, Error>();

  /** Workers whose code has loaded (they said 'loaded'): ready for parse jobs at once. */
  private readonly loaded = new Set<Worker>();
  private readonly allLoaded: Promise<void>;

  private constructor(private readonly workers: Worker[]) {
    const loading: Promise<void>[] = [];
    for (const w of workers) {
      let done: () => void = () => undefined;
      loading.push(new Promise<void>((resolve) => (done = resolve)));
      const onLoaded = (msg: unknown) => {
        if (msg !== 'loaded') return;
        this.loaded.add(w);
        w.off('message', onLoaded);
        done();
      };
      w.on('message', onLoaded);
      w.once('error', (e) => this.dead.set(w, e));
      w.once('exit', (code) =>
        this.dead.set(w, this.dead.get(w) ?? new Error(`render worker exited with code ${code}`)),
      );
    }
    this.allLoaded = Promise.all(loading).then(() => undefined);
  }

  /** Resolves when every worker has loaded its code (never, if one dies first). */
  whenLoaded(): Promise<void> {
    return this.allLoaded;
  }

  /**
   * Starts `threads - 1` workers (none for one thread). Given their script (compiled, it is known at
   * once), they start before this returns: the build starts them as soon as the pages are listed,
   * then reads the pages synchronously, and an `await` first held them back until every page was
   * read (at 4,000 pages on two cores they now start about 0.1 s sooner).
   */
  static start(threads: number, entry = compiledWorkerEntry('render-worker')): Promise<RenderPool> {
    if (threads <= 1) return Promise.resolve(new RenderPool([]));
    if (!entry) return workerEntry('render-worker').then((e) => RenderPool.start(threads, e));
    try {
      // A modest old-generation cap makes V8 collect garbage sooner: peak memory stays bounded.
      const workers = Array.from(
        { length: threads - 1 },
        () => new Worker(entry, { resourceLimits: { maxOldGenerationSizeMb: 256 } }),
      );
      return Promise.resolve(new RenderPool(workers));
    } catch (e) {
      return Promise.reject(e);
    }
  }

  /** Has each worker import the compiled templates now, while this thread is still validating. */
  prepare(templatesFile: string): void {
    for (const worker of this.workers) if (!this.dead.has(worker)) worker.postMessage({ prepare: templatesFile });
  }

  get threads(): number {
    return this.workers.length + 1;
  }

  /**
   * Shares `chunks` between this thread and the workers. A worker that `accepts` work keeps two
   * chunks queued, so it never waits for this thread, which takes the next chunk in between; a
   * worker is done once nothing is queued for it and nothing is left. Rejects if a worker dies.
   */
  private async share(
    chunks: number[][],
    job: {
      accepts(worker: Worker): boolean;
      send(worker: Worker, chunk: number[]): void;
      /** Takes a worker's message; true when it was a chunk's result. */
      receive(worker: Worker, msg: unknown): boolean;
      here(chunk: number[]): void | Promise<void>;
      /** This thread's own work before its first chunk, once every worker has its first chunks. */
      first?(): void;
    },
  ): Promise<void> {
    const refills: (() => void)[] = [];
    let failed = false;
    const inWorkers = this.workers.map(
      (worker) =>
        new Promise<void>((resolve, reject) => {
          let queued = 0;
          const fill = () => {
            while (job.accepts(worker) && queued < 2 && chunks.length) {
              job.send(worker, chunks.shift()!);
              queued++;
            }
            if (queued === 0 && !chunks.length) stop();
          };
          const onMessage = (msg: unknown) => {
            if (job.receive(worker, msg)) queued--;
            fill();
          };
          const detach = () => {
            worker.off('message', onMessage);
            worker.off('exit', onExit);
          };
          const onExit = (code: number) => {
            failed = true;
            detach();
            reject(this.dead.get(worker) ?? new Error(`render worker exited with code ${code}`));
          };
          const stop = () => {
            detach();
            resolve();
          };
          const dead = this.dead.get(worker);
          if (dead) {
            failed = true;
            return reject(dead);
          }
          worker.on('message', onMessage);
          worker.on('exit', onExit);
          refills.push(fill);
          fill();
        }),
    );
    const here = (async () => {
      job.first?.();
      // A dead worker fails the whole job: stop here too rather than finish work nobody will use.
      for (let chunk = chunks.shift(); chunk && !failed; chunk = chunks.shift()) {
        await job.here(chunk);
        // Let the workers' messages in (and refill their queues) before the next chunk.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      // A worker that never accepted work (still loading) is done now.
      for (const fill of refills) fill();
    })();
    await Promise.all([here, ...inWorkers]);
  }

  /**
   * Parses the pages' frontmatter (validation's costly part) on the workers and this thread while
   * the workers would otherwise wait for their setup; a worker still loading its code gets no chunk
   * (this thread would finish its share and then wait for the worker's start-up). Results by index
   * in `files`; rejects if a worker fails (the caller then parses everything itself).
   */
  async parse(
    files: readonly SourceFile[],
    splitter: FrontmatterCache,
    /** Told each chunk's parses as they come (the build makes their output files meanwhile). */
    onParsed?: (pages: readonly (readonly [number, ParsedPage])[]) => void,
  ): Promise<Map<number, ParsedPage>> {
    const results = new Map<number, ParsedPage>();
    const chunks: number[][] = [];
    for (let i = 0; i < files.length; i += PARSE_CHUNK)
      chunks.push(Array.from({ length: Math.min(PARSE_CHUNK, files.length - i) }, (_, k) => i + k));
    await this.share(chunks, {
      // The constructor's listener (registered first, so called first) marks a worker loaded.
      accepts: (worker) => this.loaded.has(worker),
      send: (worker, chunk) =>
        worker.postMessage({
          parse: { indices: chunk, files: chunk.map((i) => files[i]!), keyed: splitter.keyed },
        } satisfies ParseJob),
      receive: (_worker, msg) => {
        if (!msg || typeof msg !== 'object' || !('parsed' in msg)) return false;
        const { parsed, splits } = msg as ParseResult;
        for (const [index, page] of parsed) results.set(index, page);
        splitter.adopt(splits);
        onParsed?.(parsed);
        return true;
      },
      here: (chunk) => {
        const parsed = chunk.map((i) => [i, parsePageDetached(files[i]!, splitter)] as const);
        for (const [i, page] of parsed) results.set(i, page);
        onParsed?.(parsed);
      },
    });
    return results;
  }

  /**
   * Renders `misses` chunk by chunk on the main thread and in the workers (each right behind its
   * setup, so it starts as soon as the setup is done); each outcome lands at its page's index.
   */
  async render(
    r: PageRenderer,
    setup: RenderSetup,
    misses: number[],
    outcomes: PageOutcome[],
    tick: (pages: number) => void,
    first?: () => void,
  ): Promise<void> {
    const chunks = guidedChunks(misses, this.threads);
    // Workers get the site without its pages; each chunk carries its own pages.
    const shared: RenderSetup = { ...setup, site: { ...setup.site, pages: [] } };
    // A dead worker gets nothing: share() rejects with why.
    for (const worker of this.workers) if (!this.dead.has(worker)) worker.postMessage({ setup: shared });
    r.onPage = () => tick(1);
    await this.share(chunks, {
      // Right behind the setup: a worker renders as soon as its setup is done, without waiting for
      // this thread to finish its first chunk and take the worker's news (on 16 threads that wait
      // held 15 workers back 180 ms).
      accepts: () => true,
      send: (worker, chunk) =>
        worker.postMessage({ indices: chunk, pages: chunk.map((i) => setup.site.pages[i]!) } satisfies RenderJob),
      receive: (_worker, msg) => {
        if (!Array.isArray(msg)) return false;
        for (const o of msg as PageOutcome[]) outcomes[o.index] = o;
        tick(msg.length);
        return true;
      },
      here: (chunk) => {
        for (const o of renderMany(r, setup, chunk)) outcomes[o.index] = o;
      },
      first,
    });
  }

  /** After render(): each worker finishes its pack of new render-cache entries; those that have one. */
  async packs(): Promise<PackFile[]> {
    const answers = this.workers.map(
      (worker) =>
        new Promise<PackFile | null>((resolve, reject) => {
          const onMessage = (msg: unknown) => {
            if (!msg || typeof msg !== 'object' || !('pack' in msg)) return;
            detach();
            resolve((msg as { pack: PackFile | null }).pack);
          };
          const onExit = (code: number) => {
            detach();
            reject(this.dead.get(worker) ?? new Error(`render worker exited with code ${code}`));
          };
          const detach = () => {
            worker.off('message', onMessage);
            worker.off('exit', onExit);
          };
          worker.on('message', onMessage);
          worker.on('exit', onExit);
          worker.postMessage('end');
        }),
    );
    return (await Promise.all(answers)).filter((p): p is PackFile => !!p);
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
    this.workers.length = 0;
  }
}

/** What a dev build that writes its output in place gives the render stage (write/in-place.ts). */
export interface InPlaceRender {
  kept: NonNullable<PageRenderer['kept']>;
  held: HeldIndex;
}

/**
 * Stage 4 at scale: pages found in the render cache are copied by the main thread; the rest render
 * on the main thread and, when there are enough of them, in worker threads (`started`, or started
 * here). Output bytes do not depend on the number of threads. Each thread that writes pages packs
 * the new ones as it goes; the caller puts the returned packs into the returned cache once the
 * output is in place (saveRendered). `first` is the main thread's other work (the files besides
 * pages): done once the workers have their first pages, so they do not wait for it.
 */
export async function renderAll(
  setup: RenderSetup,
  templates: TemplateModule,
  engine: MarkdownEngine,
  requested?: number | 'auto',
  onDone?: (pages: number) => void,
  started?: RenderPool,
  first?: () => void,
  inPlace?: InPlaceRender,
): Promise<{ outcomes: PageOutcome[]; workers: number; cache?: RenderCache; packs: PackFile[] }> {
  const count = setup.site.pages.length;
  const outcomes: PageOutcome[] = new Array(count);
  const r = contextFrom(setup, templates, engine, inPlace?.held);
  r.kept = inPlace?.kept;
  const misses: number[] = [];
  for (let i = 0; i < count; i++) {
    const hit = fromCache(r, setup, i);
    if (hit) outcomes[i] = hit;
    else misses.push(i);
  }
  // Only this loop reads the cache; the pages rendered now are stored after the build (saveRendered).
  r.cache?.close();
  let done = count - misses.length;
  const tick = (pages: number) => {
    done += pages;
    onDone?.(done);
  };
  tick(0);
  const threads = misses.length ? (started?.threads ?? workerCount(misses.length, requested)) : 0;
  const writer =
    threads === 1 && misses.length >= MIN_PAGES_FOR_WRITER
      ? await PageWriter.start(setup.stagingDir, setup.cacheDir, setup.packTag)
      : undefined;
  const packs: PackFile[] = [];
  try {
    if (writer)
      r.write = (page) => {
        writer.write(page);
        return undefined;
      };
    if (threads <= 1) first?.();
    if (threads === 1) {
      r.onPage = () => tick(1);
      for (let i = 0; i < misses.length; i += CHUNK) {
        for (const o of renderMany(r, setup, misses.slice(i, i + CHUNK))) outcomes[o.index] = o;
        await writer?.room();
      }
    } else if (threads > 1) {
      const pool = started ?? (await RenderPool.start(threads));
      try {
        await pool.render(r, setup, misses, outcomes, tick, first);
        packs.push(...(await pool.packs()));
      } catch (e) {
        // Workers write into the staging folder: stop them all before the caller removes it.
        await pool.close();
        throw e;
      } finally {
        if (!started) await pool.close();
      }
    }
    if (writer) {
      // Wait for every page sent to the writer, then take their sizes and entries.
      const done = await writer.finish();
      for (const [index, [bytes, sum, place]] of done.pages) {
        const o = outcomes[index]!;
        o.bytes = bytes;
        if (o.entry && sum !== undefined) {
          o.entry[1] = sum;
          o.entry[4] = place;
        }
      }
      if (done.pack) packs.push(done.pack);
    }
    const own = r.pack?.finish();
    if (own) packs.push(own);
  } finally {
    await writer?.close();
  }
  return { outcomes, workers: threads, cache: r.cache, packs };
}
