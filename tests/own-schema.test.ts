/**
 * `pa-site schema --root` for a project whose templates/index.ts registers a template with its own
 * zod schema (docs/templates.md's example): page.schema.json names the template, and an editor
 * validating a page against it accepts its fields and refuses a misspelt or mistyped one, as the
 * build does. A project without its own registry gets pa-site's schemas unchanged.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { init, schemaFiles } from '../src/index.js';
import { STANDARD_FORMATS } from '../src/schema/json-schema.js';
import { repoRoot, scratchFolder } from './helpers.js';
import { scaled } from './machine.js';
import { ownTemplateExample } from './own-template.js';

const bin = path.join(repoRoot, 'bin', 'pa-site.js');
const cli = (args: string[], cwd: string) =>
  spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

const tmp = scratchFolder('pa-site-own-schema-');

const talk = (fields: string) => `template: talk
title: A first talk
description: The first talk of the site, with its speaker and slides, for the own-schema test.
updated: 2026-11
${fields}
hero:
  heading: A first talk
  lede: Its speaker and slides.
`;

describe('pa-site schema with templates of the project', () => {
  it(
    "describes each registered template's own fields in page.schema.json",
    async () => {
      const root = path.join(tmp(), 'site');
      expect(init({ dir: root, month: '2026-11', starter: 'blank' }).ok).toBe(true);
      for (const [rel, text] of Object.entries(ownTemplateExample())) {
        await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
        await writeFile(path.join(root, rel), text);
      }
      await symlink(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
      const r = cli(['schema', '--root', 'site', '--out', 'own-schemas'], tmp());
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain('page.schema.json includes your templates: talk');
      const schema = JSON.parse(readFileSync(path.join(tmp(), 'own-schemas', 'page.schema.json'), 'utf8'));
      const ajv = new Ajv2020({
        strict: true,
        allErrors: true,
        formats: Object.fromEntries([...STANDARD_FORMATS].map((f) => [f, true])),
      });
      const validate = ajv.compile(schema);
      const valid = (yaml: string) => validate(parseYaml(yaml));
      expect(valid(talk('speaker: Ada Lovelace\nslides: https://slides.example.com/first'))).toBe(true);
      expect(valid(talk('speker: Ada Lovelace'))).toBe(false);
      expect(valid(talk('speaker: Ada Lovelace\nslides: 42'))).toBe(false);
      expect(valid(talk('speaker: Ada Lovelace').replace('template: talk', 'template: tlak'))).toBe(false);
      // The other schemas are pa-site's own.
      const site = readFileSync(path.join(tmp(), 'own-schemas', 'site.schema.json'), 'utf8');
      expect(site).toBe(schemaFiles()['site.schema.json']);

      // Without a registry of its own (the folder the command runs in, by default): pa-site's schemas, as init writes.
      const plain = cli(['schema', '--out', 'plain-schemas'], tmp());
      expect(plain.status, plain.stderr).toBe(0);
      expect(plain.stdout).not.toContain('includes your templates');
      const page = readFileSync(path.join(tmp(), 'plain-schemas', 'page.schema.json'), 'utf8');
      expect(page).toBe(schemaFiles()['page.schema.json']);
      expect(page).not.toContain('"talk"');
    },
    scaled(180_000),
  );

  it(
    'reports templates that do not compile at their file and line, and writes nothing',
    async () => {
      const root = path.join(tmp(), 'broken');
      expect(init({ dir: root, month: '2026-11', starter: 'blank' }).ok).toBe(true);
      await mkdir(path.join(root, 'templates'), { recursive: true });
      await writeFile(path.join(root, 'templates', 'index.ts'), 'export const templates = {\n  talk: Talk,\n;\n');
      const r = cli(['schema', '--root', 'broken', '--out', 'broken-schemas'], tmp());
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/templates\/index\.ts:3:1/);
      expect(() => readFileSync(path.join(tmp(), 'broken-schemas', 'page.schema.json'))).toThrow();
    },
    scaled(120_000),
  );
});
