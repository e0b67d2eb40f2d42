/**
 * `check --dir` on the project's own output: which content file made each built page, so that its
 * findings (and GitHub annotations) point at the Markdown a pull request changes, not at dist/.
 * Read without the build: each page's route is its `route:` frontmatter, else its path.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileForRoute, isValidRoute, routeFromContentPath } from '../urls/urls.js';
import { readLimited } from './read-limited.js';

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

/** A page's frontmatter, if it opens with one (only its head is looked into). */
const frontmatterOf = (text: string) => /^---\r?\n([\s\S]*?)\r?\n---/.exec(text.slice(0, HEAD_LIMIT))?.[1];

/** The `route:` of a page's frontmatter, if it has one. */
function frontmatterRoute(fm: string | undefined): string | undefined {
  const route = fm && /^route:\s*["']?([^"'\s#]+)["']?\s*(?:#.*)?$/m.exec(fm)?.[1];
  return route || undefined;
}

/** Whether a page's frontmatter says `draft: true` (the build leaves such a page out). */
const isDraft = (fm: string | undefined) => fm !== undefined && /^draft:\s*["']?true["']?\s*(?:#.*)?$/m.test(fm);

/** What the project's content says about its built pages, read without building it. */
export interface ContentMap {
  /** Built HTML file → the content file (relative to the project) that made it. */
  files: Map<string, string>;
  /** Pages left out as drafts, so that a link to one says so (draft-links.ts). */
  drafts: { route: string; file: string }[];
}

/**
 * The pages of root/content/pages: the file each built page comes from, and the drafts. A file that
 * cannot be read, or a route that is not valid, is left out: its findings stay at the built page.
 */
export async function contentFilesOf(root: string): Promise<ContentMap> {
  const pages = path.join(root, 'content', 'pages');
  const map: ContentMap = { files: new Map(), drafts: [] };
  for (const rel of await markdownFiles(pages)) {
    // Read as check reads pages: a regular file (never a FIFO or device), size-capped; else left out.
    const read = readLimited(path.join(pages, rel));
    const fm = 'bytes' in read ? frontmatterOf(read.bytes.toString('utf8', 0, HEAD_LIMIT)) : undefined;
    const route = frontmatterRoute(fm) ?? routeFromContentPath(rel);
    if (!isValidRoute(route)) continue;
    const file = `content/pages/${rel}`;
    if (isDraft(fm)) map.drafts.push({ route, file });
    else map.files.set(fileForRoute(route), file);
  }
  return map;
}

/** Whether `dir` is a folder inside the project `root` (its dist/, or another output folder of it). */
export const isOwnOutput = (root: string, dir: string) => {
  const rel = path.relative(root, dir);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};
