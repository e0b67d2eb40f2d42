import path from 'node:path';
import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import type { Site } from '../../model.js';
import type { BuildOptions } from '../build-options.js';
import type { BuildRun } from '../build-run.js';
import { FrontmatterCache } from '../load/frontmatter.js';
import type { LoadedContent } from '../load/load.js';
import { publicFiles } from '../load/public-files.js';
import { checkBodies } from '../render/markdown/check-bodies.js';
import { loadMarkdownEngine } from '../render/markdown/remark-plugins.js';
import type { Threads } from '../render/threads/cold-start.js';
import { parsedByWorkers } from '../render/threads/parsed-pages.js';
import { OWN_FILES } from '../route/output-paths.js';
import { outputClashes } from '../write/clashes.js';
import { precreate } from '../write/early-output.js';
import { validateContent } from './validate.js';
import { referenceDate } from '../../domain/staleness.js';

/** The validated site, or undefined with every problem reported (later checks included). */
export async function validated(
  run: BuildRun,
  loaded: LoadedContent,
  cache: string | undefined,
  threads: Threads,
  options: BuildOptions,
): Promise<Site | undefined> {
  const splitter = new FrontmatterCache(cache && path.join(cache, 'frontmatter.json'));
  const parsed = await parsedByWorkers(
    threads.pool,
    loaded,
    splitter,
    (pages) => precreate(threads.early, pages),
    options.memo,
  );
  const day = buildDay(options);
  const v = validateContent(run.root, loaded, splitter, parsed, options.drafts === true, day);
  const { site, diagnostics, checkable, failedBodies } = v;
  if (site && day) for (const page of site.pages) page.data.updated = updatedBy(page.data.updated, day);
  run.result.draftsLeftOut = v.draftsLeftOut;
  run.result.draftPages = v.draftPages;
  splitter.save();
  run.report(diagnostics);
  if (!site && checkable) run.report(await laterChecks(run.root, checkable, failedBodies));
  return site;
}

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

/** The build's date as YYYY-MM-DD; undefined when it is not a date (datedOffers reports that once). */
function buildDay(options: BuildOptions): string | undefined {
  try {
    return referenceDate(options.today, options.now).toISOString().slice(0, 10);
  } catch {
    return undefined;
  }
}

/**
 * A page's "Updated" date as a build of `day` may show it: its last edit, or the build's own date
 * when the edit is later (a build dated before an edit shows the page as its facts stood that day).
 */
function updatedBy(updated: string, day: string): string {
  const at = updated.length === 7 ? day.slice(0, 7) : day;
  return updated > at ? at : updated;
}
