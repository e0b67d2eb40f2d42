import { existsSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sortDiagnostics, type Diagnostic } from '../support/diagnostics/diagnostics.js';
import type { Site, SourceFile } from '../model.js';
import { cacheDir, templatesDir } from '../support/package/paths.js';
import { DEFAULT_TEMPLATES } from './render/compile/template-layers.js';
import { unusedTemplates } from './render/compile/unused-templates.js';
import { loadContent, type LoadedContent } from './load/load.js';
import { publicFiles } from './load/public-files.js';
import { leftoverWarning, writeProblem } from './write/write-problem.js';
import { parsePageDetached, type ParsedPage } from './validate/parse-page.js';
import { FrontmatterCache } from './load/frontmatter.js';
import { validateContent, reviewRoutesOf } from './validate/validate.js';
import type { CompiledTemplates } from './render/compile/templates.js';
import type { BuiltAssets } from './render/compile/assets.js';
import { compileOrReuse, type CompiledFrom, type CompileOutcome } from './render/compile/compile-cache.js';
import { groupTemplateThrows, renderNotFound, templateThrew } from './render/page/render.js';
import { contextFrom, saveRendered, type RenderSetup } from './render/page/render-pages.js';
import { packTag, removeTempPacks } from './render/cache/pack-writer.js';
import { takeCacheWarnings } from './load/cache-file.js';
import { RenderPool, renderAll, workerCount } from './render/threads/render-pool.js';
import { availableCores } from './render/threads/cores.js';
import { unwritable } from './render/compile/code-dir.js';
import { loadMarkdownEngine } from './render/markdown/remark-plugins.js';
import type { MarkdownEngine } from './render/markdown/markdown.js';
import { robotsTxt, sitemapXml } from './route/sitemap.js';
import { atomFeed } from './route/feed.js';
import { pageListing } from './render/page/listing.js';
import { ForeignOutputError, Staging, hasLeftovers, recoverOutput, type OutputFiles } from './write/write.js';
import { lockOutput, type OutputLock } from './write/lock.js';
import { LockFileError } from './write/lock-file.js';
import { makeDirs } from '../support/fs/make-dirs.js';
import { Precreator } from './write/precreate.js';
import { FEED_PATH, fileForRoute, isValidRoute } from '../urls/urls.js';
import { checkBodies } from './render/markdown/check-bodies.js';
import { MARKER, unsafeOutDir } from './write/out-dir.js';
import { GENERATED, outputClashes } from './write/clashes.js';
import { netlifyHeaders, vercelJson } from './write/hosting.js';
import { nginxRedirects, redirectPage, redirectPageFile, underscoreRedirects } from './write/redirects.js';
import { applyOfferStates, type OfferCounts } from './validate/offers.js';
import { rateOperators } from '../domain/ratings.js';
import { futureDates } from './validate/future-dates.js';
import { ReferenceDateError, referenceDate, type StaleSeverity } from '../domain/staleness.js';

export interface BuildOptions {
  /** Project folder holding content/ (and optionally templates/). Default: the current folder. */
  root?: string;
  /** Output folder. Default: `<root>/dist`. */
  outDir?: string;
  /** The real clock (tests pin it): the reference date when `today` and $PA_SITE_TODAY are unset. */
  now?: Date;
  /**
   * The date offers are judged against (staleness): a Date or YYYY-MM-DD. Default: $PA_SITE_TODAY,
   * else `now`, else the real clock.
   */
  today?: Date | string;
  /**
   * `error` makes every aging or withheld offer a build error (the build fails, exit 1). Default:
   * content/site.yaml `offers.stale`, else `warning`.
   */
  staleOffers?: StaleSeverity;
  /**
   * Render threads, the main thread included: a number, or 'auto' (default: one below 2,000 pages,
   * then one per 500, at most one per core).
   */
  workers?: number | 'auto';
  /**
   * Reuse rendered pages from the persistent render cache, and compiled templates from the compile
   * cache (default true). False renders every page and compiles the templates.
   */
  cache?: boolean;
  /** Render-cache folder (default: node_modules/.cache/pa-site/render, or $PA_SITE_CACHE_DIR/render). */
  cacheDir?: string;
  /** Let the build delete files in the output folder that no pa-site build wrote (default false: it stops). */
  clean?: boolean;
  /**
   * Compiled templates and/or assets from an earlier build to reuse: the dev server passes the part
   * that no changed file went into. Ignored when `dir` is not this build's templates folder.
   */
  compiled?: Partial<Compiled> & { dir: string };
  /** Build the pages marked `draft: true` too, as `pa-site dev` does (default false: left out, and counted). */
  drafts?: boolean;
  /** Told of a wait while another build writes into the same output folder. */
  onStatus?: (message: string) => void;
  /** Called as the build moves through its stages and as pages finish rendering (the CLI draws progress). */
  onProgress?: (progress: BuildProgress) => void;
}

