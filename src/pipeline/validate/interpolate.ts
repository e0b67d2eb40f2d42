import type { Operator, SiteConfig } from '../../model.js';
import { INTERPOLATION } from './body.js';
import { closest } from './did-you-mean.js';

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
    // An operator's own `source` covers its license holder and features, not its name or rating.
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

/** The error for a `{{…}}` that names no text or number field, with the field it most likely meant. */
export function unknownValue(
  u: Pick<Unresolved, 'reference' | 'id' | 'keys'>,
  config: SiteConfig,
  operators: ReadonlyMap<string, Operator>,
): { message: string; hint: string } {
  const near = nearestReference(u, config, operators);
  const file = u.id === 'site' ? 'content/site.yaml' : `content/operators/${u.id}.yaml`;
  return {
    message: `"${u.reference}" does not name a text or number field${near ? `: did you mean ${near}?` : ''}`,
    hint: near ? `write ${near}` : `check the field names in ${file}`,
  };
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
    hint: `${malformedFix(m.found)}; to show braces as they are, put them in a code span`,
  };
}

/** What is wrong with this one placeholder, and the edit that completes it. */
function malformedFix(found: string): string {
  const closed = /\}\}$/.test(found);
  const inner = found
    .replace(/^\{\{/, '')
    .replace(/\}\}?$/, '')
    .trim();
  if (!closed && !found.endsWith('}')) return 'close it with "}}" after an operator id (or "site") and a field';
  if (!closed) return 'close it with a second "}"';
  if (!inner) return 'name an operator id (or "site") and a field inside the braces, such as {{site.title}}';
  if (/^[a-z0-9-]+$/.test(inner))
    return `add the field after the id and a dot, such as {{${inner}.name}} (an id alone is not a value)`;
  return (
    'write the operator id (or "site") in lowercase letters, digits and "-", then each field after a dot, ' +
    'with letters and digits only'
  );
}

export interface Unresolved {
  path: PropertyKey[];
  reference: string;
  id: string;
  /** The field names after the id: `{{fanduel.review.grade}}` → review, grade. */
  keys: string[];
}

/**
 * The reference the author most likely meant, when one field name is a slip away from a real one:
 * `{{fanduel.license}}` → `{{fanduel.licensee}}`. Undefined when nothing is that close.
 */
function nearestReference(
  u: Pick<Unresolved, 'id' | 'keys'>,
  config: SiteConfig,
  operators: ReadonlyMap<string, Operator>,
): string | undefined {
  // A figure asked for in `facts` that lives in `wording` (the words that are not sourced figures), or the reverse.
  const moved = { facts: 'wording', wording: 'facts' }[u.keys[0] ?? ''];
  if (u.id === 'site' && moved && u.keys.length === 2) {
    const there = lookupReference('site', [moved, u.keys[1]!], config, operators);
    if (there !== undefined) return `{{site.${moved}.${u.keys[1]}}}`;
  }
  let v: unknown = u.id === 'site' ? config : operators.get(u.id);
  const fixed: string[] = [];
  for (const [i, k] of u.keys.entries()) {
    if (v == null || typeof v !== 'object') return undefined;
    const fields = v as Record<string, unknown>;
    const key = k in fields ? k : closest(k, Object.keys(fields));
    if (key === undefined) return undefined;
    fixed.push(key);
    v = fields[key];
    if (key !== k) {
      // The rest as written must then lead to a value.
      const rest = u.keys.slice(i + 1);
      const found = lookupReference(u.id, [...fixed, ...rest], config, operators);
      return found === undefined ? undefined : `{{${[u.id, ...fixed, ...rest].join('.')}}}`;
    }
  }
  return undefined;
}

/** A reference whose text still holds a `{{…}}` (`left`) once filled in. */
export interface Leftover {
  path: PropertyKey[];
  reference: string;
  left: string;
}

/**
 * Replaces `{{id.field}}` references in every string inside `value` (frontmatter blocks, operator
 * text), returning the new value and the references that did not resolve, with their paths.
 */
