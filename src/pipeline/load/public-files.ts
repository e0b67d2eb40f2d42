import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import { NotRegularFileError, readRegularFileAsync, specialKind } from './regular-file.js';
import { readProblem, skippedSpecial } from './load.js';
import { hiddenPart } from './published-paths.js';

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

const skippedDotfiles = (file: string, count: number): Diagnostic => ({
  severity: 'warning',
  code: 'public-dotfile',
  file,
  line: 1,
  col: 1,
  field: '',
  message:
    `a dot-named ${count > 1 ? `folder (${count} files)` : 'file'} in content/public/ is not published: ` +
    'such files hold settings or secrets (.env, .git/config)',
  hint: 'move it out of content/public/; only .well-known/ (at the top, with no dot-named path inside) is published',
});

/**
 * The regular files under `content/public/`. Symbolic links, FIFOs, sockets and devices are
 * skipped with a warning naming them, and never opened; so are dot-named files and folders
 * (`.env`, `.git/`), besides `.well-known/`, with one warning per dot-named path.
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
  const hidden = new Map<string, number>();
  for (const e of entries) {
    const abs = path.join(e.parentPath, e.name);
    if (e.isDirectory()) continue;
    const dot = hiddenPart(path.relative(dir, abs).split(path.sep).join('/'));
    if (dot !== undefined) {
      hidden.set(dot, (hidden.get(dot) ?? 0) + 1);
      continue;
    }
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
  for (const [dot, count] of hidden) diagnostics.push(skippedDotfiles(`content/public/${dot}`, count));
  return { files, diagnostics };
}
