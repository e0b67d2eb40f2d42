/**
 * An operator file is the one place to edit: the license table lists every reviewed brand from its
 * own file, and an operator that no page shows is a warning instead of a silent omission.
 */
import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import type { Operator, Page, SiteConfig } from '../../model.js';
import type { Position } from '../load/yaml-source.js';

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * site.yaml `market` with every operator file in it: an operator the list does not name takes the
 * row of a brand with its name (an unreviewed brand that now has a file), or a row of its own at the
 * end. The license holder and the review link then come from the operator file (Offers.tsx).
 */
export function withOperators(market: SiteConfig['market'], operators: readonly Operator[]): SiteConfig['market'] {
  const merged = { ...market, sportsbooks: [...market.sportsbooks], casinos: [...market.casinos] };
  for (const o of operators) {
    const rows = o.kind === 'sportsbook' ? merged.sportsbooks : merged.casinos;
    if (rows.some((b) => b.operator === o.id)) continue;
    const i = rows.findIndex((b) => !b.operator && (same(b.brand, o.name) || same(b.brand, o.shortName)));
    if (i >= 0) rows[i] = { ...rows[i]!, operator: o.id };
    else rows.push({ brand: o.name, operator: o.id });
  }
  return merged;
}

/** One operator list a page shows: the operators of a kind by rank, up to its limit. */
interface Listing {
  route: string;
  name: string;
  kind: Operator['kind'];
  limit?: number;
}

/**
 * A warning for each operator no page shows: not in any ranking list (each shows the first `limit`
 * by rank), not in an apps list, no offer box, no review (its own, or its sister sportsbook's).
 */
export function unseenOperators(
  operators: readonly Operator[],
  pages: readonly Page[],
  locate: (id: string, path: PropertyKey[]) => Position,
): Diagnostic[] {
  const lists: Listing[] = [];
  const shown = new Set<string>();
  for (const p of pages) {
    if (p.data.template === 'review') shown.add(p.data.operator);
    for (const [name, block] of Object.entries(p.data.blocks ?? {})) {
      if (block.type === 'operators') lists.push({ route: p.route, name, kind: block.kind, limit: block.limit });
      if (block.type === 'offer') shown.add(block.operator);
      if (block.type === 'apps') for (const o of operators) if (o.kind === block.kind && o.app) shown.add(o.id);
    }
  }
  for (const list of lists) {
    // A list with a limit is a "Top N": only operators that meet the bar (templates/blocks/Block.tsx).
    const ofKind = operators.filter((o) => o.kind === list.kind).sort((a, b) => a.rank - b.rank);
    const top = list.limit ? ofKind.filter((o) => o.meetsBar ?? o.rating !== undefined).slice(0, list.limit) : ofKind;
    for (const o of top) shown.add(o.id);
  }
  // A casino is reviewed inside its sister sportsbook's review.
  for (const o of operators) if (o.casino && shown.has(o.id)) shown.add(o.casino);
  const out: Diagnostic[] = [];
  for (const o of operators) {
    if (shown.has(o.id)) continue;
    const ofKind = lists.filter((l) => l.kind === o.kind);
    const where = ofKind.map((l) => `${l.route} "${l.name}" shows ${l.limit ? `the first ${l.limit}` : 'all'}`);
    const listed = where.length
      ? `the ${o.kind} lists show only the first few rated by rank (${where.join('; ')})`
      : `no page has a list of ${o.kind}s`;
    out.push({
      severity: 'warning',
      code: 'operator-unseen',
      file: o.file,
      ...locate(o.id, ['kind']),
      field: 'kind',
      message: `operator "${o.id}" (rank ${o.rank}) appears on no page: ${listed}, and it has no review or offer box`,
      hint: `raise a list's "limit:" or add a review page (template: review, operator: ${o.id})`,
    });
  }
  return out;
}