export type BuildStage = 'load' | 'validate' | 'compile' | 'render' | 'write';

/** Where a build is: the stage it has entered and, while rendering, pages finished out of all pages. */
export interface BuildProgress {
  stage: BuildStage;
  done: number;
  total: number;
}

/** Templates and assets compiled for a build; reusable while no file under templates/ changes. */
export interface Compiled {
  templates: CompiledTemplates;
  assets: BuiltAssets;
  dir: string;
}

/** Where rendered pages are cached between builds. */
export const renderCacheDir = path.join(cacheDir, 'render');

export interface BuildTimings {
  load: number;
  validate: number;
  compile: number;
  render: number;
  write: number;
  total: number;
}

export interface BuildResult {
  ok: boolean;
  root: string;
  outDir: string;
  /** Routes of the content pages written. */
  routes: string[];
  pages: number;
  files: number;
  bytes: number;
  timings: BuildTimings;
  diagnostics: Diagnostic[];
  /** The validated site, when validation passed (check and dev reuse it). */
  site?: Site;
  /** Threads that rendered (1 = the main thread alone; 0 = every page came from the cache). */
  workers: number;
  /** Pages taken from the render cache. */
  cacheHits: number;
  /** What this build compiled (or reused), for the next build to reuse. */
  compiled?: Compiled;
  /** Where the compiled templates and assets came from: esbuild, the compile cache, or the caller's `compiled`. */
  compiledFrom?: CompiledFrom;
  /** Routes rendered afresh (not taken from the render cache): the pages whose output changed. */
  renderedRoutes: string[];
  /**
   * The render cache's checksum of each page's HTML (render-cache.ts `checksum`), by route, for the
   * pages it holds: the dev server tells changed pages by them without reading the output.
   */
  checksums: Map<string, string>;
  /** Offers past the warn age that pages still show (`aging`) or withhold (`withheld`); zero before validation. */
  offers: OfferCounts;
  /** Pages marked `draft: true` left out of the site (0 when `drafts` builds them). */
  draftsLeftOut: number;
}

/**
 * Builds the site: load → validate → compile templates and assets → render → write. Never exits
 * the process; a result with `ok: false` carries every diagnostic, and the previous output folder
 * is left untouched.
 */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const threads: Threads = {};
  try {
    return await buildWith(options, threads);
  } finally {
    await threads.pool?.then((p) => p.close()).catch(() => undefined);
    // Opened for a build that then failed before its write step: removed, as a failed write step removes it.
    await threads.early?.then((e) => (e && !e.taken ? closeEarly(e) : undefined)).catch(() => undefined);
  }
}

/** What a cold build starts while it reads and validates: its render threads, and its output opened early. */
interface Threads {
  pool?: Promise<RenderPool>;
  early?: Promise<EarlyOutput | undefined>;
}

/**
 * A parallel cold build's output, locked and its staging folder opened while validation runs, so that
 * its page files are made meanwhile (precreate.ts). The write step takes it over (`taken`).
 */
interface EarlyOutput {
  lock: OutputLock;
  staging: Staging;
  precreator: Precreator;
  taken: boolean;
}

/**
 * Locks the output and opens its staging folder for precreation, or undefined: when another build
 * holds the lock (never waited for here: a build whose content fails must not wait on another), when
 * the output's parent folder does not exist yet (nothing is made before validation passes), or on any
 * failure, which the write step then meets and reports itself.
 */
async function openEarly(outDir: string): Promise<EarlyOutput | undefined> {
  if (!existsSync(path.dirname(outDir))) return undefined;
  let lock: OutputLock | undefined;
  let staging: Staging | undefined;
  try {
    lock = await lockOutput(outDir, { waitMs: 0 });
    staging = await Staging.open(outDir);
    return { lock, staging, precreator: await Precreator.start(staging.dir), taken: false };
  } catch {
    await staging?.abort().catch(() => undefined);
    lock?.release();
    return undefined;
  }
}

