/** What a build returns (`BuildResult`): part of the library's API, exported by src/index.ts. */
import type { Diagnostic } from '../support/diagnostics/diagnostics.js';
import type { Site } from '../model.js';
import type { Compiled } from './build-options.js';
import type { CompiledFrom } from './render/compile/compile-cache.js';
import type { OfferCounts } from './validate/offers.js';

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
  /** The route and content file of each page left out as a draft: check names a link to one as such. */
  draftPages: { route: string; file: string }[];
}
