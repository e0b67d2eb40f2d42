import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import * as esbuild from 'esbuild';
import { codeDir } from './code-dir.js';
import {
  contextFrom,
  fromCache,
  renderMany,
  type PageOutcome,
  type RenderJob,
  type RenderSetup,
} from './render-pages.js';
import type { TemplateModule } from './templates.js';
import type { MarkdownEngine } from './markdown.js';

/** Pages per message to a worker: large enough to amortize messaging, small enough to balance. */
const CHUNK = 40;
/** Below this many pages a worker's start-up costs more than it saves. */
const MIN_PAGES_PER_WORKER = 150;

/** Workers to use: one per core, but none for small sites. */
export function workerCount(pages: number, requested?: number | 'auto'): number {
  if (typeof requested === 'number') return Math.max(1, Math.floor(requested));
  return Math.max(1, Math.min(availableParallelism(), Math.floor(pages / MIN_PAGES_PER_WORKER)));
}

/** The worker script: lib/render-worker.js when running compiled, else compiled from src on demand. */
async function workerEntry(): Promise<string> {
  const here = fileURLToPath(import.meta.url);
  if (!here.endsWith('.ts')) return path.join(path.dirname(here), 'render-worker.js');
  const outfile = path.join(codeDir(), 'render-worker.mjs');
  await esbuild.build({
    entryPoints: [path.join(path.dirname(here), 'render-worker.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'silent',
  });
  return outfile;
}

/**
 * Stage 4 at scale: pages found in the render cache are copied by the main thread;
 * the rest render in worker threads when there are enough of them, else on the main thread.
 * Output bytes do not depend on the number of workers.
 */
export async function renderAll(
  setup: RenderSetup,
  templates: TemplateModule,
  engine: MarkdownEngine,
  requested?: number | 'auto',
): Promise<{ outcomes: PageOutcome[]; workers: number }> {
  const count = setup.site.pages.length;
  const outcomes: PageOutcome[] = new Array(count);
  const r = contextFrom(setup, templates, engine);
  const misses: number[] = [];
  for (let i = 0; i < count; i++) {
    const hit = fromCache(r, setup, i);
    if (hit) outcomes[i] = hit;
    else misses.push(i);
  }
  const workers = misses.length ? workerCount(misses.length, requested) : 0;
  if (workers === 1) for (const o of await renderMany(r, setup, misses)) outcomes[o.index] = o;
  else if (workers > 1) await renderInWorkers(setup, misses, workers, outcomes);
  if (r.cache) {
    try {
      r.cache.save(outcomes.flatMap((o) => (o.entry ? [o.entry] : [])));
    } catch {
      // An index that cannot be written only costs speed on the next build.
    }
  }
  return { outcomes, workers };
}

/** Renders `misses` in `workers` threads, chunk by chunk; each outcome lands at its page's index. */
async function renderInWorkers(
  setup: RenderSetup,
  misses: number[],
  workers: number,
  outcomes: PageOutcome[],
): Promise<void> {
  const entry = await workerEntry();
  const chunks: number[][] = [];
  for (let i = 0; i < misses.length; i += CHUNK) chunks.push(misses.slice(i, i + CHUNK));
  // Workers get the site without its pages; each chunk carries its own pages.
  const shared: RenderSetup = { ...setup, site: { ...setup.site, pages: [] } };
  // A modest old-generation cap makes V8 collect garbage sooner: peak memory stays bounded.
  const pool = Array.from(
    { length: workers },
    () => new Worker(entry, { workerData: shared, resourceLimits: { maxOldGenerationSizeMb: 256 } }),
  );
  try {
    await Promise.all(
      pool.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const next = () => {
              const chunk = chunks.shift();
              if (chunk)
                worker.postMessage({
                  indices: chunk,
                  pages: chunk.map((i) => setup.site.pages[i]!),
                } satisfies RenderJob);
              else resolve();
            };
            worker.on('message', (msg: 'ready' | PageOutcome[]) => {
              if (msg !== 'ready') for (const o of msg) outcomes[o.index] = o;
              next();
            });
            worker.once('error', reject);
            worker.once('exit', (code) =>
              code === 0 ? resolve() : reject(new Error(`render worker exited with code ${code}`)),
            );
          }),
      ),
    );
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
}
