import type { z } from 'zod';
import { formatReceived, type Diagnostic } from '../../diagnostics.js';
import { blockSchema } from '../../schema/blocks.js';
import type { YamlSource } from '../load/yaml-source.js';

/** The block types, in the schema's order, for the hint on an unknown one. */
const BLOCK_TYPES = blockSchema.options.map((o) => o.shape.type.value).join(', ');

export const fieldPath = (path: readonly PropertyKey[]) =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('');

function describeExpected(issue: z.core.$ZodIssue): string | undefined {
  if (issue.code === 'invalid_type') return issue.expected;
  if (issue.code === 'invalid_value') return issue.values.map((v) => JSON.stringify(v)).join(' or ');
  return undefined;
}

/**
 * One error for a YAML file that is empty or not a set of `key: value` fields, instead of one
 * "missing required field" per field the schema has. Undefined for a mapping.
 */
export function notAMapping(src: YamlSource, fix: string): Diagnostic | undefined {
  const d = src.data;
  if (d !== null && typeof d === 'object' && !Array.isArray(d)) return undefined;
  const found = d == null ? 'the file is empty' : Array.isArray(d) ? 'it holds a list' : 'it holds a single value';
  return {
    severity: 'error',
    code: 'empty-file',
    file: src.file,
    line: 1,
    col: 1,
    field: '',
    message: `expected fields written as "key: value" lines, but ${found}`,
    received: d == null ? undefined : formatReceived(d),
    hint: fix,
  };
}

/** The fix for a value of the wrong type, by the type expected. */
const TYPE_FIX: Record<string, string> = {
  string: 'write text; put quotation marks around it if YAML reads it as a number, date or true/false',
  number: 'write a plain number, without quotation marks or units',
  boolean: 'write true or false',
  array: 'write a list: one "- item" line per entry, indented under the key',
  object: 'write its fields as "key: value" lines indented under the key',
};

/**
 * zod's size checks in pa-site's words, with the allowed range as the fix: `rank: 0` gives
 * "must be at least 1" rather than "Too small: expected number to be >=1". A message the schema
 * wrote itself ("ratings are out of 5") is kept.
 */
function sizeIssue(issue: z.core.$ZodIssue): { message: string; hint: string } | undefined {
  if (issue.code !== 'too_small' && issue.code !== 'too_big') return undefined;
  const small = issue.code === 'too_small';
  const limit = small ? issue.minimum : issue.maximum;
  const inclusive = issue.inclusive !== false;
  const bound = small ? (inclusive ? 'at least' : 'more than') : inclusive ? 'at most' : 'less than';
  const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' entries' : '';
  const range = `${bound} ${String(limit)}${unit}`;
  const custom = !/^Too (small|big)/.test(issue.message);
  return { message: custom ? issue.message : `must be ${range}`, hint: `make it ${range}` };
}

/** An example for a date check's message: the month alone where the field allows it. */
function dateHint(message: string): string | undefined {
  if (/not a real calendar date/.test(message)) return 'check the day and the month: that date does not exist';
  if (/YYYY-MM or YYYY-MM-DD/.test(message)) return 'write the month as 2025-01, or the day as 2025-01-31';
  return undefined;
}

