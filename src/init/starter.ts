/**
 * The files `pa-site init --starter <name>` writes: the package's folder starters/<name>/, file for
 * file. `pa` is the smallest gambling guide that builds and passes `check` with no warnings; `blank`
 * a plain site (a home page, an about page and a blog with one post and its feed) with no compliance
 * pack. Each field has a comment saying what it is for; placeholders say "Replace". What a starter
 * says is data there: this file only reads a folder and fills in the month.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type SchemaName, schemaFile } from '../schema/json-schema.js';
import { packageDir } from '../support/package/paths.js';

/** The starters `init --starter` knows: each a folder under starters/ in the package. */
export const STARTERS = ['pa', 'blank'] as const;
export type Starter = (typeof STARTERS)[number];

/** Where a starter's file says the month its pages were last updated (YYYY-MM). */
const MONTH = '{{init.month}}';

/** The JSON Schema a YAML file of the project is checked against, by its path; none for others. */
const SCHEMA_OF: readonly [RegExp, SchemaName][] = [
  [/^content\/site\.yaml$/, 'site'],
  [/^content\/sources\.yaml$/, 'sources'],
  [/^content\/operators\/[^/]+\.yaml$/, 'operator'],
  [/^content\/authors\/[^/]+\.yaml$/, 'author'],
];

/** The yaml-language-server modeline pointing a YAML file at its schema, from the folder the file is in. */
function modeline(rel: string): string {
  const name = SCHEMA_OF.find(([re]) => re.test(rel))?.[1];
  if (!name) return '';
  return `# yaml-language-server: $schema=${'../'.repeat(rel.split('/').length - 1)}schemas/${schemaFile(name)}\n`;
}

/** The order init writes (and lists) a starter's files in: site.yaml, sources, operators, pages (home first). */
function writeOrder(rel: string): string {
  const rank = ['content/site.yaml', 'content/sources.yaml'].indexOf(rel);
  if (rank >= 0) return `${rank}`;
  return `${rel.startsWith('content/pages/') ? 3 : 2}${rel === 'content/pages/index.md' ? '' : rel}`;
}

/** A starter's files by path in the project, for pages last updated in `month` (YYYY-MM). */
export function starterFiles(name: Starter, month: string): Record<string, string> {
  const dir = path.join(packageDir, 'starters', name);
  const rels = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).replace(/\\/g, '/'))
    .sort((a, b) => (writeOrder(a) < writeOrder(b) ? -1 : 1));
  return Object.fromEntries(
    rels.map((rel) => [rel, modeline(rel) + readFileSync(path.join(dir, rel), 'utf8').replaceAll(MONTH, month)]),
  );
}
