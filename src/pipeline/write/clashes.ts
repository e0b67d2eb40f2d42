import path from 'node:path';
import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import type { Page } from '../../model.js';
import { frontmatterLocator } from '../validate/parse-page.js';
import { readRegularFile } from '../load/regular-file.js';

/** Where a page's `route:` value is (read only for an error), else 1:1: a route from the file name. */
function routeAt(root: string, page: Page): { line: number; col: number } {
  if (page.data.route === undefined) return { line: 1, col: 1 };
  try {
    // Read again (only for this message): never a FIFO swapped in since the page loaded.
    const text = readRegularFile(path.join(root, page.file)).toString('utf8');
    return frontmatterLocator({ path: page.file, text })(['route']);
  } catch {
    return { line: 1, col: 1 };
  }
}

/** Output files pa-site writes itself, and what each one is, for messages. */
export const GENERATED: Readonly<Record<string, string>> = {
  '404.html': "the not-found page (the templates' NotFoundPage)",
  'sitemap.xml': 'the sitemap pa-site generates',
  'feed.xml': 'the Atom feed pa-site generates',
  'robots.txt': 'the robots.txt pa-site generates',
  _headers: 'the security-header file pa-site generates',
  'vercel.json': 'the Vercel configuration pa-site generates',
  _redirects: 'the redirect rules pa-site generates (Netlify, Cloudflare Pages)',
  'nginx-redirects.conf': 'the redirect rules pa-site generates for nginx',
};

/**
 * Every output file two sources would write: a page and a generated file (route `/404` and
 * 404.html), two pages (`/index` and `/`), or a file in content/public and a page or generated
 * file. One error per clash, on the file that loses, naming the other.
 */
export function outputClashes(
  root: string,
  pages: readonly Page[],
  publicFiles: readonly string[],
  generated: Readonly<Record<string, string>>,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const owner = new Map<string, string>(Object.entries(generated));
  /** The source file of each output file a page or content/public gives. */
  const source = new Map<string, string>();
  const error = (file: string, field: string, message: string, hint: string, at = { line: 1, col: 1 }): Diagnostic => ({
    severity: 'error',
    code: 'output-clash',
    file,
    line: at.line,
    col: at.col,
    field,
    message,
    hint,
  });
  const another = 'give the page another route (rename the file or set "route:" in its frontmatter)';
  for (const page of pages) {
    const other = owner.get(page.url.file);
    // A page inside a folder pa-site writes (assets/) would be served as that folder's files are: `immutable`,
    // cached for a year, so no fix would ever reach a reader who saw it once.
    const folder = Object.keys(FOLDERS).find((f) => page.url.file.startsWith(`${f}/`));
    if (folder)
      diagnostics.push(
        error(
          page.file,
          'route',
          `route "${page.route}" lies in /${folder}/, ${FOLDERS[folder]}, which hosts serve as never changing ` +
            '(cached for a year)',
          `${another}, outside /${folder}/`,
          routeAt(root, page),
        ),
      );
    else if (other)
      diagnostics.push(
        error(
          page.file,
          'route',
          `route "${page.route}" would write ${page.url.file}, which is already ${other}`,
          another,
          routeAt(root, page),
        ),
      );
    else {
      owner.set(page.url.file, `the page ${page.file}`);
      source.set(page.url.file, page.file);
    }
  }
  for (const rel of publicFiles) {
    const other = owner.get(rel);
    if (other)
      diagnostics.push(
        error(
          `content/public/${rel}`,
          '',
          `this file would be copied to ${rel}, which is already ${other}`,
          'rename or remove one of the two: each output file comes from one source',
        ),
      );
    else {
      owner.set(rel, `the file content/public/${rel}`);
      source.set(rel, `content/public/${rel}`);
    }
  }
  for (const [file, folderOf] of fileFolderClashes(owner)) {
    // On the content/public file when one is involved: the odd one out, as for the clashes above.
    const sources = [source.get(file), source.get(folderOf)];
    const at = sources.find((f) => f?.startsWith('content/public/')) ?? sources.find((f) => f) ?? '';
    diagnostics.push(
      error(
        at,
        '',
        `${owner.get(file)} would write the file ${file}, but ${file} must be a folder for ` +
          `${owner.get(folderOf) ?? FOLDERS[file]} (${folderOf})`,
        'rename or move one of the two: a path in the output is a file or a folder, not both',
      ),
    );
  }
  return diagnostics;
}

/** Folders pa-site writes into itself, and what each holds. */
const FOLDERS: Readonly<Record<string, string>> = { assets: 'the assets pa-site writes (styles, scripts)' };

/**
 * Output files whose path another output file needs as a folder (`docs` from content/public beside
 * `docs/intro.html` from content/pages/docs/intro.md; a folder content/public/index.html/): each
 * with one file under it. Without this the write failed with EEXIST or EISDIR, naming neither.
 */
function fileFolderClashes(files: ReadonlyMap<string, string>): [file: string, under: string][] {
  const under = new Map<string, string>(Object.keys(FOLDERS).map((f) => [f, `${f}/`]));
  for (const file of files.keys())
    for (let i = file.indexOf('/'); i > 0; i = file.indexOf('/', i + 1)) {
      const folder = file.slice(0, i);
      if (!under.has(folder)) under.set(folder, file);
    }
  return [...files.keys()].filter((f) => under.has(f)).map((f) => [f, under.get(f)!]);
}