async function closeEarly(e: EarlyOutput): Promise<void> {
  try {
    await e.precreator.stop();
    await e.staging.abort();
  } finally {
    e.lock.release();
  }
}

/** The render cache has nothing yet (or is off): every page will render, so threads can start early. */
function coldCache(options: BuildOptions): boolean {
  if (options.cache === false) return true;
  return !existsSync(path.join(options.cacheDir ?? renderCacheDir, 'index.json'));
}

async function buildWith(options: BuildOptions, threads: Threads): Promise<BuildResult> {
  const run = new BuildRun(options);
  if (!(await outputUsable(run, options))) return run.done();

  const tplDir = templatesDir(run.root);
  const reuse = options.compiled?.dir === tplDir ? options.compiled : undefined;
  const compiling = compileOrReuse(tplDir, reuse, options.cache !== false);
  compiling.catch(() => undefined); // awaited (and reported) by the compile step
  run.progress('load');
  // On a cold build, render workers load their code while the main thread reads and validates the pages.
  const cold = coldCache(options);
  const loaded = loadContent(run.root, (pages) => {
    if (!cold) return;
    const count = workerCount(pages, options.workers);
    threads.pool = RenderPool.start(count);
    threads.pool.catch(() => undefined); // awaited (and reported) when rendering starts
    // A parallel build makes its page files while it validates, on a core its render threads leave free
    // (precreate.ts). Where every core renders, that thread would slow the others: 4,000 pages on two
    // cores built 9% slower with it.
    if (count >= 2 && count < availableCores()) threads.early = openEarly(run.outDir);
  });
  run.lap('load');
  // The workers import the compiled templates as soon as they exist, not once validation is over.
  if (threads.pool)
    void Promise.all([threads.pool, compiling]).then(
      ([pool, c]) => pool.prepare(c.templates.file),
      () => undefined,
    );

  run.progress('validate');
  const cache = usableCache(run, options);
  const site = await validated(run, loaded, cache, threads, options);
  run.lap('validate');
  if (!site || !datedOffers(run, site, loaded, options)) return run.done();
  const engine = await markdownEngine(run, site);
  if (!engine) {
    await compiling.catch(() => undefined);
    return run.done();
  }

  run.progress('compile');
  const compiled = await compiledTemplates(run, tplDir, compiling);
  if (!compiled) return run.done();
  run.lap('compile');

  const publicOut = await publicOutput(run, site, compiled);
  if (run.failed) return run.done();
  return await written(run, { options, threads, site, engine, compiled, tplDir, publicOut, cache });
}

/** One build as it moves through the stages: the result it fills in, its timings and its progress. */
class BuildRun {
  readonly root: string;
  readonly outDir: string;
  readonly result: BuildResult;
  private readonly t0 = performance.now();
  private mark = this.t0;

  constructor(private readonly options: BuildOptions) {
    this.root = path.resolve(options.root ?? '.');
    this.outDir = path.resolve(this.root, options.outDir ?? 'dist');
    this.result = {
      ok: false,
      root: this.root,
      outDir: this.outDir,
      routes: [],
      pages: 0,
      files: 0,
      bytes: 0,
      timings: { load: 0, validate: 0, compile: 0, render: 0, write: 0, total: 0 },
      diagnostics: [],
      workers: 0,
      cacheHits: 0,
      renderedRoutes: [],
      checksums: new Map(),
      offers: { aging: 0, withheld: 0 },
      draftsLeftOut: 0,
    };
  }

  /** Records the time since the last lap as `stage`'s. */
  lap(stage: keyof BuildTimings): void {
    const now = performance.now();
    this.result.timings[stage] = now - this.mark;
    this.mark = now;
  }

  progress(stage: BuildStage, done = 0, total = 0): void {
    this.options.onProgress?.({ stage, done, total });
  }

  report(diagnostics: Iterable<Diagnostic>): void {
    for (const d of diagnostics) this.result.diagnostics.push(d); // a loop: there may be more than spread allows
  }

  get failed(): boolean {
    return this.result.diagnostics.some((d) => d.severity === 'error');
  }

  /** The result, with its total time and its diagnostics in order. */
  done(): BuildResult {
    this.report(takeCacheWarnings());
    this.result.timings.total = performance.now() - this.t0;
    sortDiagnostics(this.result.diagnostics);
    return this.result;
  }

