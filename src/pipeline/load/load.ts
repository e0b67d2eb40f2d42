import { isUtf8 } from 'node:buffer';
import { type Dirent, lstatSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import type { SourceFile } from '../../model.js';
import { type BuildMemo, statId } from '../build-memo.js';
import { ignoredContentEntries, ignoredDataFile, ignoredPageFile } from './ignored-files.js';
import { NotRegularFileError, readListedFile, readRegularFile, specialKind } from './regular-file.js';
import { NO_PROJECT_HINT, noProjectProblem } from './no-project.js';
import { linkLeavesProject, outsideProject } from './inside-project.js';

export interface LoadedContent {
  site: SourceFile | undefined;
  /** content/sources.yaml, the sources facts cite (absent: one error if any fact cites one). */
  sources?: SourceFile;
  operators: SourceFile[];
  authors: SourceFile[];
  pages: SourceFile[];
  diagnostics: Diagnostic[];
}

/**
 * Every entry under `dir`. One call for the whole tree when it is all readable (the common case);
 * otherwise folder by folder, so an unreadable subfolder is one diagnostic and the rest still loads.
 */
function entriesUnder(root: string, dir: string, diagnostics: Diagnostic[]): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
  }
  const out: Dirent[] = [];
  const walk = (folder: string) => {
    let here: Dirent[];
    try {
      here = readdirSync(folder, { withFileTypes: true });
    } catch (err) {
      diagnostics.push(folderProblem(rel(root, folder), err));
      return;
    }
    for (const e of here) {
      out.push(e);
      if (e.isDirectory()) walk(path.join(folder, e.name));
    }
  };
  walk(dir);
  return out;
}

/**
 * Content files under `dir` (symbolic links to files included), sorted; unreadable entries become
 * diagnostics, and so (through `ignored`) does each other file, which pa-site does not read.
 */
function listFiles(
  root: string,
  dir: string,
  ext: RegExp,
  diagnostics: Diagnostic[],
  ignored: (file: string) => Diagnostic,
  /** Gets the files listed as symbolic links (to files): the others were regular files when listed. */
  links: Set<string>,
): string[] {
  const entries = entriesUnder(root, dir, diagnostics);
  const files: string[] = [];
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    if (!ext.test(e.name)) {
      if (e.isSymbolicLink()) linkedFolder(root, path.join(e.parentPath, e.name), diagnostics);
      else if (e.isFile()) diagnostics.push(ignored(rel(root, path.join(e.parentPath, e.name))));
      continue;
    }
    // readdir's parentPath is already normal and the name has no separator: no path.join needed.
    const abs = `${e.parentPath}${path.sep}${e.name}`;
    let kind: string | undefined;
    if (e.isSymbolicLink()) {
      try {
        const st = statSync(abs);
        if (st.isDirectory()) {
          linkedFolder(root, abs, diagnostics);
          continue;
        }
        kind = specialKind(st);
        links.add(abs);
      } catch (err) {
        diagnostics.push(readProblem(rel(root, abs), err, true));
        continue;
      }
    } else if (e.isDirectory()) continue;
    else kind = specialKind(e);
    if (kind) diagnostics.push(skippedSpecial(rel(root, abs), kind));
    else files.push(abs);
  }
  return files.sort();
}

/** A content folder that cannot be listed: its files are not built. */
function folderProblem(folder: string, err: unknown): Diagnostic {
  const code = (err as NodeJS.ErrnoException).code ?? '';
  const denied = code === 'EACCES' || code === 'EPERM';
  if (code === 'ENAMETOOLONG')
    return { ...readProblem(folder, err), message: 'the path is longer than the file system allows: not built' };
  return {
    severity: 'error',
    code: 'read-error',
    file: folder,
    line: 1,
    col: 1,
    field: '',
    message: denied
      ? 'cannot list the folder: permission denied, so the files in it are not built'
      : `cannot list the folder (${code || (err as Error).message}), so the files in it are not built`,
    hint: denied
      ? `give your user read and execute access (chmod u+rx ${folder})`
      : 'check that it is a readable folder',
  };
}

/** A link to a folder is not followed (it could loop, or reach outside the project): say so, not silently skip it. */
function linkedFolder(root: string, abs: string, diagnostics: Diagnostic[]): void {
  let isDir = false;
  try {
    isDir = statSync(abs).isDirectory();
  } catch {
    // A dangling link or loop: a name without .md/.yaml was never content.
  }
  if (!isDir) return;
  diagnostics.push({
    severity: 'warning',
    code: 'linked-folder',
    file: rel(root, abs),
    line: 1,
    col: 1,
    field: '',
    message: 'a symbolic link to a folder is not followed: the files in it are not built',
    hint: 'move the folder here, or link each file instead of the folder',
  });
}

/** A FIFO, socket or device where a content file is expected: skipped, never opened (a FIFO would block). */
export function skippedSpecial(file: string, kind: string): Diagnostic {
  return {
    severity: 'warning',
    code: 'special-file',
    file,
    line: 1,
    col: 1,
    field: '',
    message: `${kind} is not a regular file, so pa-site skips it without reading it`,
    hint: 'replace it with a regular file, or move it out of content/',
  };
}

