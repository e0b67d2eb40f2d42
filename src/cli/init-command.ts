/** `pa-site init [dir]` and `pa-site schema [--out dir]`. */
import path from 'node:path';
import { escapeTerminal } from '../diagnostics.js';
import { init, schemaFiles, writeNewFiles } from '../init/init.js';
import { processOut } from './output.js';
import { usageError } from './usage.js';

export function runInit(dir: string | undefined): number {
  const o = processOut();
  const r = init({ dir });
  if (!r.ok) return usageError(o, r.problem!.message, r.problem!.hint);
  const where = escapeTerminal(path.relative(process.cwd(), r.dir) || '.');
  o.out(`✓ Created a site in ${where}: ${r.files.filter((f) => f.startsWith('content/')).join(', ')}`);
  o.out('  and JSON Schemas for editors in schemas/ (the YAML files point at them)');
  o.out(
    where === '.'
      ? 'Next: pa-site build, then pa-site check'
      : `Next: cd ${where}, then pa-site build and pa-site check`,
  );
  return 0;
}

export function runSchema(out: string): number {
  const o = processOut();
  const dir = path.resolve(out);
  const files = schemaFiles();
  try {
    writeNewFiles(dir, files);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST' && code !== 'ENOTDIR') throw e;
    return usageError(
      o,
      `--out: ${(e as NodeJS.ErrnoException).path ?? dir} already exists; schema never overwrites a file`,
      'name a new folder, or delete the old schemas first',
    );
  }
  o.out(`✓ Wrote ${Object.keys(files).join(', ')} to ${escapeTerminal(path.relative(process.cwd(), dir) || '.')}`);
  return 0;
}
