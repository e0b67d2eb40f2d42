/**
 * The JSON Schemas `pa-site schema` and `init` write are valid under a strict validator: Ajv's
 * draft 2020-12 mode with strict on, which refuses unknown keywords and formats, and a type that
 * disagrees with its own constraints. The formats 2020-12 defines are declared known, as
 * ajv-formats would (Ajv knows none by itself); any other format fails.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { CONTENT_SCHEMAS, jsonSchema, STANDARD_FORMATS, type SchemaName } from './json-schema.js';

const names = Object.keys(CONTENT_SCHEMAS) as SchemaName[];
const strictAjv = () =>
  new Ajv2020({
    strict: true,
    allErrors: true,
    formats: Object.fromEntries([...STANDARD_FORMATS].map((f) => [f, true])),
  });

describe('the JSON Schemas under Ajv strict, draft 2020-12', () => {
  it.each(names)('%s compiles', (name) => {
    const schema = jsonSchema(name);
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(() => strictAjv().compile(schema)).not.toThrow();
  });

  it('keeps the check a dropped zod format made, as a pattern', () => {
    const validate = strictAjv().compile(jsonSchema('site'));
    const text = JSON.stringify(jsonSchema('site'));
    expect(text).not.toContain('starts_with');
    expect(text).toContain('"format":"email"');
    // check.knownUnbuilt: routes, each starting with "/" (zod's startsWith).
    const knownErrors = (route: string) => {
      validate({ check: { knownUnbuilt: [route] } });
      return (validate.errors ?? []).filter((e) => e.instancePath.startsWith('/check/knownUnbuilt/0'));
    };
    expect(knownErrors('/coming-soon')).toEqual([]);
    expect(knownErrors('coming-soon').map((e) => e.keyword)).toContain('pattern');
  });
});