/**
 * What went wrong reading a content file, and what to do about it. `linked`: the path is a
 * symbolic link, so a missing file is its target.
 */
export function readProblem(file: string, err: unknown, linked = false): Diagnostic {
  const code = (err as NodeJS.ErrnoException).code ?? '';
  if (code === 'ENOENT' && !linked) {
    return {
      severity: 'error',
      code: 'read-error',
      file,
      line: 1,
      col: 1,
      field: '',
      message: 'the file disappeared while pa-site was reading the content (deleted or renamed)',
      hint: 'build again once the file is back in place, or remove what refers to it',
    };
  }
  const known: Record<string, [string, string]> = {
    EACCES: ['cannot read the file: permission denied', `give your user read access (chmod u+r ${file})`],
    EPERM: ['cannot read the file: operation not permitted', `give your user read access (chmod u+r ${file})`],
    ELOOP: [
      'the symbolic link points back to itself (a symbolic link loop)',
      'make the link point at a real file, or replace it with the file',
    ],
    ENOENT: ['the symbolic link points at a file that does not exist', 'fix or remove the link'],
    EISDIR: ['expected a file, found a folder', 'rename the folder so it does not end in .md or .yaml'],
    ENXIO: ['expected a file, found a socket', 'replace it with a regular file'],
    ENAMETOOLONG: [
      'the path is longer than the file system allows, so the file cannot be read',
      'shorten the names of the file or of the folders that hold it',
    ],
    ENOTREG: [
      `expected a file, found ${(err as NotRegularFileError).kind}: pa-site does not read it`,
      'replace it with a regular file',
    ],
  };
  const [message, hint] = known[code] ?? [
    `cannot read the file (${code || (err as Error).message})`,
    'check that the file exists and is readable',
  ];
  return { severity: 'error', code: 'read-error', file, line: 1, col: 1, field: '', message, hint };
}

/** The file's text: UTF-8 without a byte-order mark. A BOM is dropped with a warning; invalid UTF-8 is an error. */
function decodeText(file: string, bytes: Buffer, diagnostics: Diagnostic[]): string | undefined {
  if (!isUtf8(bytes)) {
    const text = bytes.toString('utf8');
    const at = text.indexOf('\uFFFD');
    const before = text.slice(0, Math.max(0, at));
    const line = before.split('\n').length;
    diagnostics.push({
      severity: 'error',
      code: 'invalid-utf8',
      file,
      line,
      col: at - (before.lastIndexOf('\n') + 1) + 1,
      field: '',
      message: 'the file is not valid UTF-8 (a byte here does not form a character)',
      hint: 'save the file as UTF-8 in your editor (it may be in Windows-1252 or Latin-1 now)',
    });
    return undefined;
  }
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    diagnostics.push({
      severity: 'warning',
      code: 'utf8-bom',
      file,
      line: 1,
      col: 1,
      field: '',
      message: 'the file starts with a UTF-8 byte-order mark, which pa-site ignores',
      hint: 'save the file as "UTF-8" rather than "UTF-8 with BOM" in your editor',
    });
    return bytes.toString('utf8', 3);
  }
  return bytes.toString('utf8');
}

/**
 * A file listed as a regular file, read without following links (readListedFile): its text, undefined
 * when it is not valid UTF-8 (reported), or null when it could not be read so (the caller reads it again
 * the careful way, and reports what is wrong).
 */
function readListed(file: string, abs: string, diagnostics: Diagnostic[]): SourceFile | undefined | null {
  let bytes: Buffer;
  try {
    bytes = readListedFile(abs);
  } catch {
    return null;
  }
  const text = decodeText(file, bytes, diagnostics);
  return text === undefined ? undefined : { path: file, text };
}

/**
 * `abs` relative to `root`, with forward slashes. The files listed under `root` start with it: for
 * them the prefix is cut off (path.relative took a tenth of the load stage at 16,000 pages).
 */
const rel = (root: string, abs: string) => {
  const rest = abs.startsWith(root) && abs[root.length] === path.sep ? abs.slice(root.length + 1) : undefined;
  // A `..` segment anywhere, the first one included, would climb out of `root`: path.relative resolves it.
  const relative =
    rest && !`${path.sep}${rest}${path.sep}`.includes(`${path.sep}..${path.sep}`) ? rest : path.relative(root, abs);
  return path.sep === '/' ? relative : relative.split(path.sep).join('/');
};

/**
 * Stage 1: read `content/site.yaml`, `content/sources.yaml`, `content/operators/*.yaml`,
 * `content/authors/*.yaml` and `content/pages/**\/*.md`. `onPagesListed` hears how many pages
 * there are before they are read (a build starts its render threads then). With `memo` (a dev
 * session's), a regular file whose lstat is unchanged since the last build is not read again.
 */
