/** `pa-site schema [--root dir] [--out dir]`: JSON Schemas of the content files, for editors. */
import path from 'node:path';
import { siteSchemaFiles } from '../pipeline/site-schemas.js';
import { escapeTerminal } from '../support/diagnostics/diagnostics.js';
import { cannotCreate } from './init-command.js';
import { printDiagnostics, processOut } from './output.js';
import { usageError } from './usage.js';
import { SchemaFileTaken, writeSchemaFiles } from './schema-files.js';

export async function runSchema(out: string, root: string): Promise<number> {
  const o = processOut();
  const dir = path.resolve(out);
  const { files, ownTemplates, diagnostics } = await siteSchemaFiles(path.resolve(root));
  if (!files) {
    printDiagnostics(o, diagnostics);
    return 1;
  }
  let replaced: string[];
  try {
    replaced = writeSchemaFiles(dir, files);
  } catch (e) {
    if (e instanceof SchemaFileTaken)
      return usageError(
        o,
        `--out: ${escapeTerminal(e.file)} already exists and is not a schema pa-site wrote; schema never overwrites it`,
        'name a new folder, or move that file away',
      );
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST' && code !== 'ENOTDIR') return cannotCreate(o, dir, e, '--out');
    return usageError(
      o,
      `--out: ${escapeTerminal((e as NodeJS.ErrnoException).path ?? dir)} is in the way; schema never overwrites it`,
      'name a new folder',
    );
  }
  o.out(`✓ Wrote ${Object.keys(files).join(', ')} to ${escapeTerminal(path.relative(process.cwd(), dir) || '.')}`);
  if (replaced.length)
    o.out(`  replaced the earlier ${replaced.length === 1 ? 'schema' : 'schemas'}: ${replaced.join(', ')}`);
  if (ownTemplates.length)
    o.out(`  page.schema.json includes your templates: ${ownTemplates.map((t) => escapeTerminal(t)).join(', ')}`);
  return 0;
}
