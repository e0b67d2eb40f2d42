import { closeSync, constants, fstatSync, linkSync, lstatSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../../support/diagnostics/diagnostics.js';
import type { AssetRefs, ListedPage, Page, Site } from '../../../model.js';
import { renderPage, type RenderContext } from './render.js';
import { checksum, RenderCache, type EntryRecord, type HeldIndex } from '../cache/render-cache.js';
import { writeFileIn, writePage, type PageWrite, type Written } from '../../write/page-file.js';
import { PackWriter, type PackFile } from '../cache/pack-writer.js';
import { ensureParent } from '../../write/write.js';
import type { TemplateModule } from '../compile/templates.js';
import type { MarkdownEngine } from '../markdown/markdown.js';
import { markdownContext } from '../markdown/markdown-rules.js';
import type { TemplateGraph } from '../compile/template-keys.js';

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
  /** Every page's route, title and section, for list blocks (listing.ts); default none. */
  listing?: ListedPage[];
  stagingDir: string;
  /** The output folder the build replaces, whose unchanged pages are reused (fromCache). */
  previousDir?: string;
  /** Render-cache folder; undefined disables the cache. */
  cacheDir?: string;
  /** Names this build's temporary packs (pack-writer.ts), so a failed build can delete them. */
  packTag?: string;
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
  /** This thread's pack of new render-cache entries (pack-writer.ts), when the cache is on. */
  pack?: PackWriter;
  /**
   * Where rendered pages go: written now (returning the page's size and its render-cache entry, if
   * one was made) or queued for the writer thread (whose sizes and entries come back later, render-pool.ts).
   */
  write: (page: PageWrite) => Written | undefined;
  /** Called after each page renderMany renders (progress on the main thread). */
  onPage?: () => void;
  /**
   * Whether the output already holds a page with this checksum at this path (a dev build writing in
   * place): its size in bytes when so, and the page is neither copied nor rendered.
   */
  kept?: (file: string, sum: string) => number | undefined;
};

export function contextFrom(
  setup: RenderSetup,
  templates: TemplateModule,
  engine: MarkdownEngine,
  /** The render cache's index a dev session holds between builds (never sent to a worker). */
  held?: HeldIndex,
): PageRenderer {
  const { site } = setup;
  const reviewRoutes = new Map(Object.entries(setup.reviewRoutes));
  const dirs = new Set<string>([setup.stagingDir]);
  const pack = setup.cacheDir ? new PackWriter(setup.cacheDir, setup.packTag) : undefined;
  return {
    site,
    templates,
    assets: setup.assets,
    year: setup.year,
    reviewRoutes: setup.reviewRoutes,
    listing: setup.listing ?? [],
    markdown: markdownContext(site, reviewRoutes),
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
          setup.listing,
          held,
        )
      : undefined,
    dirs,
    pack,
    write: (page) => writePage(dirs, page, pack),
  };
}

/**
 * Stores this build's pages in the render cache once its output is in place (or has failed): the
 * packs its threads wrote (`packs`) are renamed into place, and the index records every page's entry.
 * A cache that cannot be written only costs speed on the next build.
 */
export function saveRendered(cache: RenderCache, outcomes: readonly PageOutcome[], packs: readonly PackFile[]) {
  try {
    cache.save(
      outcomes.flatMap((o) => (o.entry ? [o.entry] : [])),
      undefined,
      undefined,
      packs,
    );
  } catch {
    // An index that cannot be written only costs speed on the next build.
  }
}

/*
 * Cache reads and copies use synchronous calls: on the machines measured, promise-based fs
 * calls cost about ten times as much per small file (4,000 reads: 45 ms sync, 370–430 ms with
 * Promise.all). A one-thread render of a large site hands fresh pages to the page-writer thread.
 */
/**
 * The previous output's copy of a page, when it holds exactly the bytes the cache has for it (`sum`)
 * and nothing else shares its inode (one link): a warm build links it into the staging folder, so
 * the new output takes over the file the old one gives up (deleted after the swap) instead of a
 * copy. Making thousands of new files costs a warm build twice its time on a disk that is slow to
 * allocate them. Only a regular file is opened (never followed through a link, never a FIFO).
 */
