import { utimesSync } from 'node:fs';
import path from 'node:path';
import { makeDirs } from '../../support/fs/make-dirs.js';
import type { BuildResult } from '../build-result.js';
import type { BuildRun, Rendering } from '../build-run.js';
import { removeTempPacks } from '../render/cache/pack-writer.js';
import { fixedFiles } from '../render/page/fixed-files.js';
import type { RenderSetup } from '../render/page/render-pages.js';
import { renderSetup } from '../render/page/render-setup.js';
import { renderedPages } from '../render/threads/rendered-pages.js';
import { inPlaceUsable, scanOutput, writtenInPlace } from './in-place.js';
import { lockOutput, type OutputLock } from './lock.js';
import { leftoverWarning } from './write-problem.js';
import { Staging } from './write.js';

/**
 * Renders every page into a staging folder beside the output and swaps it in when all succeeded;
 * the output is locked meanwhile, and any failure leaves the previous output as it was.
 */
export async function written(run: BuildRun, r: Rendering): Promise<BuildResult> {
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
    // A dev build after a good one writes only what changed, into the output in place (in-place.ts).
    const { memo } = r.options;
    if (!early && inPlaceUsable(run.outDir, memo))
      try {
        return await writtenInPlace(run, r, memo);
      } catch (e) {
        return run.outputFailed(e);
      }
    if (memo) memo.output = memo.listing = undefined;
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
      // What the next dev build writes in place over.
      if (memo) memo.output = scanOutput(run.outDir);
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

function touch(file: string): void {
  const now = new Date();
  try {
    utimesSync(file, now, now);
  } catch {
    // A bundle that vanished makes the workers' import fail with its own error.
  }
}
