/** What a build is asked to do (`BuildOptions`), and what it tells its caller as it goes. */
import type { CompiledTemplates } from './render/compile/templates.js';
import type { BuiltAssets } from './render/compile/assets.js';
import type { StaleSeverity } from '../domain/staleness.js';
import type { BuildMemo } from './build-memo.js';

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
   * then one per 500, at most one per free core: the CPUs and cgroup quota less the load average).
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
  /**
   * What earlier builds in this process read and parsed, kept for the next (the dev server passes one
   * across saves): a file whose lstat did not change is not read again, a page whose text did not
   * change is not parsed again. Every check across files still runs over the whole site.
   * @internal the dev server's own: left out of the published declarations (no Node types needed there).
   */
  memo?: BuildMemo;
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
