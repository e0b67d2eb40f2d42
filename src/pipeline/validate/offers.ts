import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import type { Operator, Site, SourceFile } from '../../model.js';
import { ageInDays, offerState, verifiedLabel, type StaleSeverity } from '../../domain/staleness.js';
import { parseYamlWithPositions } from '../load/yaml-source.js';

/** How many offers pages withhold, and how many they still show past the warn age. */
export interface OfferCounts {
  aging: number;
  withheld: number;
}

/**
 * Decides, for the reference date `today`, what pages do with each operator's offer (shown,
 * shown with a warning, or withheld) and stores it on the operator, where templates read it and
 * the render cache's operator hash covers it. Returns one finding per offer past the warn age,
 * shown (`offer-stale`) or withheld (`offer-withheld`), at its `verified` line: the owner learns
 * of every offer the pages no longer show as current. `severity` is `error` when the owner asked
 * for staleness to fail the build (`--stale-offers error` or site.yaml `offers.stale`).
 */
export function applyOfferStates(
  site: Site,
  files: readonly SourceFile[],
  today: Date,
  severity: StaleSeverity = site.config.offers.stale,
): { diagnostics: Diagnostic[]; counts: OfferCounts } {
  const policy = site.config.offers;
  const diagnostics: Diagnostic[] = [];
  const counts: OfferCounts = { aging: 0, withheld: 0 };
  site.operators = site.operators.map((o) => {
    if (!o.bonus) return o;
    const state = offerState(o.bonus.verified, today, policy);
    if (state !== 'current') {
      counts[state]++;
      diagnostics.push(staleOffer(o, o.bonus.verified, state, files, today, severity, policy));
    }
    return { ...o, offerState: state };
  });
  return { diagnostics, counts };
}

function staleOffer(
  o: Operator,
  verified: string,
  state: 'aging' | 'withheld',
  files: readonly SourceFile[],
  today: Date,
  severity: StaleSeverity,
  policy: Site['config']['offers'],
): Diagnostic {
  const text = files.find((f) => f.path === o.file)?.text ?? '';
  // Only stale offers need a position, so only they pay for the position-tracking parse.
  const at = parseYamlWithPositions(text, o.file).locate(['bonus'], 'verified');
  const age = `${ageInDays(verified, today)} days ago`;
  return {
    severity,
    code: state === 'aging' ? 'offer-stale' : 'offer-withheld',
    file: o.file,
    line: at.line,
    col: at.col,
    field: 'bonus.verified',
    message:
      state === 'aging'
        ? `${o.name}'s offer is aging: terms last checked ${verifiedLabel(verified)}, ${age} ` +
          `(warn after ${policy.warnAfterDays} days); pages withhold it after ${policy.hardLimitDays}`
        : `${o.name}'s offer is withheld: terms last checked ${verifiedLabel(verified)}, ${age} ` +
          `(limit ${policy.hardLimitDays} days); pages show the check month and a link to its current offer`,
    hint:
      "read the operator's current terms, update the offer to match and set bonus.verified " +
      'to the day you checked (YYYY-MM-DD)',
  };
}
