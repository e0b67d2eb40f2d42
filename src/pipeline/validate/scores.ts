import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import type { Operator } from '../../model.js';
import type { SiteConfig } from '../../schema/site.js';
import { err } from './parse-page.js';
import type { Locate } from '../load/yaml-source.js';
import { typedProject } from '../../domain/ratings.js';

/**
 * With a methodology in site.yaml the rating and the rank are computed from the record
 * (src/domain/ratings.ts), so one typed beside computed ones would be a second, silent truth: an
 * error at the field. A project whose every operator types its rating keeps them (typedProject).
 */
export function checkScores(
  operators: readonly Operator[],
  site: SiteConfig,
  locators: Map<string, Locate>,
  diagnostics: Diagnostic[],
): void {
  if (typedProject(operators, site)) return;
  for (const o of operators) {
    const locate = locators.get(o.id);
    if (!locate) continue;
    for (const field of ['rating', 'rank'] as const) {
      const value = field === 'rating' ? o.typedRating : o.typedRank;
      if (!value) continue;
      const pos = locate([field]);
      diagnostics.push(
        err(o.file, pos.line, pos.col, field, 'computed-field', `${field} is computed by the rating method`, {
          hint:
            `delete "${field}:"; the build works it out from the regulatory record and market figures ` +
            '(docs/content.md, "Ratings")',
        }),
      );
    }
  }
}
