import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import type { Operator } from '../../model.js';
import type { SiteConfig } from '../../schema/site.js';
import { fieldPath } from './issues.js';
import { operatorIdHint } from './did-you-mean.js';
import { err, type PageDraft } from './parse-page.js';
import { citationOf, interpolateDeep, lookupReference, unknownValue } from './interpolate.js';
import { isOfferReference, leftoverAt, malformedAt, offerInProse } from './value-issues.js';
import { referenceKeys } from './operator-refs.js';
import type { Broken } from './broken-operators.js';

/**
 * Fills in the `{{id.field}}` values of a page's frontmatter (in place), adds the operators they name to
 * `operatorRefs`, and returns the sources of every value the page inserts, sorted.
 */
export function interpolatePageValues(
  d: PageDraft,
  config: SiteConfig,
  operatorsById: Map<string, Operator>,
  operatorRefs: string[],
  broken: Broken,
  diagnostics: Diagnostic[],
): string[] {
  // The sources of every value the page inserts with `{{…}}` (its Sources list adds what templates show).
  const citations = new Set<string>();
  const cite = (id: string, keys: readonly string[]) => {
    for (const s of citationOf(id, keys, config, operatorsById)) citations.add(s);
  };
  for (const r of d.body.references) if (!r.via.startsWith('operator:')) cite(r.id, referenceKeys(r.via));
  // `{{id.field}}` in frontmatter text (title, description, hero, blocks) resolves like it does in the body,
  // so a title's date comes from data (`{{site.wording.sourcesChecked}}`), never typed into twenty titles.
  for (const key of ['title', 'description', 'hero', 'blocks'] as const) {
    const offerRefs: { ref: string; path: PropertyKey[] }[] = [];
    const { value, unresolved, ids, malformed, leftover } = interpolateDeep(
      d.data[key],
      (id, keys, at) => {
        if (isOfferReference(id, keys) && operatorsById.has(id))
          offerRefs.push({ ref: `{{${[id, ...keys].join('.')}}}`, path: at });
        cite(id, keys);
        return lookupReference(id, keys, config, operatorsById);
      },
      [key],
    );
    for (const r of offerRefs) {
      const pos = d.locate(r.path);
      diagnostics.push(offerInProse(d.file.path, pos.line, pos.col, fieldPath(r.path), r.ref));
    }
    for (const m of malformed) diagnostics.push(malformedAt(d.file.path, d.locate(m.path), m));
    for (const l of leftover) diagnostics.push(leftoverAt(d.file.path, d.locate(l.path), l));
    (d.data as Record<string, unknown>)[key] = value;
    for (const id of ids) if (operatorsById.has(id) && !operatorRefs.includes(id)) operatorRefs.push(id);
    for (const u of unresolved) {
      if (broken.has(u.id)) {
        broken.get(u.id)!.users.add(d.file.path);
        continue;
      }
      const pos = d.locate(u.path as PropertyKey[]);
      diagnostics.push(
        err(
          d.file.path,
          pos.line,
          pos.col,
          fieldPath(u.path),
          operatorsById.has(u.id) || u.id === 'site' ? 'unknown-value' : 'unknown-operator',
          unknownValue(u, config, operatorsById).message,
          {
            hint:
              u.id === 'site' || operatorsById.has(u.id)
                ? unknownValue(u, config, operatorsById).hint
                : `${operatorIdHint(u.id, [...operatorsById.keys(), ...broken.keys()])}; ` +
                  '"site" is content/site.yaml',
          },
        ),
      );
    }
  }
  return [...citations].sort();
}
