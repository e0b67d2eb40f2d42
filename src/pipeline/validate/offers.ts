import type { Diagnostic } from '../../diagnostics.js';
import type { Site, SourceFile } from '../../model.js';
import { ageInDays, offerState, verifiedLabel } from '../../staleness.js';

/**
 * Decides, for the reference date `today`, what pages do with each operator's offer (shown,
 * shown with a warning, or withheld) and stores it on the operator, where templates read it and
 * the render cache's operator hash covers it. Returns a warning for each offer past the warn age
 * but still shown; withheld offers need no finding, because no page presents them as current.
 */
export function applyOfferStates(site: Site, files: readonly SourceFile[], today: Date): Diagnostic[] {
  const policy = site.config.offers;
  const out: Diagnostic[] = [];
  site.operators = site.operators.map((o) => {
    if (!o.bonus) return o;
    const state = offerState(o.bonus.verified, today, policy);
    if (state === 'aging') {
      const text = files.find((f) => f.path === o.file)?.text ?? '';
      const lines = text.split('\n');
      const index = lines.findIndex((l) => /^\s+verified:/.test(l));
      out.push({
        severity: 'warning',
        code: 'offer-stale',
        file: o.file,
        line: index + 1 || 1,
        col: index < 0 ? 1 : lines[index]!.search(/\S/) + 1,
        field: 'bonus.verified',
        message:
          `offer terms last checked ${verifiedLabel(o.bonus.verified)}, ` +
          `${ageInDays(o.bonus.verified, today)} days ago (warn after ${policy.warnAfterDays} days; ` +
          `pages withhold it after ${policy.hardLimitDays})`,
        hint: "check the operator's current terms, update the offer and set bonus.verified to the date you checked",
      });
    }
    return { ...o, offerState: state };
  });
  return out;
}
