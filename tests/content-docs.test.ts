/**
 * docs/content.md documents every key the content schemas accept, required or optional: the JSON
 * Schemas `pa-site schema` writes (from the same zod schemas the build validates with) are walked,
 * and each key must appear in backticks in its file's section of the reference. A key added to a
 * schema without a line in the docs fails here, so "docs/content.md lists the allowed keys" (the fix
 * line of an unknown key) stays true.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonSchema, type SchemaName } from '../src/schema/json-schema.js';
import { repoRoot } from './helpers.js';

const doc = readFileSync(path.join(repoRoot, 'docs', 'content.md'), 'utf8');

type Json = { [k: string]: unknown };
/** Every key path in a JSON Schema (`helpline.display`, `review.deposits.*.method`…). */
function keyPaths(schema: unknown, prefix = ''): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as Json;
  const out: string[] = [];
  for (const [key, sub] of Object.entries((s.properties as Json | undefined) ?? {})) {
    const p = prefix ? `${prefix}.${key}` : key;
    out.push(p, ...keyPaths(sub, p));
  }
  // A list's items and a record's entries (`facts.<name>.value`) as `*`: only their keys are named.
  for (const k of ['items', 'additionalProperties'] as const) if (s[k]) out.push(...keyPaths(s[k], `${prefix}.*`));
  for (const k of ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const)
    for (const sub of (s[k] as unknown[] | undefined) ?? []) out.push(...keyPaths(sub, prefix));
  return [...new Set(out)];
}

/** The part of docs/content.md that documents a file: from its heading to the next of that level. */
function section(heading: string): string {
  const start = doc.indexOf(`\n${heading}\n`);
  expect(start, `docs/content.md has the heading "${heading}"`).toBeGreaterThan(-1);
  const level = heading.split(' ')[0]!;
  const rest = doc.slice(start + heading.length + 2);
  const end = rest.search(new RegExp(`^${level} `, 'm'));
  return end === -1 ? rest : rest.slice(0, end);
}

/** Where each file's keys are documented. */
const SECTIONS: Record<SchemaName, { heading: string; full: boolean }> = {
  site: { heading: '## `content/site.yaml`', full: true },
  sources: { heading: '## Sources and citations', full: false },
  operator: { heading: '## Operators', full: false },
  author: { heading: '## Authors', full: false },
  page: { heading: '## Pages', full: false },
};

describe('docs/content.md', () => {
  it.each(Object.keys(SECTIONS) as SchemaName[])('documents every key of the %s schema', (name) => {
    const { heading, full } = SECTIONS[name];
    const text = section(heading);
    const missing = keyPaths(jsonSchema(name)).filter((p) => {
      // site.yaml's keys by their path down to the second level (`helpline.organisation`); deeper
      // ones (a menu item's `name`) and other files' keys by their own name, within the section.
      const parts = p.split('.');
      const key = full && parts.length <= 2 && !p.includes('*') ? p : parts.at(-1)!;
      // As a word in backticks: `display`, `helpline.display`, `items: [{value, label}]`.
      return !new RegExp(`\`[^\`\n]*(?<![\\w.])${key.replace(/\./g, '\\.')}(?![\\w])[^\`\n]*\``).test(text);
    });
    expect(missing, `keys of ${name} that ${heading} does not name`).toEqual([]);
  });
});
