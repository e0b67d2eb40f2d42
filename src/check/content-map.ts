/**
 * `check --dir` on the project's own output: which content file made each built page, so that its
 * findings (and GitHub annotations) point at the Markdown a pull request changes, not at dist/.
 * Read without the build: each page's route is its `route:` frontmatter, else its path.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileForRoute, isValidRoute, routeFromContentPath } from '../urls/urls.js';

/** Frontmatter larger than this is not looked into (a page's `route:` is near its top). */
const HEAD_LIMIT = 64 * 1024;

async function markdownFiles(dir: string, rel = ''): Promise<string[]> {
  const entries = await readdir(path.join(dir, rel), { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const e of entries) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await markdownFiles(dir, r)));
    else if (e.isFile() && r.toLowerCase().endsWith('.md')) out.push(r);
  }
  return out;
}

/** The `route:` of a page's frontmatter, if it has one. */
function frontmatterRoute(text: string): string | undefined {
  const fm = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text.slice(0, HEAD_LIMIT))?.[1];
  const route = fm && /^route:\s*["']?([^"'\s#]+)["']?\s*(?:#.*)?$/m.exec(fm)?.[1];
  return route || undefined;
}

/**
 * Built HTML file → content file (relative to `root`), for the pages of root/content/pages. A file
 * that cannot be read, or a route that is not valid, is left out: its findings stay at the built page.
 */
export async function contentFilesOf(root: string): Promise<Map<string, string>> {
  const pages = path.join(root, 'content', 'pages');
  const map = new Map<string, string>();
  for (const rel of await markdownFiles(pages)) {
    const text = await readFile(path.join(pages, rel), 'utf8').catch(() => '');
    const route = frontmatterRoute(text) ?? routeFromContentPath(rel);
    if (isValidRoute(route)) map.set(fileForRoute(route), `content/pages/${rel}`);
  }
  return map;
}

/** Whether `dir` is a folder inside the project `root` (its dist/, or another output folder of it). */
export const isOwnOutput = (root: string, dir: string) => {
  const rel = path.relative(root, dir);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};
