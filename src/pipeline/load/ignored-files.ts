/**
 * Files in content/ that pa-site never reads, each a warning with the fix: a page outside
 * content/pages, a page written as .markdown or .mdx, a YAML file as .json. Without the warning
 * they were skipped in silence and the page was simply missing from the site.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';

/** What content/ itself may hold; everything else in it is ignored. */
const CONTENT_ENTRIES = new Set(['site.yaml', 'sources.yaml', 'operators', 'authors', 'pages', 'public']);
/** Other spellings of Markdown: the file is a page once renamed. */
const MARKDOWN = /\.(markdown|mdown|mkdn|mkd|mdwn)$/i;

const warning = (file: string, message: string, hint: string): Diagnostic => ({
  severity: 'warning',
  code: 'ignored-file',
  file,
  line: 1,
  col: 1,
  field: '',
  message,
  hint,
});

/** `file` (a path in the project, forward slashes) with its extension replaced by `ext`. */
const renamed = (file: string, ext: string) => file.replace(/\.[^./]+$/, ext);

/** A file under content/pages that is not a `.md` page. */
export function ignoredPageFile(file: string): Diagnostic {
  if (/\.mdx$/i.test(file))
    return warning(
      file,
      'pa-site does not read MDX, so this page is not built',
      `rename it to ${renamed(file, '.md')}, replacing any JSX components with blocks (docs/content.md)`,
    );
  if (MARKDOWN.test(file))
    return warning(file, 'only .md files are pages, so this one is not built', `rename it to ${renamed(file, '.md')}`);
  return warning(
    file,
    'only .md files in content/pages are built; this file is neither a page nor published',
    'images and other files go in content/public/, which is copied to the site as it is',
  );
}

/** A file under content/operators or content/authors that is not YAML. */
export function ignoredDataFile(file: string): Diagnostic {
  return warning(
    file,
    'only .yaml and .yml files are read here, so this one is ignored',
    /\.json$/i.test(file)
      ? `write it as YAML (JSON is valid YAML): rename it to ${renamed(file, '.yaml')}`
      : 'convert it to YAML, or move it out of content/',
  );
}

/** The entries of content/ itself that pa-site does not read, each with its fix. */
export function ignoredContentEntries(root: string, contentDir: string): Diagnostic[] {
  let names: string[];
  try {
    names = readdirSync(contentDir);
  } catch {
    return []; // a missing or unreadable content/ is reported where site.yaml is read
  }
  const out: Diagnostic[] = [];
  for (const name of names.sort()) {
    if (CONTENT_ENTRIES.has(name) || name.startsWith('.')) continue;
    const file = path.relative(root, path.join(contentDir, name)).split(path.sep).join('/');
    const lower = name.toLowerCase();
    if (/\.(md|mdx|markdown)$/i.test(name))
      out.push(
        warning(
          file,
          'a page outside content/pages is not built',
          `move it to content/pages/${renamed(name, '.md')}; its path there is its URL`,
        ),
      );
    else if (lower === 'site.yml' || lower === 'sources.yml' || lower === 'site.json')
      out.push(warning(file, 'this file is not read', `rename it to content/${lower.replace(/\..+$/, '.yaml')}`));
    else if (lower === 'operator' || lower === 'author' || lower === 'page' || lower === 'static')
      out.push(
        warning(file, 'this folder is not read', `rename it to content/${lower === 'static' ? 'public' : `${lower}s`}`),
      );
    else
      out.push(
        warning(
          file,
          'content/ holds only site.yaml, sources.yaml, operators/, authors/, pages/ and public/; this is not read',
          'move it out of content/, or into content/public/ to publish it as it is',
        ),
      );
  }
  return out;
}
