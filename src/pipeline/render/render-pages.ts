import { linkSync, mkdirSync, writeFile, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../diagnostics.js';
import type { AssetRefs, Page, Site } from '../../model.js';
import { renderPage, type RenderContext } from './render.js';
import { RenderCache, type EntryRecord } from './render-cache.js';
import { ensureParent } from '../write/write.js';
import type { TemplateModule } from './templates.js';
import type { MarkdownEngine } from './markdown.js';
import type { TemplateGraph } from './template-keys.js';

/** Everything a renderer (the main thread or a worker) needs; structured-clone safe. */
export interface RenderSetup {
  site: Site;
  templatesFile: string;
  templatesHash: string;
  /** Which templates files each page can depend on: keys pages on those files only. */
  templateGraph?: TemplateGraph;
  assets: AssetRefs;
  year: number;
  reviewRoutes: Record<string, string>;
  stagingDir: string;
  /** Render-cache folder; undefined disables the cache. */
  cacheDir?: string;
}

/** A chunk of pages for a worker: workers never hold the whole site's pages at once. */
export interface RenderJob {
  indices: number[];
  pages: Page[];
}

export interface PageOutcome {
  index: number;
  bytes: number;
  cached: boolean;
  diagnostics: Diagnostic[];
  /** The render-cache entry the page now has (new or reused), for the cache index. */
  entry?: EntryRecord;
}

export type PageRenderer = RenderContext & {
  cache?: RenderCache;
  dirs: Set<string>;
  /** Called after each page renderMany renders (progress on the main thread). */
  onPage?: () => void;
};

export function contextFrom(setup: RenderSetup, templates: TemplateModule, engine: MarkdownEngine): PageRenderer {
  const { site } = setup;
  const reviewRoutes = new Map(Object.entries(setup.reviewRoutes));
  return {
    site,
    templates,
    assets: setup.assets,
    year: setup.year,
    reviewRoutes: setup.reviewRoutes,
    markdown: { config: site.config, operators: new Map(site.operators.map((o) => [o.id, o])), reviewRoutes },
    engine,
    cache: setup.cacheDir
      ? new RenderCache(
          site,
          setup.templatesHash,
          setup.assets,
          setup.year,
          setup.reviewRoutes,
          setup.cacheDir,
          setup.templateGraph,
        )
      : undefined,
    dirs: new Set(),
  };
}

/*
 * Cache reads, links and copies use synchronous calls: on the machines measured, promise-based fs
 * calls cost about ten times as much per small file (4,000 reads: 45 ms sync, 370–430 ms with
 * Promise.all). Freshly rendered pages are the exception (renderMany): their writes overlap with
 * rendering the next pages.
 */
/**
 * Puts a page into the staging folder: a hard link to `linkFrom` when given and possible, else a write.
 * Returns its path.
 */
function writeOut(
  r: PageRenderer,
  stagingDir: string,
  file: string,
  data: string | Uint8Array,
  linkFrom?: string,
): string {
  const abs = path.join(stagingDir, file);
  const dir = ensureParent(r.dirs, abs);
  if (linkFrom) {
    try {
      linkSync(linkFrom, abs);
      return abs;
    } catch {
      // Another file system, or links not allowed: copy the bytes instead.
    }
  }
  try {
    writeFileSync(abs, data);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    // The folder went away under us (a concurrent clean-up): recreate it once, then give up loudly.
    mkdirSync(dir, { recursive: true });
    writeFileSync(abs, data);
  }
  return abs;
}

/** Puts a page from the render cache into the staging folder, or returns undefined on a miss. */
export function fromCache(r: PageRenderer, setup: RenderSetup, index: number): PageOutcome | undefined {
  if (!r.cache) return undefined;
  const page = setup.site.pages[index]!;
  const [key, templates] = r.cache.lookupKey(page) ?? [];
  const hit = key && r.cache.get(key);
  if (!hit) return undefined;
  writeOut(r, setup.stagingDir, page.url.file, hit.html, hit.file);
  return {
    index,
    bytes: hit.html.byteLength,
    cached: true,
    diagnostics: hit.diagnostics,
    entry: [key, hit.sum, hit.diagnostics, templates],
  };
}

function store(
  r: PageRenderer,
  page: Page,
  html: string,
  diagnostics: Diagnostic[],
  written: string,
  noted: readonly string[],
): EntryRecord | undefined {
  if (!r.cache) return undefined;
  try {
    const [key, templates] = r.cache.keyAfterRender(page, noted);
    const [, sum] = r.cache.put(key, html, diagnostics, written);
    return [key, sum, diagnostics, templates];
  } catch {
    // A cache that cannot be written (read-only, full disk) only costs speed next time.
    return undefined;
  }
}

/** Page writes in flight while the next pages render. */
const WRITES_IN_FLIGHT = 16;

/**
 * Renders pages one after another while the files of earlier ones are written by libuv's thread
 * pool: when the disk stalls (as it does for a while after a large delete), rendering goes on.
 */
export async function renderMany(
  r: PageRenderer,
  setup: RenderSetup,
  indices: readonly number[],
  pages: readonly Page[] = indices.map((i) => setup.site.pages[i]!),
): Promise<PageOutcome[]> {
  const outcomes: PageOutcome[] = [];
  const inFlight = new Set<Promise<void>>();
  for (let k = 0; k < indices.length; k++) {
    const page = pages[k]!;
    // Notes the templates files this page's render used: its cache key depends on those alone.
    const [rendered, noted] = r.templates.recordDeps(() => renderPage(r, page));
    // Encoded once: its length is the byte count, and the write needs no second encoding.
    const data = Buffer.from(rendered.html);
    const outcome: PageOutcome = {
      index: indices[k]!,
      bytes: data.length,
      cached: false,
      diagnostics: rendered.diagnostics,
    };
    outcomes.push(outcome);
    r.onPage?.();
    if (!rendered.html) continue;
    const abs = path.join(setup.stagingDir, page.url.file);
    ensureParent(r.dirs, abs);
    const job = new Promise<void>((resolve, reject) =>
      writeFile(abs, data, (e) => {
        if (e) return reject(e);
        outcome.entry = store(r, page, rendered.html, rendered.diagnostics, abs, noted);
        resolve();
      }),
    ).finally(() => inFlight.delete(job));
    inFlight.add(job);
    if (inFlight.size >= WRITES_IN_FLIGHT) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  return outcomes;
}
