import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import * as esbuild from 'esbuild';
import { cacheDir } from '../paths.js';
import { contextFrom, renderAndStore, type PageOutcome, type RenderJob, type RenderSetup } from './render-pages.js';
import type { TemplateModule } from './templates.js';

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
  const outfile = path.join(cacheDir, 'render-worker.mjs');
  await esbuild.build({ entryPoints: [path.join(path.dirname(here), 'render-worker.ts')], bundle: true, format: 'esm', platform: 'node', target: 'node20', packages: 'external', outfile, logLevel: 'silent' });
  return outfile;
}

/**
 * Stage 4 at scale: renders every page into the staging folder, spread over worker threads when
 * the site is large enough. Output bytes do not depend on the number of workers.
 */
export async function renderAll(setup: RenderSetup, templates: TemplateModule, workers: number): Promise<PageOutcome[]> {
  const count = setup.site.pages.length;
  const indices = Array.from({ length: count }, (_, i) => i);
  if (workers <= 1) {
    const r = contextFrom(setup, templates);
    const out: PageOutcome[] = [];
    for (const i of indices) out.push(await renderAndStore(r, setup, i));
    return out;
  }
  const entry = await workerEntry();
  const chunks: number[][] = [];
  for (let i = 0; i < count; i += CHUNK) chunks.push(indices.slice(i, i + CHUNK));
  const results: PageOutcome[] = [];
  // Workers get the site without its pages; each chunk carries its own pages.
  const shared: RenderSetup = { ...setup, site: { ...setup.site, pages: [] } };
  const pool = Array.from({ length: workers }, () => new Worker(entry, { workerData: shared }));
  try {
    await Promise.all(
      pool.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const next = () => {
              const chunk = chunks.shift();
              if (chunk) worker.postMessage({ indices: chunk, pages: chunk.map((i) => setup.site.pages[i]!) } satisfies RenderJob);
              else resolve();
            };
            worker.on('message', (msg: 'ready' | PageOutcome[]) => {
              if (msg !== 'ready') results.push(...msg);
              next();
            });
            worker.once('error', reject);
            worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`render worker exited with code ${code}`))));
          }),
      ),
    );
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
  return results.sort((a, b) => a.index - b.index);
}
