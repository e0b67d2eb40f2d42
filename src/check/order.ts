/** The order findings are reported in, and one place per spot. */
import type { Finding, Place } from './types.js';

const CATEGORY_ORDER = { link: 0, page: 1, external: 2, 'known-unbuilt': 3 } as const;
const RULE_ORDER = ['broken-link', 'broken-asset', 'broken-fragment'];

/** The report order: a wrong --served-as first, then by section, errors before warnings, rule and target. */
export function compareFindings(a: Finding, b: Finding): number {
  const firstPage = (f: Finding) => f.places[0]?.page ?? '';
  return (
    // A wrong --served-as explains the rest: it comes first.
    Number(b.rule === 'served-as') - Number(a.rule === 'served-as') ||
    CATEGORY_ORDER[a.category] - CATEGORY_ORDER[b.category] ||
    (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1) ||
    (a.category === 'page'
      ? firstPage(a).localeCompare(firstPage(b)) || a.rule.localeCompare(b.rule)
      : (RULE_ORDER.indexOf(a.rule) + 1 || 99) - (RULE_ORDER.indexOf(b.rule) + 1 || 99) ||
        a.rule.localeCompare(b.rule)) ||
    (a.target ?? '').localeCompare(b.target ?? '') ||
    a.message.localeCompare(b.message)
  );
}

/** Two spots on one page that map to the same content line (an offer's card and its box) are one place. */
export function uniquePlaces(places: Place[]): Place[] {
  const seen = new Set<string>();
  return places.filter((p) => {
    const key = `${p.page}\n${p.file}\n${p.line}\n${p.region ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
