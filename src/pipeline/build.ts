import { existsSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sortDiagnostics, type Diagnostic } from '../diagnostics.js';
import type { Site } from '../model.js';
import { cacheDir, templatesDir } from '../paths.js';
import { loadContent, type LoadedContent } from './load/load.js';
import { publicFiles } from './load/public-files.js';
import { writeProblem } from './write/write-problem.js';
import type { ParsedPage } from './validate/parse-page.js';
import { FrontmatterCache } from './load/frontmatter.js';
import { validateContent, reviewRoutesOf } from './validate/validate.js';
import type { CompiledTemplates } from './render/templates.js';
import type { BuiltAssets } from './render/assets.js';
import { compileOrReuse, type CompiledFrom, type CompileOutcome } from './render/compile-cache.js';
import { groupTemplateThrows, renderNotFound, templateThrew } from './render/render.js';
import { contextFrom, type RenderSetup } from './render/render-pages.js';
import { RenderPool, renderAll, workerCount } from './render/render-pool.js';
import { unwritable } from './render/code-dir.js';
import { loadMarkdownEngine } from './render/remark-plugins.js';
import { robotsTxt, sitemapXml } from './route/sitemap.js';
import { pageListing } from './render/listing.js';
import { ForeignOutputError, Staging, hasLeftovers, recoverOutput, type OutputFiles } from './write/write.js';
import { lockOutput, type OutputLock } from './write/lock.js';
import { makeDirs } from '../make-dirs.js';
import { checkBodies } from './render/check-bodies.js';
import { MARKER, unsafeOutDir } from './write/out-dir.js';
import { GENERATED, outputClashes } from './write/clashes.js';
import { netlifyHeaders, vercelJson } from './write/hosting.js';
import { nginxRedirects, redirectPage, redirectPageFile, underscoreRedirects } from './write/redirects.js';
import { applyOfferStates, type OfferCounts } from './validate/offers.js';
import { ReferenceDateError, referenceDate, type StaleSeverity } from '../staleness.js';

export interface BuildOptions {
  /** Project folder holding content/ (and optionally templates/). Default: the current folder. */
  root?: string;
  /** Output folder. Default: `<root>/dist`. */
  outDir?: string;
  /** Clock for the copyright year (tests pin it). */
  now?: Date;
  /**
   * The date offers are judged against (staleness): a Date or YYYY-MM-DD. Default: $PA_SITE_TODAY,
   * else `now`, else the real clock.
   */
  today?: Date | string;
  /**
   * `error` makes every ageing or withheld offer a build error (the build fails, exit 1). Default:
   * content/site.yaml `offers.stale`, else `warning`.
   */
  staleOffers?: StaleSeverity;
  /** Render threads, the main thread included: a number, or 'auto' (one per core for large sites; default). */
  workers?: number | 'auto';
  /**
   * Reuse rendered pages from the persistent render cache, and compiled templates from the compile
   * cache (default true). False renders every page and compiles the templates.
   */
  cache?: boolean;
  /** Render-cache folder (default: node_modules/.cache/pa-site/render, or $PA_SITE_CACHE_DIR/render). */
  cacheDir?: string;
  /**
   * Compiled templates and/or assets from an earlier build to reuse: the dev server passes the part
   * that no changed file went into. Ignored when `dir` is not this build's templates folder.
   */
  compiled?: Partial<Compiled> & { dir: string };
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
}

/**
 * Builds the site: load → validate → compile templates and assets → render → write. Never exits
 * the process; a result with `ok: false` carries every diagnostic, and the previous output folder
 * is left untouched.
 */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const threads: { pool?: Promise<RenderPool> } = {};
  try {
    return await buildWith(options, threads);
  } finally {
    await threads.pool?.then((p) => p.close()).catch(() => undefined);
  }
}

/** The render cache has nothing yet (or is off): every page will render, so threads can start early. */
function coldCache(options: BuildOptions): boolean {
  if (options.cache === false) return true;
  return !existsSync(path.join(options.cacheDir ?? renderCacheDir, 'index.json'));
}

