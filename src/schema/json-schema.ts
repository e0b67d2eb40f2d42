/**
 * JSON Schemas of the content files, generated from the zod schemas that validate them, so an
 * editor (through yaml-language-server) completes and checks the same keys the build does.
 */
import * as z from 'zod';
import { authorSchema } from './author.js';
import { operatorSchema } from './operator.js';
import { customPageSchema, pageSchemas } from './page.js';
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

type Json = Record<string, unknown>;
// What a person writes (defaults may be left out); refinements and transforms have no JSON Schema
// form (the build still applies them).
const AS_INPUT = { io: 'input', unrepresentable: 'any' } as const;

/** A template a site registers in templates/index.ts, and the zod schema it exports for its own fields, if any. */
export interface OwnTemplate {
  name: string;
  schema?: unknown;
}

/**
 * The JSON Schema of one kind of content file. With `own` (the templates a site registers itself),
 * page frontmatter may also name each of them, with the fields its schema adds.
 */
export function jsonSchema(name: SchemaName, own: readonly OwnTemplate[] = []): Json {
  const { schema, files } = CONTENT_SCHEMAS[name];
  const out = z.toJSONSchema(schema, AS_INPUT) as Json;
  const withOwn = name === 'page' && own.length ? withOwnTemplates(out, own) : out;
  return { ...(standardFormatsOnly(withOwn) as Json), title: `pa-site ${files}` };
}

/**
 * A template's own schema as JSON Schema, converted by the zod copy that made it where it can
 * (`toJSONSchema()`), else by this one (any zod 4); undefined for one neither can read (zod 3).
 */
function ownFields(schema: unknown): Json | undefined {
  const s = schema as { toJSONSchema?: (o: object) => unknown; _zod?: unknown } | undefined;
  try {
    if (typeof s?.toJSONSchema === 'function') return s.toJSONSchema(AS_INPUT) as Json;
    if (s?._zod) return z.toJSONSchema(s as z.ZodType, AS_INPUT) as Json;
  } catch {
    // Not convertible: the template's pages are described by the fields every page has.
  }
  return undefined;
}

/**
 * The page schema `page` with one more branch per own template: the fields every page has, `template`
 * fixed to its name, and its schema's fields (with its schema's stance on other keys). Definitions
 * the branches refer to (`#/$defs/…`) are moved to the top, where such references point.
 */
function withOwnTemplates(page: Json, own: readonly OwnTemplate[]): Json {
  const defs: Json = { ...((page.$defs as Json | undefined) ?? {}) };
  const branches = [...((page.anyOf as Json[] | undefined) ?? [page])];
  for (const t of own) {
    const { $schema: _s, $defs: ownDefs, ...fields } = ownFields(t.schema) ?? {};
    Object.assign(defs, ownDefs ?? {});
    const common = customPageSchema.extend({ template: z.literal(t.name) });
    const { $schema: _c, ...branch } = z.toJSONSchema(common, AS_INPUT) as Json;
    const props = fields.properties as Json | undefined;
    if (fields.type === 'object' && props) {
      const required = new Set([...((branch.required as string[]) ?? []), ...((fields.required as string[]) ?? [])]);
      // The fields every page has win: a template's schema never sees them (validate/custom-templates.ts).
      branch.properties = { ...props, ...(branch.properties as Json) };
      branch.required = [...required];
      // A strict schema (additionalProperties: false) refuses other keys; a plain object takes them.
      if ('additionalProperties' in fields) branch.additionalProperties = fields.additionalProperties;
      else delete branch.additionalProperties;
      branches.push(branch);
    } else if (Object.keys(fields).length) {
      branches.push({ allOf: [branch, fields] });
    } else {
      branches.push(branch);
    }
  }
  const { anyOf: _a, $defs: _d, type: _t, properties: _p, required: _r, additionalProperties: _x, ...rest } = page;
  return { ...rest, anyOf: branches, ...(Object.keys(defs).length ? { $defs: defs } : {}) };
}

/** The file name a schema is written to. */
export const schemaFile = (name: SchemaName) => `${name}.schema.json`;

/** Every content schema as the text of its JSON Schema file, by file name: what `pa-site schema` writes. */
export function schemaFileTexts(own: readonly OwnTemplate[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(CONTENT_SCHEMAS) as SchemaName[])
    out[schemaFile(name)] = `${JSON.stringify(jsonSchema(name, own), null, 2)}\n`;
  return out;
}
