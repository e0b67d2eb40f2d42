import type { Diagnostic } from '../../diagnostics.js';
import type { Operator } from '../../model.js';
import { criteriaFor, type SiteConfig } from '../../schema/site.js';
import { closest } from './issues.js';
import { err } from './parse-page.js';

type Locate = (path: readonly PropertyKey[]) => { line: number; col: number };

/**
 * Every operator scores exactly its kind's criteria: one missing would quietly lift or lower the
 * computed rating, an unknown one would count a criterion no page explains.
 */
export function checkScores(
  operators: readonly Operator[],
  site: SiteConfig,
  locators: Map<string, Locate>,
  diagnostics: Diagnostic[],
): void {
  for (const o of operators) {
    const ids = criteriaFor(site, o.kind).map((c) => c.id);
    const locate = locators.get(o.id);
    const scores = o.scores;
    if (!locate || !scores) continue;
    for (const key of Object.keys(scores)) {
      if (ids.includes(key)) continue;
      const pos = locate(['scores', key]);
      const near = closest(key, ids);
      diagnostics.push(
        err(o.file, pos.line, pos.col, `scores.${key}`, 'unknown-criterion', `no ${o.kind} criterion "${key}"`, {
          hint: `${near ? `did you mean "${near}"? ` : ''}score site.yaml methodology's criteria: ${ids.join(', ')}`,
        }),
      );
    }
    const missing = ids.filter((id) => !Object.hasOwn(scores, id));
    if (missing.length) {
      const pos = locate(['scores']);
      diagnostics.push(
        err(o.file, pos.line, pos.col, 'scores', 'missing-criterion', `no score for ${missing.join(', ')}`, {
          hint: 'add each with a score and reason, or with only a reason saying why no source lets us score it',
        }),
      );
    }
  }
}
