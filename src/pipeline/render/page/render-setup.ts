import type { BuildOptions } from '../../build-options.js';
import type { BuildRun, Rendering } from '../../build-run.js';
import { referenceDate } from '../../../domain/staleness.js';
import { packTag } from '../cache/pack-writer.js';
import { reviewRoutesOf } from '../../validate/validate.js';
import { pageListing } from './listing.js';
import type { RenderSetup } from './render-pages.js';

/** Everything a render thread needs to render any page of this build. */
export function renderSetup(run: BuildRun, r: Rendering, stagingDir: string): RenderSetup {
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