  /** The result with an output-step failure as its diagnostic. */
  outputFailed(e: unknown): BuildResult {
    outputFailed(this.result, e);
    return this.done();
  }
}

/**
 * Whether the output folder may be built into: not one pa-site refuses, and with the previous
 * output put back first when a build was killed mid-write (even if this build then fails).
 */
async function outputUsable(run: BuildRun, options: BuildOptions): Promise<boolean> {
  const unsafe = unsafeOutDir(run.root, run.outDir, options.outDir ?? 'dist', options.clean);
  if (unsafe) {
    run.report([
      {
        severity: 'error',
        code: 'unsafe-out-dir',
        file: path.relative(run.root, run.outDir).split(path.sep).join('/') || '.',
        line: 1,
        col: 1,
        field: '--out',
        message: unsafe.message,
        hint: unsafe.hint,
      },
    ]);
    return false;
  }
  if (!hasLeftovers(run.outDir)) return true;
  try {
    const lock = await lockOutput(run.outDir, options.onStatus);
    try {
      await recoverOutput(run.outDir);
    } finally {
      lock.release();
    }
    return true;
  } catch (e) {
    run.outputFailed(e);
    return false;
  }
}

/** The render-cache folder to use, if any: one that cannot be written only costs speed, said once. */
function usableCache(run: BuildRun, options: BuildOptions): string | undefined {
  const cache = options.cache === false ? undefined : (options.cacheDir ?? renderCacheDir);
  const problem = cache && unwritable(cache);
  if (!cache || !problem) return cache;
  run.report([
    {
      severity: 'warning',
      code: 'cache-unwritable',
      file: cache,
      line: 1,
      col: 1,
      field: '',
      message: `the render cache folder cannot be written (${problem.code ?? problem.message}); building without it`,
      hint: `make ${cache} writable, set PA_SITE_CACHE_DIR to a writable folder, or pass --no-cache`,
    },
  ]);
  return undefined;
}

/** The validated site, or undefined with every problem reported (later checks included). */
async function validated(
  run: BuildRun,
  loaded: LoadedContent,
  cache: string | undefined,
  threads: Threads,
  options: BuildOptions,
): Promise<Site | undefined> {
  const splitter = new FrontmatterCache(cache && path.join(cache, 'frontmatter.json'));
  const parsed = await parsedByWorkers(threads, loaded, splitter, (pages) => precreate(threads, pages));
  const v = validateContent(run.root, loaded, splitter, parsed, options.drafts === true);
  const { site, diagnostics, checkable, failedBodies } = v;
  run.result.draftsLeftOut = v.draftsLeftOut;
  splitter.save();
  run.report(diagnostics);
  if (!site && checkable) run.report(await laterChecks(run.root, checkable, failedBodies));
  return site;
}

/**
 * Decides what each offer shows at its age on the reference date, once, so the render cache keys
 * on it. False when the reference date is not a date.
 */
function datedOffers(run: BuildRun, site: Site, loaded: LoadedContent, options: BuildOptions): boolean {
  let today: Date;
  try {
    today = referenceDate(options.today, options.now);
  } catch (e) {
    if (!(e instanceof ReferenceDateError)) throw e;
    run.report([
      {
        severity: 'error',
        code: 'reference-date',
        file: 'content/site.yaml',
        line: 1,
        col: 1,
        field: 'offers',
        message: e.message,
        hint: 'pass --today YYYY-MM-DD, or unset PA_SITE_TODAY to use the real date',
      },
    ]);
    return false;
  }
  run.report(futureDates(site, loaded, today));
  const offers = applyOfferStates(site, loaded.operators, today, options.staleOffers);
  // A withheld offer no longer counts toward a rating, so ratings and ranks follow the date too.
  site.operators = rateOperators(site.operators, site.config);
  run.report(offers.diagnostics);
  run.result.offers = offers.counts;
  run.result.site = site;
  return true;
}

/** The Markdown engine, with its plugins imported while templates compile; undefined when a plugin is broken. */
async function markdownEngine(run: BuildRun, site: Site): Promise<MarkdownEngine | undefined> {
  const markdown = await loadMarkdownEngine(site.markdown);
  run.report(markdown.diagnostics);
  return markdown.engine;
}