export function interpolateDeep<T>(
  value: T,
  resolve: (id: string, keys: string[], path: PropertyKey[]) => string | undefined,
  path: PropertyKey[] = [],
): {
  value: T;
  unresolved: Unresolved[];
  ids: Set<string>;
  malformed: (Malformed & { path: PropertyKey[] })[];
  leftover: Leftover[];
} {
  const leftover: Leftover[] = [];
  const unresolved: Unresolved[] = [];
  const malformed: (Malformed & { path: PropertyKey[] })[] = [];
  const ids = new Set<string>();
  const walk = (v: unknown, p: PropertyKey[]): unknown => {
    if (typeof v === 'string') {
      if (!v.includes('{{')) return v;
      for (const bad of malformedPlaceholders(v)) malformed.push({ ...bad, path: p });
      return v.replace(INTERPOLATION, (whole, id: string, dotted: string) => {
        ids.add(id);
        const keys = dotted.slice(1).split('.');
        const out = resolve(id, keys, p);
        if (out === undefined) unresolved.push({ path: p, reference: whole, id, keys });
        const left = out && leftoverReference(out);
        if (left) leftover.push({ path: p, reference: whole, left });
        return out ?? whole;
      });
    }
    if (Array.isArray(v)) return v.map((x, i) => walk(x, [...p, i]));
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, [...p, k])]));
    return v;
  };
  return { value: walk(value, path) as T, unresolved, ids, malformed, leftover };
}

/** What a reference gives once the `{{…}}` values inside it are filled in too: text, or the cycle it is part of. */
export type DeepLookup = { value: string | undefined; cycle?: undefined } | { value?: undefined; cycle: string[] };

/**
 * Looks up `{{id.a.b}}` like lookupReference and fills the `{{…}}` values in what it finds, to any
 * depth, so an operator feature may quote another. `from` is the reference of the text being
 * filled (`fanduel.features.3`): a chain that comes back to it, or to any link of itself, is a
 * cycle, returned as the chain (`fanduel.features.3`, `fanduel.features.4`, `fanduel.features.3`)
 * instead of text that would publish `{{…}}`. A reference inside that does not resolve stays as
 * written (it is reported where it is written). `cite` gets the sources of every value used.
 */
export function lookupDeep(
  id: string,
  keys: readonly string[],
  config: SiteConfig,
  operators: ReadonlyMap<string, Operator>,
  from: readonly string[] = [],
  cite?: (sources: string[]) => void,
): DeepLookup {
  const self = [id, ...keys].join('.');
  const at = from.indexOf(self);
  if (at >= 0) return { cycle: [...from.slice(at), self] };
  const raw = lookupReference(id, keys, config, operators);
  if (raw !== undefined) cite?.(citationOf(id, keys, config, operators));
  if (raw === undefined || !raw.includes('{{')) return { value: raw };
  let cycle: string[] | undefined;
  const value = raw.replace(INTERPOLATION, (whole, inner: string, dotted: string) => {
    if (cycle) return whole;
    const found = lookupDeep(inner, dotted.slice(1).split('.'), config, operators, [...from, self], cite);
    cycle = found.cycle;
    return found.value ?? whole;
  });
  return cycle ? { cycle } : { value };
}

/** A complete `{{id.field}}` still in text after its values were filled in, or undefined. */
export function leftoverReference(text: string): string | undefined {
  return text.includes('{{') ? new RegExp(INTERPOLATION.source).exec(text)?.[0] : undefined;
}

/** The diagnostic parts for a value whose text still holds a `{{…}}` after interpolation. */
export function leftoverIssue(reference: string, left: string): { message: string; hint: string } {
  return {
    message: `"${reference}" gives text that still holds "${left}", which would be published as written`,
    hint: `write the text of "${left}" out in the field "${reference.slice(2, -2).trim()}" names`,
  };
}

/** The diagnostic parts for references that form a cycle. */
export function cycleIssue(chain: readonly string[]): { message: string; hint: string } {
  return {
    message: `these {{…}} values refer to each other in a cycle: ${chain.join(' → ')}`,
    hint: 'write the text out in one of them instead of its {{…}} value',
  };
}
