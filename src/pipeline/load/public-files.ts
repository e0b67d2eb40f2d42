import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../../diagnostics.js';
import { NotRegularFileError, readRegularFileAsync, specialKind } from './regular-file.js';
import { readProblem, skippedSpecial } from './load.js';

/** Files of `content/public/`, copied as they are, by their path in the output. */
export type PublicFiles = Map<string, Buffer>;

/** A symbolic link in content/public/ is not copied (it could reach outside the project): said, not silent. */
const skippedLink = (file: string): Diagnostic => ({
  severity: 'warning',
  code: 'public-link',
  file,
  line: 1,
  col: 1,
  field: '',
  message: 'a symbolic link in content/public/ is not copied to the site',
  hint: 'put the file itself in content/public/ instead of a link to it',
});

/**
 * The regular files under `content/public/`. Symbolic links, FIFOs, sockets and devices are
 * skipped with a warning naming them, and never opened.
 */
export async function publicFiles(root: string): Promise<{ files: PublicFiles; diagnostics: Diagnostic[] }> {
  const dir = path.join(root, 'content', 'public');
  const files: PublicFiles = new Map();
  const diagnostics: Diagnostic[] = [];
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return { files, diagnostics };
  }
  const rel = (abs: string) => path.relative(root, abs).split(path.sep).join('/');
  for (const e of entries) {
    const abs = path.join(e.parentPath, e.name);
    if (e.isDirectory()) continue;
    if (e.isSymbolicLink()) {
      diagnostics.push(skippedLink(rel(abs)));
      continue;
    }
    const kind = specialKind(e);
    if (kind) {
      diagnostics.push(skippedSpecial(rel(abs), kind));
      continue;
    }
    try {
      files.set(path.relative(dir, abs).split(path.sep).join('/'), await readRegularFileAsync(abs));
    } catch (err) {
      const swapped = err instanceof NotRegularFileError ? err.kind : undefined;
      diagnostics.push(swapped ? skippedSpecial(rel(abs), swapped) : readProblem(rel(abs), err));
    }
  }
  return { files, diagnostics };
}
