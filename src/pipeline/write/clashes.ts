import path from 'node:path';
import type { Diagnostic } from '../../diagnostics.js';
import type { Page } from '../../model.js';
import { frontmatterLocator } from '../validate/parse-page.js';
import { readRegularFile } from '../load/regular-file.js';

/** The line of a page's `route:` key (read only for an error), else 1: a route from the file name. */
function routeLine(root: string, page: Page): number {
  if (page.data.route === undefined) return 1;
  try {
    // Read again (only for this message): never a FIFO swapped in since the page loaded.
    const text = readRegularFile(path.join(root, page.file)).toString('utf8');
    return frontmatterLocator({ path: page.file, text })(['route']).line;
  } catch {
    return 1;
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
  const error = (file: string, field: string, message: string, hint: string, line = 1): Diagnostic => ({
    severity: 'error',
    code: 'output-clash',
    file,
    line,
    col: 1,
    field,
    message,
    hint,
  });
  for (const page of pages) {
    const other = owner.get(page.url.file);
    if (other)
      diagnostics.push(
        error(
          page.file,
          'route',
          `route "${page.route}" would write ${page.url.file}, which is already ${other}`,
          'give the page another route (rename the file or set "route:" in its frontmatter)',
          routeLine(root, page),
        ),
      );
    else owner.set(page.url.file, `the page ${page.file}`);
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
  }
  return diagnostics;
}