/** Turns zod issues into diagnostics that point at the YAML position of each field. */
export function issuesToDiagnostics(
  issues: readonly z.core.$ZodIssue[],
  src: YamlSource,
  prefix: readonly PropertyKey[] = [],
): Diagnostic[] {
  const out: Diagnostic[] = [];
  // The cause once: a field that is the wrong type is not also "too short" or "not a real date".
  const seen = new Set<string>();
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    const base = { severity: 'error' as const, code: 'schema', file: src.file };
    if (issue.code !== 'unrecognized_keys') {
      const key = fieldPath(path);
      if (seen.has(key)) continue;
      seen.add(key);
    }
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const pos = src.locate(path, key);
        out.push({
          ...base,
          code: 'unknown-key',
          ...pos,
          field: fieldPath([...path, key]),
          message: `unknown key "${key}"`,
          hint: 'check the spelling, or remove the key (docs/content.md lists the allowed keys)',
        });
      }
      continue;
    }
    const pos = src.locate(path);
    const input = (issue as { input?: unknown }).input;
    if (issue.code === 'invalid_type' && input === undefined) {
      out.push({
        ...base,
        code: 'missing-field',
        ...pos,
        field: fieldPath(path),
        message: `missing required field (expected ${issue.expected})`,
        hint: `add "${String(path[path.length - 1])}:" here`,
      });
      continue;
    }
    if (issue.code === 'invalid_value' && input === undefined) {
      const name = String(path[path.length - 1]);
      out.push({
        ...base,
        code: 'missing-field',
        ...pos,
        field: fieldPath(path),
        message: `missing required field (expected ${describeExpected(issue)})`,
        hint: `add "${name}:" here, with one of: ${issue.values.map((v) => String(v)).join(', ')}`,
      });
      continue;
    }
    if (issue.code === 'invalid_union' && input === undefined && !('note' in issue)) {
      // A missing field whose schema is a union (an offer term: a value or "not stated"; a source).
      out.push({
        ...base,
        code: path[path.length - 1] === 'source' ? 'missing-source' : 'missing-field',
        ...pos,
        field: fieldPath(path),
        message: `missing required field (${issue.message})`,
        hint: `add "${String(path[path.length - 1])}:" here`,
      });
      continue;
    }
    if (issue.code === 'invalid_union' && 'note' in issue && issue.note === 'No matching discriminator') {
      out.push({
        ...base,
        ...pos,
        // zod 4 puts the discriminator in the path already; older versions did not.
        field: fieldPath(path[path.length - 1] === 'type' ? path : [...path, 'type']),
        message: 'unknown or missing block type',
        received: formatReceived(
          input !== null && typeof input === 'object' ? (input as { type?: unknown }).type : input,
        ),
        hint: `use one of: ${BLOCK_TYPES}`,
      });
      continue;
    }
    const at = { ...base, ...pos, field: fieldPath(path), received: formatReceived(input) };
    const size = sizeIssue(issue);
    if (size) {
      out.push({ ...at, ...size });
      continue;
    }
    const expected = describeExpected(issue);
    if (issue.code === 'invalid_type') {
      const fix = TYPE_FIX[issue.expected];
      out.push({ ...at, message: `wrong type: expected ${expected}`, ...(fix ? { hint: fix } : {}) });
      continue;
    }
    if (issue.code === 'invalid_value') {
      const list = issue.values.map((v) => String(v)).join(', ');
      out.push({ ...at, message: `expected ${expected}`, hint: `use one of: ${list}` });
      continue;
    }
    // A schema's own check may carry its fix (schema/common.ts); dates get an example.
    const own = issue.code === 'custom' ? (issue.params as { hint?: string } | undefined)?.hint : undefined;
    const hint =
      own ?? dateHint(issue.message) ?? (issue.code === 'invalid_format' ? 'write it in the form shown' : undefined);
    out.push({ ...at, message: issue.message, ...(hint ? { hint } : {}) });
  }
  return out;
}

/**
 * Edit distance (insertions, deletions, substitutions, and two neighbours swapped, the commonest
 * typo: "pgbc" for "pgcb"), for "did you mean" hints.
 */
function distance(a: string, b: string): number {
  let prev: number[] = [];
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        next[j] = Math.min(next[j]!, prev[j - 2]! + 1);
    }
    prev = row;
    row = next;
  }
  return row[b.length]!;
}

/** The known name closest to `id`, when one is near enough to be a typo of it. */
export function nearestName(id: string, known: readonly string[]): string | undefined {
  return known
    .map((k) => [k, distance(id, k)] as const)
    .filter(([, d]) => d <= Math.max(1, Math.floor(id.length / 3)))
    .sort((a, b) => a[1] - b[1])[0]?.[0];
}

/** The fix for an unknown operator id: the closest id when one is near, then every id, sorted. */
export function operatorIdHint(id: string, ids: Iterable<string>): string {
  const known = [...new Set(ids)].sort();
  if (!known.length) return `add content/operators/${id}.yaml, or use an operator that exists`;
  const near = nearestName(id, known);
  const all = `operator ids are the file names in content/operators: ${known.join(', ')}`;
  return near ? `did you mean "${near}"? ${all}` : all;
}
