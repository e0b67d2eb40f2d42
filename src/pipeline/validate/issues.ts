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

/** Turns zod issues into diagnostics that point at the YAML position of each field. */
export function issuesToDiagnostics(
  issues: readonly z.core.$ZodIssue[],
  src: YamlSource,
  prefix: readonly PropertyKey[] = [],
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    const base = { severity: 'error' as const, code: 'schema', file: src.file };
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const pos = src.locate(path, key);
        out.push({
          ...base,
          code: 'unknown-key',
          ...pos,
          field: fieldPath([...path, key]),
          message: `unknown key "${key}"`,
          hint: 'check the spelling, or remove the key (see "Content reference" in the README for the allowed keys)',
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
    if (issue.code === 'invalid_union' && input === undefined && !('note' in issue)) {
      // A missing field whose schema is a union (an offer term: a value or "not stated").
      out.push({
        ...base,
        code: 'missing-field',
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
        field: fieldPath([...path, 'type']),
        message: 'unknown or missing block type',
        received: formatReceived((input as { type?: unknown } | undefined)?.type),
        hint: `use one of: ${BLOCK_TYPES}`,
      });
      continue;
    }
    const expected = describeExpected(issue);
    const message = issue.code === 'invalid_type' ? `wrong type: expected ${expected}` : issue.message;
    out.push({ ...base, ...pos, field: fieldPath(path), message, received: formatReceived(input) });
  }
  return out;
}
