/**
 * JSON Schemas of the content files, generated from the zod schemas that validate them, so an
 * editor (through yaml-language-server) completes and checks the same keys the build does.
 */
import * as z from 'zod';
import { authorSchema } from './author.js';
import { operatorSchema } from './operator.js';
import { pageSchemas } from './page.js';
import { siteSchema } from './site.js';
import { sourcesFileSchema } from './sources.js';

/** Each schema, by the name of its file (`<name>.schema.json`) and the content files it describes. */
export const CONTENT_SCHEMAS = {
  site: { schema: siteSchema, files: 'content/site.yaml' },
  sources: { schema: sourcesFileSchema, files: 'content/sources.yaml' },
  operator: { schema: operatorSchema, files: 'content/operators/*.yaml' },
  author: { schema: authorSchema, files: 'content/authors/*.yaml' },
  page: { schema: z.union(Object.values(pageSchemas)), files: 'content/pages/**/*.md (frontmatter)' },
} as const;
export type SchemaName = keyof typeof CONTENT_SCHEMAS;

/** The formats JSON Schema 2020-12 defines (Validation, section 7.3): what any validator may know. */
export const STANDARD_FORMATS: ReadonlySet<string> = new Set([
  'date-time',
  'date',
  'time',
  'duration',
  'email',
  'idn-email',
  'hostname',
  'idn-hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'iri',
  'iri-reference',
  'uuid',
  'uri-template',
  'json-pointer',
  'relative-json-pointer',
  'regex',
]);

/**
 * `node` without the formats JSON Schema does not define. zod names some checks as formats of its
 * own (`starts_with` for startsWith, beside the `pattern` that says the same), which a strict
 * validator refuses as unknown; the pattern alone keeps the check.
 */
function standardFormatsOnly(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(standardFormatsOnly);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'format' && typeof value === 'string' && !STANDARD_FORMATS.has(value)) continue;
    out[key] = standardFormatsOnly(value);
  }
  return out;
}

/** The JSON Schema of one kind of content file: what a person writes (defaults may be left out). */
export function jsonSchema(name: SchemaName): Record<string, unknown> {
  const { schema, files } = CONTENT_SCHEMAS[name];
  // Refinements and transforms have no JSON Schema form: the build still applies them.
  const out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return { ...(standardFormatsOnly(out) as Record<string, unknown>), title: `pa-site ${files}` };
}

/** The file name a schema is written to. */
export const schemaFile = (name: SchemaName) => `${name}.schema.json`;
