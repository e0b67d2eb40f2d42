import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import type { SourceFile } from '../model.js';

export interface LoadedContent {
  site: SourceFile | undefined;
  operators: SourceFile[];
  pages: SourceFile[];
  diagnostics: Diagnostic[];
}

async function listFiles(dir: string, ext: RegExp): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
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

/** Stage 1: read `content/site.yaml`, `content/operators/*.yaml` and `content/pages/**\/*.md`. */
export async function loadContent(root: string): Promise<LoadedContent> {
  const contentDir = path.join(root, 'content');
  const diagnostics: Diagnostic[] = [];
  const read = async (abs: string): Promise<SourceFile> => ({ path: rel(root, abs), text: await readFile(abs, 'utf8') });

  let site: SourceFile | undefined;
  try {
    site = await read(path.join(contentDir, 'site.yaml'));
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
  const [operatorFiles, pageFiles] = await Promise.all([
    listFiles(path.join(contentDir, 'operators'), /\.ya?ml$/i),
    listFiles(path.join(contentDir, 'pages'), /\.md$/i),
  ]);
  const [operators, pages] = await Promise.all([Promise.all(operatorFiles.map(read)), Promise.all(pageFiles.map(read))]);
  if (site && pages.length === 0) {
    diagnostics.push({ severity: 'error', code: 'no-pages', file: 'content/pages', line: 1, col: 1, field: '', message: 'no Markdown pages found', hint: 'add at least content/pages/index.md' });
  }
  return { site, operators, pages, diagnostics };
}