export function loadContent(root: string, onPagesListed?: (count: number) => void, memo?: BuildMemo): LoadedContent {
  const contentDir = path.join(root, 'content');
  const diagnostics: Diagnostic[] = [];
  if (statSync(root, { throwIfNoEntry: false })?.isDirectory() === false) {
    diagnostics.push({
      severity: 'error',
      code: 'root-not-folder',
      file: rel(process.cwd(), root) || root,
      line: 1,
      col: 1,
      field: '--root',
      message: 'the project folder is a file, not a folder',
      hint: NO_PROJECT_HINT,
    });
    return { site: undefined, operators: [], authors: [], pages: [], diagnostics };
  }
  // Synchronous reads: for thousands of small files they are several times faster than fs/promises.
  // `required`: site.yaml, whose absence fails the build; a page or operator file that turned into a
  // FIFO or socket since it was listed is skipped like one found while listing.
  const seen = new Set<string>();
  /** Listed files that are symbolic links: each is lstat'ed before it is read (the others, on a cold build, not). */
  const links = new Set<string>();
  const read = (abs: string, required = false, listed = false): SourceFile | undefined => {
    const file = rel(root, abs);
    if (listed && !memo && !links.has(abs)) {
      // Listed as a regular file: read without an lstat, unless it changed since (readListedFile).
      const source = readListed(file, abs, diagnostics);
      if (source !== null) return source;
    }
    // A link out of the project is never read (inside-project.ts); an lstat each (microseconds).
    const st = lstatSync(abs, { throwIfNoEntry: false });
    if (st?.isSymbolicLink() && linkLeavesProject(root, abs)) {
      diagnostics.push(outsideProject(file));
      return undefined;
    }
    const id = memo && st?.isFile() ? statId(st) : undefined;
    if (id) {
      seen.add(abs);
      const known = memo!.file(abs, id);
      if (known) {
        for (const d of known.diagnostics) diagnostics.push(d);
        return known.file;
      }
    }
    let bytes: Buffer;
    try {
      bytes = readRegularFile(abs);
    } catch (err) {
      const kind =
        err instanceof NotRegularFileError
          ? err.kind
          : (err as NodeJS.ErrnoException).code === 'ENXIO'
            ? 'a socket'
            : undefined;
      if (kind && !required) diagnostics.push(skippedSpecial(file, kind));
      else diagnostics.push(readProblem(file, err, lstatSync(abs, { throwIfNoEntry: false })?.isSymbolicLink()));
      return undefined;
    }
    const before = diagnostics.length;
    const text = decodeText(file, bytes, diagnostics);
    if (text === undefined) return undefined;
    const source = { path: file, text };
    // Read after the lstat: a change between the two makes the next build's lstat differ, and read again.
    if (id) memo!.keepFile(abs, { id, file: source, diagnostics: diagnostics.slice(before) });
    return source;
  };
  const readAll = (files: string[]) => files.map((f) => read(f, false, true)).filter((f): f is SourceFile => !!f);

  const siteFile = path.join(contentDir, 'site.yaml');
  let site: SourceFile | undefined;
  let siteExists = true;
  try {
    statSync(siteFile);
  } catch (err) {
    siteExists = (err as NodeJS.ErrnoException).code !== 'ENOENT';
  }
  if (siteExists) site = read(siteFile, true);
  else {
    diagnostics.push({
      severity: 'error',
      code: 'missing-site-config',
      file: 'content/site.yaml',
      line: 1,
      col: 1,
      field: '',
      ...noProjectProblem(root),
    });
  }
  const sourcesFile = path.join(contentDir, 'sources.yaml');
  // Optional: without it, a fact that cites a source is one error at this file (validate/sources.ts).
  let sources: SourceFile | undefined;
  try {
    if (statSync(sourcesFile, { throwIfNoEntry: false })) sources = read(sourcesFile);
  } catch (err) {
    diagnostics.push(readProblem('content/sources.yaml', err));
  }
  diagnostics.push(...ignoredContentEntries(root, contentDir));
  const yamlFiles = (dir: string) =>
    listFiles(root, path.join(contentDir, dir), /\.ya?ml$/i, diagnostics, ignoredDataFile, links);
  const operators = readAll(yamlFiles('operators'));
  const authors = readAll(yamlFiles('authors'));
  const before = diagnostics.length;
  const pageFiles = listFiles(root, path.join(contentDir, 'pages'), /\.md$/i, diagnostics, ignoredPageFile, links);
  onPagesListed?.(pageFiles.length);
  const pages = readAll(pageFiles);
  // "No pages" only when nothing was in the way of finding them (the cause once).
  if (site && pageFiles.length === 0 && diagnostics.slice(before).every((d) => d.code === 'ignored-file')) {
    diagnostics.push({
      severity: 'error',
      code: 'no-pages',
      file: 'content/pages',
      line: 1,
      col: 1,
      field: '',
      message: 'no Markdown pages found',
      hint: 'add at least content/pages/index.md',
    });
  }
  memo?.keepOnly(seen);
  return { site, sources, operators, authors, pages, diagnostics };
}
