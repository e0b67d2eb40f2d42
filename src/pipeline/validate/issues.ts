import type { z } from 'zod';
import { formatReceived, type Diagnostic } from '../../support/diagnostics/diagnostics.js';
import { blockSchema } from '../../schema/blocks.js';
import type { YamlSource } from '../load/yaml-source.js';
import { closest, meantKey } from './did-you-mean.js';
import { keysAt } from './schema-keys.js';

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
  int: 'write a whole number, such as 2 (no decimals)',
  boolean: 'write true or false',
  array: 'write a list: one "- item" line per entry, indented under the key',
  object: 'write its fields as "key: value" lines indented under the key',
};

/** The fix for a number written as text: `"$10"` → `minDeposit: 10`. Undefined when it is not one. */
function numberFix(name: string, input: unknown): string | undefined {
  if (typeof input !== 'string') return undefined;
  const m = /^\s*\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*$/.exec(input);
  if (!m) return undefined;
  return `write ${name}: ${m[1]!.replace(/,/g, '')}${m[2] ?? ''} (a plain number: no "$", commas or quotation marks)`;
}

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
  const n = String(limit);
  const one = n === '1';
  const custom = !/^Too (small|big)/.test(issue.message);
  // "at least 1 entry", "at most 80 characters long": a count in words that agree with it.
  const [message, hint] =
    issue.origin === 'array'
      ? [`must have ${bound} ${n} ${one ? 'entry' : 'entries'}`, `list ${bound} ${n} ${one ? 'entry' : 'entries'}`]
      : issue.origin === 'string'
        ? [
            `must be ${bound} ${n} character${one ? '' : 's'} long`,
            `make it ${bound} ${n} character${one ? '' : 's'} long`,
          ]
        : [`must be ${bound} ${n}`, `make it ${bound} ${n}`];
  return { message: custom ? issue.message : message, hint };
}

/** An example for a date check's message: the month alone where the field allows it. */
function dateHint(message: string): string | undefined {
  if (/not a real calendar date/.test(message)) return 'check the day and the month: that date does not exist';
  if (/YYYY-MM or YYYY-MM-DD/.test(message)) return 'write the month as 2025-01, or the day as 2025-01-31';
  return undefined;
}

/** Turns zod issues into diagnostics that point at the YAML position of each field. */
/**
 * A union none of whose branches took the input (a fact: one value, or a list of dated values): when
 * exactly one branch got past the input's shape, its own issues say what is wrong, at their fields
 * ("facts.incomeTax.source"), not one "invalid input" at the union.
 */
function shapedBranch(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union' || !issue.errors?.length) return [issue];
  const fits = issue.errors.filter((branch) => branch.length > 0 && branch.every((i) => i.path.length > 0));
  if (fits.length !== 1) return [issue];
  return fits[0]!.flatMap((i) => shapedBranch({ ...i, path: [...issue.path, ...i.path] } as z.core.$ZodIssue));
}

