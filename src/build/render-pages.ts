import { linkSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import type { AssetRefs, Page, Site } from '../model.js';
import { renderPage, type RenderContext } from './render.js';
import { RenderCache, type EntryRecord } from './render-cache.js';
import type { TemplateModule } from './templates.js';

/** Everything a renderer (the main thread or a worker) needs; structured-clone safe. */
export interface RenderSetup {
  site: Site;
  templatesFile: string;
  templatesHash: string;
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

export type PageRenderer = RenderContext & { cache?: RenderCache; dirs: Set<string> };

export function contextFrom(setup: RenderSetup, templates: TemplateModule): PageRenderer {
  const { site } = setup;
  const reviewRoutes = new Map(Object.entries(setup.reviewRoutes));
  return {
    site,
    templates,
    assets: setup.assets,
    year: setup.year,
    reviewRoutes: setup.reviewRoutes,
    markdown: { config: site.config, operators: new Map(site.operators.map((o) => [o.id, o])), reviewRoutes },
    cache: setup.cacheDir ? new RenderCache(site, setup.templatesHash, setup.assets, setup.year, setup.reviewRoutes, setup.cacheDir) : undefined,
    dirs: new Set(),
  };
}

/*
 * Page files are read and written with synchronous calls: on the machines measured, promise-based
 * fs calls cost about ten times as much per small file (4,000 reads: 45 ms sync, 370–430 ms with
 * Promise.all), and a render thread has nothing else to do while it waits.
 */
/** Puts a page into the staging folder: a hard link to `linkFrom` when given and possible, else a write. Returns its path. */
function writeOut(r: PageRenderer, stagingDir: string, file: string, data: string | Uint8Array, linkFrom?: string): string {
  const abs = path.join(stagingDir, file);
  const dir = path.dirname(abs);
  if (!r.dirs.has(dir)) {
    mkdirSync(dir, { recursive: true });
    r.dirs.add(dir);
  }
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
  const key = r.cache.key(page);
  const hit = r.cache.get(key);
  if (!hit) return undefined;
  writeOut(r, setup.stagingDir, page.url.file, hit.html, hit.file);
  return { index, bytes: hit.html.byteLength, cached: true, diagnostics: hit.diagnostics, entry: [key, hit.sum, hit.diagnostics] };
}

/** Renders one page, writes it into the staging folder and stores it in the render cache. */
export function renderAndStore(r: PageRenderer, setup: RenderSetup, index: number, page: Page = setup.site.pages[index]!): PageOutcome {
  const rendered = renderPage(r, page);
  if (!rendered.html) return { index, bytes: 0, cached: false, diagnostics: rendered.diagnostics };
  const written = writeOut(r, setup.stagingDir, page.url.file, rendered.html);
  let entry: EntryRecord | undefined;
  if (r.cache) {
    try {
      entry = r.cache.put(r.cache.key(page), rendered.html, rendered.diagnostics, written);
    } catch {
      // A cache that cannot be written (read-only, full disk) only costs speed next time.
    }
  }
  return { index, bytes: Buffer.byteLength(rendered.html), cached: false, diagnostics: rendered.diagnostics, entry };
}
