import type { BuildRun, Rendering } from '../../build-run.js';
import type { Staging } from '../../write/write.js';
import { saveRendered, type RenderSetup } from '../page/render-pages.js';
import { groupTemplateThrows } from '../page/render.js';
import { type InPlaceRender, renderAll } from './render-pool.js';

/**
 * Renders every page (from the render cache where it can) into the staging folder. Returns what
 * stores the new pages in the render cache (their packs renamed into place, the index written).
 */
export async function renderedPages(
  run: BuildRun,
  r: Rendering,
  setup: RenderSetup,
  staging: Pick<Staging, 'count'>,
  first: () => void,
  /** A dev build writing in place: the pages the output holds already, and the cache index it keeps. */
  inPlace?: InPlaceRender,
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
    inPlace,
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
