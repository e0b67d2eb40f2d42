import { type Dirent, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../diagnostics.js';
import type { SourceFile } from '../../model.js';

export interface LoadedContent {
  site: SourceFile | undefined;
  operators: SourceFile[];
  authors: SourceFile[];
  pages: SourceFile[];
  diagnostics: Diagnostic[];
}

function listFiles(dir: string, ext: RegExp): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return entries
    .filter((e) => e.isFile() && ext.test(e.name) && !e.name.startsWith('.'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

const rel = (root: string, abs: string) => path.relative(root, abs).split(path.sep).join('/');

/**
 * Stage 1: read `content/site.yaml`, `content/operators/*.yaml`, `content/authors/*.yaml` and
 * `content/pages/**\/*.md`.
 */
export function loadContent(root: string): LoadedContent {
  const contentDir = path.join(root, 'content');
  const diagnostics: Diagnostic[] = [];
  // Synchronous reads: for thousands of small files they are several times faster than fs/promises.
  const read = (abs: string): SourceFile => ({ path: rel(root, abs), text: readFileSync(abs, 'utf8') });

  let site: SourceFile | undefined;
  try {
    site = read(path.join(contentDir, 'site.yaml'));
  } catch {
    diagnostics.push({
      severity: 'error',
      code: 'missing-site-config',
      file: 'content/site.yaml',
      line: 1,
      col: 1,
      field: '',
      message: `no site configuration found in ${contentDir}`,
      hint: 'run pa-site in the project folder or pass --root DIR pointing at a folder that contains content/site.yaml',
    });
  }
  const operators = listFiles(path.join(contentDir, 'operators'), /\.ya?ml$/i).map(read);
  const authors = listFiles(path.join(contentDir, 'authors'), /\.ya?ml$/i).map(read);
  const pages = listFiles(path.join(contentDir, 'pages'), /\.md$/i).map(read);
  if (site && pages.length === 0) {
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
  return { site, operators, authors, pages, diagnostics };
}