export function issuesToDiagnostics(
  unflattened: readonly z.core.$ZodIssue[],
  src: YamlSource,
  prefix: readonly PropertyKey[] = [],
  /** The schema that was parsed, and what it parsed: the keys a misspelt key is compared with. */
  parsed?: { schema: z.ZodType; input: unknown },
): Diagnostic[] {
  const issues = unflattened.flatMap(shapedBranch);
  const out: Diagnostic[] = [];
  // The cause once: a field that is the wrong type is not also "too short" or "not a real date",
  // and a misspelt key is not also its correct spelling "missing".
  const seen = new Set<string>();
  const meant = new Map<string, string>();
  for (const issue of issues) {
    if (issue.code !== 'unrecognized_keys' || !parsed) continue;
    const allowed = keysAt(parsed.schema, issue.path, parsed.input);
    for (const key of issue.keys) {
      const near = meantKey(key, allowed);
      if (near) meant.set(fieldPath([...prefix, ...issue.path, key]), near);
    }
  }
  const misspelt = new Set([...meant].map(([at, near]) => at.replace(/[^.[\]]+$/, near)));
  const unindented = parsed ? unindentedFields(issues, parsed) : new Map<string, string[]>();
  /** Keys reported by their unindented parent (`hero:` above `heading:` at its own level), by field path. */
  const strays = new Set(
    [...unindented].flatMap(([at, keys]) => keys.map((k) => at.replace(/[^.[\]]+$/, k).replace(/^\./, ''))),
  );
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    const base = { severity: 'error' as const, code: 'schema', file: src.file };
    if (issue.code !== 'unrecognized_keys') {
      const key = fieldPath(path);
      if (seen.has(key) || misspelt.has(key)) continue;
      seen.add(key);
    }
    const fields = unindented.get(fieldPath(issue.path));
    if (fields && issue.code === 'invalid_type') {
      // One cause: the fields under a key lost their indent, so the key is empty and they are unknown.
      const name = String(path[path.length - 1]);
      const list = fields.map((k) => `"${k}:"`).join(', ');
      out.push({
        ...base,
        code: 'unindented-fields',
        ...src.locate(path),
        field: fieldPath(path),
        message: `"${name}:" is empty: ${list} below it ${fields.length === 1 ? 'is' : 'are'} not indented under it`,
        hint:
          `indent ${list} further than "${name}:" (two spaces more) so that ` +
          `${fields.length === 1 ? 'it belongs' : 'they belong'} to it`,
      });
      continue;
    }
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        if (strays.has(fieldPath([...issue.path, key]))) continue;
        const pos = src.locate(path, key);
        const near = meant.get(fieldPath([...path, key]));
        out.push({
          ...base,
          code: 'unknown-key',
          ...pos,
          field: fieldPath([...path, key]),
          message: near ? `unknown key "${key}": did you mean "${near}"?` : `unknown key "${key}"`,
          hint: near
            ? `rename it to "${near}"`
            : 'check the spelling, or remove the key (docs/content.md lists the allowed keys)',
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
    const name = String(path[path.length - 1]);
    if (issue.code === 'invalid_type') {
      const fix = (issue.expected === 'number' && numberFix(name, input)) || TYPE_FIX[issue.expected];
      // A schema that says what it wants ("a number of dollars, e.g. 10") is quoted; else the type.
      const own = /^expected /.test(issue.message) ? issue.message.slice('expected '.length) : expected;
      out.push({ ...at, message: `wrong type: expected ${own}`, ...(fix ? { hint: fix } : {}) });
      continue;
    }
    if (issue.code === 'invalid_key') {
      // A record's key broke its rule: say the rule (zod says only "Invalid key in record").
      const rule = issue.issues[0]?.message ?? 'this name is not allowed here';
      const keyAt = src.locate(path.slice(0, -1), name); // the key's own line, not its value's
      out.push({
        ...at,
        ...keyAt,
        received: JSON.stringify(name),
        message: rule,
        hint: `rename "${name}" to follow that rule`,
      });
      continue;
    }
    if (issue.code === 'invalid_union' && /^expected a number/.test(issue.message)) {
      const fix = numberFix(name, input) ?? `write a plain number, e.g. ${name}: 10, or ${name}: not stated`;
      out.push({ ...at, message: issue.message, hint: fix });
      continue;
    }
    if (issue.code === 'invalid_value') {
      const values = issue.values.map((v) => String(v));
      const near = typeof input === 'string' ? closest(input, values) : undefined;
      const hint = `${near ? `did you mean "${near}"? ` : ''}use one of: ${values.join(', ')}`;
      out.push({ ...at, message: `expected ${expected}`, hint });
      continue;
    }
    // A schema's own check may carry its fix (schema/common.ts); dates get an example.
    const params = issue.code === 'custom' ? (issue.params as { hint?: string; rule?: string } | undefined) : undefined;
    const own = params?.hint;
    const hint =
      own ?? dateHint(issue.message) ?? (issue.code === 'invalid_format' ? 'write it in the form shown' : undefined);
    // A pack's rule (banned wording) is reported under its own code, as `check` names it.
    out.push({
      ...at,
      ...(params?.rule ? { code: params.rule } : {}),
      message: issue.message,
      ...(hint ? { hint } : {}),
    });
  }
  return out;
}

/**
 * Keys whose value is empty (`hero:` with nothing indented under it) while the keys that belong
 * under them sit beside them, unknown there: field path of the empty key → those keys.
 */
function unindentedFields(
  issues: readonly z.core.$ZodIssue[],
  parsed: { schema: z.ZodType; input: unknown },
): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const issue of issues) {
    if (issue.code !== 'invalid_type' || issue.expected !== 'object') continue;
    if ((issue as { input?: unknown }).input !== null || !issue.path.length) continue;
    const parent = fieldPath(issue.path.slice(0, -1));
    const beside = issues.flatMap((i) =>
      i.code === 'unrecognized_keys' && fieldPath(i.path) === parent ? i.keys : [],
    );
    const own = new Set(keysAt(parsed.schema, issue.path, parsed.input));
    const keys = beside.filter((k) => own.has(k));
    if (keys.length) found.set(fieldPath(issue.path), keys);
  }
  return found;
}
