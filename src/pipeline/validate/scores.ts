import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import type { Operator } from '../../model.js';
import { criteriaFor, type SiteConfig } from '../../schema/site.js';
import { closest } from './did-you-mean.js';
import { LARGE_FINE, licensingScore, offerScore, offerTerms } from '../../domain/ratings.js';
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
    checkRuleScores(o, locate, diagnostics);
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

/**
 * The two scores the method computes from data (src/domain/ratings.ts): licensing from the PGCB's fines on
 * the operator's record, the offer from the key terms its terms state. A typed score that disagrees
 * is an error at the score, saying what the rule gives.
 */
function checkRuleScores(o: Operator, locate: Locate, diagnostics: Diagnostic[]): void {
  const fines = o.enforcement.length;
  const rules = [
    {
      id: 'licensing',
      expected: licensingScore(o),
      why:
        `5, less 1 for each fine under $${LARGE_FINE.toLocaleString('en-US')} and 2 for each larger one ` +
        `(${fines} fine${fines === 1 ? '' : 's'} under enforcement:), never below 1`,
    },
    {
      id: 'offer',
      expected: offerScore(o),
      why: `1, plus 1 for each key term bonus: states among ${offerTerms(o.kind).join(', ')}`,
    },
  ];
  // Player protection is judged from the operator's pages, but each self-exclusion fine takes a point off 5.
  const breaches = o.enforcement.filter((e) => e.selfExclusion).length;
  const protection = o.scores?.protection?.score;
  if (protection !== undefined && protection > 5 - breaches) {
    const pos = locate(['scores', 'protection', 'score']);
    diagnostics.push(
      err(
        o.file,
        pos.line,
        pos.col,
        'scores.protection.score',
        'score-rule',
        `protection score ${protection} is above ${5 - breaches}, the most the method's rule allows with ` +
          `${breaches} PGCB fine${breaches === 1 ? '' : 's'} for letting self-excluded players gamble`,
        { hint: `lower it to at most ${5 - breaches}: each such fine takes one point off` },
      ),
    );
  }
  for (const r of rules) {
    const score = o.scores?.[r.id]?.score;
    if (score === undefined || score === r.expected) continue;
    const pos = locate(['scores', r.id, 'score']);
    diagnostics.push(
      err(
        o.file,
        pos.line,
        pos.col,
        `scores.${r.id}.score`,
        'score-rule',
        r.expected === undefined
          ? `${r.id} is scored ${score}, but the operator states no offer to score`
          : `${r.id} score ${score} disagrees with the method's rule, which gives ${r.expected}`,
        {
          hint:
            r.expected === undefined
              ? 'delete the score (keep the reason saying why it is not scored), or add the offer under bonus:'
              : `write score: ${r.expected}; the rule is ${r.why}`,
        },
      ),
    );
  }
}
