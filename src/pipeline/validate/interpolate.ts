import type { Operator, SiteConfig } from '../../model.js';
import { INTERPOLATION } from './body.js';

/** Looks up `{{id.a.b}}`: `site.…` in site.yaml, anything else in that operator's data. */
export function lookupReference(
  id: string,
  keys: readonly string[],
  config: SiteConfig,
  operators: ReadonlyMap<string, Operator>,
): string | undefined {
  let v: unknown = id === 'site' ? config : operators.get(id);
  for (const k of keys) {
    if (v == null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
}

export interface Unresolved {
  path: PropertyKey[];
  reference: string;
  id: string;
}

/**
 * Replaces `{{id.field}}` references in every string inside `value` (frontmatter blocks, operator
 * text), returning the new value and the references that did not resolve, with their paths.
 */
export function interpolateDeep<T>(
  value: T,
  resolve: (id: string, keys: string[], path: PropertyKey[]) => string | undefined,
  path: PropertyKey[] = [],
): { value: T; unresolved: Unresolved[]; ids: Set<string> } {
  const unresolved: Unresolved[] = [];
  const ids = new Set<string>();
  const walk = (v: unknown, p: PropertyKey[]): unknown => {
    if (typeof v === 'string') {
      if (!v.includes('{{')) return v;
      return v.replace(INTERPOLATION, (whole, id: string, dotted: string) => {
        ids.add(id);
        const out = resolve(id, dotted.slice(1).split('.'), p);
        if (out === undefined) unresolved.push({ path: p, reference: whole, id });
        return out ?? whole;
      });
    }
    if (Array.isArray(v)) return v.map((x, i) => walk(x, [...p, i]));
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, [...p, k])]));
    return v;
  };
  return { value: walk(value, path) as T, unresolved, ids };
}
