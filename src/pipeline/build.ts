import type { Site } from '../model.js';
import { templatesDir } from '../support/package/paths.js';
import type { BuildOptions } from './build-options.js';
import type { BuildResult } from './build-result.js';
import { BuildRun } from './build-run.js';
import { loadContent } from './load/load.js';
import { coldCache, usableCache } from './render/cache/cache-folder.js';
import { compileOrReuse } from './render/compile/compile-cache.js';
import { compiledTemplates } from './render/compile/compiled-templates.js';
import { checkCustomTemplates } from './validate/custom-templates.js';
import type { MarkdownEngine } from './render/markdown/markdown.js';
import { loadMarkdownEngine } from './render/markdown/remark-plugins.js';
import { closeThreads, prepareThreads, startThreads, type Threads } from './render/threads/cold-start.js';
import { publicOutput } from './route/output-paths.js';
import { datedOffers } from './validate/dated-offers.js';
import { validated } from './validate/validated-site.js';
import { written } from './write/staged-write.js';
import { outputUsable } from './write/usable-output.js';

export type { BuildOptions, BuildProgress, BuildStage, Compiled } from './build-options.js';
export type { BuildResult, BuildTimings } from './build-result.js';

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
    await closeThreads(threads);
  }
}

async function buildWith(options: BuildOptions, threads: Threads): Promise<BuildResult> {
  // What the last build left to store in the render cache goes first: this build may look it up.
  options.memo?.flush();
  const run = new BuildRun(options);
  if (!(await outputUsable(run, options))) return run.done();

  // The templates compile (or come from a cache) while the content is read and validated.
  const tplDir = templatesDir(run.root);
  const reuse = options.compiled?.dir === tplDir ? options.compiled : undefined;
  const compiling = compileOrReuse(tplDir, reuse, options.cache !== false);
  compiling.catch(() => undefined); // awaited (and reported) by the compile step

  // Load. On a cold build, render workers load their code while the main thread reads and validates the pages.
  run.progress('load');
  const cold = coldCache(options);
  const loaded = loadContent(
    run.root,
    (pages) => {
      if (cold) startThreads(threads, pages, options.workers, run.outDir);
    },
    options.memo,
  );
  run.lap('load');
  prepareThreads(threads, compiling);

  // Validate: the site model, its offers dated, and the Markdown engine its pages name.
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
  // Pages of the site's own templates: a registered name, and their own fields as its schema asks.
  run.report(checkCustomTemplates(site.root, site.pages, compiled.templates.module));
  if (run.failed) return run.done();

  // Route: every output file (page, public file, asset, redirect page) has one claimant.
  const publicOut = await publicOutput(run, site, compiled);
  if (run.failed) return run.done();

  // Render and write: pages render into a staging folder beside the locked output, swapped in when all succeeded.
  return await written(run, { options, threads, site, engine, compiled, tplDir, publicOut, cache });
}

/** The Markdown engine, with its plugins imported while templates compile; undefined when a plugin is broken. */
async function markdownEngine(run: BuildRun, site: Site): Promise<MarkdownEngine | undefined> {
  const markdown = await loadMarkdownEngine(site.markdown);
  run.report(markdown.diagnostics);
  return markdown.engine;
}