async function buildWith(options: BuildOptions, threads: { pool?: Promise<RenderPool> }): Promise<BuildResult> {
  const t0 = performance.now();
  const root = path.resolve(options.root ?? '.');
  const outDir = path.resolve(root, options.outDir ?? 'dist');
  const timings: BuildTimings = { load: 0, validate: 0, compile: 0, render: 0, write: 0, total: 0 };
  const result: BuildResult = {
    ok: false,
    root,
    outDir,
    routes: [],
    pages: 0,
    files: 0,
    bytes: 0,
    timings,
    diagnostics: [],
    workers: 0,
    cacheHits: 0,
    renderedRoutes: [],
    checksums: new Map(),
    offers: { aging: 0, withheld: 0 },
  };
  const done = (r: BuildResult) => {
    timings.total = performance.now() - t0;
    sortDiagnostics(r.diagnostics);
    return r;
  };
  const unsafe = unsafeOutDir(root, outDir, options.outDir ?? 'dist');
  if (unsafe) {
    result.diagnostics.push({
      severity: 'error',
      code: 'unsafe-out-dir',
      file: path.relative(root, outDir).split(path.sep).join('/') || '.',
      line: 1,
      col: 1,
      field: '--out',
      message: unsafe.message,
      hint: unsafe.hint,
    });
    return done(result);
  }
  if (hasLeftovers(outDir)) {
    // A build was killed mid-write: put the previous output back first, even if this build fails.
    try {
      const lock = await lockOutput(outDir, options.onStatus);
      try {
        await recoverOutput(outDir);
      } finally {
        lock.release();
      }
    } catch (e) {
      return done(outputFailed(result, e));
    }
  }
  let mark = performance.now();
  const lap = (stage: keyof BuildTimings) => {
    const now = performance.now();
    timings[stage] = now - mark;
    mark = now;
  };
  const progress = (stage: BuildStage, done = 0, total = 0) => options.onProgress?.({ stage, done, total });

  const tplDir = templatesDir(root);
  const reuse = options.compiled?.dir === tplDir ? options.compiled : undefined;
  const compiling = compileOrReuse(tplDir, reuse, options.cache !== false);
  compiling.catch(() => undefined);
  progress('load');
  const loaded = loadContent(root);
  // On a cold build, render workers load their code while the main thread validates.
  if (coldCache(options)) {
    threads.pool = RenderPool.start(workerCount(loaded.pages.length, options.workers));
    threads.pool.catch(() => undefined); // awaited (and reported) when rendering starts
  }
  lap('load');
  progress('validate');
  let cache = options.cache === false ? undefined : (options.cacheDir ?? renderCacheDir);
  const cacheProblem = cache && unwritable(cache);
  if (cache && cacheProblem) {
    // A cache that cannot be written only costs speed: say so once, and build without it.
    result.diagnostics.push({
      severity: 'warning',
      code: 'cache-unwritable',
      file: cache,
      line: 1,
      col: 1,
      field: '',
      message:
        `the render cache folder cannot be written (${cacheProblem.code ?? cacheProblem.message}); ` +
        'building without it',
      hint: `make ${cache} writable, set PA_SITE_CACHE_DIR to a writable folder, or pass --no-cache`,
    });
    cache = undefined;
  }
  const splitter = new FrontmatterCache(cache && path.join(cache, 'frontmatter.json'));
  const { site, diagnostics, checkable, failedBodies } = validateContent(
    root,
    loaded,
    splitter,
    await parsedByWorkers(threads, loaded, splitter),
  );
  splitter.save();
  for (const d of diagnostics) result.diagnostics.push(d);
  lap('validate');
  if (!site) {
    if (checkable) result.diagnostics.push(...(await laterChecks(root, checkable, failedBodies)));
    return done(result);
  }
  let today: Date;
  try {
    today = referenceDate(options.today, options.now);
  } catch (e) {
    if (!(e instanceof ReferenceDateError)) throw e;
    result.diagnostics.push({
      severity: 'error',
      code: 'reference-date',
      file: 'content/site.yaml',
      line: 1,
      col: 1,
      field: 'offers',
      message: e.message,
      hint: 'pass --today YYYY-MM-DD, or unset PA_SITE_TODAY to use the real date',
    });
    return done(result);
  }
  // What each offer shows depends on its age today: decided once here, so the render cache keys on it.
  const offers = applyOfferStates(site, loaded.operators, today, options.staleOffers);
  result.diagnostics.push(...offers.diagnostics);
  result.offers = offers.counts;
  result.site = site;
  // Plugins import while templates compile; a broken plugin stops the build before anything renders.
  const markdown = await loadMarkdownEngine(site.markdown);
  result.diagnostics.push(...markdown.diagnostics);
  if (!markdown.engine) {
    await compiling.catch(() => undefined);
    return done(result);
  }
  const engine = markdown.engine;

  progress('compile');
  let compiled: CompileOutcome;
  try {
    compiled = await compiling;
  } catch (e) {
    const err = e as Error & { errors?: { text: string; location?: { file: string; line: number; column: number } }[] };
    for (const m of err.errors ?? [{ text: err.message }]) {
      result.diagnostics.push({
        severity: 'error',
        code: 'template-compile',
        file: m.location
          ? path.relative(root, path.resolve(tplDir, m.location.file)).split(path.sep).join('/')
          : path.relative(root, tplDir),
        line: m.location?.line ?? 1,
        col: (m.location?.column ?? 0) + 1,
        field: '',
        message: m.text,
        hint: 'fix the template or stylesheet; the previous output was left as it was',
      });
    }
    return done(result);
  }
  const { templates, assets } = compiled;
  result.compiled = { templates, assets, dir: tplDir };
  result.compiledFrom = compiled.from;
  lap('compile');

  const reviewRoutes = Object.fromEntries(reviewRoutesOf(site));
  const year = (options.now ?? new Date()).getFullYear();
  const { files: publicOut, diagnostics: publicSkipped } = await publicFiles(root);
  result.diagnostics.push(...publicSkipped);
  const generated: Record<string, string> = { ...OWN_FILES };
  for (const rel of assets.files.keys()) generated[rel] = 'an asset pa-site bundles from templates/';
  for (const r of site.config.redirects) generated[redirectPageFile(r)] = `the redirect page for ${r.from} (site.yaml)`;
  result.diagnostics.push(...outputClashes(root, site.pages, [...publicOut.keys()], generated));
  if (result.diagnostics.some((d) => d.severity === 'error')) return done(result);

  let lock: OutputLock;
  let staging: Staging;
  try {
    makeDirs(path.dirname(outDir)); // --out build/site in a fresh clone
    lock = await lockOutput(outDir, options.onStatus);
  } catch (e) {
    return done(outputFailed(result, e));
  }
  try {
    // Render workers import the bundle by path: mark it in use so no other build prunes it (code-dir.ts).
    touch(templates.file);
    try {
      staging = await Staging.open(outDir);
    } catch (e) {
      return done(outputFailed(result, e));
    }
    const setup: RenderSetup = {
      site,
      templatesFile: templates.file,
      templatesHash: templates.graph.global,
      templateGraph: templates.graph,
      assets: assets.refs,
      year,
      reviewRoutes,
      listing: pageListing(site, templates.module),
      stagingDir: staging.dir,
      previousDir: outDir,
      cacheDir: cache,
    };
    try {
      const fixed: OutputFiles = new Map(publicOut);
      for (const [rel, data] of assets.files) fixed.set(rel, data);
      try {
        fixed.set('404.html', renderNotFound(contextFrom(setup, templates.module, engine)));
      } catch (e) {
        result.diagnostics.push(templateThrew(e, path.relative(root, tplDir) || 'templates', 'NotFoundPage'));
      }
      fixed.set('sitemap.xml', sitemapXml(site.pages));
      fixed.set('robots.txt', robotsTxt(site.config.url));
      fixed.set('_headers', netlifyHeaders(site.config));
      fixed.set('vercel.json', vercelJson(site.config));
      fixed.set('_redirects', underscoreRedirects(site.config.redirects));
      fixed.set('nginx-redirects.conf', nginxRedirects(site.config.redirects));
      for (const r of site.config.redirects) fixed.set(redirectPageFile(r), redirectPage(r, site.config, assets.refs));
      await Promise.all([...fixed].map(([rel, data]) => staging.write(rel, data)));

      const total = site.pages.length;
      progress('render', 0, total);
      const { outcomes, workers } = await renderAll(
        setup,
        templates.module,
        engine,
        options.workers,
        (done) => progress('render', done, total),
        await threads.pool,
      );
      for (const o of outcomes) {
        for (const d of o.diagnostics) result.diagnostics.push(d); // a loop: there may be more than spread allows
        if (o.bytes) staging.count(o.bytes);
        const route = site.pages[o.index]!.route;
        if (o.cached) result.cacheHits += 1;
        else result.renderedRoutes.push(route);
        if (o.entry?.[1]) result.checksums.set(route, o.entry[1]);
      }
      if (result.diagnostics.some((d) => d.code === 'render'))
        result.diagnostics = groupTemplateThrows(result.diagnostics);
      result.workers = workers;
      lap('render');
      if (result.diagnostics.some((d) => d.severity === 'error')) {
        await staging.abort();
        return done(result);
      }
      progress('write');
      await staging.commit();
    } catch (e) {
      // Report what failed, not a failed clean-up after it (the next build removes a staging folder left behind).
      await staging.abort().catch(() => undefined);
      return done(outputFailed(result, e));
    }
    result.bytes = staging.bytes;
    result.files = staging.files;
    lap('write');
    result.ok = true;
    result.routes = site.pages.map((p) => p.route);
    result.pages = site.pages.length;
    return done(result);
  } finally {
    lock.release();
  }
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
      hint: 'something replaced the output folder while pa-site was building: move it away or choose another --out',
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
 * they parse a share of the pages' frontmatter meanwhile. Undefined (parse here) when there are no
 * workers or one failed (the render stage reports a dead worker).
 */
async function parsedByWorkers(
  threads: { pool?: Promise<RenderPool> },
  loaded: LoadedContent,
  splitter: FrontmatterCache,
): Promise<ReadonlyMap<number, ParsedPage> | undefined> {
  const pool = await threads.pool?.catch(() => undefined);
  if (!pool || pool.threads < 2) return undefined;
  return pool.parse(loaded.pages, splitter).catch(() => undefined);
}

function touch(file: string): void {
  const now = new Date();
  try {
    utimesSync(file, now, now);
  } catch {
    // A bundle that vanished makes the workers' import fail with its own error.
  }
}
