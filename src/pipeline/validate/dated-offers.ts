import type { Site } from '../../model.js';
import { rateOperators } from '../../domain/ratings.js';
import { ReferenceDateError, referenceDate } from '../../domain/staleness.js';
import type { BuildOptions } from '../build-options.js';
import type { BuildRun } from '../build-run.js';
import type { LoadedContent } from '../load/load.js';
import { futureDates } from './future-dates.js';
import { applyOfferStates } from './offers.js';

/**
 * Decides what each offer shows at its age on the reference date, once, so the render cache keys
 * on it. False when the reference date is not a date.
 */
export function datedOffers(run: BuildRun, site: Site, loaded: LoadedContent, options: BuildOptions): boolean {
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
  // The record a build shows, and so ratings and ranks, follow its date (offers never enter them).
  site.operators = rateOperators(site.operators, site.config, today);
  run.report(offers.diagnostics);
  run.result.offers = offers.counts;
  run.result.site = site;
  return true;
}
