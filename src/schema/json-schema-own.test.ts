/**
 * A site's own templates in the page JSON Schema: each registered name is a valid `template:`, and
 * the fields its zod schema declares are completed and checked by an editor as the build checks them.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { jsonSchema, STANDARD_FORMATS } from './json-schema.js';

const ajv = () =>
  new Ajv2020({
    strict: true,
    allErrors: true,
    formats: Object.fromEntries([...STANDARD_FORMATS].map((f) => [f, true])),
  });

const page = (fields: Record<string, unknown>) => ({
  title: 'A first talk',
  description: 'The first talk of the site, with its speaker and slides, for the own-template test.',
  updated: '2026-11',
  hero: { heading: 'A first talk', lede: 'Its speaker and slides.' },
  ...fields,
});

describe('the page JSON Schema with templates of the site', () => {
  const own = [
    { name: 'talk', schema: z.strictObject({ speaker: z.string(), slides: z.url().optional() }) },
    { name: 'note', schema: z.object({ mood: z.enum(['calm', 'loud']) }) },
    { name: 'plain' },
  ];
  const schema = jsonSchema('page', own);
  const validate = ajv().compile(schema);
  const ok = (data: unknown) => validate(data);

  it('compiles under Ajv strict, and takes pa-site pages as before', () => {
    expect(ok(page({ template: 'guide' }))).toBe(true);
    expect(ok(page({ template: 'review', operator: 'fanduel' }))).toBe(true);
  });

  it("checks an own template's fields: required, typed, strict where its schema is", () => {
    expect(ok(page({ template: 'talk', speaker: 'Ada Lovelace', slides: 'https://example.com/s' }))).toBe(true);
    expect(ok(page({ template: 'talk' }))).toBe(false); // speaker is required
    expect(ok(page({ template: 'talk', speaker: 42 }))).toBe(false);
    expect(ok(page({ template: 'talk', speaker: 'Ada', speker: 'Ada' }))).toBe(false); // strict
    expect(ok(page({ template: 'note', mood: 'calm', other: 1 }))).toBe(true); // a plain object takes others
    expect(ok(page({ template: 'note', mood: 'sad' }))).toBe(false);
    expect(ok(page({ template: 'plain', anything: ['at all'] }))).toBe(true); // no schema: any other field
    expect(ok(page({ template: 'tlak', speaker: 'Ada' }))).toBe(false); // not registered
    expect(ok(page({ template: 'talk', speaker: 'Ada', title: 42 }))).toBe(false); // every page's fields still
  });

  it('names each template, with its own fields beside the common ones, for completion', () => {
    const branches = schema.anyOf as { properties: Record<string, { const?: string }> }[];
    const talk = branches.find((b) => b.properties.template?.const === 'talk');
    expect(Object.keys(talk!.properties)).toEqual(expect.arrayContaining(['speaker', 'slides', 'title', 'hero']));
    expect(jsonSchema('page')).toEqual(jsonSchema('page', []));
  });
});
