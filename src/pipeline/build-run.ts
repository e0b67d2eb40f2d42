/**
 * One build's run through the stages (`BuildRun`): the result it fills in, its timings and progress, and
 * what the render and write steps are handed by the stages before them (`Rendering`).
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sortDiagnostics, type Diagnostic } from '../support/diagnostics/diagnostics.js';
import type { Site } from '../model.js';
import type { BuildOptions, BuildStage } from './build-options.js';
import type { BuildResult, BuildTimings } from './build-result.js';
import type { CompileOutcome } from './render/compile/compile-cache.js';
import type { MarkdownEngine } from './render/markdown/markdown.js';
import type { Threads } from './render/threads/cold-start.js';
import type { OutputFiles } from './write/write.js';
import { takeCacheWarnings } from './load/cache-file.js';
import { outputFailure } from './write/output-failure.js';

/** One build as it moves through the stages: the result it fills in, its timings and its progress. */
export class BuildRun {
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
      draftPages: [],
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
    this.result.diagnostics.push(outputFailure(this.root, this.outDir, e));
    return this.done();
  }
}

/** What the write step needs from the stages before it. */
export interface Rendering {
  options: BuildOptions;
  threads: Threads;
  site: Site;
  engine: MarkdownEngine;
  compiled: CompileOutcome;
  tplDir: string;
  publicOut: OutputFiles;
  cache: string | undefined;
}