function previousPage(setup: RenderSetup, file: string, sum: string): [file: string, bytes: number] | undefined {
  if (!setup.previousDir || !plainFolders(setup, path.dirname(file))) return undefined;
  const old = path.join(setup.previousDir, file);
  let fd: number | undefined;
  try {
    fd = openSync(old, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.nlink !== 1) return undefined;
    const bytes = readFileSync(fd);
    return checksum(bytes) === sum ? [old, bytes.byteLength] : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Per build (its setup): whether each folder inside the previous output is a real folder all the way down. */
const plain = new WeakMap<RenderSetup, Map<string, boolean>>();
/** Whether `rel` inside the previous output is made of real folders, no symbolic link among them. */
function plainFolders(setup: RenderSetup, rel: string): boolean {
  if (rel === '.' || rel === '') return true;
  let known = plain.get(setup);
  if (!known) {
    known = new Map();
    plain.set(setup, known);
  }
  let ok = known.get(rel);
  if (ok === undefined) {
    const stat = lstatSync(path.join(setup.previousDir!, rel), { throwIfNoEntry: false });
    ok = plainFolders(setup, path.dirname(rel)) && !!stat?.isDirectory();
    known.set(rel, ok);
  }
  return ok;
}

/** Puts a page from the render cache into the staging folder, or returns undefined on a miss. */
export function fromCache(r: PageRenderer, setup: RenderSetup, index: number): PageOutcome | undefined {
  if (!r.cache) return undefined;
  const page = setup.site.pages[index]!;
  const [key, templates] = r.cache.lookupKey(page) ?? [];
  const known = key && r.cache.known(key);
  if (!known) return undefined;
  const [sum, diagnostics] = known;
  const size = r.kept?.(page.url.file, sum);
  if (size !== undefined)
    return { index, bytes: size, cached: true, diagnostics, entry: [key, sum, diagnostics, templates] };
  const reused = previousPage(setup, page.url.file, sum);
  if (reused) {
    const abs = path.join(setup.stagingDir, page.url.file);
    ensureParent(r.dirs, abs);
    try {
      linkSync(reused[0], abs);
      return { index, bytes: reused[1], cached: true, diagnostics, entry: [key, sum, diagnostics, templates] };
    } catch {
      // Gone meanwhile, or links impossible here: take the cache's copy.
    }
  }
  const hit = r.cache.get(key);
  if (!hit) return undefined;
  // A file of the output's own, holding the bytes just checked: never a link to the cache.
  writeFileIn(r.dirs, path.join(setup.stagingDir, page.url.file), hit.html);
  return {
    index,
    bytes: hit.html.byteLength,
    cached: true,
    diagnostics: hit.diagnostics,
    entry: [key, hit.sum, hit.diagnostics, templates],
  };
}

/**
 * Renders pages one after another and hands each to `r.write`: an inline synchronous write, or the
 * page-writer thread's queue (the render thread goes straight on to the next page).
 */
export function renderMany(
  r: PageRenderer,
  setup: RenderSetup,
  indices: readonly number[],
  pages: readonly Page[] = indices.map((i) => setup.site.pages[i]!),
): PageOutcome[] {
  const outcomes: PageOutcome[] = [];
  for (let k = 0; k < indices.length; k++) {
    const page = pages[k]!;
    // Notes the templates files this page's render used: its cache key depends on those alone.
    const [rendered, noted] = r.templates.recordDeps(() => renderPage(r, page));
    // The thread that writes the page counts its bytes as it encodes them (the writer thread's, later).
    const outcome: PageOutcome = { index: indices[k]!, bytes: 0, cached: false, diagnostics: rendered.diagnostics };
    outcomes.push(outcome);
    r.onPage?.();
    if (!rendered.html) continue;
    const [key, templates] = r.cache?.keyAfterRender(page, noted) ?? [];
    const { html } = rendered;
    const file = path.join(setup.stagingDir, page.url.file);
    const written = r.write({ index: outcome.index, file, html, cache: !!key });
    if (written) outcome.bytes = written[0];
    // Filled in later when the writer thread made the entry; no checksum means no entry.
    if (key) outcome.entry = [key, written?.[1] ?? '', rendered.diagnostics, templates, written?.[2]];
  }
  return outcomes;
}
