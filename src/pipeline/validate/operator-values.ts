import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import type { Operator } from '../../model.js';
import type { SiteConfig } from '../../schema/site.js';
import { fieldPath } from './issues.js';
import { operatorIdHint } from './did-you-mean.js';
import { err } from './parse-page.js';
import { cycleIssue, interpolateDeep, lookupDeep, unknownValue } from './interpolate.js';
import { isOfferReference, leftoverAt, malformedAt, offerInProse } from './value-issues.js';
import type { Broken } from './broken-operators.js';
import type { Locate } from '../load/yaml-source.js';
import { withoutLaterFacts } from '../../schema/dated-facts.js';

/**
 * `{{id.field}}` in operator text (review FAQs, verdicts…) resolves against the data as written. Each
 * operator comes back with its text filled in and, in `interpolated`, the sources its fields quoted.
 */
export function interpolateOperators(
  rawOperators: Operator[],
  config: SiteConfig,
  locators: Map<string, Locate>,
  broken: Broken,
  diagnostics: Diagnostic[],
): Operator[] {
  const rawById = new Map(rawOperators.map((o) => [o.id, o]));
  /** Each cycle of references once (by its members), however many of its fields are filled in. */
  const cycles = new Set<string>();
  return rawOperators.map((written) => {
    // A build dated before a fact leaves out the operator text that quotes it (dated-facts.ts).
    const o = withoutLaterFacts(written, config.laterFacts ?? []);
    const offerRefs: { ref: string; path: PropertyKey[] }[] = [];
    const interpolated: Record<string, string[]> = {};
    const { value, unresolved, malformed, leftover } = interpolateDeep(o, (id, keys, at) => {
      if (isOfferReference(id, keys) && at[0] !== 'bonus')
        offerRefs.push({ ref: `{{${[id, ...keys].join('.')}}}`, path: at });
      // The sources of the value and of any values it quotes, for the pages that show this field (a
      // review's by its part: a ranking row shows its banking, not its FAQ).
      const field = at[0] === 'review' ? `review.${String(at[1])}` : String(at[0]);
      const cited = interpolated[field] ?? [];
      // A value may quote another that quotes others, but never come back to itself.
      const found = lookupDeep(id, keys, config, rawById, [[o.id, ...at].join('.')], (sources) => {
        for (const s of sources) if (!cited.includes(s)) cited.push(s);
      });
      if (cited.length) interpolated[field] = cited;
      if (!found.cycle) return found.value;
      const members = [...new Set(found.cycle)].sort().join(' ');
      if (!cycles.has(members)) {
        cycles.add(members);
        const pos = locators.get(o.id)!(at);
        const { message, hint } = cycleIssue(found.cycle);
        diagnostics.push(err(o.file, pos.line, pos.col, fieldPath(at), 'value-cycle', message, { hint }));
      }
      // Reported here, once: the build fails, and pages quoting the field see no second {{…}}.
      return '';
    });
    for (const l of leftover) diagnostics.push(leftoverAt(o.file, locators.get(o.id)!(l.path), l));
    for (const m of malformed) diagnostics.push(malformedAt(o.file, locators.get(o.id)!(m.path), m));
    for (const r of offerRefs) {
      const pos = locators.get(o.id)!(r.path);
      diagnostics.push(offerInProse(o.file, pos.line, pos.col, fieldPath(r.path), r.ref));
    }
    for (const u of unresolved) {
      if (broken.has(u.id)) {
        broken.get(u.id)!.users.add(o.file);
        continue;
      }
      const pos = locators.get(o.id)!(u.path);
      diagnostics.push(
        err(o.file, pos.line, pos.col, fieldPath(u.path), 'unknown-value', unknownValue(u, config, rawById).message, {
          hint:
            u.id === 'site' || rawById.has(u.id)
              ? unknownValue(u, config, rawById).hint
              : operatorIdHint(u.id, [...rawById.keys(), ...broken.keys()]),
        }),
      );
    }
    return Object.keys(interpolated).length ? { ...value, interpolated } : value;
  });
}