/** The compiled templates and assets, or undefined with each esbuild error at its place. */
async function compiledTemplates(
  run: BuildRun,
  tplDir: string,
  compiling: Promise<CompileOutcome>,
): Promise<CompileOutcome | undefined> {
  try {
    const compiled = await compiling;
    run.result.compiled = { templates: compiled.templates, assets: compiled.assets, dir: tplDir };
    run.result.compiledFrom = compiled.from;
    run.report(unusedTemplates(run.root, tplDir, [...compiled.templates.inputs, ...compiled.assets.inputs]));
    return compiled;
  } catch (e) {
    const err = e as Error & { errors?: { text: string; location?: { file: string; line: number; column: number } }[] };
    run.report(
      (err.errors ?? [{ text: err.message }]).map((m) => ({
        severity: 'error' as const,
        code: 'template-compile',
        // esbuild's paths are relative to the compile's working folder, pa-site's templates.
        file: m.location
          ? path.relative(run.root, path.resolve(DEFAULT_TEMPLATES, m.location.file)).split(path.sep).join('/')
          : path.relative(run.root, tplDir),
        line: m.location?.line ?? 1,
        col: (m.location?.column ?? 0) + 1,
        field: '',
        message: m.text,
        hint: 'fix the template or stylesheet; the previous output was left as it was',
      })),
    );
    return undefined;
  }
}

/** The files of content/public, with every output path checked for a second claimant. */
async function publicOutput(run: BuildRun, site: Site, compiled: CompileOutcome): Promise<OutputFiles> {
  const { files, diagnostics } = await publicFiles(run.root);
  run.report(diagnostics);
  const generated: Record<string, string> = { ...OWN_FILES };
  for (const rel of compiled.assets.files.keys()) generated[rel] = 'an asset pa-site bundles from templates/';
  for (const r of site.config.redirects) generated[redirectPageFile(r)] = `the redirect page for ${r.from} (site.yaml)`;
  run.report(outputClashes(run.root, site.pages, [...files.keys()], generated));
  return files;
}

/** Has the output opened early make the output files of pages just parsed (in parse order, as they render). */
function precreate(threads: Threads, pages: readonly (readonly [number, ParsedPage])[]): void {
  if (!threads.early) return;
  const files: string[] = [];
  for (const [, p] of pages) if (p.draft && isValidRoute(p.draft.route)) files.push(fileForRoute(p.draft.route));
  void threads.early.then((e) => e?.precreator.add(files));
}

/** What the write step needs from the stages before it. */
interface Rendering {
  options: BuildOptions;
  threads: Threads;
  site: Site;
  engine: MarkdownEngine;
  compiled: CompileOutcome;
  tplDir: string;
  publicOut: OutputFiles;
  cache: string | undefined;
}

/**
 * Renders every page into a staging folder beside the output and swaps it in when all succeeded;
 * the output is locked meanwhile, and any failure leaves the previous output as it was.
 */
async function written(run: BuildRun, r: Rendering): Promise<BuildResult> {
  let lock: OutputLock;
  let staging: Staging;
  let setup: RenderSetup | undefined;
  const early = await r.threads.early;
  if (early) {
    early.taken = true;
    lock = early.lock;
  } else
    try {
      makeDirs(path.dirname(run.outDir)); // --out build/site in a fresh clone
      lock = await lockOutput(run.outDir, r.options.onStatus);
    } catch (e) {
      return run.outputFailed(e);
    }
  try {
    // Render workers import the bundle by path: mark it in use so no other build prunes it (code-dir.ts).
    touch(r.compiled.templates.file);
    touch(`${r.compiled.templates.file}.map`);
    try {
      staging = early?.staging ?? (await Staging.open(run.outDir));
    } catch (e) {
      return run.outputFailed(e);
    }
    try {
      const ready = renderSetup(run, r, staging.dir);
      setup = ready;
      // Written by this thread while the render workers start on their first pages.
      const writeFixed = () => {
        for (const [rel, data] of fixedFiles(run, r, ready)) staging.write(rel, data);
      };
      const { store, pagesWritten } = await renderedPages(run, r, setup, staging, writeFixed);
      // No page file is made early after this.
      await early?.precreator.stop();
      if (run.failed) {
        // Pages that did render are kept for the next build (their packs are written already).
        store();
        await staging.abort();
        return run.done();
      }
      // A file made early that no page went into stays empty: deleted. (No other file shares a
      // page's path: outputClashes makes that an error.)
      early?.precreator.removeUnwritten(pagesWritten);
      run.progress('write');
      await staging.commit(r.options.clean);
      // The new output is in place: its new pages' packs go into the render cache while the old output is deleted.
      store();
      const left = await staging.removed();
      if (left) run.report([leftoverWarning(run.root, left.dir, left.error)]);
    } catch (e) {
      // Report what failed, not a failed clean-up after it (the next build removes a staging folder left behind).
      await early?.precreator.stop().catch(() => undefined);
      await staging.abort().catch(() => undefined);
      // Every thread that wrote pages has stopped: none of this build's packs will be renamed into place.
      if (setup?.cacheDir && setup.packTag) removeTempPacks(setup.cacheDir, setup.packTag);
      return run.outputFailed(e);
    }
    run.result.bytes = staging.bytes;
    run.result.files = staging.files;
    run.lap('write');
    run.result.ok = true;
    run.result.routes = r.site.pages.map((p) => p.route);
    run.result.pages = r.site.pages.length;
    return run.done();
  } finally {
    lock.release();
  }
}

