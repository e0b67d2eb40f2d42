import type { Operator, SiteConfig } from '../../model.js';
import { INTERPOLATION } from './body.js';
import { nearestName } from './issues.js';

/** The top-level operator fields its `source:` stands for (see operatorSchema). */
const OPERATOR_SOURCED: ReadonlySet<string> = new Set(['licensee', 'features']);

/** `{ value, source }`: a cited fact (site.yaml `facts`), which inserts as its value. */
const isCited = (v: unknown): v is { value: unknown; source: unknown } =>
  v != null && typeof v === 'object' && 'value' in v && 'source' in v;

/**
 * Walks `{{id.a.b}}` into site.yaml (`site.…`) or that operator's data: the value found, and the
 * `source` of the nearest object on the way that names one (a fact's own, a table row's, the offer's).
 */
function walkReference(
  id: string,
  keys: readonly string[],
  config: SiteConfig,
  operators: ReadonlyMap<string, Operator>,
): { value: unknown; source: unknown } {
  let v: unknown = id === 'site' ? config : operators.get(id);
  let source: unknown;
  for (const [i, k] of keys.entries()) {
    if (v == null || typeof v !== 'object') return { value: undefined, source };
    // An operator's own `source` covers its licence holder and features, not its name or rating.
    const covers = i > 0 || id === 'site' || OPERATOR_SOURCED.has(k);
    if (covers && 'source' in v && !Array.isArray(v)) source = (v as { source: unknown }).source;
    v = (v as Record<string, unknown>)[k];
  }
  if (isCited(v)) return { value: v.value, source: v.source };
  return { value: v, source };
}

/** Looks up `{{id.a.b}}`: `site.…` in site.yaml, anything else in that operator's data. */
export function lookupReference(
  id: string,
  keys: readonly string[],
  config: SiteConfig,
  operators: ReadonlyMap<string, Operator>,
): string | undefined {
  const { value: v } = walkReference(id, keys, config, operators);
  return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
}

/**
 * Like lookupReference, for operator data that refers to operator data: a value that itself holds
 * `{{…}}` (a withdrawal time written as `{{site.facts.ewalletPayout}}`) is filled in too, a few levels
 * deep at most (a loop stays as written and is reported as unresolved). `cite` gets every source used.
 */
export function lookupNested(
  id: string,
  keys: readonly string[],
  config: SiteConfig,
  operators: ReadonlyMap<string, Operator>,
  cite: (sources: string[]) => void,
  depth = 0,
): string | undefined {
  const found = lookupReference(id, keys, config, operators);
  if (found === undefined) return undefined;
  cite(citationOf(id, keys, config, operators));
  if (!found.includes('{{')) return found;
  if (depth >= 3) return undefined;
  let ok = true;
  const filled = found.replace(INTERPOLATION, (whole, inner: string, dotted: string) => {
    const v = lookupNested(inner, dotted.slice(1).split('.'), config, operators, cite, depth + 1);
    if (v === undefined) ok = false;
    return v ?? whole;
  });
  return ok ? filled : undefined;
}

/** The source ids behind the value `{{id.a.b}}` inserts (none for site settings such as the title). */
export function citationOf(
  id: string,
  keys: readonly string[],
  config: SiteConfig,
  operators: ReadonlyMap<string, Operator>,
): string[] {
  const { value, source } = walkReference(id, keys, config, operators);
  if (value === undefined) return [];
  if (typeof source === 'string') return [source];
  return Array.isArray(source) ? source.filter((s): s is string => typeof s === 'string') : [];
}

/**
 * The fix for `{{id.a.b}}` naming no text or number field of a known id (`site` or an operator): the
 * field it most likely meant ("did you mean"), then where the fields are. A figure moved between
 * `facts` and `wording` is found there.
 */
export function unknownFieldHint(
  id: string,
  keys: readonly string[],
  config: SiteConfig,
  operators: ReadonlyMap<string, Operator>,
): string {
  const file = id === 'site' ? 'content/site.yaml' : `content/operators/${id}.yaml`;
  let v: unknown = id === 'site' ? config : operators.get(id);
  let i = 0;
  for (; i < keys.length && v != null && typeof v === 'object' && Object.hasOwn(v, keys[i]!); i++)
    v = (v as Record<string, unknown>)[keys[i]!];
  let guess: string[] | undefined;
  const missing = keys[i];
  if (missing !== undefined && v != null && typeof v === 'object' && !Array.isArray(v)) {
    const other = { facts: 'wording', wording: 'facts' }[keys[0]!];
    const elsewhere = id === 'site' && i === 1 && other && (config as Record<string, unknown>)[other];
    if (elsewhere && typeof elsewhere === 'object' && Object.hasOwn(elsewhere, missing)) guess = [other!, missing];
    else {
      const near = nearestName(missing, Object.keys(v));
      if (near) guess = [...keys.slice(0, i), near];
    }
  }
  const mean = guess ? `did you mean "{{${[id, ...guess, ...keys.slice(i + 1)].join('.')}}}"? ` : '';
  return `${mean}check the field names in ${file}`;
}

/** A `{{` that does not start a complete `{{id.field}}` value: `{{x}`, `{{}}`, `{{ x` with no end. */
export interface Malformed {
  /** Index of the `{{` in the text. */
  index: number;
  /** The placeholder as written, up to its end or a short excerpt. */
  found: string;
}

/** Every incomplete `{{…}}` in `text`, in order (the complete values are skipped). */
export function malformedPlaceholders(text: string): Malformed[] {
  if (!text.includes('{{')) return [];
  // Blank out the complete values (same length, so indices still point into `text`).
  const blanked = text.replace(INTERPOLATION, (m) => ' '.repeat(m.length));
  const out: Malformed[] = [];
  for (let index = blanked.indexOf('{{'); index >= 0; ) {
    const rest = blanked.slice(index);
    const end = rest.indexOf('}', 2);
    const next = rest.indexOf('{{', 2);
    // Up to its closing brace(s), unless another `{{` starts first or it runs on.
    const stop = end >= 0 && end < 40 && (next < 0 || end < next) ? (rest[end + 1] === '}' ? end + 2 : end + 1) : -1;
    // Unclosed: the `{{` and the word after it (`{{ fanduel.name`).
    const found = stop > 0 ? text.slice(index, index + stop) : /^\{\{\s*[^\s{}]*/.exec(text.slice(index))![0];
    out.push({ index, found: found.split('\n')[0]! });
    index = blanked.indexOf('{{', index + Math.max(2, stop));
  }
  return out;
}

/** The diagnostic parts for a malformed placeholder, shared by frontmatter, operator data and Markdown. */
export function malformedIssue(m: Malformed): { message: string; received: string; hint: string } {
  return {
    message: 'a {{…}} value is not complete: expected {{id.field}}, such as {{fanduel.name}} or {{site.title}}',
    received: JSON.stringify(m.found),
    hint:
      'close it with "}}" and name an operator id (or "site") and a field; ' +
      'to show braces as they are, put them in a code span',
  };
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
): { value: T; unresolved: Unresolved[]; ids: Set<string>; malformed: (Malformed & { path: PropertyKey[] })[] } {
  const unresolved: Unresolved[] = [];
  const malformed: (Malformed & { path: PropertyKey[] })[] = [];
  const ids = new Set<string>();
  const walk = (v: unknown, p: PropertyKey[]): unknown => {
    if (typeof v === 'string') {
      if (!v.includes('{{')) return v;
      for (const bad of malformedPlaceholders(v)) malformed.push({ ...bad, path: p });
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
  return { value: walk(value, path) as T, unresolved, ids, malformed };
}
