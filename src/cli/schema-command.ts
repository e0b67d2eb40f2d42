/** `pa-site schema [--root dir] [--out dir]`: JSON Schemas of the content files, for editors. */
import path from 'node:path';
import { writeNewFiles } from '../init/init.js';
import { siteSchemaFiles } from '../pipeline/site-schemas.js';
import { escapeTerminal } from '../support/diagnostics/diagnostics.js';
import { cannotCreate } from './init-command.js';
import { printDiagnostics, processOut } from './output.js';
import { usageError } from './usage.js';

export async function runSchema(out: string, root: string): Promise<number> {
  const o = processOut();
  const dir = path.resolve(out);
  const { files, ownTemplates, diagnostics } = await siteSchemaFiles(path.resolve(root));
  if (!files) {
    printDiagnostics(o, diagnostics);
    return 1;
  }
  try {
    writeNewFiles(dir, files);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST' && code !== 'ENOTDIR') return cannotCreate(o, dir, e, '--out');
    return usageError(
      o,
      `--out: ${(e as NodeJS.ErrnoException).path ?? dir} already exists; schema never overwrites a file`,
      'name a new folder, or delete the old schemas first',
    );
  }
  o.out(`✓ Wrote ${Object.keys(files).join(', ')} to ${escapeTerminal(path.relative(process.cwd(), dir) || '.')}`);
  if (ownTemplates.length)
    o.out(`  page.schema.json includes your templates: ${ownTemplates.map((t) => escapeTerminal(t)).join(', ')}`);
  return 0;
}