/** Everything a render thread needs to render any page of this build. */
function renderSetup(run: BuildRun, r: Rendering, stagingDir: string): RenderSetup {
  const { templates, assets } = r.compiled;
  return {
    site: r.site,
    templatesFile: templates.file,
    templatesHash: templates.graph.global,
    templateGraph: templates.graph,
    assets: assets.refs,
    year: copyrightYear(r.options),
    reviewRoutes: Object.fromEntries(reviewRoutesOf(r.site)),
    listing: pageListing(r.site, templates.module),
    stagingDir,
    previousDir: run.outDir,
    cacheDir: r.cache,
    packTag: packTag(),
  };
}

/**
 * The footer's year: the build's date, the one offers are judged against (`today`), so a build dated
 * 2025-01-20 prints 2025 whatever the clock says. A bad date has failed the build already.
 */
function copyrightYear(options: BuildOptions): number {
  try {
    return referenceDate(options.today, options.now).getUTCFullYear();
  } catch {
    return (options.now ?? new Date()).getFullYear();
  }
}

/** The files besides pages: public files, assets, the not-found page, sitemaps and host files, redirects. */
function fixedFiles(run: BuildRun, r: Rendering, setup: RenderSetup): OutputFiles {
  const { site, compiled } = r;
  const fixed: OutputFiles = new Map(r.publicOut);
  for (const [rel, data] of compiled.assets.files) fixed.set(rel, data);
  try {
    fixed.set('404.html', renderNotFound(contextFrom(setup, compiled.templates.module, r.engine)));
  } catch (e) {
    run.report([templateThrew(e, run.root, undefined, 'NotFoundPage')]);
  }
  fixed.set('sitemap.xml', sitemapXml(site.pages));
  fixed.set(FEED_PATH.slice(1), atomFeed(site));
  fixed.set('robots.txt', robotsTxt(site.config.url, site.config.base));
  fixed.set('_headers', netlifyHeaders(site.config));
  fixed.set('vercel.json', vercelJson(site.config));
  fixed.set('_redirects', underscoreRedirects(site.config.redirects, site.config.base));
  fixed.set('nginx-redirects.conf', nginxRedirects(site.config.redirects, site.config.base));
  for (const rd of site.config.redirects) fixed.set(redirectPageFile(rd), redirectPage(rd, site.config, setup.assets));
  return fixed;
}

/**
 * Renders every page (from the render cache where it can) into the staging folder. Returns what
 * stores the new pages in the render cache (their packs renamed into place, the index written).
 */
async function renderedPages(
  run: BuildRun,
  r: Rendering,
  setup: RenderSetup,
  staging: Staging,
  first: () => void,
): Promise<{ store: () => void; pagesWritten: Set<string> }> {
  const { result } = run;
  const total = r.site.pages.length;
  run.progress('render', 0, total);
  const { outcomes, workers, cache, packs } = await renderAll(
    setup,
    r.compiled.templates.module,
    r.engine,
    r.options.workers,
    (done) => run.progress('render', done, total),
    await r.threads.pool,
    first,
  );
  const pagesWritten = new Set<string>();
  for (const o of outcomes) {
    run.report(o.diagnostics);
    const page = r.site.pages[o.index]!;
    if (o.bytes) {
      staging.count(o.bytes);
      pagesWritten.add(page.url.file);
    }
    const route = page.route;
    if (o.cached) result.cacheHits += 1;
    else result.renderedRoutes.push(route);
    if (o.entry?.[1]) result.checksums.set(route, o.entry[1]);
  }
  if (result.diagnostics.some((d) => d.code === 'render')) result.diagnostics = groupTemplateThrows(result.diagnostics);
  result.workers = workers;
  run.lap('render');
  const store = () => {
    if (cache) saveRendered(cache, outcomes, packs);
  };
  return { store, pagesWritten };
}

