import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import type { AssetRefs, Page, Site } from '../model.js';
import { renderPage, type RenderContext } from './render.js';
import { RenderCache } from './render-cache.js';
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

async function writeOut(r: PageRenderer, stagingDir: string, file: string, data: string | Uint8Array): Promise<void> {
  const abs = path.join(stagingDir, file);
  const dir = path.dirname(abs);
  if (!r.dirs.has(dir)) {
    await mkdir(dir, { recursive: true });
    r.dirs.add(dir);
  }
  try {
    await writeFile(abs, data);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    // The folder went away under us (a concurrent clean-up): recreate it once, then give up loudly.
    await mkdir(dir, { recursive: true });
    await writeFile(abs, data);
  }
}

/** Writes a page from the render cache into the staging folder, or returns undefined on a miss. */
export async function fromCache(r: PageRenderer, setup: RenderSetup, index: number): Promise<PageOutcome | undefined> {
  if (!r.cache) return undefined;
  const page = setup.site.pages[index]!;
  const hit = await r.cache.get(r.cache.key(page));
  if (!hit) return undefined;
  await writeOut(r, setup.stagingDir, page.url.file, hit.html);
  return { index, bytes: hit.html.byteLength, cached: true, diagnostics: hit.diagnostics };
}

/** Renders one page, writes it into the staging folder and stores it in the render cache. */
export async function renderAndStore(r: PageRenderer, setup: RenderSetup, index: number, page: Page = setup.site.pages[index]!): Promise<PageOutcome> {
  const rendered = renderPage(r, page);
  if (!rendered.html) return { index, bytes: 0, cached: false, diagnostics: rendered.diagnostics };
  await writeOut(r, setup.stagingDir, page.url.file, rendered.html);
  if (r.cache) await r.cache.put(r.cache.key(page), rendered.html, rendered.diagnostics).catch(() => undefined);
  return { index, bytes: Buffer.byteLength(rendered.html), cached: false, diagnostics: rendered.diagnostics };
}