/** Files every build writes besides pages and public files, with what each is. */
const OWN_FILES: Readonly<Record<string, string>> = { ...GENERATED, [MARKER]: "pa-site's marker file" };

/**
 * What the stages after validation would also have reported for a site that failed it: Markdown
 * problems and files that claim one output path. One run then lists every problem.
 */
async function laterChecks(
  root: string,
  site: Site,
  failedBodies: Parameters<typeof checkBodies>[2] = [],
): Promise<Diagnostic[]> {
  const markdown = await loadMarkdownEngine(site.markdown);
  const found = markdown.engine ? checkBodies(site, markdown.engine, failedBodies) : [];
  const pub = await publicFiles(root);
  const clashes = outputClashes(root, site.pages, [...pub.files.keys()], OWN_FILES);
  // A remark plugin that does not load is reported here too, not on the run after.
  return [...markdown.diagnostics, ...found, ...pub.diagnostics, ...clashes];
}

/** `result` with the output step's failure as its diagnostic; rethrows what is not a write problem. */
function outputFailed(result: BuildResult, e: unknown): BuildResult {
  if (e instanceof ForeignOutputError) {
    result.diagnostics.push({
      severity: 'error',
      code: 'unsafe-out-dir',
      file: path.relative(result.root, result.outDir).split(path.sep).join('/') || '.',
      line: 1,
      col: 1,
      field: '--out',
      message: e.message,
      hint:
        e.hint ??
        'something replaced the output folder while pa-site was building: move it away or choose another --out',
    });
    return result;
  }
  if (e instanceof LockFileError) {
    result.diagnostics.push({
      severity: 'error',
      code: 'output-locked',
      file: path.relative(result.root, e.file).split(path.sep).join('/'),
      line: 1,
      col: 1,
      field: '',
      message: e.message,
      hint: `${e.hint}; the previous output was left as it was`,
    });
    return result;
  }
  const problem = writeProblem(result.root, result.outDir, e);
  if (!problem) throw e;
  result.diagnostics.push(problem);
  return result;
}

/**
 * On a cold build of a large site the render workers are already loading while validation runs:
 * they parse a share of the pages' frontmatter meanwhile. Without them (one render thread, or one
 * failed: the render stage reports a dead worker) this thread parses them alone (parsedHere).
 */
async function parsedByWorkers(
  threads: Threads,
  loaded: LoadedContent,
  splitter: FrontmatterCache,
  onParsed: (pages: readonly (readonly [number, ParsedPage])[]) => void,
): Promise<ReadonlyMap<number, ParsedPage> | undefined> {
  const pool = await threads.pool?.catch(() => undefined);
  if (pool && pool.threads >= 2) {
    const parsed = await pool.parse(loaded.pages, splitter, onParsed).catch(() => undefined);
    if (parsed) return parsed;
  }
  return parsedHere(loaded.pages, splitter);
}

/** Pages parsed between two turns of the event loop (parsedHere): about 5 ms of work. */
const PAGES_PER_TURN = 50;

/**
 * Parses the pages on this thread, giving the event loop a turn every PAGES_PER_TURN pages. The
 * template compile, started before the content was read, runs its esbuild plugins' callbacks on this
 * thread's event loop: a validation that never yields held the compile back until it ended (at
 * 4,000 pages, one thread, the compile then took another 0.1–0.3 s after validation).
 */
async function parsedHere(files: readonly SourceFile[], splitter: FrontmatterCache): Promise<Map<number, ParsedPage>> {
  const parsed = new Map<number, ParsedPage>();
  for (let i = 0; i < files.length; i++) {
    parsed.set(i, parsePageDetached(files[i]!, splitter));
    if (i % PAGES_PER_TURN === PAGES_PER_TURN - 1) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return parsed;
}

function touch(file: string): void {
  const now = new Date();
  try {
    utimesSync(file, now, now);
  } catch {
    // A bundle that vanished makes the workers' import fail with its own error.
  }
}
